/// The page `tintype review` serves: plain HTML, CSS and script in one string, nothing loaded
/// from elsewhere (the preview's Content-Security-Policy).
///
/// It asks `/api/items` for the run's images, lists them by group, and shows one at a time with
/// its golden and render (`/image/ID/ROLE`), its explanation and its changed regions
/// (`/api/regions/ID`). Decisions are POSTs to `/api/decide` and `/api/undo`; every answer carries
/// the whole state, which the page draws again. The `html` element carries its state for tools and
/// tests: `data-js`, `data-ready-ms` (from navigation to the list and first image drawn), `data-items`, `data-current` (an image's id), `data-mode`, `data-loupe`
/// (the image pixel under the loupe), `data-region`, `data-flicker` (which image shows), `data-busy`.
enum ReviewPage {
    static let html = #"""
<!DOCTYPE html>
<html lang="en" data-js="loading" data-mode="side">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tintype review</title>
<style>
  :root { color-scheme: light dark; }
  body { margin: 0; font: 14px/1.4 system-ui, sans-serif; background: Canvas; color: CanvasText; }
  header { position: sticky; top: 0; z-index: 2; display: flex; flex-wrap: wrap; gap: 8px 14px; align-items: center;
           padding: 8px 14px; background: color-mix(in srgb, Canvas 92%, CanvasText); border-bottom: 1px solid #8884; }
  header h1 { font-size: 15px; margin: 0; }
  button { font: inherit; padding: 3px 9px; border-radius: 5px; border: 1px solid #8888; background: Canvas; color: CanvasText; cursor: pointer; }
  button[aria-pressed="true"] { background: #0a84ff; color: white; border-color: #0a84ff; }
  button.approve { border-color: #1a7f37; color: #1a7f37; } button.reject { border-color: #c33; color: #c33; }
  button:disabled { opacity: 0.4; cursor: default; }
  #summary { opacity: 0.8; } #status { margin-left: auto; opacity: 0.8; }
  #banner { margin: 8px 14px; padding: 8px 12px; border: 1px solid #c33; border-radius: 6px; color: #c33; white-space: pre-wrap; }
  #banner:empty { display: none; }
  #layout { display: flex; align-items: flex-start; }
  nav { width: 310px; flex: none; max-height: calc(100vh - 50px); overflow: auto; position: sticky; top: 50px; border-right: 1px solid #8884; }
  nav h2 { font-size: 13px; margin: 10px 10px 4px; text-transform: uppercase; letter-spacing: 0.04em; opacity: 0.75; }
  nav ol { list-style: none; margin: 0; padding: 0; }
  nav li { display: flex; gap: 6px; padding: 3px 10px; cursor: pointer; font: 12px ui-monospace, monospace; align-items: baseline; }
  nav li[aria-current="true"] { background: #0a84ff33; }
  nav li .name { flex: 1; overflow-wrap: anywhere; } nav li .ratio { opacity: 0.7; }
  nav li[data-decision="approved"] .mark::before { content: "✓"; color: #1a7f37; }
  nav li[data-decision="rejected"] .mark::before { content: "✗"; color: #c33; }
  nav li .mark { width: 1em; flex: none; }
  main { flex: 1; min-width: 0; padding: 10px 16px 40px; }
  #name { font: 600 15px ui-monospace, monospace; margin: 0 0 4px; overflow-wrap: anywhere; }
  #meta { margin: 0 0 8px; opacity: 0.8; }
  #actions, #modes, #regions { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0; align-items: center; }
  #why { margin: 8px 0; padding: 8px 10px; border-radius: 6px; background: #8881; font: 12px/1.5 ui-monospace, monospace; white-space: pre-wrap; }
  #why:empty { display: none; }
  #viewer { position: relative; margin-top: 8px; }
  .panes { display: flex; gap: 16px; align-items: flex-start; }
  .pane { position: relative; flex: 1; min-width: 0; max-width: 480px; }
  .pane > .label { font-size: 12px; opacity: 0.75; margin-bottom: 2px; }
  .frame { position: relative; line-height: 0; box-shadow: 0 0 0 1px #8886;
           background: repeating-conic-gradient(#8882 0 25%, transparent 0 50%) 0 0 / 16px 16px; }
  .frame img { display: block; width: 100%; height: auto; image-rendering: auto; }
  .frame .top { position: absolute; inset: 0; }
  .none { padding: 40px 10px; text-align: center; opacity: 0.6; line-height: 1.4; }
  .box { position: absolute; outline: 2px solid #ff2d55; outline-offset: 1px; pointer-events: none; }
  .box[data-active="true"] { outline: 3px solid #ff9500; box-shadow: 0 0 0 9999px #0003; }
  .loupe { position: absolute; width: 160px; height: 160px; border-radius: 50%; border: 2px solid #0a84ff; pointer-events: none;
           background-repeat: no-repeat; background-color: Canvas; display: none; z-index: 1; transform: translate(-50%, -50%);
           image-rendering: pixelated; }
  #viewer[data-loupe-on="true"] .loupe { display: block; }
  input[type=range] { width: 240px; }
  kbd { font: 11px ui-monospace, monospace; border: 1px solid #8886; border-radius: 3px; padding: 0 3px; }
  #help { font-size: 12px; opacity: 0.75; margin-top: 14px; }
</style>
</head>
<body>
<header>
  <h1>Tintype review</h1>
  <span id="summary"></span>
  <input id="filter" type="search" placeholder="Filter by name" aria-label="Filter by name">
  <button id="approve-shown" class="approve">Approve all shown</button>
  <button id="reject-shown" class="reject">Reject all shown</button>
  <span id="status" role="status"></span>
</header>
<div id="banner" role="alert"></div>
<div id="layout">
  <nav id="list" aria-label="Images"></nav>
  <main>
    <h2 id="name"></h2>
    <p id="meta"></p>
    <div id="actions">
      <button id="approve" class="approve">Approve <kbd>a</kbd></button>
      <button id="reject" class="reject">Reject <kbd>r</kbd></button>
      <button id="undo">Undo <kbd>u</kbd></button>
      <button id="approve-scene" class="approve">Approve scene <kbd>A</kbd></button>
      <button id="reject-scene" class="reject">Reject scene <kbd>R</kbd></button>
      <span id="decision"></span>
    </div>
    <div id="why"></div>
    <div id="modes">
      <button data-mode="side">Side by side <kbd>1</kbd></button>
      <button data-mode="swipe">Swipe <kbd>2</kbd></button>
      <button data-mode="onion">Onion skin <kbd>3</kbd></button>
      <button data-mode="flicker">Flicker <kbd>4</kbd></button>
      <label id="slider-label"><input id="slider" type="range" min="0" max="100" value="50" aria-label="Swipe or fade"></label>
    </div>
    <div id="regions"></div>
    <div id="viewer"></div>
    <p id="help"><kbd>j</kbd>/<kbd>k</kbd> next/previous · <kbd>a</kbd> approve · <kbd>r</kbd> reject · <kbd>u</kbd> undo ·
      <kbd>A</kbd>/<kbd>R</kbd> the whole scene · <kbd>n</kbd> next changed region · <kbd>1</kbd>–<kbd>4</kbd> view ·
      the loupe follows the pointer over either image.</p>
  </main>
</div>
<script>
"use strict";
const root = document.documentElement;
const $ = id => document.getElementById(id);
const titles = { changed: "Changed", new: "New", removed: "Removed", renamed: "Renamed", passed: "Passed" };
let state = null, current = null, mode = "side", regions = [], region = -1, flickerTimer = null, busy = false;

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) { if (v !== undefined && v !== null) e.setAttribute(k, v); }
  for (const c of children) { if (c !== null && c !== undefined) e.append(c); }
  return e;
}
function percent(r) { return r >= 0.1 ? (r * 100).toFixed(1) + "%" : r > 0 ? (r * 100).toPrecision(2) + "%" : "0%"; }
function shown() {
  const f = $("filter").value.trim().toLowerCase();
  return state.items.filter(i => !f || i.name.toLowerCase().includes(f));
}
function item(id) { return state.items.find(i => i.id === id); }
function decidable(i) { return !i.undecidable; }

async function load() {
  const res = await fetch("/api/items");
  apply(await res.json());
  const first = shown().find(decidable) || shown()[0];
  select(first ? first.id : null);
  root.dataset.readyMs = Math.round(performance.now());
  root.dataset.js = "ready";
}

function apply(data) {
  state = data;
  root.dataset.items = data.items.length;
  const c = data.counts;
  $("summary").textContent = data.groups.filter(g => c[g]).map(g => `${c[g]} ${titles[g].toLowerCase()}`).join(" · ") || "no images";
  drawList();
}

function drawList() {
  const nav = $("list");
  nav.replaceChildren();
  const list = shown();
  for (const g of state.groups) {
    const members = list.filter(i => i.group === g);
    if (!members.length) continue;
    const ol = el("ol", { "data-group": g });
    for (const i of members) {
      const li = el("li", { id: "item-" + i.id, "data-id": i.id, "data-decision": i.decision, "aria-current": String(i.id === current) },
        el("span", { class: "mark" }), el("span", { class: "name" }, i.name), el("span", { class: "ratio" }, g === "passed" ? "" : percent(i.ratio)));
      li.addEventListener("click", () => select(i.id));
      ol.append(li);
    }
    nav.append(el("h2", { id: "group-" + g }, `${titles[g]} (${members.length})`), ol);
  }
}

function select(id) {
  current = id;
  root.dataset.current = id === null ? "" : id;
  for (const li of document.querySelectorAll("nav li")) li.setAttribute("aria-current", String(Number(li.dataset.id) === id));
  const li = $("item-" + id);
  if (li) li.scrollIntoView({ block: "nearest" });
  regions = []; region = -1; delete root.dataset.region;
  drawDetail();
  if (id !== null) loadRegions(id);
}

function drawDetail() {
  const i = item(current);
  $("name").textContent = i ? i.name : "Nothing to review";
  $("why").textContent = i ? [i.message, i.why].filter(Boolean).join("\n") : "";
  if (!i) { $("meta").textContent = ""; $("viewer").replaceChildren(); $("regions").replaceChildren(); return; }
  const parts = [titles[i.group]];
  if (i.group !== "passed") parts.push(percent(i.ratio) + " of the pixels changed");
  parts.push(i.golden);
  if (i.renamedFrom) parts.push("was " + i.renamedFrom);
  $("meta").textContent = parts.join(" · ");
  const pending = i.decision === "pending" && decidable(i);
  $("approve").disabled = !pending; $("reject").disabled = !pending;
  $("undo").disabled = i.decision === "pending";
  const scene = sceneItems(i).filter(s => s.decision === "pending");
  $("approve-scene").disabled = !i.scene || !scene.length; $("reject-scene").disabled = !i.scene || !scene.length;
  $("decision").textContent = i.undecidable ? "Not decided here: " + i.undecidable : i.decision === "pending" ? "" : "Decision: " + i.decision;
  $("decision").dataset.decision = i.decision;
  drawViewer();
}

function sceneItems(i) { return i.scene ? state.items.filter(s => s.scene === i.scene && decidable(s)) : []; }

function image(i, role, cls) {
  const src = i.images[role];
  if (!src) return null;
  const img = el("img", { src, alt: role === "expected" ? "golden" : "render", "data-role": role, class: cls, loading: "eager", draggable: "false" });
  img.addEventListener("load", () => { img.dataset.state = "loaded"; img.dataset.pixels = img.naturalWidth + "x" + img.naturalHeight; placeBoxes(); });
  img.addEventListener("error", () => { img.dataset.state = "broken"; });
  return img;
}

function frame(i, roles) {
  const f = el("div", { class: "frame" });
  const [base, top] = roles.map((r, n) => image(i, r, n ? "top" : "base"));
  if (!base && !top) { f.append(el("div", { class: "none" }, i.group === "new" ? "no golden yet" : "no render")); return f; }
  if (base) f.append(base);
  if (top) { if (!base) top.classList.remove("top"); f.append(top); }
  f.append(el("div", { class: "loupe" }));
  return f;
}

function drawViewer() {
  const i = item(current), v = $("viewer");
  clearInterval(flickerTimer); flickerTimer = null; delete root.dataset.flicker;
  root.dataset.mode = mode;
  for (const b of document.querySelectorAll("#modes button")) b.setAttribute("aria-pressed", String(b.dataset.mode === mode));
  $("slider-label").hidden = mode !== "swipe" && mode !== "onion";
  v.replaceChildren();
  if (!i) return;
  if (mode === "side" || !i.images.expected || !i.images.actual) {
    const panes = el("div", { class: "panes" });
    for (const [role, label] of [["expected", "Golden"], ["actual", i.group === "passed" ? "Golden (passed)" : "Render"], ["diff", "Diff"]]) {
      if (role === "diff" && !i.images.diff) continue;
      if (role === "expected" && i.group === "passed") continue;
      panes.append(el("div", { class: "pane", "data-pane": role }, el("div", { class: "label" }, label), frame(i, [role])));
    }
    v.append(panes);
  } else {
    const p = el("div", { class: "pane", "data-pane": "stack" }, el("div", { class: "label" }, mode === "flicker" ? "Golden ⇄ render" : "Golden | render"),
      frame(i, ["expected", "actual"]));
    v.append(el("div", { class: "panes" }, p));
    const top = p.querySelector("img.top");
    if (mode === "flicker") {
      let showing = "actual";
      const flip = () => { showing = showing === "actual" ? "expected" : "actual"; top.style.visibility = showing === "actual" ? "visible" : "hidden";
                           root.dataset.flicker = showing; };
      root.dataset.flicker = showing;
      flickerTimer = setInterval(flip, 500);
    }
    slide();
  }
  for (const f of v.querySelectorAll(".frame")) {
    f.addEventListener("pointermove", e => loupe(e, f));
    f.addEventListener("pointerleave", () => { delete v.dataset.loupeOn; delete root.dataset.loupe; });
  }
  placeBoxes();
}

function slide() {
  const top = document.querySelector("#viewer img.top"), value = Number($("slider").value);
  if (!top) return;
  if (mode === "swipe") { top.style.clipPath = `inset(0 0 0 ${value}%)`; top.style.opacity = ""; }
  if (mode === "onion") { top.style.opacity = String(value / 100); top.style.clipPath = ""; }
}

// The loupe: the same image pixel magnified in every frame, wherever the pointer is in one of them.
function loupe(e, over) {
  const r = over.getBoundingClientRect();
  const fx = (e.clientX - r.left) / r.width, fy = (e.clientY - r.top) / r.height;
  if (fx < 0 || fy < 0 || fx > 1 || fy > 1) return;
  const v = $("viewer");
  v.dataset.loupeOn = "true";
  const zoom = 4;
  let px = null;
  for (const f of v.querySelectorAll(".frame")) {
    const imgs = f.querySelectorAll("img"), l = f.querySelector(".loupe");
    const img = imgs.length > 1 && imgs[1].style.visibility !== "hidden" ? imgs[1] : imgs[0];
    if (!l || !img || !img.naturalWidth) continue;
    const fr = f.getBoundingClientRect();
    const w = fr.width * zoom, h = fr.height * zoom;
    l.style.left = fx * fr.width + "px"; l.style.top = fy * fr.height + "px";
    l.style.backgroundImage = `url("${img.src}")`;
    l.style.backgroundSize = `${w}px ${h}px`;
    l.style.backgroundPosition = `${80 - fx * w}px ${80 - fy * h}px`;
    px = [Math.floor(fx * img.naturalWidth), Math.floor(fy * img.naturalHeight)];
  }
  if (px) root.dataset.loupe = px.join(",");
}

async function loadRegions(id) {
  try {
    const res = await fetch("/api/regions/" + id);
    const data = await res.json();
    if (current !== id) return;
    regions = data.regions || [];
  } catch (e) { regions = []; }
  const bar = $("regions");
  bar.replaceChildren();
  if (regions.length) bar.append(el("span", {}, `${regions.length} changed region${regions.length === 1 ? "" : "s"}:`));
  regions.forEach((r, n) => {
    const b = el("button", { "data-region": n }, `${n + 1}: ${r[2]}×${r[3]} at ${r[0]},${r[1]}`);
    b.addEventListener("click", () => jump(n));
    bar.append(b);
  });
  root.dataset.regions = regions.length;
  placeBoxes();
}

function placeBoxes() {
  const i = item(current);
  if (!i) return;
  for (const f of document.querySelectorAll("#viewer .frame")) {
    for (const b of f.querySelectorAll(".box")) b.remove();
    const img = f.querySelector("img");
    const size = i.size || (img && img.naturalWidth ? [img.naturalWidth, img.naturalHeight] : null);
    if (!size) continue;
    regions.forEach((r, n) => {
      const b = el("div", { class: "box", "data-box": n, "data-active": String(n === region) });
      b.style.left = (r[0] / size[0] * 100) + "%"; b.style.top = (r[1] / size[1] * 100) + "%";
      b.style.width = (r[2] / size[0] * 100) + "%"; b.style.height = (r[3] / size[1] * 100) + "%";
      f.append(b);
    });
  }
}

function jump(n) {
  if (!regions.length) return;
  region = ((n % regions.length) + regions.length) % regions.length;
  root.dataset.region = region;
  placeBoxes();
  const box = document.querySelector(`#viewer .box[data-box="${region}"]`);
  if (box) box.scrollIntoView({ block: "center", inline: "center" });
}

async function post(url) {
  busy = true; root.dataset.busy = "true";
  try {
    const res = await fetch(url, { method: "POST", headers: { "X-Tintype-Review": "1" } });
    const data = await res.json();
    $("banner").textContent = res.ok ? "" : (data.error || data.message || "refused");
    $("status").textContent = res.ok ? (data.message || "") : "";
    if (data.items) { apply(data); drawDetail(); }
    return res.ok;
  } catch (e) {
    $("banner").textContent = "The review server does not answer: " + e;
    return false;
  } finally { busy = false; delete root.dataset.busy; }
}

function decide(list, decision) {
  const todo = list.filter(i => decidable(i) && i.decision === "pending");
  if (!todo.length) return Promise.resolve(false);
  const seen = todo.map(i => `${i.id}:${i.revision}`).join(",");
  return post(`/api/decide?decision=${decision}&ids=${todo.map(i => i.id).join(",")}&seen=${seen}`);
}

async function decideCurrent(decision) {
  const i = item(current);
  if (!i) return;
  if (await decide([i], decision)) move(1, true);
}

function undo() {
  const i = item(current);
  if (!i || i.decision === "pending") return;
  post(`/api/undo?id=${i.id}&seen=${i.revision}`);
}

function move(step, pendingOnly) {
  const list = shown();
  let at = list.findIndex(i => i.id === current);
  for (let n = 0; n < list.length; n++) {
    at += step;
    if (at < 0 || at >= list.length) return;
    if (!pendingOnly || (decidable(list[at]) && list[at].decision === "pending")) { select(list[at].id); return; }
  }
}

function setMode(m) { mode = m; drawViewer(); }

document.addEventListener("keydown", e => {
  if (e.target instanceof HTMLInputElement && e.target.type === "search") return;
  if (e.ctrlKey || e.metaKey || e.altKey || busy) return;
  const i = item(current);
  const keys = {
    j: () => move(1), k: () => move(-1), a: () => decideCurrent("approved"), r: () => decideCurrent("rejected"), u: undo,
    A: () => i && decide(sceneItems(i), "approved"), R: () => i && decide(sceneItems(i), "rejected"),
    n: () => jump(region + 1), "1": () => setMode("side"), "2": () => setMode("swipe"), "3": () => setMode("onion"), "4": () => setMode("flicker"),
  };
  const f = keys[e.key];
  if (f) { e.preventDefault(); f(); }
});
$("approve").addEventListener("click", () => decideCurrent("approved"));
$("reject").addEventListener("click", () => decideCurrent("rejected"));
$("undo").addEventListener("click", undo);
$("approve-scene").addEventListener("click", () => { const i = item(current); if (i) decide(sceneItems(i), "approved"); });
$("reject-scene").addEventListener("click", () => { const i = item(current); if (i) decide(sceneItems(i), "rejected"); });
$("approve-shown").addEventListener("click", () => decide(shown(), "approved"));
$("reject-shown").addEventListener("click", () => decide(shown(), "rejected"));
$("filter").addEventListener("input", () => { drawList(); });
$("slider").addEventListener("input", slide);
for (const b of document.querySelectorAll("#modes button")) b.addEventListener("click", () => setMode(b.dataset.mode));
load().catch(e => { $("banner").textContent = "Cannot load the review: " + e; root.dataset.js = "failed"; });
</script>
</body>
</html>
"""#
}
