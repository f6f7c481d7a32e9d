"""Whole processes side by side for Scripts/bench: wall time (rounds taking turns) and the peak
memory of each process tree (the sum of PSS over the process and its descendants, sampled every
few milliseconds in separate rounds, so that sampling does not slow the timed ones).

usage: processes.py ROUNDS MEMORY_ROUNDS NAME=COMMAND... (each COMMAND a JSON list)
Prints a table and one JSON line per tool (prefixed "JSON ")."""
import json, os, statistics, subprocess, sys, time


def children_of():
    kids = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        kids.setdefault(ppid, []).append(int(pid))
    return kids


def tree_pss_kb(root):
    kids, total, todo = children_of(), 0, [root]
    while todo:
        pid = todo.pop()
        todo += kids.get(pid, [])
        try:
            with open(f"/proc/{pid}/smaps_rollup") as f:
                for line in f:
                    if line.startswith("Pss:"):
                        total += int(line.split()[1])
                        break
        except OSError:
            pass
    return total


def run(cmd, sample=False):
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak = 0
    if sample:
        while p.poll() is None:
            peak = max(peak, tree_pss_kb(p.pid))
            time.sleep(0.003)
    _, err = p.communicate()
    wall = (time.perf_counter() - t0) * 1000
    if p.returncode != 0:
        sys.exit(f"bench: {cmd[0]} exited {p.returncode}: {err.decode(errors='replace')[-2000:]}")
    return wall, peak


rounds, memory_rounds = int(sys.argv[1]), int(sys.argv[2])
tools = [(a.split("=", 1)[0], json.loads(a.split("=", 1)[1])) for a in sys.argv[3:]]
for name, cmd in tools:  # warm the page cache and font caches
    run(cmd)
walls = {name: [] for name, _ in tools}
peaks = {name: [] for name, _ in tools}
for _ in range(rounds):
    for name, cmd in tools:
        walls[name].append(run(cmd)[0])
for _ in range(memory_rounds):
    for name, cmd in tools:
        peaks[name].append(run(cmd, sample=True)[1])
base = tools[0][0]
bw, bp = statistics.median(walls[base]), statistics.median(peaks[base])
print(f"{'process':34}{'runs':>5}{'wall, median':>14}{'÷ ' + base:>16}{'peak PSS (tree)':>18}{'÷ ' + base:>16}")
print("-" * 103)
for name, _ in tools:
    w, m = statistics.median(walls[name]), statistics.median(peaks[name])
    print(f"{name:34}{len(walls[name]):>5}{w:>11.0f} ms{w / bw:>15.1f}×{m / 1024:>15.1f} MB{m / bp:>15.1f}×")
for name, _ in tools:
    print("JSON " + json.dumps({"name": name, "wall_ms": statistics.median(walls[name]), "pss_kb": statistics.median(peaks[name])}))
