#!/usr/bin/env bash
# The CLI on a 10 MB schedule as a whole process, next to xmllint --stream (Benchmarks/cli/measure.py
# says what is measured); installs Debian's libxml2-utils if xmllint is missing.
# Usage: Benchmarks/cli.sh [runs] [--check] (CI: 21 --check)
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v xmllint >/dev/null; then
  echo "Installing: libxml2-utils (xmllint)"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq libxml2-utils
fi
# The release build of the Benchmarks package, which CI has made already (.ci/run says why).
swift build -c release --package-path Benchmarks --product finnkino 2>&1 | tail -1
python3 Benchmarks/cli/measure.py Benchmarks/.build/release/finnkino "${1:-5}" "${@:2}"
