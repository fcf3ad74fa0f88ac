#!/usr/bin/env python3
"""Runs sdkbench's benchmarks and prints each figure with its ratio to a baseline measured
in the same invocation. Called by scripts/bench.sh after a release build."""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SDKBENCH = os.path.join(ROOT, ".build/release/sdkbench")
BENCH = os.path.join(ROOT, ".build/release/SDKBenchBench")
QUICK = os.environ.get("BENCH_QUICK") == "1"


def timed(command, runs, **kwargs):
    """Median wall time of a command, and the peak RSS (KiB) of the last run, via GNU time."""
    samples = []
    rss = 0
    for _ in range(runs):
        begin = time.perf_counter()
        result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True, **kwargs)
        samples.append(time.perf_counter() - begin)
        if result.returncode != 0:
            sys.exit(f"bench: {' '.join(command)} failed ({result.returncode}):\n{result.stderr}")
        rss = int(result.stderr.strip().splitlines()[-1])
    return statistics.median(samples), rss


def line(label, value, goal=""):
    print(f"  {label:<58} {value:<28} {goal}")


def cold_start(home):
    print("cold start: sdkbench -c help vs sqlite3 :memory: .help (median of 40 runs)")
    env = dict(os.environ, SDKBENCH_HOME=home, NO_COLOR="1")
    runs = 10 if QUICK else 40
    ours, ours_rss = timed([SDKBENCH, "-c", "help"], runs, env=env)
    sqlite, _ = timed(["sqlite3", ":memory:", ".help"], runs)
    line("sdkbench -c help", f"{ours * 1000:.2f} ms ({ours_rss // 1024} MiB RSS)")
    line("sqlite3 :memory: .help", f"{sqlite * 1000:.2f} ms")
    line("ratio sdkbench / sqlite3", f"{ours / sqlite:.2f}x", "goal: <= 4x")


def startup_ladder(work, home):
    """How start-up grows with the code linked in: the Swift runtime alone, plus Foundation
    (which brings ICU), then sdkbench; and what the release binary is made of."""
    print("start-up by code linked in (static stdlib, median of runs) and the release binary")
    programs = {
        "swift: print only": 'print("hi")\n',
        "swift + FoundationEssentials": 'import FoundationEssentials\nprint(Data([1]).base64EncodedString())\n',
        "swift + Foundation (ICU)": 'import Foundation\nprint(Data([1]).base64EncodedString())\n',
    }
    runs = 10 if QUICK else 40
    env = dict(os.environ, SDKBENCH_HOME=home, NO_COLOR="1")
    for label, text in programs.items():
        source = os.path.join(work, "ladder.swift")
        binary = os.path.join(work, "ladder")
        with open(source, "w") as handle:
            handle.write(text)
        built = subprocess.run(["swiftc", "-O", "-static-stdlib", source, "-o", binary],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if built.returncode != 0:
            line(label, "did not build", built.stderr.strip().splitlines()[-1][:60])
            continue
        elapsed, rss = timed([binary], runs)
        line(label, f"{elapsed * 1000:.2f} ms ({rss // 1024} MiB RSS)", f"{os.path.getsize(binary) / 1e6:.1f} MB binary")
    elapsed, rss = timed([SDKBENCH, "-c", "help"], runs, env=env)
    line("sdkbench -c help", f"{elapsed * 1000:.2f} ms ({rss // 1024} MiB RSS)", f"{os.path.getsize(SDKBENCH) / 1e6:.1f} MB binary")
    symbols = subprocess.run(["nm", "-S", "--size-sort", SDKBENCH], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             text=True).stdout.splitlines()
    icu = sum(int(parts[1], 16) for parts in (entry.split() for entry in symbols) if len(parts) >= 4 and parts[3].startswith("icudt"))
    debug = subprocess.run(["size", "-A", SDKBENCH], stdout=subprocess.PIPE, text=True).stdout.splitlines()
    debug_bytes = sum(int(parts[1]) for parts in (entry.split() for entry in debug) if len(parts) >= 2 and parts[0].startswith(".debug"))
    line("  of which ICU data (icudt* symbols)", f"{icu / 1e6:.1f} MB", "Foundation's, for locale formatting")
    line("  of which debug info (.debug_* sections)", f"{debug_bytes / 1e6:.1f} MB", "not loaded at run time")


def tracker_pairs():
    print("perf start/end pairs per second by pending depth (same feature.layer)")
    pairs = 200_000 if QUICK else 2_000_000
    for pending in (10, 1_000, 100_000):
        ours = int(subprocess.check_output([BENCH, "tracker", str(pending), str(pairs)]))
        baseline_pairs = max(20, min(pairs, 20_000_000 // (pending * 20)))
        baseline = int(subprocess.check_output([BENCH, "baseline", str(pending), str(baseline_pairs)]))
        line(f"{pending:>7} pending: tracker", f"{ours:,} pairs/s = {1e6 / ours:.3f} µs/pair", "goal: < 2 µs, flat")
        line(f"{pending:>7} pending: seed's filter+sort matching", f"{baseline:,} pairs/s", f"ratio {ours / baseline:,.1f}x")


def csv_export(work, home):
    count = 100_000 if QUICK else 1_000_000
    print(f"CSV export of {count:,} stored entries (perf export csv --all) vs Python's csv module")
    daily = os.path.join(work, "daily")
    subprocess.check_call([BENCH, "daily-file", daily, str(count)])
    size = sum(os.path.getsize(os.path.join(daily, name)) for name in os.listdir(daily))
    env = dict(os.environ, SDKBENCH_HOME=home, NO_COLOR="1")
    ours_out = os.path.join(work, "ours.csv")
    peer_out = os.path.join(work, "peer.csv")
    ours, ours_rss = timed([SDKBENCH, "-c", f"perf export csv {ours_out} --all --dir {daily}"], 3, env=env)
    peer, peer_rss = timed([sys.executable, os.path.join(ROOT, "scripts/bench/export_csv_peer.py"), daily, peer_out], 1)
    with open(ours_out) as a, open(peer_out) as b:
        rows_ours = sum(1 for _ in a)
        rows_peer = sum(1 for _ in b)
    line("input", f"{size / 1e6:.0f} MB of daily JSON")
    line("sdkbench", f"{ours:.2f} s, {count / ours:,.0f} rows/s, {ours_rss // 1024} MiB RSS")
    line("python csv peer", f"{peer:.2f} s, {count / peer:,.0f} rows/s, {peer_rss // 1024} MiB RSS")
    line("ratio python / sdkbench time", f"{peer / ours:.2f}x", "goal: >= 3x, memory flat")
    if rows_ours != rows_peer:
        print(f"  WARNING: row counts differ: sdkbench {rows_ours}, python {rows_peer}")


def script_lines(work, home):
    count = 100_000 if QUICK else 1_000_000
    print(f"a {count:,}-line script of trivial commands vs bash running the same assignments")
    script = os.path.join(work, "lines.sdk")
    shell = os.path.join(work, "lines.sh")
    with open(script, "w") as sdk, open(shell, "w") as sh:
        for index in range(count // 3):
            sdk.write(f"set a {index}\nset b {{{{a}}}}\necho {{{{b}}}}\n")
            sh.write(f"a={index}\nb=$a\necho $b\n")
    env = dict(os.environ, SDKBENCH_HOME=home, NO_COLOR="1")
    ours, ours_rss = timed([SDKBENCH, "run", script], 3, env=env)
    bash, _ = timed(["bash", shell], 3)
    lines = (count // 3) * 3
    line("sdkbench run", f"{lines / ours:,.0f} lines/s ({ours:.2f} s, {ours_rss // 1024} MiB RSS)", "goal: >= 500,000 lines/s")
    line("bash", f"{lines / bash:,.0f} lines/s ({bash:.2f} s)", f"ratio {bash / ours:.2f}x")


def hamon(work):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import hamon_bench
    hamon_bench.run(SDKBENCH, ROOT, work, line, QUICK)


def miataru():
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import miataru_bench
    miataru_bench.run(SDKBENCH, BENCH, ROOT, line, QUICK)


def sift(work):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import sift_bench
    sift_bench.run(SDKBENCH, ROOT, work, line, QUICK)


def test_mode(work):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import test_mode_bench
    test_mode_bench.run(SDKBENCH, work, line, QUICK)


def load_mode(work):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import load_bench
    load_bench.run(SDKBENCH, work, line, QUICK)


def proxy_mode(work):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import proxy_bench
    proxy_bench.run(SDKBENCH, work, line, QUICK)


def import_har(work):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import import_bench
    import_bench.run(SDKBENCH, work, line, QUICK)


def main():
    for binary in (SDKBENCH, BENCH):
        if not os.path.exists(binary):
            sys.exit(f"bench: {binary} missing; run scripts/bench.sh")
    work = tempfile.mkdtemp(prefix="sdkbench-bench-")
    home = os.path.join(work, "home")
    try:
        cold_start(home)
        startup_ladder(work, home)
        tracker_pairs()
        csv_export(work, home)
        script_lines(work, home)
        hamon(work)
        miataru()
        sift(work)
        test_mode(work)
        load_mode(work)
        proxy_mode(work)
        import_har(work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
