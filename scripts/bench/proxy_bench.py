"""sdkbench proxy: wrk (64 connections, one Miataru GetLocation) to 'sdkbench serve' directly,
through 'sdkbench proxy', and through 'mitmdump --mode reverse:URL' on the same traffic, in
turn, in one run. Figures: requests/s and p50 latency; goals: the proxy keeps >= 50% of the
direct throughput and adds <= 0.3 ms at p50, and serves >= 10x mitmdump's requests/s. Run
alone: proxy_bench.py BINARY [SECONDS] [ROUNDS].

The p50 the proxy adds is also measured on one connection: at 64 connections every server is
saturated and p50 is the queue's length over throughput (Little's law), so there it follows the
throughput ratio (76% of direct: about 4 ms more), whereas one connection shows the time one
exchange spends in the proxy."""
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

WRK_LUA = """wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"MiataruConfig":{"RequestMiataruDeviceID":"wrk-reader"},"MiataruGetLocation":[{"Device":"wrk-reader"}]}'
"""


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port, process, seconds=20):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if process.poll() is not None:
            sys.exit(f"bench: {process.args[0]} exited ({process.returncode}) before listening")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    sys.exit(f"bench: nothing listens on {port} after {seconds} s")


def stop(process):
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def wrk(url, lua, seconds, connections=64):
    """requests/s and p50 ms of one wrk run, CONNECTIONS connections on one thread."""
    out = subprocess.run(["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency", "-s", lua, url + "/v1/GetLocation"],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout
    rate = next((float(l.split()[1]) for l in out.splitlines() if l.startswith("Requests/sec:")), None)
    p50 = None
    for text in out.splitlines():
        match = re.match(r"\s+50%\s+([\d.]+)(us|ms|s)", text)
        if match:
            value, unit = float(match.group(1)), match.group(2)
            p50 = value / 1000 if unit == "us" else value * 1000 if unit == "s" else value
    errors = next((l.strip() for l in out.splitlines() if "Non-2xx" in l or "Socket errors" in l), "")
    if rate is None or p50 is None:
        sys.exit(f"bench: wrk gave no figure:\n{out}")
    return rate, p50, errors


def run(sdkbench, work, line, quick, seconds=None, rounds=None):
    seconds = seconds or (3 if quick else 5)
    rounds = rounds or (1 if quick else 3)
    print(f"sdkbench proxy: wrk, 64 connections, one GetLocation, {seconds} s each, direct / proxy / mitmdump in turn, then one connection direct / proxy; median of {rounds}")
    if not shutil.which("wrk"):
        line("wrk", "missing", "apt-get install wrk")
        return
    lua = os.path.join(work, "proxy-getlocation.lua")
    with open(lua, "w") as handle:
        handle.write(WRK_LUA)
    env = dict(os.environ, SDKBENCH_HOME=os.path.join(work, "proxy-home"), NO_COLOR="1")
    server = subprocess.Popen([sdkbench, "serve", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    upstream = server.stdout.readline().strip()
    port = free_port()
    # NDJSON to /dev/null: every exchange is still decoded and written, as a user's run would.
    proxy = subprocess.Popen([sdkbench, "proxy", "--listen", str(port), "--upstream", upstream, "--json"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    wait_for_port(port, proxy)
    mitm = None
    mitm_port = free_port()
    if shutil.which("mitmdump"):
        mitm = subprocess.Popen(["mitmdump", "--mode", f"reverse:{upstream}", "--listen-host", "127.0.0.1", "--listen-port", str(mitm_port),
                                 "-q", "--set", "flow_detail=0"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for_port(mitm_port, mitm)
    figures = {"direct": [], "proxy": [], "mitmdump": [], "direct1": [], "proxy1": []}
    notes = {}
    try:
        for _ in range(rounds):
            for name, url in (("direct", upstream), ("proxy", f"http://127.0.0.1:{port}"), ("mitmdump", f"http://127.0.0.1:{mitm_port}")):
                if name == "mitmdump" and mitm is None:
                    continue
                rate, p50, errors = wrk(url, lua, seconds)
                figures[name].append((rate, p50))
                if errors:
                    notes[name] = errors
            for name, url in (("direct1", upstream), ("proxy1", f"http://127.0.0.1:{port}")):
                rate, p50, errors = wrk(url, lua, seconds, connections=1)
                figures[name].append((p50, rate))
                if errors:
                    notes[name] = errors
    finally:
        stop(proxy)
        if mitm:
            stop(mitm)
        stop(server)

    def median(name):
        runs = sorted(figures[name])
        return runs[len(runs) // 2] if runs else (None, None)

    direct_rate, direct_p50 = median("direct")
    proxy_rate, proxy_p50 = median("proxy")
    line("wrk -> serve (direct)", f"{direct_rate:,.0f} req/s, p50 {direct_p50:.2f} ms", notes.get("direct", ""))
    line("wrk -> sdkbench proxy -> serve", f"{proxy_rate:,.0f} req/s, p50 {proxy_p50:.2f} ms", notes.get("proxy", ""))
    line("  proxy / direct throughput", f"{100 * proxy_rate / direct_rate:.0f}%", "goal: >= 50%")
    line("  p50 added by the proxy, 64 connections", f"{proxy_p50 - direct_p50:.2f} ms", "saturated: follows throughput")
    direct1_p50, direct1_rate = median("direct1")
    proxy1_p50, proxy1_rate = median("proxy1")
    line("wrk -c1 -> serve (direct)", f"p50 {direct1_p50:.3f} ms, {direct1_rate:,.0f} req/s", notes.get("direct1", ""))
    line("wrk -c1 -> sdkbench proxy -> serve", f"p50 {proxy1_p50:.3f} ms, {proxy1_rate:,.0f} req/s", notes.get("proxy1", ""))
    line("  p50 added by the proxy, one connection", f"{proxy1_p50 - direct1_p50:.3f} ms", "goal: <= 0.3 ms")
    if figures["mitmdump"]:
        mitm_rate, mitm_p50 = median("mitmdump")
        line("wrk -> mitmdump --mode reverse -> serve", f"{mitm_rate:,.0f} req/s, p50 {mitm_p50:.2f} ms", notes.get("mitmdump", ""))
        line("  sdkbench proxy / mitmdump requests/s", f"{proxy_rate / mitm_rate:.1f}x", "goal: >= 10x")
    else:
        line("mitmdump", "missing", "python3 -m pip install mitmproxy")


if __name__ == "__main__":
    def show(label, value, goal=""):
        print(f"  {label:<58} {value:<28} {goal}")
    work = tempfile.mkdtemp(prefix="sdkbench-proxy-bench-")
    try:
        run(sys.argv[1], work, show, False, int(sys.argv[2]) if len(sys.argv) > 2 else None, int(sys.argv[3]) if len(sys.argv) > 3 else None)
    finally:
        shutil.rmtree(work, ignore_errors=True)
