"""The Miataru benchmark (issue 10 §5): devices that each set a DeviceKey, send 10 locations and
read one peer, through MiataruClient (`SDKBenchBench miataru`) against `sdkbench serve`, beside the
Python peer (scripts/bench/miataru_peer.py, `requests`) making the same calls. Every run gets a
fresh `sdkbench serve`, so each side starts from an empty backend. Imported by bench.py."""
import contextlib
import json
import os
import subprocess
import sys
import urllib.request

REQUESTS_PER_DEVICE = 12  # setDeviceKey + 10 UpdateLocation + 1 GetLocation
CONCURRENT_WORKERS = 8  # LiveTransport's connection soft limit per host


@contextlib.contextmanager
def served(sdkbench):
    """A fresh `sdkbench serve`; yields its URL."""
    server = subprocess.Popen([sdkbench, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        url = server.stdout.readline().strip()
        if not url.startswith("http://"):
            sys.exit(f"bench: sdkbench serve printed {url!r} instead of its URL")
        yield url
    finally:
        server.terminate()
        server.wait()


def check_received(url, devices, side):
    """The backend must have answered exactly the calls the side made, and nothing else."""
    with urllib.request.urlopen(url + "/_sdkbench/received/miataru?limit=0") as answer:
        body = json.load(answer)
    expected = {"setDeviceKey": devices, "UpdateLocation": 10 * devices, "GetLocation": devices}
    calls = body.get("calls", {})
    if body.get("requests") != REQUESTS_PER_DEVICE * devices or any(calls.get(name) != count for name, count in expected.items()):
        sys.exit(f"bench: after {side}, the backend received {body.get('requests')} requests, calls {calls}; "
                 f"expected {REQUESTS_PER_DEVICE * devices}, {expected}")


def measure(command, sdkbench, devices, side, extra=()):
    """Runs `command URL DEVICES EXTRA...` against a fresh backend; its figures as a dict."""
    with served(sdkbench) as url:
        result = subprocess.run(command + [url, str(devices), *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if result.returncode != 0:
            sys.exit(f"bench: {side} failed ({result.returncode}):\n{result.stderr[-2000:]}")
        figures = json.loads(result.stdout.strip().splitlines()[-1])
        if figures["requests"] != REQUESTS_PER_DEVICE * devices:
            sys.exit(f"bench: {side} made {figures['requests']} requests, not {REQUESTS_PER_DEVICE * devices}")
        check_received(url, devices, side)
    figures["rate"] = figures["requests"] / figures["seconds"]
    return figures


def describe(figures):
    return f"{figures['rate']:,.0f} req/s, p50/p99 {figures['p50_ms']:.2f}/{figures['p99_ms']:.2f} ms"


def median_of_three(command, sdkbench, devices, side):
    """The run with the median rate of three, and the three rates: the machine may be busy."""
    runs = sorted((measure(command, sdkbench, devices, side) for _ in range(3)), key=lambda figures: figures["rate"])
    return runs[1], ", ".join(f"{figures['rate']:,.0f}" for figures in runs)


def run(sdkbench, bench, root, line, quick):
    devices = 100 if quick else 1_000
    print(f"Miataru: {devices:,} devices x (setDeviceKey, 10 UpdateLocation, 1 GetLocation) = "
          f"{REQUESTS_PER_DEVICE * devices:,} requests to 'sdkbench serve', one at a time, keep-alive")
    ours, ours_rates = median_of_three([bench, "miataru"], sdkbench, devices, "SDKBenchBench miataru")
    peer, peer_rates = median_of_three([sys.executable, os.path.join(root, "scripts/bench/miataru_peer.py")], sdkbench,
                                       devices, "the Python peer")
    # Not like for like (the peer is sequential): printed apart, never in the ratio.
    concurrent = measure([bench, "miataru"], sdkbench, devices, "SDKBenchBench miataru (concurrent)",
                         [str(CONCURRENT_WORKERS)])
    line("sdkbench MiataruClient (median of 3)", describe(ours), f"runs: {ours_rates} req/s")
    line("python peer, requests.Session (median of 3)", describe(peer), f"runs: {peer_rates} req/s")
    line("ratio sdkbench / python req/s", f"{ours['rate'] / peer['rate']:.1f}x",
         f"goal: >= 5x (p50 {peer['p50_ms'] / ours['p50_ms']:.1f}x lower)")
    line(f"sdkbench, {CONCURRENT_WORKERS} devices at a time (not compared)", describe(concurrent))
