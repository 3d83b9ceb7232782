#!/usr/bin/env bash
# The image pipeline against ImageMagick (docs/PERFORMANCE.md, "Images"): installs Debian's
# imagemagick if it is missing, builds the benchmarks in release and runs `finnkino-bench images`.
# With --check (as CI runs it) it fails when the app's poster variant takes 15 ms or more, or a
# memory-cache hit 50 µs or more (p50).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! /usr/bin/convert -version 2>/dev/null | grep -q ImageMagick; then
  echo "Installing: imagemagick"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq imagemagick
fi
swift build -c release --package-path Benchmarks --product finnkino-bench
Benchmarks/.build/release/finnkino-bench images --convert /usr/bin/convert "$@"
