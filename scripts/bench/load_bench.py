"""sdkbench load: the fleets of every engine's own flow (the SDK's commands, as docs/load.md and
`import har --as-load` write them) against 'sdkbench serve' and against nginx answering each route
a fixed body (the ceiling server: a figure moved by nginx is the server's, one that is not is the
generator's), after the Miataru flow (setDeviceKey, 10 UpdateLocation, 1 GetLocation per device)
for 1,000 devices against 'sdkbench serve', 8 and 64 at a time, beside Locust (FastHttpUser, the
same flow and bodies, one process) and wrk hammering one GetLocation as the backend's ceiling;
then 10,000 devices held at once (RSS). Figures: requests/s, p50/p99 and the load
generator's own CPU seconds per 1,000 requests (the backend's excluded), the median of five runs
each, taken in turn (wrk's too); for the fleets, 100,000 devices each once a minute: failed
iterations, peak RSS, iteration start lateness, wall time past --duration. Run alone:
load_bench.py BINARY (BENCH_FLEETS_ONLY=1 for the fleets alone)."""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

FLEET_FLOW = """configure host {{server}}
http POST /v1/UpdateLocation MiataruConfig[EnableLocationHistory]=False MiataruConfig[LocationDataRetentionTime]=30 MiataruLocation[0][Device]={{device.id}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10
"""

FLOW = """configure host {{server}}
set d --uuid
http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{d}} MiataruSetDeviceKey[NewDeviceKey]=k-{{d}}
repeat 10
  http POST /v1/UpdateLocation MiataruConfig[EnableLocationHistory]=True MiataruConfig[LocationDataRetentionTime]=30 MiataruLocation[0][Device]={{d}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10 MiataruLocation[0][DeviceKey]=k-{{d}}
end
http POST /v1/GetLocation MiataruConfig[RequestMiataruDeviceID]={{d}} MiataruConfig[RequestMiataruDeviceKey]=k-{{d}} MiataruGetLocation[0][Device]={{d}}
expect last.status == 200
"""

# Each engine's flow as a phone runs it, once a minute: the SDK's own commands.
ENGINE_FLOWS = [
    ("http line (UpdateLocation)", FLEET_FLOW),
    ("miataru", """configure host {{server}}
miataru device {{device.id}}
miataru key set --generate
miataru location update 52.52 13.405
"""),
    ("hamon", """configure host {{server}}
hamon user user-{{device.index}}
hamon log screen_view screen_name=home
hamon flush
"""),
    ("sift", """configure host {{server}}
sift account 4e1a50e172beb95cf1e4ae54
sift beacon 0123456789abcdef
sift user user-{{device.index}}
sift event tap button=buy
sift upload --force --wait 10s
"""),
    ("perf", """configure host {{server}}
perf destination add analytics /api/performance/batch --batch 1
perf start checkout api
perf end checkout api status=success
perf flush
"""),
]

# nginx as the ceiling server: one worker, a fixed answer per route, as the embedded backend answers it.
NGINX_CONF = """worker_processes 1;
worker_rlimit_nofile 65536;
error_log {work}/nginx-error.log crit;
pid {work}/nginx.pid;
events {{ worker_connections 60000; }}
http {{
    access_log off;
    keepalive_requests 100000;
    client_body_temp_path {work}/nginx-body;
    server {{
        listen 127.0.0.1:{port} reuseport backlog=65535;
        default_type application/json;
        location = /v1/setDeviceKey {{ return 200 '{{"MiataruResponse":"ACK","MiataruVerboseResponse":"Device key set successfully"}}'; }}
        location /v1/ {{ return 200 '{{"MiataruResponse":"ACK","MiataruVerboseResponse":"Location Update for device"}}'; }}
        # The tour's read-backs (import har --as-load): a location, no visitors, GeoJSON refused
        # without a key, as the embedded backend answers the tour.
        location = /v1/GetLocation {{ return 200 '{{"MiataruLocation":[{{"Device":"tour-phone","Timestamp":"1700000000","Longitude":"10.8375","Latitude":"49.8289","HorizontalAccuracy":"12"}}]}}'; }}
        location = /v1/GetVisitorHistory {{ return 200 '{{"MiataruServerConfig":{{"MaximumNumberOfVisitorHistory":"10","AvailableVisitorHistory":"0"}},"MiataruVisitors":[]}}'; }}
        location /v1/GetLocationGeoJSON/ {{ return 401 '{{"error":"device key required"}}'; }}
        location /v1/users/ {{ return 200 '{{"status":"success"}}'; }}
        location = /v1/events {{ return 200 '{{"status":"success"}}'; }}
        location /v3/ {{ return 200 '{{"status":0,"error_message":"OK"}}'; }}
        location = /api/performance/batch {{ return 200 '{{"status":"success","received":1}}'; }}
        location / {{ return 200 '{{"status":"ok"}}'; }}
    }}
}}
"""

LOCUSTFILE = """
import uuid
import gevent
from locust import task, events
from locust.contrib.fasthttp import FastHttpUser

FLOWS = int({flows})
done = [0]

class Device(FastHttpUser):
    @task
    def flow(self):
        if done[0] >= FLOWS:
            # Quit from a greenlet of its own: called from this user's, it would kill itself first.
            gevent.spawn(self.environment.runner.quit)
            return
        done[0] += 1
        d = str(uuid.uuid4())
        self.client.post('/v1/setDeviceKey', json={{'MiataruSetDeviceKey': {{'DeviceID': d, 'NewDeviceKey': 'k-' + d}}}})
        for _ in range(10):
            self.client.post('/v1/UpdateLocation', json={{'MiataruConfig': {{'EnableLocationHistory': 'True', 'LocationDataRetentionTime': '30'}},
                'MiataruLocation': [{{'Device': d, 'Timestamp': '1700000000', 'Longitude': '13.4', 'Latitude': '52.5', 'HorizontalAccuracy': '10', 'DeviceKey': 'k-' + d}}]}})
        self.client.post('/v1/GetLocation', json={{'MiataruConfig': {{'RequestMiataruDeviceID': d, 'RequestMiataruDeviceKey': 'k-' + d}},
            'MiataruGetLocation': [{{'Device': d}}]}})
"""

WRK_LUA = """wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"MiataruConfig":{"RequestMiataruDeviceID":"wrk-reader"},"MiataruGetLocation":[{"Device":"wrk-reader"}]}'
"""


def serve(sdkbench, env):
    server = subprocess.Popen([sdkbench, "serve", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    url = server.stdout.readline().strip()
    return server, url


def stop(server):
    server.send_signal(signal.SIGTERM)
    server.wait(timeout=10)


def cpu_of(command, env, cwd=None):
    """Runs command; its own user+sys CPU seconds (children included) and its wall seconds."""
    before = os.times()
    begin = time.perf_counter()
    result = subprocess.run(command, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - begin
    after = os.times()
    if result.returncode != 0:
        sys.exit(f"bench: {' '.join(command)} failed ({result.returncode}):\n{result.stderr[-2000:]}")
    return (after.children_user - before.children_user) + (after.children_system - before.children_system), wall, result


def env_for(work):
    return dict(os.environ, SDKBENCH_HOME=os.path.join(work, "load-home"), NO_COLOR="1")


def run(sdkbench, work, line, quick):
    flows = 100 if quick else 1000
    requests_total = flows * 12
    env = env_for(work)
    script = os.path.join(work, "flow.sdk")
    with open(script, "w") as handle:
        handle.write(FLOW)
    print(f"sdkbench load: the Miataru flow for {flows:,} devices ({requests_total:,} requests) against sdkbench serve")
    ceiling = None
    rounds = 1 if quick else 5
    if shutil.which("wrk"):
        ceilings = []
        for _ in range(rounds):
            server, url = serve(sdkbench, env)
            lua = os.path.join(work, "getlocation.lua")
            with open(lua, "w") as handle:
                handle.write(WRK_LUA)
            out = subprocess.run(["wrk", "-t1", "-c64", "-d5s", "-s", lua, url + "/v1/GetLocation"], stdout=subprocess.PIPE, text=True).stdout
            stop(server)
            ceilings += [float(text.split()[1]) for text in out.splitlines() if text.startswith("Requests/sec:")]
        ceiling = sorted(ceilings)[len(ceilings) // 2] if ceilings else None
        spread = f" (runs {', '.join(f'{value:,.0f}' for value in ceilings)})" if len(ceilings) > 1 else ""
        line("wrk, one GetLocation, 64 connections", f"{ceiling:,.0f} req/s{spread}" if ceiling else "no figure", "the backend's ceiling here")
    # A CPU figure of one run moved by up to a fifth from run to run (Locust's by up to a third:
    # 0.286-0.440 in one invocation), on this two-core machine: each side is run `rounds` times,
    # in turn, and its median run is quoted; with three, the median of either side still moved
    # by a fifth between invocations.
    for concurrency in (8, 64):
        ours_runs, their_runs = [], []
        for _ in range(rounds):
            server, url = serve(sdkbench, env)
            report = os.path.join(work, f"load-{concurrency}.json")
            cpu, wall, _ = cpu_of([sdkbench, "load", script, "--devices", str(concurrency), "--iterations", str(flows // concurrency),
                                   "--var", "server=" + url[len("http://"):], "--quiet", "--report-json", report], env)
            stop(server)
            with open(report) as handle:
                figures = json.load(handle)
            count = sum(kind["count"] for kind in figures["kinds"].values())
            update = figures["kinds"]["http POST /v1/UpdateLocation"]["latencyMs"]
            ours_runs.append((1000 * cpu / count, count / figures["duration"], update["p50"], update["p99"]))
            if shutil.which("locust"):
                server, url = serve(sdkbench, env)
                locustfile = os.path.join(work, "locustfile.py")
                with open(locustfile, "w") as handle:
                    handle.write(LOCUSTFILE.format(flows=flows))
                cpu, wall, result = cpu_of(["locust", "-f", locustfile, "--headless", "-u", str(concurrency), "-r", str(concurrency), "--host", url,
                                            "-t", "120s", "--only-summary", "--loglevel", "ERROR"], env)
                stop(server)
                # The summary's first "Aggregated" row: its request count (the CSV is empty after quit()).
                summary = result.stdout + result.stderr
                count = next(int(row.split()[1]) for row in summary.splitlines() if row.strip().startswith("Aggregated"))
                their_runs.append((1000 * cpu / max(1, count), count, count / wall))
        ours, _, p50, p99 = sorted(ours_runs)[len(ours_runs) // 2]
        rate = sorted(run[1] for run in ours_runs)[len(ours_runs) // 2]
        spread = f" (runs {', '.join(f'{run[0]:.3f}' for run in ours_runs)})" if rounds > 1 else ""
        versus = f", median {100 * rate / ceiling:.0f}% of wrk's ceiling (goal at 64: >= 80%)" if ceiling else ""
        line(f"sdkbench load, {concurrency} devices", f"{rate:,.0f} req/s, p50 {p50:.2f} ms, p99 {p99:.2f} ms",
             f"{ours:.3f} CPU s per 1,000 requests{spread}{versus}")
        if their_runs:
            theirs, count, their_rate = sorted(their_runs)[len(their_runs) // 2]
            spread = f" (runs {', '.join(f'{run[0]:.3f}' for run in their_runs)})" if rounds > 1 else ""
            line(f"Locust FastHttpUser, {concurrency} users", f"{their_rate:,.0f} req/s ({count:,} requests, start-up included)",
                 f"{theirs:.3f} CPU s per 1,000 requests{spread}; sdkbench uses {ours / theirs:.2f}x of it (goal <= 0.1)")
    devices = 1000 if quick else 10000
    server, url = serve(sdkbench, env)
    result = subprocess.run(["/usr/bin/time", "-f", "%M", sdkbench, "load", script, "--devices", str(devices), "--iterations", "1",
                             "--var", "server=" + url[len("http://"):], "--quiet"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    stop(server)
    rss = int(result.stderr.strip().splitlines()[-1])
    line(f"{devices:,} devices at once", f"peak RSS {rss // 1024} MiB = {rss * 1024 / 1e6:.0f} MB ({1024 * rss // devices:,} bytes per device)", "goal: 10,000 under 150 MB")
    # The fleet (the http line and each engine's flow, 100,000 devices) is `fleets`, after this.


def nginx(work):
    """nginx (Debian) on a free port with NGINX_CONF; its process and base URL."""
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    conf = os.path.join(work, "nginx.conf")
    with open(conf, "w") as handle:
        handle.write(NGINX_CONF.format(work=work, port=port))
    server = subprocess.Popen(["nginx", "-c", conf, "-p", work, "-g", "daemon off;"], stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.1):
                return server, url
        except OSError:
            time.sleep(0.05)
    sys.exit("bench: nginx did not listen")


def tour_as_load(sdkbench, work, env):
    """examples/tour.sdk through `sdkbench proxy --har` to serve, then `import har --as-load`: the
    script a user who recorded the tour would load-test with."""
    server, url = serve(sdkbench, env)
    har = os.path.join(work, "tour.har")
    proxy = subprocess.Popen([sdkbench, "proxy", "--listen", "0", "--upstream", url, "--har", har], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True, env=env)
    proxy_url = proxy.stdout.readline().split()[2]  # "sdkbench proxy: URL → UPSTREAM"
    tour = os.path.join(work, "tour.sdk")
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "tour.sdk")) as handle:
        lines = [text for text in handle.read().splitlines() if text.strip() != "sift server local"]
    with open(tour, "w") as handle:
        handle.write("configure host " + proxy_url[len("http://"):] + "\n" + "\n".join(lines) + "\n")
    subprocess.run([sdkbench, "run", "--var", "out=" + work, tour], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    proxy.send_signal(signal.SIGINT)
    proxy.wait(timeout=20)
    stop(server)
    script = os.path.join(work, "tour-load.sdk")
    subprocess.run([sdkbench, "import", "har", har, "-o", script, "--as-load", "--skip", "/_sdkbench/"], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(script) as handle:
        return handle.read()


def fleets(sdkbench, work, env, line, devices, seconds):
    """Every engine's flow as a fleet (each device once a minute, ramped up over the first
    minute), against serve and against nginx: failed iterations, start lateness, peak RSS, and
    how long past its duration the run took."""
    # The engines' flows configure `{{server}}` as a host; the tour's recording sets it as a URL
    # (`set server URL --default`) and reads the Sift beacon key from a secret, as its header says.
    # The tour is recorded only when its row runs (a minute's work).
    tour = "import har --as-load (the tour)"
    flows = [(name, lambda flow=flow: flow, []) for name, flow in ENGINE_FLOWS]
    flows.append((tour, lambda: tour_as_load(sdkbench, work, env), ["--secret", "secret_sift_beacon_key=0123456789abcdef", "--url"]))
    only = os.environ.get("BENCH_FLOWS")
    for name, make_flow, extra in flows:
        if only and not any(word in name for word in only.split(",")):
            continue
        flow = make_flow()
        for server_name in ("serve", "nginx"):
            if server_name == "nginx" and not shutil.which("nginx"):
                line(f"{name} vs nginx", "no nginx here (apt-get install nginx)")
                continue
            server, url = serve(sdkbench, env) if server_name == "serve" else nginx(work)
            figures = fleet_run(sdkbench, work, env, flow, url, devices, seconds, extra)
            stop(server)
            line(f"{name} vs {server_name}", figures["text"] + f", lateness {figures['late']}",
                 "goals: 0 failed, lateness p99 < 250 ms, peak < 1 GB, within 2 s of --duration")


def fleet_run(sdkbench, work, env, flow, url, devices, seconds, extra=()):
    """One fleet of `flow` against `url` for `seconds`: its figures as text. `extra` are more
    arguments; "--url" among them gives `server` as the whole URL rather than HOST:PORT."""
    server = url if "--url" in extra else url[len("http://"):]
    extra = [argument for argument in extra if argument != "--url"]
    script = os.path.join(work, "fleet-flow.sdk")
    with open(script, "w") as handle:
        handle.write(flow)
    report = os.path.join(work, "fleet-flow.json")
    # A run that dies writes no report: the last row's must not stand in for it.
    if os.path.exists(report):
        os.remove(report)
    begin = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M %U %S", sdkbench, "load", script, "--devices", str(devices), "--think", "60s",
                             "--ramp-up", "60s", "--idle-close", "5s", "--duration", f"{seconds}s", "--var", "server=" + server,
                             "--quiet", "--report-json", report, *extra], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    wall = time.perf_counter() - begin
    rss, user, system = result.stderr.strip().splitlines()[-1].split()
    if not os.path.exists(report):
        died = f"died (exit {result.returncode}) after {wall:.1f} s, peak {int(rss) * 1024 / 1e6:.0f} MB, no report written"
        return {"text": died, "late": "none"}
    with open(report) as handle:
        figures = json.load(handle)
    late = figures["iterationStartLateness"]
    calls = sum(kind["count"] for kind in figures["kinds"].values())
    errors = figures.get("iterationErrors") or []
    first = f"; {errors[0]['count']:,} x {errors[0]['kind']}: {errors[0].get('first', '')[:120]}" if errors else ""
    return {
        "text": f"{figures['iterationsFailed']:,} of {figures['iterations']:,} failed, {calls:,} requests, peak {int(rss) * 1024 / 1e6:.0f} MB, "
                f"{wall:.1f} s for {seconds} s, CPU {float(user) + float(system):.0f} s, exit {result.returncode}{first}",
        "late": f"p50 {late['p50']:.1f} ms, p99 {late['p99']:.1f} ms",
    }


if __name__ == "__main__":
    work = tempfile.mkdtemp(prefix="sdkbench-load-bench-")
    try:
        show = lambda label, value, goal="": print(f"  {label:<40} {value:<52} {goal}", flush=True)
        quick = os.environ.get("BENCH_QUICK") == "1"
        if os.environ.get("BENCH_FLEETS_ONLY") != "1":
            run(sys.argv[1], work, show, quick)
        devices = int(os.environ.get("BENCH_FLEET_DEVICES", "2000" if quick else "100000"))
        seconds = int(os.environ.get("BENCH_FLEET_SECONDS", "120"))
        print(f"sdkbench load: each engine's flow, {devices:,} devices once a minute (--think 60s --ramp-up 60s --idle-close 5s --duration {seconds}s)")
        fleets(sys.argv[1], work, env_for(work), show, devices, seconds)
    finally:
        shutil.rmtree(work, ignore_errors=True)
