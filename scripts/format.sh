#!/usr/bin/env bash
# Formats the Swift sources with the toolchain's swift-format and the rules in .swift-format
# (Hummingbird's, 150 columns). `--check` changes nothing and fails on any finding (CI runs it).
set -euo pipefail
cd "$(dirname "$0")/.."

paths=(Package.swift Sources Tests)
if [[ "${1:-}" == "--check" ]]; then
    swift format lint --strict --parallel --recursive "${paths[@]}"
else
    swift format format --in-place --parallel --recursive "${paths[@]}"
fi
