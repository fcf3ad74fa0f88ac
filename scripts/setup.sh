#!/usr/bin/env bash
# Quick start: install what is missing, build a release sdkbench and run the tour on the
# embedded local backend. The binary ends up at .build/release/sdkbench; the man pages go where
# man finds them (or it says how, without root).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
scripts/release-build.sh --product sdkbench
test -x .build/release/sdkbench || { echo "setup: build failed" >&2; exit 1; }
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
.build/release/sdkbench --home "$home" run --var "out=$home" examples/tour.sdk
scripts/install-man.sh
echo
echo "sdkbench is at $(pwd)/.build/release/sdkbench — try it: .build/release/sdkbench"
