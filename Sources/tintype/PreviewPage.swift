/// The page `tintype preview` serves: plain HTML, CSS and script in one string, with nothing to
/// build and nothing loaded from elsewhere (its Content-Security-Policy allows this server only).
///
/// It asks `/api/scenes` for the folder's scenes with the trait overrides in its own address
/// (`?device=iPhone%20SE&content-size=AX3`), draws each scene's renders (`/render/…` PNGs) or its
/// problems at their line and column, then waits on `/api/changes` and redraws the scenes whose
/// fingerprint moved. The `html` element carries its state for tools and tests: `data-js`,
/// `data-generation`, `data-scenes`, `data-images`, `data-images-loaded`, `data-images-broken`, `data-touch-frames`;
/// each loaded render's `img` its size in `data-pixels`.
///
/// A render can be touched: a press, a drag and the wheel on it are sent to `/api/touch/…` as
/// events in the render's points (queued while a frame is on its way, consecutive moves and wheel
/// turns merged into one), and the frame the server draws replaces the render. Under the render the
/// page shows the gestures as a scene snippet and the time from the event to the frame shown; the
/// figure carries `data-touch-frame`, `data-touch-ms` and `data-touch-state`.
enum PreviewPage {
    /// The trait overrides, named as `tintype render`'s options without their dashes.
    static let traitParameters = ["device", "orientation", "content-size", "direction", "locale", "dimmed"]

    static let contentSecurityPolicy = "default-src 'none'; img-src 'self'; connect-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static let html = #"""
<!DOCTYPE html>
<html lang="en" data-js="loading">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tintype preview</title>
<style>
  :root { --zoom: 0.5; color-scheme: light dark; }
  body { margin: 0; font: 14px/1.4 system-ui, sans-serif; background: Canvas; color: CanvasText; }
  header { position: sticky; top: 0; z-index: 1; display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center;
           padding: 10px 16px; background: color-mix(in srgb, Canvas 92%, CanvasText); border-bottom: 1px solid #8884; }
  header h1 { font-size: 15px; margin: 0 8px 0 0; }
  header label { display: inline-flex; gap: 4px; align-items: center; }
  #status { margin-left: auto; opacity: 0.75; }
  #status[data-state="offline"] { color: #c33; opacity: 1; }
  #banner { margin: 12px 16px; padding: 8px 12px; border: 1px solid #c33; border-radius: 6px; color: #c33; }
  #banner:empty { display: none; }
  main { padding: 12px 16px 32px; display: flex; flex-wrap: wrap; gap: 20px 28px; align-items: flex-start; }
  section.scene { min-width: 0; max-width: 100%; }
  section.scene[data-state="error"] { flex-basis: 100%; }
  section.scene h2 { font: 600 14px ui-monospace, monospace; margin: 0 0 8px; }
  .renders { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
  figure { margin: 0; }
  figure img { display: block; width: calc(var(--w) * var(--zoom) * 1px); height: calc(var(--h) * var(--zoom) * 1px);
               box-shadow: 0 0 0 1px #8886; background: repeating-conic-gradient(#8882 0 25%, transparent 0 50%) 0 0 / 16px 16px; }
  figure img[data-state="broken"] { display: none; }
  figcaption { font-size: 12px; opacity: 0.8; margin-top: 4px; max-width: calc(var(--w) * var(--zoom) * 1px); }
  .render-error, .issue-text { color: #c33; white-space: pre-wrap; font: 12px ui-monospace, monospace; }
  ol.issues { margin: 0; padding-left: 20px; }
  ol.issues li { margin-bottom: 10px; }
  pre.excerpt { margin: 4px 0 0; padding: 6px 8px; border-radius: 4px; background: #8881; font: 12px/1.5 ui-monospace, monospace; overflow-x: auto; }
  pre.excerpt .no { display: inline-block; min-width: 4ch; opacity: 0.5; text-align: right; margin-right: 1ch; user-select: none; }
  pre.excerpt .at { background: #c332; }
  pre.excerpt .caret { border-left: 2px solid #c33; margin-left: -1px; }
  .warnings { color: #a70; font-size: 12px; margin: 6px 0 0; padding-left: 20px; }
  figure img { touch-action: none; user-select: none; -webkit-user-drag: none; cursor: pointer; }
  .touch { max-width: max(240px, calc(var(--w) * var(--zoom) * 1px)); font-size: 12px; margin-top: 4px; }
  .touch:not([data-state]) { display: none; }
  .touch pre { margin: 4px 0; padding: 6px 8px; border-radius: 4px; background: #8881; font: 11px/1.45 ui-monospace, monospace;
               white-space: pre-wrap; word-break: break-word; user-select: all; }
  .touch .touch-note { color: #a70; }
  .touch[data-state="error"] .touch-stats { color: #c33; }
</style>
</head>
<body>
<header>
  <h1 id="title">Tintype preview</h1>
  <label>Device <select id="device" data-trait="device"><option value="">as the scene says</option></select></label>
  <label>Orientation <select id="orientation" data-trait="orientation"><option value="">as the scene says</option></select></label>
  <label>Text size <select id="content-size" data-trait="content-size"><option value="">as the scene says</option></select></label>
  <label>Direction <select id="direction" data-trait="direction"><option value="">as the scene says</option></select></label>
  <label>Locale <input id="locale" data-trait="locale" size="8" placeholder="de-DE"></label>
  <label><input type="checkbox" id="dimmed" data-trait="dimmed"> Dimmed</label>
  <label>Zoom <select id="zoom"><option value="0.25">25%</option><option value="0.5" selected>50%</option>\#
<option value="0.75">75%</option><option value="1">100%</option></select></label>
  <span id="status">Loading…</span>
</header>
<div id="banner" role="alert"></div>
<main id="scenes"></main>
<script>
"use strict";
const TRAITS = ["device", "orientation", "content-size", "direction", "locale", "dimmed"];
const root = document.documentElement;
const page = new URL(location.href);
let generation = -1;
let choicesFilled = false;

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  for (const c of children) e.append(c);
  return e;
}

/// The overrides in the page's own address, as the API takes them.
function traitQuery() {
  const q = new URLSearchParams();
  for (const t of TRAITS) { const v = page.searchParams.get(t); if (v) q.set(t, v); }
  return q;
}

function fillChoices(choices) {
  if (choicesFilled) return;
  choicesFilled = true;
  for (const [name, values] of Object.entries(choices)) {
    const select = document.getElementById(name);
    for (const v of values) select.append(el("option", { value: v }, v));
  }
  for (const t of TRAITS) {
    const input = document.getElementById(t), v = page.searchParams.get(t) || "";
    if (input.type === "checkbox") input.checked = v !== "" && v !== "0" && v !== "false";
    else input.value = v;
  }
}

function countImages() {
  const imgs = [...document.querySelectorAll("figure img")];
  root.dataset.images = imgs.length;
  root.dataset.imagesLoaded = imgs.filter(i => i.dataset.state === "loaded").length;
  root.dataset.imagesBroken = imgs.filter(i => i.dataset.state === "broken").length;
}

// The first renders of a scene load at once, so that a screenshot of the page (a headless browser
// that never scrolls) shows them; a scene's later variants load as they scroll into view.
const eagerRenders = 12;

function renderFigure(r, index) {
  const fig = el("figure", { style: `--w: ${r.width}; --h: ${r.height}` });
  if (r.problem) {
    fig.append(el("div", { class: "render-error" }, r.problem));
  } else {
    const img = el("img", { src: r.url, alt: r.label || "render", "data-state": "loading", loading: index < eagerRenders ? "eager" : "lazy", decoding: "async" });
    img.addEventListener("load", () => {
      img.dataset.state = "loaded";
      img.dataset.pixels = img.naturalWidth + "x" + img.naturalHeight;
      countImages();
    });
    img.addEventListener("error", async () => {
      img.dataset.state = "broken"; countImages();
      // The render failed on the server: its message is the response's text.
      let text = "the render could not be loaded";
      try { const res = await fetch(r.url); text = (await res.text()).trim(); } catch (e) {}
      fig.append(el("div", { class: "render-error" }, text));
    });
    fig.append(img);
    touchable(fig, img, r);
  }
  if (r.label) fig.append(el("figcaption", {}, r.label));
  return fig;
}

/// Touches on a render: pointer and wheel events in the render's points, sent in order to the
/// server, one request at a time; what arrives meanwhile waits, a move replacing the move before it
/// and wheel turns adding up, so the server never draws a frame per mouse event.
function touchable(fig, img, r) {
  const address = r.url.replace(/^\/render\//, "/api/touch/");
  const panel = el("div", { class: "touch" });
  const stats = el("div", { class: "touch-stats" }), note = el("div", { class: "touch-note" }), snippet = el("pre", { class: "snippet" });
  const reset = el("button", { type: "button" }, "Reset touches");
  panel.append(stats, note, snippet, reset);
  fig.append(panel);
  const queue = [], shown = [];
  let busy = false, pressed = false;
  img.draggable = false;

  function at(e) {
    const b = img.getBoundingClientRect();
    const round = v => Math.round(v * 100) / 100;
    return { x: round((e.clientX - b.left) * r.width / b.width), y: round((e.clientY - b.top) * r.height / b.height) };
  }
  function push(event) {
    event.t = performance.now();
    const last = queue[queue.length - 1];
    if (last && event.type === "move" && last.type === "move") { event.t = last.t; queue[queue.length - 1] = event; }
    else if (last && event.type === "wheel" && last.type === "wheel") { last.dx += event.dx; last.dy += event.dy; last.x = event.x; last.y = event.y; }
    else queue.push(event);
    pump();
  }
  function loaded(url) {
    return new Promise((resolve, reject) => {
      const done = () => { img.removeEventListener("load", done); img.removeEventListener("error", fail); resolve(); };
      const fail = () => { img.removeEventListener("load", done); img.removeEventListener("error", fail); reject(new Error("the frame did not load")); };
      img.addEventListener("load", done);
      img.addEventListener("error", fail);
      img.src = url;
    });
  }
  async function pump() {
    if (busy || !queue.length) return;
    busy = true;
    const batch = queue.splice(0, 200);
    const since = batch[0].t;
    try {
      const res = await fetch(address, { method: "POST", headers: { "Content-Type": "application/json" },
                                         body: JSON.stringify({ events: batch.map(({ t, ...e }) => e) }) });
      const text = await res.text();
      let data = {};
      try { data = JSON.parse(text); } catch (e) { data = { error: text.trim() }; }
      if (!res.ok) throw new Error(data.error || text.trim());
      await loaded(data.image);
      const now = performance.now(), ms = now - since;
      shown.push(now);
      while (shown.length && now - shown[0] > 1000) shown.shift();
      panel.dataset.state = "ok";
      fig.dataset.touchFrame = data.frame;
      fig.dataset.touchMs = ms.toFixed(1);
      root.dataset.touchFrames = Number(root.dataset.touchFrames || 0) + 1;
      stats.textContent = `Frame ${data.frame}: ${ms.toFixed(0)} ms from the event to the image (layout ${data.layoutMs} ms, `
        + `drawing ${data.rasterMs} ms on the server) · ${shown.length} frame${shown.length === 1 ? "" : "s"} in the last second`;
      note.textContent = data.note || "";
      snippet.textContent = data.snippet || "No gesture: the render is as the scene says.";
    } catch (e) {
      panel.dataset.state = "error";
      stats.textContent = "Touch: " + e.message;
    }
    fig.dataset.touchState = panel.dataset.state;
    busy = false;
    pump();
  }
  img.addEventListener("pointerdown", e => {
    if (e.button !== 0) return;
    e.preventDefault();
    try { img.setPointerCapture(e.pointerId); } catch (err) {}
    pressed = true;
    push({ type: "down", ...at(e) });
  });
  img.addEventListener("pointermove", e => { if (pressed) push({ type: "move", ...at(e) }); });
  img.addEventListener("pointerup", e => { if (pressed) { pressed = false; push({ type: "up", ...at(e) }); } });
  img.addEventListener("pointercancel", () => { if (pressed) { pressed = false; push({ type: "cancel" }); } });
  img.addEventListener("wheel", e => {
    e.preventDefault();
    const b = img.getBoundingClientRect(), unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? b.height : 1;
    push({ type: "wheel", ...at(e), dx: e.deltaX * unit * r.width / b.width, dy: e.deltaY * unit * r.height / b.height });
  }, { passive: false });
  reset.addEventListener("click", () => push({ type: "reset" }));
}

function renderIssue(issue) {
  const where = issue.line ? `${issue.file}:${issue.line}:${issue.column}` : issue.file;
  const li = el("li", { class: "issue", "data-line": issue.line || "", "data-column": issue.column || "" });
  li.append(el("div", { class: "issue-text" }, `${where}: ${issue.path ? issue.path + ": " : ""}${issue.message}`));
  if (issue.excerpt) {
    const pre = el("pre", { class: "excerpt" });
    for (const row of issue.excerpt) {
      const line = el("div", { class: row.before !== undefined ? "at" : "" }, el("span", { class: "no" }, String(row.line)));
      if (row.before !== undefined) line.append(row.before, el("span", { class: "caret", title: `column ${issue.column}` }), row.after);
      else line.append(row.text);
      pre.append(line);
    }
    li.append(pre);
  }
  return li;
}

function renderScene(s, key) {
  const section = el("section", { class: "scene", id: "scene-" + s.path, "data-path": s.path, "data-key": key,
                                  "data-state": s.issues.length ? "error" : "ok" });
  section.append(el("h2", {}, s.path));
  if (s.issues.length) {
    const ol = el("ol", { class: "issues" });
    for (const issue of s.issues) ol.append(renderIssue(issue));
    section.append(ol);
  } else {
    const renders = el("div", { class: "renders" });
    s.renders.forEach((r, i) => renders.append(renderFigure(r, i)));
    section.append(renders);
  }
  if (s.warnings.length) {
    const ul = el("ul", { class: "warnings" });
    for (const w of s.warnings) ul.append(el("li", {}, w));
    section.append(ul);
  }
  return section;
}

async function refresh() {
  const tq = traitQuery().toString();
  const res = await fetch("/api/scenes" + (tq ? "?" + tq : ""));
  const data = await res.json();
  const banner = document.getElementById("banner");
  if (!res.ok) {
    banner.textContent = data.error;
    if (data.generation !== undefined) generation = data.generation;
    root.dataset.js = "ready";
    return;
  }
  banner.textContent = "";
  fillChoices(data.choices);
  document.getElementById("title").textContent = "Tintype preview: " + data.folder;
  document.title = data.folder + " · Tintype preview";
  const main = document.getElementById("scenes");
  const old = new Map([...main.children].map(c => [c.dataset.path, c]));
  for (const s of data.scenes) {
    // A scene is drawn again only when its files or the overrides changed.
    const key = s.fingerprint + "?" + tq;
    let section = old.get(s.path);
    if (!section || section.dataset.key !== key) {
      const fresh = renderScene(s, key);
      if (section) section.replaceWith(fresh);
      section = fresh;
    }
    old.delete(s.path);
    main.append(section);
  }
  for (const gone of old.values()) gone.remove();
  if (!data.scenes.length) main.replaceChildren(el("p", { id: "empty" }, `No scene files (*.json) in ${data.folder}.`));
  else document.getElementById("empty")?.remove();
  const problems = data.scenes.filter(s => s.issues.length).length;
  generation = data.generation;
  root.dataset.generation = generation;
  root.dataset.scenes = data.scenes.length;
  document.getElementById("status").textContent =
    `${data.scenes.length} scene${data.scenes.length === 1 ? "" : "s"}` + (problems ? `, ${problems} with problems` : "");
  countImages();
  root.dataset.js = "ready";
}

/// Waits on the server's change counter and redraws after each change; after the server went
/// away, tries again every second.
async function watch() {
  const wait = page.searchParams.get("wait") || "25";
  for (;;) {
    try {
      const res = await fetch(`/api/changes?since=${generation}&wait=${encodeURIComponent(wait)}`);
      const data = await res.json();
      const status = document.getElementById("status");
      if (status.dataset.state === "offline") { delete status.dataset.state; }
      if (data.generation !== generation) { await refresh(); continue; }
      // A pause before asking again: without one, a wait of 0 would ask without end, and a
      // headless browser's virtual clock would never move on.
      await new Promise(r => setTimeout(r, wait === "0" ? 500 : 200));
    } catch (e) {
      const status = document.getElementById("status");
      status.dataset.state = "offline";
      status.textContent = "The preview server is not answering; retrying.";
      await new Promise(r => setTimeout(r, 1000));
    }
  }
}

for (const t of TRAITS) {
  document.getElementById(t).addEventListener("change", e => {
    const input = e.target;
    const v = input.type === "checkbox" ? (input.checked ? "1" : "") : input.value.trim();
    if (v) page.searchParams.set(t, v); else page.searchParams.delete(t);
    history.replaceState(null, "", page.pathname + (page.search || ""));
    refresh().catch(err => { document.getElementById("banner").textContent = String(err); });
  });
}
const zoom = document.getElementById("zoom");
if (page.searchParams.get("zoom")) zoom.value = page.searchParams.get("zoom");
root.style.setProperty("--zoom", zoom.value);
zoom.addEventListener("change", () => root.style.setProperty("--zoom", zoom.value));

refresh().then(watch, err => {
  document.getElementById("banner").textContent = "Cannot load the scenes: " + err;
  root.dataset.js = "ready";
  watch();
});
</script>
</body>
</html>
"""#
}
