/// The report's stylesheet and script, inlined into index.html so the folder needs nothing else.
/// Plain CSS and vanilla JS; the page reads fine without the script (side by side only).
enum ReportAssets {
    static let css = #"""
:root {
  --bg: #f6f7f9; --card: #ffffff; --text: #1b1f24; --muted: #5b6470; --line: #e3e6ea; --soft: #eef0f3;
  --accent: #2563eb; --failed: #c8281e; --failed-bg: #fdecea; --recorded: #a15c00; --recorded-bg: #fff4e0;
  --passed: #12734a; --passed-bg: #e6f5ed; --check-a: #e9ebee; --check-b: #ffffff;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #15171a; --card: #1d2024; --text: #e8eaed; --muted: #9aa3ad; --line: #2e3238; --soft: #262a30;
    --accent: #6ea1ff; --failed: #ff6b61; --failed-bg: #3a1d1b; --recorded: #f0ad4e; --recorded-bg: #35290f;
    --passed: #4cc38a; --passed-bg: #15301f; --check-a: #2a2d31; --check-b: #34383d;
  }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; background: var(--bg); color: var(--text);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", "DejaVu Sans", sans-serif;
}
code, .files, .dim, .toc-num { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace; font-size: 0.9em; }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
main, .summary { max-width: 1280px; margin: 0 auto; padding: 0 24px; }
.summary { padding-top: 28px; padding-bottom: 8px; }
.summary-top { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 16px; }
h1 { font-size: 22px; font-weight: 650; margin: 0; letter-spacing: -0.01em; }
.headline { margin: 0; font-weight: 550; color: var(--muted); }
html[data-status="failed"] .headline { color: var(--failed); }
html[data-status="recorded"] .headline { color: var(--recorded); }
html[data-status="passed"] .headline { color: var(--passed); }
.counts { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 12px; margin: 18px 0 12px; }
.count { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 10px 14px; border-top-width: 4px; }
.count dt { font-size: 12px; text-transform: uppercase; letter-spacing: 0.06em; color: var(--muted); font-weight: 600; }
.count dd { margin: 2px 0 0; font-size: 28px; font-weight: 650; font-variant-numeric: tabular-nums; line-height: 1.2; }
.count dd a { color: inherit; }
.count.failed { border-top-color: var(--failed); } .count.failed[data-count]:not([data-count="0"]) dd { color: var(--failed); }
.count.recorded { border-top-color: var(--recorded); } .count.recorded[data-count]:not([data-count="0"]) dd { color: var(--recorded); }
.count.passed { border-top-color: var(--passed); }
.count.total { border-top-color: var(--line); }
.meta { margin: 0 0 12px; color: var(--muted); }
.meta code { background: var(--soft); border-radius: 5px; padding: 1px 6px; color: var(--text); }
.meta .hint::before { content: "— "; }
.toc { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 8px 14px; margin-bottom: 12px; }
.toc ol { margin: 0; padding: 0; list-style: none; columns: 2 360px; column-gap: 24px; }
.toc li { padding: 3px 0; break-inside: avoid; overflow-wrap: anywhere; }
.toc .dot { display: inline-block; width: 8px; height: 8px; border-radius: 50%; margin-right: 8px; vertical-align: 1px; }
.toc li.failed .dot { background: var(--failed); } .toc li.recorded .dot { background: var(--recorded); }
.toc-num { color: var(--muted); }
.all-views { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; margin: 0 0 8px; color: var(--muted); font-size: 13px; }
.all-views span { margin-right: 4px; }
html[data-js="off"] .all-views, html[data-js="off"] .tabs [role="tab"] { display: none; }
button {
  font: inherit; font-size: 13px; color: var(--text); background: var(--card); border: 1px solid var(--line);
  border-radius: 7px; padding: 4px 12px; cursor: pointer;
}
button:hover { background: var(--soft); }
button:focus-visible, input:focus-visible, a:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.group-title { font-size: 13px; text-transform: uppercase; letter-spacing: 0.07em; color: var(--muted); margin: 26px 0 10px; font-weight: 650; }
.group-title .n { background: var(--soft); color: var(--text); border-radius: 999px; padding: 0 8px; margin-left: 4px; font-variant-numeric: tabular-nums; }
.entry { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 16px 18px 14px; margin-bottom: 16px; \#
border-left: 4px solid var(--line); scroll-margin-top: 12px; }
.entry.failed { border-left-color: var(--failed); }
.entry.recorded { border-left-color: var(--recorded); }
.entry.audit { border-left-color: var(--recorded); }
.badge.audit { color: var(--recorded); background: var(--recorded-bg); }
.audit-body { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
.audit-body figure { margin: 0; }
.audit-body img { max-width: 390px; height: auto; }
.findings { margin: 0; padding-left: 22px; flex: 1 1 320px; }
.finding { margin: 0 0 8px; overflow-wrap: anywhere; }
.finding .sev { font-size: 11px; font-weight: 700; text-transform: uppercase; }
.finding.error .sev { color: #E02020; } .finding.warning .sev { color: #C07000; } .finding.info .sev { color: #2070E0; }
.finding .loc { color: var(--muted); font-size: 12px; }
.entry:target { box-shadow: 0 0 0 3px color-mix(in srgb, var(--accent) 35%, transparent); }
.entry-head { display: flex; align-items: center; gap: 10px; flex-wrap: wrap; }
.entry-head h3 { margin: 0; font-size: 16px; font-weight: 600; overflow-wrap: anywhere; }
.entry-head h3 a { color: var(--text); }
.badge { font-size: 11px; font-weight: 700; text-transform: uppercase; letter-spacing: 0.06em; border-radius: 999px; padding: 2px 9px; }
.badge.failed { color: var(--failed); background: var(--failed-bg); }
.badge.recorded { color: var(--recorded); background: var(--recorded-bg); }
.message { margin: 8px 0 10px; overflow-wrap: anywhere; white-space: pre-wrap; }
.numbers { display: flex; flex-wrap: wrap; gap: 8px; margin: 0 0 12px; }
.num { background: var(--soft); border-radius: 8px; padding: 5px 10px; min-width: 0; }
.num dt { font-size: 11px; text-transform: uppercase; letter-spacing: 0.05em; color: var(--muted); font-weight: 600; }
.num dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.num.golden dd { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace; font-weight: 400; font-size: 13px; }
.num.size-mismatch { background: var(--failed-bg); }
.tabs { display: flex; align-items: center; gap: 6px; margin-bottom: 10px; flex-wrap: wrap; }
.tabs [role="tab"][aria-selected="true"] { background: var(--text); color: var(--card); border-color: var(--text); }
.scale-note { color: var(--muted); font-size: 12px; margin-left: auto; }
.view { display: none; }
.compare[data-view="side"] .view-side { display: grid; }
.compare[data-view="swipe"] .view-swipe, .compare[data-view="onion"] .view-onion { display: block; }
.view-side { grid-template-columns: repeat(var(--cols, 3), minmax(0, max-content)); gap: 16px; align-items: start; }
.shot { margin: 0; min-width: 0; }
.shot figcaption { font-size: 12px; font-weight: 600; color: var(--muted); margin-bottom: 4px; text-transform: uppercase; letter-spacing: 0.05em; }
.shot figcaption .dim { text-transform: none; letter-spacing: 0; font-weight: 400; margin-left: 4px; }
.shot-link { display: inline-block; line-height: 0; max-width: 100%; }
.shot img { display: block; max-width: 100%; height: auto; max-height: 78vh; object-fit: contain; object-position: left top; }
.shot img, .stack {
  background: repeating-conic-gradient(var(--check-a) 0% 25%, var(--check-b) 0% 50%) 0 0 / 16px 16px;
  border: 1px solid var(--line); border-radius: 4px;
}
.compare[data-scale]:not([data-scale="1"]) img { image-rendering: pixelated; }
.stack { border: 0; outline: 1px solid var(--line); position: relative; width: min(var(--w), 100%, calc(78vh * var(--ar))); overflow: hidden; user-select: none; }
.view-swipe .stack { cursor: ew-resize; touch-action: pan-y; }
.stack .layer { position: absolute; left: 0; top: 0; height: auto; max-width: none; }
.swipe-top { position: absolute; inset: 0; clip-path: inset(0 0 0 50%); }
.onion-top { opacity: 0.5; }
.swipe-line { position: absolute; top: 0; bottom: 0; left: 50%; width: 2px; margin-left: -1px; background: var(--accent); \#
box-shadow: 0 0 0 1px rgba(255,255,255,0.7); pointer-events: none; }
.view-caption { font-size: 12px; color: var(--muted); margin: 0 0 6px; }
.range { display: flex; align-items: center; gap: 10px; margin-top: 8px; font-size: 12px; color: var(--muted); max-width: 560px; }
.range input { flex: 1; accent-color: var(--accent); }
.files { margin: 12px 0 0; font-size: 12px; color: var(--muted); }
.files a { margin-left: 6px; }
.missing, .no-images { color: var(--muted); font-style: italic; margin: 0; }
.passed-list ul { list-style: none; margin: 0 0 40px; padding: 6px 14px; background: var(--card); border: 1px solid var(--line); \#
border-radius: 10px; columns: 3 300px; column-gap: 24px; }
.passed-list li { padding: 3px 0; break-inside: avoid; overflow-wrap: anywhere; font-size: 13px; }
.passed-list li::before { content: "✓"; color: var(--passed); font-weight: 700; margin-right: 8px; }
.passed-list .note { color: var(--muted); font-size: 12px; }
.passed-list ul.variants { columns: auto; border: 0; background: none; margin: 2px 0 4px 20px; padding: 0; }
.passed-list li.scene-group::before { content: ""; margin: 0; }
.passed-list table.variant-grid { border-collapse: collapse; margin: 4px 0 6px 20px; font-size: 13px; }
.passed-list table.variant-grid th, .passed-list table.variant-grid td { border: 1px solid #ddd; padding: 2px 8px; text-align: left; font-weight: normal; }
.passed-list table.variant-grid th { color: #666; }
.entry-head .variant, .passed-list .variant { color: var(--muted); font-weight: 500; }
.empty { color: var(--muted); }
@media (max-width: 720px) {
  .counts { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .view-side { grid-template-columns: minmax(0, 1fr); }
}
@media print {
  .tabs, .all-views, .range { display: none !important; }
  .view-swipe, .view-onion { display: none !important; }
  .view-side { display: grid !important; }
}
"""#

    static let js = #"""
(function () {
  "use strict";
  var root = document.documentElement;
  var VIEWS = ["side", "swipe", "onion"];
  var compares = Array.prototype.slice.call(document.querySelectorAll(".compare"));

  function setView(cmp, view) {
    if (VIEWS.indexOf(view) < 0 || !cmp.querySelector(".view-" + view)) return false;
    cmp.setAttribute("data-view", view);
    cmp.querySelectorAll('[role="tab"]').forEach(function (tab) {
      var on = tab.getAttribute("data-view") === view;
      tab.setAttribute("aria-selected", on ? "true" : "false");
      tab.tabIndex = on ? 0 : -1;
    });
    return true;
  }

  function setSwipe(cmp, value) {
    var top = cmp.querySelector(".swipe-top"), line = cmp.querySelector(".swipe-line");
    if (!top) return;
    top.style.clipPath = "inset(0 0 0 " + value + "%)";
    if (line) line.style.left = value + "%";
    cmp.setAttribute("data-swipe", String(value));
  }

  function setOnion(cmp, value) {
    var top = cmp.querySelector(".onion-top");
    if (!top) return;
    top.style.opacity = String(value / 100);
    cmp.setAttribute("data-onion", String(value));
  }

  compares.forEach(function (cmp) {
    var tabs = Array.prototype.slice.call(cmp.querySelectorAll('[role="tab"]'));
    tabs.forEach(function (tab, i) {
      tab.addEventListener("click", function () { setView(cmp, tab.getAttribute("data-view")); });
      tab.addEventListener("keydown", function (event) {
        var step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
        if (!step) return;
        event.preventDefault();
        var next = tabs[(i + step + tabs.length) % tabs.length];
        setView(cmp, next.getAttribute("data-view"));
        next.focus();
      });
    });
    var swipe = cmp.querySelector(".swipe-range");
    if (swipe) {
      swipe.addEventListener("input", function () { setSwipe(cmp, swipe.value); });
      setSwipe(cmp, swipe.value);
      // Dragging on the image moves the swipe line too.
      var stack = cmp.querySelector(".view-swipe .stack");
      var dragging = false;
      var follow = function (event) {
        var box = stack.getBoundingClientRect();
        var v = Math.max(0, Math.min(100, (event.clientX - box.left) / box.width * 100));
        v = Math.round(v * 2) / 2;
        swipe.value = String(v);
        setSwipe(cmp, v);
      };
      stack.addEventListener("pointerdown", function (e) { dragging = true; stack.setPointerCapture(e.pointerId); follow(e); });
      stack.addEventListener("pointermove", function (e) { if (dragging) follow(e); });
      stack.addEventListener("pointerup", function () { dragging = false; });
      stack.addEventListener("pointercancel", function () { dragging = false; });
    }
    var onion = cmp.querySelector(".onion-range");
    if (onion) {
      onion.addEventListener("input", function () { setOnion(cmp, onion.value); });
      setOnion(cmp, onion.value);
    }
    setView(cmp, cmp.getAttribute("data-view") || "side");
  });

  function setAll(view) {
    compares.forEach(function (cmp) { setView(cmp, view); });
    root.setAttribute("data-view-all", view);
  }
  document.querySelectorAll(".all-views button").forEach(function (button) {
    button.addEventListener("click", function () { setAll(button.getAttribute("data-view")); });
  });

  // ?view=swipe (or onion, side) opens every comparison in that view: handy for links and screenshots.
  var params = new URLSearchParams(window.location.search);
  var initial = params.get("view");
  if (initial && VIEWS.indexOf(initial) >= 0) setAll(initial);
  var swipeAt = parseFloat(params.get("swipe"));
  if (swipeAt >= 0 && swipeAt <= 100) compares.forEach(function (cmp) {
    var r = cmp.querySelector(".swipe-range"); if (r) { r.value = String(swipeAt); setSwipe(cmp, r.value); }
  });
  var onionAt = parseFloat(params.get("onion"));
  if (onionAt >= 0 && onionAt <= 100) compares.forEach(function (cmp) {
    var r = cmp.querySelector(".onion-range"); if (r) { r.value = String(onionAt); setOnion(cmp, r.value); }
  });

  // Each image says whether it loaded, so a broken copy is visible (and testable).
  var images = Array.prototype.slice.call(document.querySelectorAll("img[data-role]"));
  function tally() {
    var loaded = 0, broken = 0;
    images.forEach(function (img) {
      var s = img.getAttribute("data-state");
      if (s === "loaded") loaded++; else if (s === "broken") broken++;
    });
    root.setAttribute("data-images", String(images.length));
    root.setAttribute("data-images-loaded", String(loaded));
    root.setAttribute("data-images-broken", String(broken));
  }
  function mark(img) {
    img.setAttribute("data-state", img.naturalWidth > 0 ? "loaded" : "broken");
    tally();
  }
  images.forEach(function (img) {
    if (img.complete) { mark(img); return; }
    img.addEventListener("load", function () { mark(img); });
    img.addEventListener("error", function () { mark(img); });
  });
  tally();

  root.setAttribute("data-js", "ready");
})();
"""#
}
