"""sdkbench test: 200 small .sdk files of 5 assertions each against their embedded backends,
--jobs 1 against --jobs 2, and the same 1,000 assertions as the shell loop of curl and jq a team
would write without a tool (against one 'sdkbench serve'); then 'sdkbench check all' against the
embedded backend (goal: under 5 s). Run alone: test_mode_bench.py BINARY."""
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

FILE = """http GET /_sdkbench/health
expect last.status == 200
expect last.json.status == ok
perf start login api n={index}
perf end login api
perf logs
expect last[0].feature == login
expect last[0].metadata.n == "{index}"
http GET /_sdkbench/status
expect last.status == 200
"""

PEER = """set -e
base="$1"
for i in $(seq 1 {count}); do
  body=$(curl -sf "$base/_sdkbench/health")
  code=$(curl -s -o /dev/null -w '%{{http_code}}' "$base/_sdkbench/health")
  [ "$code" = 200 ]
  echo "$body" | jq -e '.status == "ok"' >/dev/null
  status=$(curl -sf "$base/_sdkbench/status")
  echo "$status" | jq -e 'type == "object"' >/dev/null
  echo "$status" | jq -e 'has("services") or true' >/dev/null
  code=$(curl -s -o /dev/null -w '%{{http_code}}' "$base/_sdkbench/status")
  [ "$code" = 200 ]
done
"""


def timed(command, runs, env):
    samples, rss = [], 0
    for _ in range(runs):
        begin = time.perf_counter()
        result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                text=True, env=env)
        samples.append(time.perf_counter() - begin)
        if result.returncode != 0:
            sys.exit(f"bench: {' '.join(command)} failed ({result.returncode}):\n{result.stderr[-2000:]}")
        rss = max(rss, int(result.stderr.strip().splitlines()[-1]))
    return statistics.median(samples), rss


def run(sdkbench, work, line, quick):
    count = 40 if quick else 200
    runs = 3
    print(f"sdkbench test: {count} files x 5 assertions on their embedded backends vs a curl + jq loop (median of {runs})")
    suite = os.path.join(work, "test-suite")
    os.makedirs(suite, exist_ok=True)
    for index in range(count):
        with open(os.path.join(suite, f"check-{index:03}.sdk"), "w") as handle:
            handle.write(FILE.format(index=index))
    env = dict(os.environ, SDKBENCH_HOME=os.path.join(work, "test-home"), NO_COLOR="1")
    one, one_rss = timed([sdkbench, "test", suite, "--jobs", "1", "--quiet"], runs, env)
    two, two_rss = timed([sdkbench, "test", suite, "--jobs", "2", "--quiet"], runs, env)
    assertions = count * 5
    line("sdkbench test --jobs 1", f"{one:.2f} s ({assertions / one:,.0f} assertions/s)", f"peak RSS {one_rss // 1024} MiB")
    line("sdkbench test --jobs 2", f"{two:.2f} s ({assertions / two:,.0f} assertions/s)",
         f"ratio {one / two:.2f}x (goal >= 1.7x), peak RSS {two_rss // 1024} MiB (goal < 150)")
    server = subprocess.Popen([sdkbench, "serve", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        base = server.stdout.readline().split()[-1].rstrip("/")
        peer = os.path.join(work, "peer.sh")
        with open(peer, "w") as handle:
            handle.write(PEER.format(count=count))
        loop, _ = timed(["bash", peer, base], 1, env)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)
    line("bash loop of curl + jq, same assertions", f"{loop:.2f} s", f"sdkbench --jobs 2 is {loop / two:.1f}x faster (goal >= 10x)")
    # The conformance self-test: every suite's rules against the embedded backend, against the
    # same suites printed and run as files by 'sdkbench test' (the work 'check' adds: folding).
    check, check_rss = timed([sdkbench, "check", "all", "--quiet"], runs, env)
    printed = []
    for service in ("hamon", "perf", "miataru"):
        path = os.path.join(work, f"printed-{service}.sdk")
        with open(path, "w") as handle:
            handle.write(subprocess.run([sdkbench, "check", "--print", service], capture_output=True, text=True, check=True).stdout)
        printed.append(path)
    as_files, _ = timed([sdkbench, "test", *printed, "--var", "server=local", "--quiet"], runs, env)
    line("sdkbench check all (34 rules)", f"{check:.2f} s", f"goal < 5 s; peak RSS {check_rss // 1024} MiB")
    line("the printed suites as test files", f"{as_files:.2f} s", "baseline (sift needs its key on the backend)")


if __name__ == "__main__":
    work = tempfile.mkdtemp(prefix="sdkbench-test-bench-")
    try:
        run(sys.argv[1], work, lambda label, value, goal="": print(f"  {label:<40} {value:<36} {goal}"), os.environ.get("BENCH_QUICK") == "1")
    finally:
        shutil.rmtree(work, ignore_errors=True)
