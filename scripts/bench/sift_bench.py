"""The Sift benchmark (issue 11 §4): events queued from a script, journaled, batched by the
sift-default rule, gzipped and PUT to a separate `sdkbench serve`, against the Python peer
(scripts/bench/sift_peer.py, requests + gzip) running the same script with the same batching
against the same kind of backend. Every run gets a fresh `sdkbench serve`, and the backend's
record says what arrived: events, duplicates, batch sizes and bytes. Imported by bench.py."""
import collections
import json
import os
import statistics
import subprocess
import sys
import urllib.request

from hamon_bench import timed_run
from miataru_bench import served

ACCOUNT, BEACON_KEY, USER = "bench-account", "bench-beacon-key", "bench-user"


def write_script(path, count):
    """configure host / account / key / user / `count` events with four fields / upload --force."""
    with open(path, "w") as script:
        script.write(f"configure host {{{{host}}}}\nsift account {ACCOUNT}\nsift beacon {BEACON_KEY}\nsift user {USER}\n")
        for index in range(count):
            # `index` keeps every event distinct even within one millisecond: the backend counts
            # equal events as duplicates.
            script.write(f"sift event purchase --path /checkout/{index % 7} index={index} product=p{index % 97} "
                         f"price=9.99 quantity=3\n")
        script.write("sift upload --force --wait 300s\n")


def received(url, count, side):
    """The backend's record after one run; exits unless exactly `count` distinct events arrived once each."""
    # `limit` cuts the uploads and the events listed alike: enough for every upload, not every event.
    with urllib.request.urlopen(f"{url}/_sdkbench/received/sift?limit={count // 8 + 100}") as answer:
        body = json.load(answer)
    uploads = body["uploads"]
    problems = []
    if body["count"] != count:
        problems.append(f"{body['count']} of {count} events arrived")
    for member in ("duplicates", "refused", "not_gzipped"):
        if body[member]:
            problems.append(f"{member}: {body[member]}")
    if len(uploads) != body["batches"] + body["refused"] or sum(upload["events"] for upload in uploads) != count:
        problems.append(f"the record lists {len(uploads)} uploads for {body['batches']} batches")
    if problems:
        sys.exit(f"bench: after {side}: " + "; ".join(problems))
    return {
        "batches": len(uploads),
        "sizes": [upload["events"] for upload in uploads],
        "wire": sum(upload["bytes"] for upload in uploads),
        "json": sum(upload["json_bytes"] for upload in uploads),
    }


def measure(command, sdkbench, count, side):
    """Median of three runs, each against a fresh backend: wall time, peak RSS and the record."""
    runs = []
    for _ in range(3):
        with served(sdkbench) as url:
            elapsed, rss = timed_run(command(url.removeprefix("http://")))
            runs.append((elapsed, rss, received(url, count, side)))
    runs.sort(key=lambda run: run[0])
    elapsed, rss, record = runs[1]
    return {"seconds": elapsed, "rss": rss, "all": [run[0] for run in runs], **record}


def shape(sizes):
    """Batch sizes in order, runs collapsed: `1, 33 x3030, 9`."""
    groups = []
    for size in sizes:
        if groups and groups[-1][0] == size:
            groups[-1][1] += 1
        else:
            groups.append([size, 1])
    text = ", ".join(f"{size}" if times == 1 else f"{size} x{times}" for size, times in groups[:6])
    return text + (", ..." if len(groups) > 6 else "")


def run(sdkbench, root, work, line, quick):
    count = 20_000 if quick else 100_000
    print(f"Sift: {count:,} events queued from a script, journaled, batched, gzipped and PUT to 'sdkbench serve' "
          f"(median of 3, fresh backend each)")
    script = os.path.join(work, "sift.sdk")
    write_script(script, count)
    homes = iter(range(1_000))

    def ours(host):
        home = os.path.join(work, f"sift-home-{next(homes)}")
        return ["env", f"SDKBENCH_HOME={home}", "NO_COLOR=1", sdkbench, "run", "--var", f"host={host}", script]

    def peer(host):
        return [sys.executable, os.path.join(root, "scripts/bench/sift_peer.py"), "--dir",
                os.path.join(work, f"sift-peer-{next(homes)}"), "--var", f"host={host}", script]

    mine = measure(ours, sdkbench, count, "sdkbench")
    theirs = measure(peer, sdkbench, count, "the Python peer")
    same_batches = collections.Counter(mine["sizes"]) == collections.Counter(theirs["sizes"])
    for label, figures, goal in (
        ("sdkbench run", mine, "goal: >= 50,000 events/s, RSS < 80 MiB"),
        ("python peer (requests + gzip, same journal writes)", theirs, ""),
    ):
        line(label, f"{count / figures['seconds']:,.0f} events/s ({figures['seconds']:.2f} s, {figures['rss'] // 1024} MiB RSS)", goal)
        line("  runs", ", ".join(f"{seconds:.2f} s" for seconds in figures["all"]))
        line("  on the wire (gzipped bodies) / JSON", f"{figures['wire'] / 1e6:.2f} MB / {figures['json'] / 1e6:.2f} MB",
             f"{figures['wire'] / count:.1f} B/event")
        line("  batches", f"{figures['batches']:,}", shape(figures["sizes"]))
    line("ratio sdkbench / python", f"{theirs['seconds'] / mine['seconds']:.1f}x", "goal: >= 10x")
    line("delivered at the backend", f"{count:,} each, 0 duplicates",
         "same batch sizes" if same_batches else "WARNING: batch sizes differ")
