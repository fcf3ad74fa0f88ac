#!/usr/bin/env bash
# The one release build: the Swift standard library linked in, and a position-dependent
# executable. A PIE this size carries ~120,000 relative relocations whose application dirties
# ~800 pages at every start: `sdkbench -c help` took 13.0 ms as a PIE against ~3.8 ms for a
# non-PIE Foundation hello world (scripts/bench.sh prints the start-up ladder). The cost is ASLR
# for the executable image; shared libraries keep theirs. Non-PIE only with the static standard
# library: against a shared libswiftCore the loader warns about protected symbols at every start.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib -Xlinker -no-pie "$@"
