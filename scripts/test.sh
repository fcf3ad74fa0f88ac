#!/usr/bin/env bash
# The whole test suite: unit, golden, .sdk integration and the REPL through tmux.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
# Each target must declare every target it imports (a transitive one builds by chance, not by design).
swift build --build-tests --explicit-target-dependency-import-check error
swift test --skip-build 2>&1
