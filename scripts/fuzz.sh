#!/usr/bin/env bash
# Fuzzes tokenizer + parser + dry-run dispatch + completion with libFuzzer for SECONDS (default 600).
#   scripts/fuzz.sh 600
# Crashes and hangs land in .build-fuzz/artifacts; replay one with:
#   swift run SDKBenchFuzz < .build-fuzz/artifacts/crash-...
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}

# The toolset links with lld: gold crashes on the sanitizer objects (internal error in format_file_lineno).
swift build -c release --scratch-path .build-fuzz --product SDKBenchFuzz --toolset scripts/fuzz/toolset.json \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DFUZZING
corpus=.build-fuzz/corpus
mkdir -p "$corpus" .build-fuzz/artifacts
cp examples/*.sdk Tests/IntegrationTests/Fixtures/*.sdk "$corpus"/ 2>/dev/null || true
.build-fuzz/release/SDKBenchFuzz "$corpus" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -artifact_prefix=.build-fuzz/artifacts/ -print_final_stats=1 2>&1 | tail -n 25
