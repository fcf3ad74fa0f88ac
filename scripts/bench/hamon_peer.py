#!/usr/bin/env python3
"""The Python peer for the Hamon analytics benchmark: runs the same kind of script as
`sdkbench run SCRIPT.sdk` (configure host / user / log / flush) with a straightforward port of
the SDK: an append-only journal for durability, an in-memory queue, and one background sender
thread that POSTs AES-encrypted batches over a keep-alive session.

    python3 scripts/bench/hamon_peer.py --journal PATH [--var NAME=VALUE]... SCRIPT.sdk
"""
import base64
import collections
import json
import os
import platform
import sys
import threading
import time
import uuid

import peer_script
import requests
from cryptography.hazmat.primitives import padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

# The wire key is the SDK's key literal read backwards (as the Swift HamonCipher does).
KEY = "5X<#)kRN+)S-2=9A<T,oQk4BUP?ACPVk"[::-1].encode()
IV = bytes(16)
THRESHOLD, INTERVAL, MAX_BATCH = 10, 10.0, 1000


def encrypt(plain: bytes) -> str:
    padder = padding.PKCS7(128).padder()
    encryptor = Cipher(algorithms.AES(KEY), modes.CBC(IV)).encryptor()
    cipher = encryptor.update(padder.update(plain) + padder.finalize()) + encryptor.finalize()
    # The server expects the (all-zero) IV in front of the ciphertext.
    return base64.b64encode(IV + cipher).decode()


def now_ms() -> int:
    return int(time.time() * 1000)


class Peer:
    def __init__(self, journal_path):
        os.makedirs(os.path.dirname(os.path.abspath(journal_path)), exist_ok=True)
        # O_APPEND makes each os.write one whole record, so a killed process loses no logged event.
        self.fd = os.open(journal_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        self.lock = threading.Condition()  # guards everything below, and wakes the sender
        self.queue = collections.deque()  # (seq, event json), oldest first
        self.in_flight = 0
        self.requests = collections.deque()  # flush requests for the sender: (automatic, done event)
        self.auto_pending = False
        self.first_buffered = None  # monotonic time of the oldest buffered event (timer rule)
        self.rest_until = float("-inf")  # after a failed auto flush, the count rule waits for the timer
        self.next_seq = 0
        self.base = self.user = None
        self.delivered = self.batches = 0
        self.session = requests.Session()
        self.sender = threading.Thread(target=self._run, daemon=True)
        self.sender.start()

    def configure(self, host):
        host = host.removeprefix("http://").rstrip("/")
        self.base = f"http://{host}/v1"

    def set_user(self, user_id):
        with self.lock:
            self.user = user_id
        user = {
            "lib_id": None, "package": "dev.sdkbench.workbench",
            "app_first_open_timestamp": now_ms(), "app_last_update_timestamp": now_ms(),
            "app_delete_timestamp": None, "firebase_token": None, "geo": None,
            "os_version": platform.release(), "device": platform.machine(), "device_model": None,
            "app_version": "0.1.0", "referrer": None, "tenjin_analytics_installation_id": None,
            "is_limited_ad_tracking": False, "advertising_id": str(uuid.uuid4()).upper(),
            "os_version_int": None, "app_version_code": 1, "build_id": platform.release(),
            "locale": None, "hints": None, "affise_clickid": None,
        }
        body = json.dumps({"payload": encrypt(json.dumps(user, separators=(",", ":")).encode())})
        try:
            response = self.session.patch(f"{self.base}/users/{user_id}", data=body,
                                          headers={"Content-Type": "application/json"}, timeout=30)
            if response.status_code != 200:
                print(f"peer: user data answered {response.status_code}", file=sys.stderr)
        except requests.RequestException as error:
            print(f"peer: user data not sent: {error}", file=sys.stderr)
        # As in the Swift client: user data goes first, then events logged before the user may leave.
        with self.lock:
            self._maybe_auto_flush(time.monotonic())

    def log(self, name, parameters):
        event = {"uuid": str(uuid.uuid4()).upper(), "timestamp": now_ms(), "name": name, "parameters": parameters}
        text = json.dumps(event, separators=(",", ":"))
        now = time.monotonic()
        # Journal write and enqueue happen together so the sender's truncate never drops a record.
        with self.lock:
            seq = self.next_seq
            self.next_seq += 1
            os.write(self.fd, f"+{seq} {text}\n".encode())
            self.queue.append((seq, text))
            if self.first_buffered is None:
                self.first_buffered = now
            self._maybe_auto_flush(now)

    def _maybe_auto_flush(self, now):
        """Count and timer rules; called with the lock held. Only signals, never waits."""
        if self.user is None or self.auto_pending or not self.queue:
            return
        by_count = len(self.queue) >= THRESHOLD and now >= self.rest_until
        by_timer = self.first_buffered is not None and now - self.first_buffered >= INTERVAL
        if by_count or by_timer:
            self.auto_pending = True
            self.requests.append((True, None))
            self.lock.notify()

    def flush(self):
        """Manual (and shutdown) flush: drain the queue and wait for it."""
        done = threading.Event()
        with self.lock:
            self.requests.append((False, done))
            self.lock.notify()
        done.wait()

    def close(self):
        self.flush()
        with self.lock:
            self.requests.append((None, None))  # tells the sender to stop
            self.lock.notify()
        self.sender.join()
        os.fsync(self.fd)
        os.close(self.fd)

    def _run(self):
        while True:
            with self.lock:
                while not self.requests:
                    self.lock.wait()
                automatic, done = self.requests.popleft()
                if automatic:
                    self.auto_pending = False  # logging may queue the next auto flush meanwhile
            if automatic is None:
                return
            self._flush(automatic)
            if done:
                done.set()

    def _flush(self, automatic):
        sent = 0
        while True:
            with self.lock:
                if not self.queue or self.user is None or self.base is None:
                    return
                # An automatic flush keeps going only while a full threshold is waiting.
                if automatic and sent and len(self.queue) < THRESHOLD:
                    return
                batch = [self.queue.popleft() for _ in range(min(MAX_BATCH, len(self.queue)))]
                self.in_flight = len(batch)
                self.first_buffered = time.monotonic() if self.queue else None
                url = f"{self.base}/users/{self.user}/event"
            os.fsync(self.fd)  # durability point: every event about to leave is on disk
            ok = self._send(url, batch)
            sent += 1
            with self.lock:
                self.in_flight = 0
                self.batches += 1
                if not ok:
                    self.queue.extendleft(reversed(batch))  # back at the front, original order
                    self.first_buffered = time.monotonic()
                    if automatic:
                        self.rest_until = time.monotonic() + INTERVAL
                    return
                self.rest_until = float("-inf")
                self.delivered += len(batch)
                os.write(self.fd, f"-{batch[0][0]} {batch[-1][0]}\n".encode())
                if not self.queue and not self.in_flight:
                    os.ftruncate(self.fd, 0)  # nothing live left: the journal can start over

    def _send(self, url, batch):
        plain = ('{"events":[' + ",".join(text for _, text in batch) + "]}").encode()
        body = json.dumps({"payload": encrypt(plain)})
        for attempt in range(2):
            try:
                response = self.session.post(url, data=body, headers={"Content-Type": "application/json"}, timeout=30)
            except requests.RequestException:
                return False
            if response.status_code == 200:
                return True
            if response.status_code < 500 or attempt:
                return False
            time.sleep(2)  # a 5xx may be transient: one retry
        return False


def parse_parameters(words):
    parameters = {}
    for word in words:
        key, sep, value = word.partition("=")
        if not sep or not key:
            raise ValueError(f"expected key=value or key:=JSON, got {word!r}")
        # `key:=JSON` is typed (numbers, booleans, lists...); `key=value` is always a string.
        if key.endswith(":"):
            parameters[key[:-1]] = json.loads(value)
        else:
            parameters[key] = value
    return parameters


def main():
    options, variables = peer_script.options(__doc__.splitlines()[0], ("--journal", "the journal file"))
    peer = Peer(options.journal)

    def dispatch(words, line):
        if words[:2] == ["configure", "host"] and len(words) == 3:
            peer.configure(words[2])
        elif words[0] == "user" and len(words) == 2:
            peer.set_user(words[1])
        elif words[0] == "log" and len(words) >= 2:
            peer.log(words[1], parse_parameters(words[2:]))  # json.loads errors are ValueErrors
        elif words == ["flush"]:
            peer.flush()
        else:
            raise ValueError(f"unknown command: {line}")

    peer_script.run(options.script, variables, dispatch)
    peer.close()
    print(f"peer: {peer.delivered} events delivered in {peer.batches} requests")


if __name__ == "__main__":
    main()
