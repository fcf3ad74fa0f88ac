#!/usr/bin/env python3
"""The Python peer for the Miataru benchmark: the same calls as `SDKBenchBench miataru` with
`requests`, one keep-alive Session per worker thread, each worker taking a contiguous chunk of the
devices one request at a time (as the Swift side splits them), and the same bodies byte for byte
(compact JSON, values as strings, members in the same order). Prints one JSON line:
{"requests","seconds","p50_ms","p99_ms"}.

    python3 scripts/bench/miataru_peer.py URL DEVICES [WORKERS]
"""
import concurrent.futures
import json
import math
import secrets
import sys
import time

import requests

# The iOS client's key alphabet and length, as Miataru's DeviceKeyGenerator uses them.
ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#$%^&*()_+-=[]{}|;:,.<>?"
KEY_LENGTH = 256
UPDATES = 10
HEADERS = {"Content-Type": "application/json"}


# The naming and value rules of Sources/SDKBenchBench/MiataruBench.swift.
def device(index):
    return f"bench-device-{index}"


def latitude(index, update):
    return f"{index % 80}.{1000 + update}"


def longitude(index, update):
    return f"{index % 170}.{2000 + update}"


def percentile(ordered, fraction):
    """Nearest rank, as the Swift side's Percentile.of."""
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


class Peer:
    def __init__(self, url):
        self.base = url.rstrip("/") + "/v1/"
        self.session = requests.Session()
        self.latencies = []

    def call(self, name, body):
        """POSTs one call, records its latency, and returns the 200 answer's JSON object."""
        # Encoding and decoding are inside the latency, as they are in MiataruClient's calls.
        begin = time.perf_counter()
        data = json.dumps(body, separators=(",", ":"))
        response = self.session.post(self.base + name, data=data, headers=HEADERS, timeout=15)
        answer = response.json() if response.status_code == 200 else None
        self.latencies.append(time.perf_counter() - begin)
        if not isinstance(answer, dict):
            sys.exit(f"miataru peer: {name} answered {response.status_code}: {response.text[:200]}")
        return answer

    def acknowledged(self, name, body):
        answer = self.call(name, body)
        if answer.get("MiataruResponse") != "ACK":
            sys.exit(f"miataru peer: {name} answered {answer}")

    def run(self, chunk, keys, timestamp):
        for index in chunk:
            me, key = device(index), keys[index]
            self.acknowledged("setDeviceKey", {
                "MiataruSetDeviceKey": {"DeviceID": me, "CurrentDeviceKey": None, "NewDeviceKey": key}})
            for update in range(UPDATES):
                self.acknowledged("UpdateLocation", {
                    "MiataruConfig": {"EnableLocationHistory": "False", "LocationDataRetentionTime": "30"},
                    "MiataruLocation": [{
                        "Device": me, "Timestamp": str(timestamp), "Longitude": longitude(index, update),
                        "Latitude": latitude(index, update), "HorizontalAccuracy": "25", "DeviceKey": key}]})
            # Device i reads device i - 1, already done; a chunk's first device reads itself.
            peer = index - 1 if index != chunk.start else index
            answer = self.call("GetLocation", {
                "MiataruConfig": {"RequestMiataruDeviceID": me, "RequestMiataruDeviceKey": key},
                "MiataruGetLocation": [{"Device": device(peer)}]})
            found = answer.get("MiataruLocation")
            expected = (device(peer), float(latitude(peer, UPDATES - 1)), float(longitude(peer, UPDATES - 1)))
            if (not isinstance(found, list) or len(found) != 1 or not isinstance(found[0], dict)
                    or (found[0].get("Device"), float(found[0].get("Latitude", "nan")),
                        float(found[0].get("Longitude", "nan"))) != expected):
                sys.exit(f"miataru peer: GetLocation of {device(peer)} gave {found}")


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__.strip().splitlines()[-1].strip())
    url, devices = sys.argv[1], int(sys.argv[2])
    workers = max(1, int(sys.argv[3])) if len(sys.argv) == 4 else 1
    # Keys are made before the clock starts, as the Swift side makes its own.
    keys = ["".join(secrets.choice(ALPHABET) for _ in range(KEY_LENGTH)) for _ in range(devices)]
    timestamp = int(time.time())
    peers = [Peer(url) for _ in range(workers)]
    chunks = [range(devices * worker // workers, devices * (worker + 1) // workers) for worker in range(workers)]
    begin = time.perf_counter()
    if workers == 1:
        peers[0].run(chunks[0], keys, timestamp)
    else:
        with concurrent.futures.ThreadPoolExecutor(workers) as pool:
            for done in [pool.submit(peer.run, chunk, keys, timestamp) for peer, chunk in zip(peers, chunks)]:
                done.result()
    seconds = time.perf_counter() - begin
    ordered = sorted(latency for peer in peers for latency in peer.latencies)
    print(json.dumps({"requests": len(ordered), "seconds": seconds, "p50_ms": percentile(ordered, 0.5) * 1000,
                      "p99_ms": percentile(ordered, 0.99) * 1000}))


if __name__ == "__main__":
    main()
