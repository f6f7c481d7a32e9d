#!/usr/bin/env python3
"""How long `tintype review` takes to open a run of 1,000 images (issue 30: under a second).

Usage: review_open.py TINTYPE CHROMIUM WORK ROUNDS

Makes a real failing run of one scene (`tintype test` under CI), then a results bundle of 1,000
images from it (600 changed, 200 new, 200 passed; every entry names the same artifact files, which
the page loads only for the image shown), starts `tintype review` on it, and measures, taking turns:
the server's first answers to the page and to /api/items (the whole run as JSON), and in headless Chromium
(driven over --remote-debugging-pipe) the time from navigation to the list of 1,000 drawn and the
first image's view built (the page's data-ready-ms). Prints a table, then JSON and GOAL lines.
"""
import json, os, shutil, statistics, subprocess, sys, time, urllib.request

tintype, chromium, work, rounds = sys.argv[1], sys.argv[2], os.path.abspath(sys.argv[3]), int(sys.argv[4])
project = os.path.join(work, "review-open")
shutil.rmtree(project, ignore_errors=True)
os.makedirs(project + "/Snapshots")
scene = '{ "device": "iPhone X", "root": { "view": { "backgroundColor": "#FFFFFF", "subviews": [ ' \
        '{ "label": { "id": "title", "text": "TEXT", "font": { "size": 17 }, "frame": [20, 80, 300, 30] } } ] } } }'
with open(project + "/Snapshots/screen.json", "w") as f: f.write(scene.replace("TEXT", "Hello"))
env = dict(os.environ, CI="", TINTYPE_RECORD="")
subprocess.run([tintype, "test", "Snapshots", "--record", "missing"], cwd=project, env=env, stdout=subprocess.DEVNULL)
with open(project + "/Snapshots/screen.json", "w") as f: f.write(scene.replace("TEXT", "Hello there"))
env["CI"] = "true"
subprocess.run([tintype, "test", "Snapshots"], cwd=project, env=env, stdout=subprocess.DEVNULL)
bundle = project + "/.build/tintype-artifacts"
results = json.load(open(bundle + "/results.json"))
one = results["entries"][0]
assert one["status"] == "failed" and one.get("diff"), one
entries = []
for i in range(1000):
    e = dict(one, scene=f"Snapshots/Bench/s{i:04}.json", golden=f"Snapshots/Bench/s{i:04}.png")
    e["differentPixels"] = one["differentPixels"] + i
    if i >= 600 and i < 800:
        for k in ("expected", "diff", "strip", "differentPixels", "goldenSHA256"): e.pop(k, None)
        e["message"] = f"No golden at {e['golden']} (record mode never)."
    elif i >= 800:
        e = {k: v for k, v in e.items() if k not in ("expected", "actual", "diff", "strip")}
        e["status"], e["message"], e["differentPixels"] = "passed", "identical", 0
    entries.append(e)
results["entries"] = entries
results["counts"] = {"passed": 200, "failed": 800, "recorded": 0, "skipped": 0}
json.dump(results, open(bundle + "/results.json", "w"), indent=1)

def serve():
    """A fresh `tintype review` on the bundle (nothing cached), and its address."""
    out = open(work + "/review-open.out", "w")
    server = subprocess.Popen([tintype, "review", "--port", "0"], cwd=project, stdout=out, stderr=subprocess.STDOUT)
    for _ in range(1500):
        text = open(work + "/review-open.out").read()
        if "http://127.0.0.1:" in text:
            return server, text.split("http://")[1].split("/")[0]
        time.sleep(0.02)
    raise RuntimeError(open(work + "/review-open.out").read())


def fetch(address, path):
    start = time.perf_counter()
    body = urllib.request.urlopen(f"http://{address}{path}").read()
    return (time.perf_counter() - start) * 1000, len(body)


class Browser:
    """Headless Chromium with the DevTools protocol on fds 3 (commands) and 4 (answers)."""

    def __init__(self):
        cmd_r, cmd_w = os.pipe()
        ans_r, ans_w = os.pipe()
        # Above 4, so that the dup2s below cannot clash; close-on-exec (as every pipe Python makes) but for 3 and 4.
        hi_r, hi_w = os.dup(cmd_r), os.dup(ans_w)
        def child():
            os.dup2(hi_r, 3)
            os.dup2(hi_w, 4)
        profile = work + "/review-open-profile"
        shutil.rmtree(profile, ignore_errors=True)
        self.process = subprocess.Popen([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                                         "--no-first-run", "--remote-debugging-pipe", f"--user-data-dir={profile}",
                                         "--window-size=1280,900", "about:blank"],
                                        close_fds=False, preexec_fn=child, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for fd in (cmd_r, ans_w, hi_r, hi_w): os.close(fd)
        self.w, self.r, self.buffer, self.next, self.session = cmd_w, ans_r, b"", 1, None
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]

    def call(self, method, params):
        i, self.next = self.next, self.next + 1
        message = {"id": i, "method": method, "params": params}
        if self.session and not method.startswith("Target."): message["sessionId"] = self.session
        os.write(self.w, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\0", 1)
                answer = json.loads(raw)
                if answer.get("id") == i:
                    if "error" in answer: raise RuntimeError(f"{method}: {answer['error']}")
                    return answer.get("result", {})
            chunk = os.read(self.r, 1 << 16)
            if not chunk: raise RuntimeError("chromium closed its pipe")
            self.buffer += chunk

    def evaluate(self, expression):
        return self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})["result"].get("value")

    def open(self, url):
        self.call("Page.navigate", {"url": url})
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                if self.evaluate("document.documentElement && document.documentElement.dataset.js === 'ready' && location.href === %s"
                                 % json.dumps(url)):
                    return int(self.evaluate("document.documentElement.dataset.readyMs")), int(self.evaluate("document.querySelectorAll('nav li').length"))
            except RuntimeError:
                pass
            time.sleep(0.01)
        raise RuntimeError("the page did not get ready")

    def stop(self):
        self.process.kill()
        self.process.wait()


browser = Browser()
page, items, opened = [], [], []
try:
    for r in range(rounds + 1):
        # The server's answers, from a fresh server: the run's state is encoded on this first request.
        server, address = serve()
        p, _ = fetch(address, "/")
        a, size = fetch(address, "/api/items")
        server.kill(); server.wait()
        # The page in the browser, from another fresh server: what a person waits for.
        server, address = serve()
        ready, listed = browser.open(f"http://{address}/?round={r}")
        server.kill(); server.wait()
        assert listed == 1000, listed
        if r == 0: continue   # warm-up: the browser's first page
        page.append(p); items.append(a); opened.append(ready)
finally:
    browser.stop()
m = statistics.median
print(f"1,000 images (600 changed, 200 new, 200 passed); median of {rounds} rounds after 1 warm-up, each from a fresh server.")
print(f"{'':44}{'median':>10}")
print(f"{'GET / (the page)':44}{m(page):>8.1f} ms")
print(f"{'GET /api/items (' + str(size // 1024) + ' KB of JSON)':44}{m(items):>8.1f} ms")
print(f"{'Chromium: navigation to the list drawn':44}{m(opened):>8.0f} ms")
print("JSON " + json.dumps({"page_ms": m(page), "items_ms": m(items), "open_ms": m(opened), "items_kb": size // 1024}))
print(f"GOAL the review page opens a 1,000-image run in under a second: {m(opened):.0f} ms — {'met' if m(opened) < 1000 else 'MISSED'}")
