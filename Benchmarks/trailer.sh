#!/usr/bin/env bash
# The trailer exporter against one hand-written ffmpeg command (docs/PERFORMANCE.md, "Trailer
# export"): installs Debian's ffmpeg if it is missing, builds the benchmarks in release and runs
# `finnkino-bench trailer`. With --check (as CI runs it) it fails when the app's export of a 10 s
# 720p clip with all five edits takes more than 1.2x the time of the hand-written command (medians).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! { /usr/bin/ffmpeg -version 2>/dev/null | grep -q '^ffmpeg version' && [ -x /usr/bin/ffprobe ]; }; then
  echo "Installing: ffmpeg"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq ffmpeg
fi
swift build -c release --package-path Benchmarks --product finnkino-bench
Benchmarks/.build/release/finnkino-bench trailer "$@"
