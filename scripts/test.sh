#!/usr/bin/env bash
# The whole test suite: unit, golden, .sdk integration and the REPL through tmux.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
# Each target must declare every target it imports (a transitive one builds by chance, not by design).
swift build --build-tests --explicit-target-dependency-import-check error
# The recording round trips (mitmdump, several serve processes) and the proxy's process tests run
# after the rest, not beside it: on 2 cores beside them, the REPL's and hostile-input tests'
# deadlines were missed (the fresh-clone check of 2026-11-28: 6 timing failures, none alone).
# ImageScriptTests (buildah gzips a ~250 MB layer, then umoci unpacks it: 16 s alone) joins them, and so
# does ServeConnectionLimitTests (a new client answered within 1 s past 400 held connections: 0.2 s
# alone, 2.0 s once beside the rest of the suite on 2 cores).
heavy='RecordRoundTripTests|ProxyCommandTests|ProxyShutdownTests|ProxyRecordTests|ImageScriptTests|ServeConnectionLimitTests'
swift test --skip-build --skip "$heavy" 2>&1
swift test --skip-build --filter "$heavy" 2>&1
