#!/usr/bin/env python3
"""Writes the scenes of Scripts/bench's 10,000-golden run (part 1m) into a folder: FILES scene files,
each a settings screen (a navigation bar over a grouped table of switch rows) of its own words, with
a matrix of 80 variants (iPhone SE and iPhone 8, portrait and landscape, 5 text sizes, 2 layout
directions, 2 tint adjustment modes: 0.86 million pixels a golden on average, where the repository's
suite averages 1.3 million). 125 files make 10,000 goldens.

  matrix.py scenes DIR [FILES]        write the scene files (default 125)
  matrix.py break DIR SHARE           replace SHARE of the goldens (0.05: every 20th) with the
                                      golden of the same variant of the next scene file, so that
                                      those checks fail on a few hundred pixels each
  matrix.py measure TINTYPE WORK      run `tintype test Snapshots`, then `tintype test WORK/Matrix
                                      --junit WORK/junit.xml` on the recorded matrix (every golden
                                      passing), then again with 5% of its goldens broken (`break`),
                                      and print the goals of part 1m for each run: peak memory (the
                                      kernel's maximum RSS) against Paparazzi's limit, time a golden
                                      against the suite's, and when the JUnit file's first test case
                                      and the HTML report's first failure were on disk
"""
import json, os, re, subprocess, sys, time

WORDS = ["Airplane Mode", "Wi-Fi", "Bluetooth", "Cellular", "Personal Hotspot", "Notifications",
         "Control Centre", "Do Not Disturb", "General", "Display", "Wallpaper", "Sounds", "Siri",
         "Privacy", "Battery", "Storage", "Keyboard", "Language", "Accessibility", "Restrictions"]
VARIANTS = {"devices": ["iPhone SE", "iPhone 8"], "orientations": ["portrait", "landscape"],
            "contentSizeCategories": ["L", "XL", "XXL", "XXXL", "AX1"],
            "layoutDirections": ["ltr", "rtl"],
            "tintAdjustmentModes": ["normal", "dimmed"]}


def scene(i):
    rows = []
    for r in range(10):
        word = WORDS[(i * 7 + r * 3) % len(WORDS)]
        rows.append({"text": f"{word} {i}", "accessoryView": {"switch": {"frame": [0, 0, 51, 31], "isOn": (i + r) % 3 == 0}}})
    return {
        "variants": VARIANTS,
        "root": {"navigationController": {"stack": [{
            "title": f"Settings {i}",
            "view": {"tableView": {"style": "grouped", "sections": [
                {"header": "Connections", "rows": rows[:4]},
                {"header": "General", "rows": rows[4:], "footer": f"Screen {i} of the matrix."}]}}}]}}}


def holds(path, text):
    """Whether the file at path exists and holds text (bytes)."""
    try:
        with open(path, "rb") as f:
            return text in f.read()
    except OSError:
        return False


def run(tintype, args, watch=()):
    """Runs tintype: wall ms, peak RSS in KB, its last line, and when each watched (file, text) was
    first seen (s): the file on disk holding the text."""
    t0 = time.perf_counter()
    p = subprocess.Popen([tintype] + args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    os.set_blocking(p.stdout.fileno(), False)
    seen, out = {w: None for w in watch}, []
    while True:
        for w in watch:
            if seen[w] is None and holds(*w):
                seen[w] = time.perf_counter() - t0
        chunk = p.stdout.read()
        if chunk:
            out.append(chunk)
        pid, _, usage = os.wait4(p.pid, os.WNOHANG)
        if pid:
            break
        time.sleep(0.05)
    wall = (time.perf_counter() - t0) * 1000
    rest = p.stdout.read()
    if rest:
        out.append(rest)
    lines = b"".join(out).decode(errors="replace").strip().splitlines()
    return wall, usage.ru_maxrss, lines[-1] if lines else "", seen


def goldens(line):
    return sum(int(n) for n in re.findall(r"(\d+) (?:passed|failed|skipped|recorded)", line))


# Paparazzi, the peer: one JVM runs out of memory after about 1,100 to 1,300 snapshots in one run
# (its issues #1415 and #2218: the APNG and HTML report writers hold every image).
PAPARAZZI = "Paparazzi: out of memory after about 1,100-1,300 snapshots in one run (its issues #1415, #2218)"


def measure_matrix(tintype, work, what, suite_per):
    """One run of the matrix with --junit: prints its numbers and its goals."""
    junit, report = f"{work}/junit.xml", f"{work}/artifacts/report/index.html"
    # JUnit test cases go to its spool (junit.xml.partial) as each check ends; the report's page
    # is written again as the run goes: a failure's section shows there before the run ends.
    first_case, first_failure = (junit + ".partial", b"<testcase "), (report, b'<section class="entry failed"')
    watch = (first_case, first_failure) if "failing" in what else (first_case,)
    wall, rss, line, seen = run(tintype, ["test", f"{work}/Matrix", "--artifacts", f"{work}/artifacts", "--junit", junit,
                                          "--reporter", "dot"], watch=watch)
    n = goldens(line)
    if not n:
        sys.exit(f"bench: the matrix run did not finish: {line!r}")
    per = wall / n

    def when(w):
        return "never seen" if seen[w] is None else f"at {seen[w]:.1f} s of {wall / 1000:.1f} s"
    print(f"the matrix, {what}: {line}: {wall / 1000:.1f} s, {per:.1f} ms a golden, peak RSS {rss / 1024:.0f} MB")
    print(f"GOAL {n:,} goldens ({what}) in one run under 200 MB peak memory (RSS): {rss / 1024:.0f} MB; {PAPARAZZI} — "
          f"{'met' if rss < 200 * 1024 else 'MISSED'}")
    print(f"GOAL {n:,} goldens ({what}), time a golden no worse than the suite's: {per:.1f} ms against {suite_per:.1f} ms "
          f"({per / suite_per:.2f}×) — {'met' if per <= suite_per else 'MISSED'}")
    streamed = all(seen[w] is not None and seen[w] < wall / 1000 / 2 for w in watch)
    told = f"JUnit's first test case on disk {when(first_case)}"
    if first_failure in watch:
        told += f", the report's first failure {when(first_failure)}"
    print(f"GOAL {n:,} goldens ({what}), JUnit and report written as the run goes (before half of it): {told} — "
          f"{'met' if streamed else 'MISSED'}")


def measure(tintype, work):
    suite_wall, suite_rss, suite_line, _ = run(tintype, ["test", "Snapshots", "--artifacts", f"{work}/suite-artifacts"])
    suite_n = goldens(suite_line)
    if not suite_n:
        sys.exit(f"bench: the suite did not finish: {suite_line!r}")
    suite_per = suite_wall / suite_n
    print(f"the repository's suite just before: {suite_line}: {suite_wall / 1000:.1f} s, {suite_per:.1f} ms a golden, "
          f"peak RSS {suite_rss / 1024:.0f} MB")
    measure_matrix(tintype, work, "all passing", suite_per)
    print(breaks(f"{work}/Matrix", 0.05))
    measure_matrix(tintype, work, "5% failing", suite_per)


def breaks(folder, share):
    """Replaces share of the goldens with the same variant's golden of the next scene file."""
    goldens = sorted(p for p in os.listdir(folder) if p.endswith(".png"))
    step = round(1 / share)
    broken = 0
    for n, name in enumerate(goldens):
        if n % step != step - 1:
            continue
        stem, variant = name.split(".", 1)
        i = int(stem.split("-")[1])
        other = os.path.join(folder, f"screen-{(i + 1) % 1000:03}.{variant}")
        if not os.path.exists(other):
            other = os.path.join(folder, f"screen-000.{variant}")
        with open(other, "rb") as src, open(os.path.join(folder, name), "wb") as dst:
            dst.write(src.read())
        broken += 1
    return f"{broken} of {len(goldens)} goldens replaced"


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "scenes":
        folder, files = sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 125
        os.makedirs(folder, exist_ok=True)
        for i in range(files):
            with open(os.path.join(folder, f"screen-{i:03}.json"), "w") as f:
                json.dump(scene(i), f, indent=1)
    elif len(sys.argv) == 4 and sys.argv[1] == "break":
        print(breaks(sys.argv[2], float(sys.argv[3])))
    elif len(sys.argv) == 4 and sys.argv[1] == "measure":
        measure(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)


main()
