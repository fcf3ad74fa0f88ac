#!/usr/bin/env python3
"""The Python peer for the Sift benchmark: runs the same kind of script as `sdkbench run
SCRIPT.sdk` (configure host / sift account / sift beacon / sift user / sift event / sift upload
--force) with a straightforward port of the engine: each event written to an append-only queue
journal before it is queued, the sift-default rule (ready when more than 32 events are queued
or 60 s after the last upload, at once before the first), each ready queue moved into one batch
journaled in an uploader journal, and one background sender thread that PUTs the gzipped
`{"data":[...]}` of one batch at a time over a keep-alive `requests.Session`, waiting for each
answer. Journals are synced at the end and when compacted, as the engine's; never per event.

    python3 scripts/bench/sift_peer.py --dir PATH [--var NAME=VALUE]... SCRIPT.sdk
"""
import base64
import collections
import gzip
import json
import os
import random
import sys
import threading
import time

import peer_script
import requests

MORE_THAN, OLDER_THAN_MS = 32, 60_000  # sift-default
COMPACTION_THRESHOLD = 4096  # dead records tolerated before a rewrite, as DurableQueue.Journal
GZIP_LEVEL = 6  # zlib's default, which the engine's gzip uses (Python's gzip defaults to 9)
PATH = "/v3/accounts/%s/mobile_events"


def now_ms() -> int:
    return int(time.time() * 1000)


class Journal:
    """`+<seq> <bytes>` adds a record, `-<first> <last>` removes some, one os.write each (O_APPEND)."""

    def __init__(self, path):
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        self.path = path
        self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        self.next_seq = 0
        self.dead = 0

    def append(self, text) -> int:
        seq = self.next_seq
        self.next_seq += 1
        os.write(self.fd, f"+{seq} {text}\n".encode())
        return seq

    def acknowledge(self, first, last, count):
        os.write(self.fd, f"-{first} {last}\n".encode())
        self.dead += count + 1

    def wants_compaction(self, live):
        return self.dead > COMPACTION_THRESHOLD and self.dead > live * 2

    def rewrite(self, records):
        """Just the live records: truncated when none, else written, synced and renamed over the file."""
        if not records:
            os.ftruncate(self.fd, 0)
        else:
            temporary = self.path + ".tmp"
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND, 0o600)
            os.write(fd, "".join(f"+{seq} {text}\n" for seq, text in records).encode())
            os.fsync(fd)
            os.rename(temporary, self.path)
            os.close(self.fd)
            self.fd = fd
        self.dead = 0

    def close(self):
        os.fsync(self.fd)
        os.close(self.fd)


class Peer:
    def __init__(self, directory):
        self.queue_journal = Journal(os.path.join(directory, "queues", "sift-default.journal"))
        self.uploader_journal = Journal(os.path.join(directory, "uploader.journal"))
        self.installation_id = f"{random.getrandbits(64):016x}"
        self.lock = threading.Condition()  # guards everything below, and wakes the sender and waiters
        self.queue = collections.deque()  # (seq, event json), oldest first
        self.state_record = None  # the queue's live state record (seq), acknowledged at the next transfer
        self.last_upload = 0
        self.batches = collections.deque()  # (seq, event count, body), oldest first
        self.sending = False
        self.stopping = False
        self.host = self.account = self.key = self.user = None
        self.delivered = self.requests = 0
        self.session = requests.Session()
        self.sender = threading.Thread(target=self._run, daemon=True)
        self.sender.start()

    def configure(self, host):
        self.host = host.removeprefix("http://").rstrip("/")

    def event(self, kind, path, fields):
        event = {"time": now_ms()}
        for key, value in (("mobile_event_type", kind), ("path", path), ("user_id", self.user),
                           ("installation_id", self.installation_id)):
            if value:
                event[key] = value
        if fields:
            event["fields"] = fields
        text = json.dumps(event, separators=(",", ":"), ensure_ascii=False)
        # Journal write and enqueue happen together so a transfer never splits them.
        with self.lock:
            seq = self.queue_journal.append(text)
            self.queue.append((seq, text))
            if len(self.queue) > MORE_THAN or event["time"] > self.last_upload + OLDER_THAN_MS:
                self._transfer()

    def _transfer(self):
        """Every queued event into one batch, journaled before the queue lets go; lock held."""
        if not self.queue:
            return
        now = now_ms()
        taken = list(self.queue)
        self.queue.clear()
        body = '{"data":[' + ",".join(text for _, text in taken) + "]}"
        seq = self.uploader_journal.append(body)
        self.batches.append((seq, len(taken), body))
        journal = self.queue_journal
        # The state record (last upload, last event) goes in before the moved events are acknowledged.
        state = f'{{"_queue":{{"lastUploadMillis":{now},"lastEvent":{taken[-1][1]}}}}}'
        record = journal.append(state)
        journal.acknowledge(taken[0][0], taken[-1][0], len(taken))
        if self.state_record is not None:
            journal.acknowledge(self.state_record[0], self.state_record[0], 1)
        self.state_record = (record, state)
        self.last_upload = now
        if journal.wants_compaction(len(self.queue) + 1):
            journal.rewrite([self.state_record] + list(self.queue))
        self.lock.notify_all()

    def upload(self):
        """`sift upload --force`: everything queued into a batch, then wait until every batch is answered."""
        with self.lock:
            self._transfer()
            while self.batches or self.sending:
                self.lock.wait()

    def close(self):
        with self.lock:
            self.stopping = True
            self.lock.notify_all()
        self.sender.join()
        self.queue_journal.close()
        self.uploader_journal.close()

    def _run(self):
        while True:
            with self.lock:
                while not self.batches and not self.stopping:
                    self.lock.wait()
                if not self.batches:
                    return
                seq, count, body = self.batches[0]
                self.sending = True
                url = f"http://{self.host}{PATH % self.account}"
                key = self.key
            ok = self._send(url, key, body)
            with self.lock:
                self.sending = False
                if ok:
                    self.batches.popleft()
                    self.delivered += count
                    journal = self.uploader_journal
                    journal.acknowledge(seq, seq, 1)
                    if not self.batches or journal.wants_compaction(len(self.batches)):
                        journal.rewrite([(s, b) for s, _, b in self.batches])
                self.lock.notify_all()
            if not ok:
                time.sleep(5)  # the engine's first retry delay; the benchmark expects none

    def _send(self, url, key, body):
        headers = {"Authorization": "Basic " + base64.b64encode(key.encode()).decode(),
                   "Content-Type": "application/json", "Content-Encoding": "gzip"}
        self.requests += 1
        try:
            response = self.session.put(url, data=gzip.compress(body.encode(), compresslevel=GZIP_LEVEL),
                                        headers=headers, timeout=30)
        except requests.RequestException as error:
            print(f"peer: {error}", file=sys.stderr)
            return False
        if response.status_code != 200:
            print(f"peer: answered {response.status_code}: {response.text[:200]}", file=sys.stderr)
        return response.status_code == 200


def parse_event(words):
    """`TYPE [--path P] [key=value]...`: the type, the path and the fields (strings only)."""
    kind, path, fields = words[0], None, {}
    rest = iter(words[1:])
    for word in rest:
        if word == "--path":
            path = next(rest)
            continue
        key, sep, value = word.partition("=")
        if not sep or not key or key.endswith(":"):
            raise ValueError(f"expected key=value, got {word!r}")
        fields[key] = value
    return kind, path, fields


def main():
    options, variables = peer_script.options(__doc__.splitlines()[0], ("--dir", "where the journals go"))
    peer = Peer(options.dir)

    def dispatch(words, line):
        if words[:2] == ["configure", "host"] and len(words) == 3:
            peer.configure(words[2])
        elif words[:2] == ["sift", "account"] and len(words) == 3:
            peer.account = words[2]
        elif words[:2] == ["sift", "beacon"] and len(words) == 3:
            peer.key = words[2]
        elif words[:2] == ["sift", "user"] and len(words) == 3:
            peer.user = words[2]
        elif words[:2] == ["sift", "event"] and len(words) >= 3:
            peer.event(*parse_event(words[2:]))
        elif words[:3] == ["sift", "upload", "--force"]:
            peer.upload()
        else:
            raise ValueError(f"unknown command: {line}")

    peer_script.run(options.script, variables, dispatch)
    peer.close()
    print(f"peer: {peer.delivered} events delivered in {peer.requests} requests")


if __name__ == "__main__":
    main()
