#!/usr/bin/env bash
# The CLI on a 10 MB schedule as a whole process, next to xmllint --stream (Benchmarks/cli/measure.py
# says what is measured). Usage: Benchmarks/cli.sh [runs] [--check]
set -euo pipefail
cd "$(dirname "$0")/.."
command -v xmllint >/dev/null || { echo "xmllint is needed: sudo apt-get install libxml2-utils" >&2; exit 1; }
swift build -c release --product finnkino 2>&1 | tail -1
python3 Benchmarks/cli/measure.py .build/release/finnkino "${1:-5}" "${@:2}"
