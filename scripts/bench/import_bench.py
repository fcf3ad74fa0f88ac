#!/usr/bin/env python3
"""sdkbench import har: a generated HAR of 100,000 entries (about 200 MB; BENCH_QUICK: 10,000),
a mix of Miataru calls, Hamon-shaped and plain JSON http calls with base64 and large bodies,
imported with /usr/bin/time -v. Goal: under 5 s and a peak RSS under 3x the file.
Run alone: import_bench.py BINARY [ENTRIES]."""
import base64
import json
import os
import subprocess
import sys
import tempfile
import time

FILLER = "x" * 1500


def entry(index):
    device = f"phone-{index % 50}"
    kind = index % 4
    if kind == 0:
        url = "http://127.0.0.1:8080/v1/UpdateLocation"
        body = {"MiataruConfig": {"EnableLocationHistory": "True", "LocationDataRetentionTime": "30"},
                "MiataruLocation": [{"Device": device, "Timestamp": "1700000000", "Longitude": "13.405",
                                     "Latitude": "52.52", "HorizontalAccuracy": "12"}]}
        answer = {"MiataruResponse": "ACK", "MiataruVerboseResponse": "Location update received"}
    elif kind == 1:
        url = f"http://127.0.0.1:8080/api/items/{index}?page=2"
        body = {"name": f"item {index}", "notes": FILLER, "tags": ["a", "b"], "owner": {"id": device}}
        answer = {"id": f"item-{index:08d}", "echo": FILLER}
    elif kind == 2:
        url = f"http://127.0.0.1:8080/api/items/item-{index - 1:08d}"
        body = {"seen": True, "ref": f"item-{index - 1:08d}"}
        answer = {"ok": True}
    else:
        url = "http://127.0.0.1:8080/api/blob"
        body = None
        answer = None
    request = {"method": "POST", "url": url, "httpVersion": "HTTP/1.1", "cookies": [],
               "headers": [{"name": "Content-Type", "value": "application/json"},
                           {"name": "Authorization", "value": "Bearer token-abcdefgh-12345678"}],
               "queryString": [], "headersSize": -1, "bodySize": 0}
    if body is not None:
        request["postData"] = {"mimeType": "application/json", "text": json.dumps(body)}
    if answer is None:
        content = {"size": 1200, "mimeType": "application/octet-stream",
                   "text": base64.b64encode(bytes(range(256)) * 5).decode(), "encoding": "base64"}
    else:
        text = json.dumps(answer)
        content = {"size": len(text), "mimeType": "application/json", "text": text}
    return {"startedDateTime": "2025-11-18T12:24:43.234+00:00", "time": 3.5, "request": request,
            "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1", "cookies": [],
                         "headers": [{"name": "Content-Type", "value": content["mimeType"]}],
                         "content": content, "redirectURL": "", "headersSize": -1, "bodySize": -1},
            "cache": {}, "timings": {"send": 0, "wait": 3.5, "receive": 0}}


def generate(path, count):
    with open(path, "w") as out:
        out.write('{"log": {"version": "1.2", "creator": {"name": "import_bench", "version": "1"}, "entries": [\n')
        for index in range(count):
            if index:
                out.write(",\n")
            out.write(json.dumps(entry(index)))
        out.write("\n]}}\n")


def run(sdkbench, work, line, quick, entries=None):
    count = entries or (10_000 if quick else 100_000)
    path = os.path.join(work, "bench.har")
    generate(path, count)
    size = os.path.getsize(path)
    print(f"import har: {count:,} entries, {size / 1e6:.0f} MB (goal: under 5 s, peak RSS under 3x the file)")
    begin = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-v", sdkbench, "import", "har", path, "-o", os.path.join(work, "bench.sdk")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - begin
    if result.returncode != 0:
        sys.exit(f"bench: import har failed ({result.returncode}):\n{result.stderr}")
    rss_kib = next(int(l.split(":")[1]) for l in result.stderr.splitlines() if "Maximum resident set size" in l)
    summary = result.stderr.splitlines()[0]
    if not summary.startswith(f"{count} exchanges:"):
        sys.exit(f"bench: unexpected summary: {summary}")
    ratio = rss_kib * 1024 / size
    line("import har, wall time", f"{seconds:.2f} s", "goal < 5 s" + (" ✓" if seconds < 5 else " ✗"))
    line("import har, peak RSS", f"{rss_kib / 1024:.0f} MiB ({ratio:.2f}x the file)", "goal < 3x" + (" ✓" if ratio < 3 else " ✗"))
    line("import har, summary", summary)
    os.remove(path)


if __name__ == "__main__":
    def show(label, value, goal=""):
        print(f"  {label:<58} {value:<28} {goal}")
    with tempfile.TemporaryDirectory(prefix="import-bench-") as directory:
        run(sys.argv[1], directory, show, os.environ.get("BENCH_QUICK") == "1", int(sys.argv[2]) if len(sys.argv) > 2 else None)
