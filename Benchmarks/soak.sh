#!/usr/bin/env bash
# The soak benchmark (not run by CI): the release build of `finnkino serve` on a drifting local
# Finnkino source (Benchmarks/soak/source.py: the bundled dataset, the first title changing every
# 20 s), under browsing walks, /live churn and /healthz probes for MINUTES minutes (default 30);
# RSS and descriptors sampled every 10 s into .bench/soak.csv. Fails when the server froze, its RSS
# at the end is more than 10% over its RSS after 5 minutes, or descriptors grew.
# Usage: Benchmarks/soak.sh [minutes]
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-30}
swift build -c release --product finnkino 2>&1 | tail -1
mkdir -p .bench
data=$(mktemp -d)
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
source_port=$(free_port)
python3 Benchmarks/soak/source.py "$source_port" 20 &
source_pid=$!
server_port=$(free_port)
.build/release/finnkino serve --port "$server_port" --data-dir "$data" \
  --source "http://127.0.0.1:$source_port" > .bench/soak-server.log 2>&1 &
server_pid=$!
trap 'kill $server_pid $source_pid 2>/dev/null || true; rm -rf "$data"' EXIT
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$server_port/healthz" > /dev/null && break
  sleep 0.1
done
python3 Benchmarks/soak/load.py "http://127.0.0.1:$server_port" "$server_pid" "$minutes" .bench/soak.csv
