#!/usr/bin/env bash
# The 10 MB schedule decoded in-process, against libxml2's bare parse of the same bytes
# (docs/PERFORMANCE.md, "Decoding a 10 MB schedule"): builds the benchmarks in release and runs
# `finnkino-bench decode` (every decoder unless --decoders says which). With --check, as CI runs it
# (`Benchmarks/decode.sh --check --no-memory --iterations 21 --decoders ours one-parser raw`), it
# fails when ours with one parser (on one core, as the bare parse) takes more than 2x the bare
# parse: the median ratio of rounds in turns (issue 41, item 6).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --package-path Benchmarks --product finnkino-bench
Benchmarks/.build/release/finnkino-bench decode "$@"
