"""The preview's interaction frames for Scripts/bench part 4t: `tintype preview` serving a folder with
the settings screen, touched over HTTP as the page touches it: each step POSTs one event (a wheel turn
over the table, then a press and a drag on a row) to /api/touch/…, then GETs the frame's PNG. The
time of a step is from sending the event to the whole image received (what the page adds, decoding
and painting a PNG, is not in it). Steps run one after another, as the page sends them.

usage: touch_frames.py TINTYPE SCENES_DIR WORK STEPS
Prints the steps' times and one GOAL line."""
import json, os, re, shutil, statistics, subprocess, sys, time, urllib.request

tintype, scenes, work, steps = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
folder = os.path.join(work, "touch-folder")
shutil.rmtree(folder, ignore_errors=True)
os.makedirs(folder)
shutil.copy(os.path.join(scenes, "settings.json"), folder)
shutil.copytree(os.path.join(scenes, "assets"), os.path.join(folder, "assets"))
out = open(os.path.join(work, "touch-preview.out"), "w+")
server = subprocess.Popen([tintype, "preview", folder, "--port", "0"], stdout=out, stderr=subprocess.STDOUT)
try:
    port = None
    for _ in range(500):
        out.seek(0)
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", out.read())
        if m:
            port = int(m.group(1))
            break
        time.sleep(0.02)
    if port is None:
        sys.exit("touch_frames: the preview did not print its address")
    base = f"http://127.0.0.1:{port}"

    def step(events):
        start = time.perf_counter()
        req = urllib.request.Request(base + "/api/touch/settings.json?variant=0", data=json.dumps({"events": events}).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
        answer = json.loads(urllib.request.urlopen(req).read())
        image = urllib.request.urlopen(base + answer["image"]).read()
        assert image[:4] == b"\x89PNG"
        return (time.perf_counter() - start) * 1000, answer

    # The first render of the page (the still), and one step to warm the server up.
    urllib.request.urlopen(base + "/render/settings.json?variant=0").read()
    step([{"type": "reset"}])
    wheel, drag = [], []
    for i in range(steps):
        wheel.append(step([{"type": "wheel", "x": 187, "y": 300, "dx": 0, "dy": 25 if i < steps // 2 else -25}])[0])
    step([{"type": "down", "x": 300, "y": 200}])
    for i in range(steps):
        ms, answer = step([{"type": "move", "x": 290 - i * 8, "y": 200}])
        drag.append(ms)
    step([{"type": "up", "x": 290 - steps * 8, "y": 200}])
    kinds = answer["gestures"]
    both = sorted(wheel + drag)
    median = statistics.median(both)
    print(f"{'step':<34}{'median':>10}{'p90':>10}{'max':>10}")
    for name, times in (("wheel over the table (scroll)", wheel), ("drag on a row (swipe)", drag)):
        t = sorted(times)
        print(f"{name:<34}{statistics.median(t):>8.1f}ms{t[int(len(t) * 0.9)]:>8.1f}ms{t[-1]:>8.1f}ms")
    print(f"last gesture drawn: {kinds}; server's own layout and drawing of it: {answer['layoutMs']} ms + {answer['rasterMs']} ms")
    print(f"GOAL an interaction frame of the settings screen, event to image, < 50 ms: median {median:.1f} ms "
          f"({1000 / median:.0f} frames a second) — {'met' if median < 50 else 'MISSED'}")
finally:
    server.kill()
    server.wait()
