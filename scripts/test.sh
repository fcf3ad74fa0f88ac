#!/usr/bin/env bash
# The whole test suite: unit, golden, .sdk integration and the REPL through tmux.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
swift build --build-tests
swift test --skip-build 2>&1
