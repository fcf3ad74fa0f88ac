#!/usr/bin/env bash
# Fuzzes sdkbench with libFuzzer for SECONDS (default 600), one of two targets:
#   scripts/fuzz.sh 600         parse: tokenizer + parser + dry-run binding + error rendering + completion
#   scripts/fuzz.sh 600 run     run: whole scripts, handlers and all, over the real Hamon and Performance
#                               engines in a scratch home, requests answered without a network
# Crashes and hangs land in .build-fuzz/artifacts-TARGET; replay one with:
#   swift run SDKBenchFuzz < .build-fuzz/artifacts-parse/crash-...
#   swift run SDKBenchRunFuzz < .build-fuzz/artifacts-run/crash-...
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
target=${2:-parse}
case "$target" in
    parse) product=SDKBenchFuzz ;;
    run) product=SDKBenchRunFuzz ;;
    *) echo "fuzz.sh: unknown target '$target' (parse or run)" >&2; exit 1 ;;
esac

# The toolset links with lld: gold crashes on the sanitizer objects (internal error in format_file_lineno).
swift build -c release --scratch-path .build-fuzz --product "$product" --toolset scripts/fuzz/toolset.json \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DFUZZING
corpus=.build-fuzz/corpus-$target
artifacts=.build-fuzz/artifacts-$target
mkdir -p "$corpus" "$artifacts"
cp examples/*.sdk Tests/IntegrationTests/Fixtures/*.sdk "$corpus"/ 2>/dev/null || true
".build-fuzz/release/$product" "$corpus" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -artifact_prefix="$artifacts/" -print_final_stats=1 2>&1 | tail -n 25
