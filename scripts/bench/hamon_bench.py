"""The Hamon benchmark: events logged from a script, encrypted, journaled and delivered to a
separate `sdkbench serve`, against the Python peer (scripts/bench/hamon_peer.py) doing the same
job with the same batching against the same backend. Imported by bench.py."""
import json
import os
import subprocess
import sys
import time
import urllib.request


def write_script(path, count):
    """configure host / user / `count` typed events / flush, the host left as a variable."""
    with open(path, "w") as script:
        script.write("configure host {{host}}\nuser bench-user\n")
        for index in range(count):
            script.write(
                f"log purchase index:={index} product_id=p{index % 97} price:=9.99 quantity:=3 "
                f"paid:=true tags:='[\"a\",\"b\"]'\n")
        script.write("flush\n")


def received(url):
    """Distinct events and duplicates the backend holds."""
    with urllib.request.urlopen(url + "/_sdkbench/received/hamon?limit=0") as answer:
        body = json.load(answer)
    return body["count"], body["duplicates"]


def clear(url):
    request = urllib.request.Request(url + "/_sdkbench/received/hamon", method="DELETE")
    urllib.request.urlopen(request).read()


def timed_run(command, env=None):
    """Wall time and peak RSS (KiB) of one run, via GNU time."""
    begin = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, env=env)
    elapsed = time.perf_counter() - begin
    if result.returncode != 0:
        sys.exit(f"bench: {' '.join(command)} failed ({result.returncode}):\n{result.stderr[-2000:]}")
    return elapsed, int(result.stderr.strip().splitlines()[-1])


def run(sdkbench, root, work, line, quick):
    count = 20_000 if quick else 100_000
    print(f"Hamon: {count:,} events logged from a script, encrypted, journaled and delivered to 'sdkbench serve'")
    script = os.path.join(work, "hamon.sdk")
    write_script(script, count)
    server = subprocess.Popen([sdkbench, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        url = server.stdout.readline().strip()
        host = url.removeprefix("http://")
        runs = []
        for attempt in range(3):
            clear(url)
            home = os.path.join(work, f"hamon-home-{attempt}")
            env = dict(os.environ, SDKBENCH_HOME=home, NO_COLOR="1")
            elapsed, rss = timed_run([sdkbench, "run", "--var", f"host={host}", script], env=env)
            delivered, duplicates = received(url)
            if delivered != count:
                sys.exit(f"bench: sdkbench delivered {delivered} of {count} events")
            runs.append((elapsed, rss, duplicates))
        ours, ours_rss, ours_duplicates = sorted(runs)[1]
        clear(url)
        peer, peer_rss = timed_run([sys.executable, os.path.join(root, "scripts/bench/hamon_peer.py"), "--journal",
                                    os.path.join(work, "peer", "queue.journal"), "--var", f"host={host}", script])
        peer_delivered, peer_duplicates = received(url)
        if peer_delivered != count:
            sys.exit(f"bench: the Python peer delivered {peer_delivered} of {count} events")
    finally:
        server.terminate()
        server.wait()
    line("sdkbench run (median of 3)", f"{count / ours:,.0f} events/s ({ours:.2f} s, {ours_rss // 1024} MiB RSS)",
         "goal: >= 50,000 events/s, RSS < 60 MiB")
    line("python peer (requests + cryptography)", f"{count / peer:,.0f} events/s ({peer:.2f} s, {peer_rss // 1024} MiB RSS)")
    line("ratio sdkbench / python", f"{peer / ours:.1f}x", "goal: >= 20x")
    line("duplicates at the backend", f"sdkbench {ours_duplicates}, python {peer_duplicates}")
