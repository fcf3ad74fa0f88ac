#!/usr/bin/env bash
# Builds release binaries and prints every benchmark figure with its ratio to a baseline
# measured in the same run. BENCH_QUICK=1 runs smaller sizes.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
command -v sqlite3 >/dev/null || { apt-get install -y -qq sqlite3 >/dev/null 2>&1 || true; }
# The Hamon, Miataru and Sift peers are plain Python: requests, and cryptography for Hamon (pip when missing).
python3 -c 'import requests, cryptography' 2>/dev/null || python3 -m pip install --quiet requests cryptography
# The load bench's peers: Locust (PyPI) and wrk (Debian) as the backend's ceiling.
command -v locust >/dev/null || python3 -m pip install --quiet locust
command -v wrk >/dev/null || { apt-get install -y -qq wrk >/dev/null 2>&1 || true; }
# The fleets' ceiling server: nginx (Debian) answering each route a fixed body.
command -v nginx >/dev/null || { apt-get install -y -qq nginx >/dev/null 2>&1 || true; }
# The proxy bench's peer: mitmproxy's mitmdump in reverse mode (PyPI).
command -v mitmdump >/dev/null || python3 -m pip install --quiet mitmproxy
scripts/release-build.sh --product sdkbench
scripts/release-build.sh --product SDKBenchBench
python3 scripts/bench/bench.py
