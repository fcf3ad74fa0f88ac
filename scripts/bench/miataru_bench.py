"""The Miataru benchmark (issue 10 §5): devices that each set a DeviceKey, send 10 locations and
read one peer, through MiataruClient (`SDKBenchBench miataru`) against `sdkbench serve`, beside the
Python peer (scripts/bench/miataru_peer.py, `requests`) making the same calls. Every run gets a
fresh `sdkbench serve`, so each side starts from an empty backend. Imported by bench.py."""
import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request

REQUESTS_PER_DEVICE = 12  # setDeviceKey + 10 UpdateLocation + 1 GetLocation
CONCURRENT_WORKERS = 8  # LiveTransport's connection soft limit per host; the peer gets as many threads


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


def median_of_three(command, sdkbench, devices, side, extra=()):
    """The run with the median rate of three, and the three rates: the machine may be busy."""
    runs = sorted((measure(command, sdkbench, devices, side, extra) for _ in range(3)), key=lambda figures: figures["rate"])
    return runs[1], ", ".join(f"{figures['rate']:,.0f}" for figures in runs)


def backend_floor(sdkbench, requests=5_000):
    """Requests/s and p50 of one UpdateLocation at a time over a bare keep-alive socket (no HTTP
    library, Python's cost near nothing): what the backend itself allows one request at a time."""
    body = json.dumps({"MiataruConfig": {"EnableLocationHistory": "False", "LocationDataRetentionTime": "30"},
                       "MiataruLocation": [{"Device": "floor", "Timestamp": "1700000000", "Longitude": "1.5",
                                            "Latitude": "2.5", "HorizontalAccuracy": "25"}]},
                      separators=(",", ":")).encode()
    with served(sdkbench) as url:
        host, port = url.removeprefix("http://").rsplit(":", 1)
        request = (f"POST /v1/UpdateLocation HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
                   f"Content-Length: {len(body)}\r\n\r\n").encode() + body
        latencies = []
        with socket.create_connection((host, int(port))) as connection:
            connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            begin = time.perf_counter()
            for _ in range(requests):
                sent = time.perf_counter()
                connection.sendall(request)
                answer = b""
                while b"\r\n\r\n" not in answer or len(answer.split(b"\r\n\r\n", 1)[1]) < content_length(answer):
                    chunk = connection.recv(65536)
                    if not chunk:
                        sys.exit("bench: the backend closed the floor connection")
                    answer += chunk
                if not answer.startswith(b"HTTP/1.1 200"):
                    sys.exit(f"bench: the floor request answered {answer[:80]!r}")
                latencies.append(time.perf_counter() - sent)
            seconds = time.perf_counter() - begin
    latencies.sort()
    return requests / seconds, latencies[len(latencies) // 2] * 1000


def content_length(answer):
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").lower()
    return next(int(line.split(":", 1)[1]) for line in head.split("\r\n") if line.startswith("content-length:"))


def run(sdkbench, bench, root, line, quick):
    devices = 100 if quick else 1_000
    print(f"Miataru: {devices:,} devices x (setDeviceKey, 10 UpdateLocation, 1 GetLocation) = "
          f"{REQUESTS_PER_DEVICE * devices:,} requests to 'sdkbench serve', keep-alive; one device at a time, then "
          f"{CONCURRENT_WORKERS} at a time on both sides (median of 3 each)")
    peer_command = [sys.executable, os.path.join(root, "scripts/bench/miataru_peer.py")]
    floor_rate, floor_p50 = backend_floor(sdkbench)
    ours, ours_rates = median_of_three([bench, "miataru"], sdkbench, devices, "SDKBenchBench miataru")
    peer, peer_rates = median_of_three(peer_command, sdkbench, devices, "the Python peer")
    workers = [str(CONCURRENT_WORKERS)]
    ours_many, ours_many_rates = median_of_three([bench, "miataru"], sdkbench, devices, "SDKBenchBench miataru", workers)
    peer_many, peer_many_rates = median_of_three(peer_command, sdkbench, devices, "the Python peer", workers)
    line("sdkbench MiataruClient, one at a time", describe(ours), f"runs: {ours_rates} req/s")
    line("python peer, requests.Session, one at a time", describe(peer), f"runs: {peer_rates} req/s")
    line("  ratio one at a time", f"{ours['rate'] / peer['rate']:.1f}x", f"p50 {peer['p50_ms'] / ours['p50_ms']:.1f}x lower")
    line("  the backend alone (bare socket, one at a time)", f"{floor_rate:,.0f} req/s, p50 {floor_p50:.2f} ms",
         "the ceiling one at a time, whatever the client")
    line(f"sdkbench, {CONCURRENT_WORKERS} devices at a time", describe(ours_many), f"runs: {ours_many_rates} req/s")
    line(f"python peer, {CONCURRENT_WORKERS} threads, a Session each", describe(peer_many), f"runs: {peer_many_rates} req/s")
    line(f"  ratio {CONCURRENT_WORKERS} at a time", f"{ours_many['rate'] / peer_many['rate']:.1f}x")
    best = max(peer["rate"], peer_many["rate"])
    line("ratio sdkbench at its best / the peer at its best", f"{max(ours['rate'], ours_many['rate']) / best:.1f}x", "goal: >= 5x")
