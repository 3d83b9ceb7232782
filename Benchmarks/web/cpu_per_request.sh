#!/usr/bin/env bash
# The hosted server's CPU time a request, for comparing builds on a machine whose speed drifts
# (issue 41): each build serves one data folder `--hosted` (PERSONS persons in the store, each with a
# session and 5 bookmarks), wrk loads PATH with the persons' cookies in turn (-t1 -c8, 3 s of warm-up,
# then 10 s), and the server's own utime + stime over those 10 s (from /proc) is divided by the
# requests it answered. The builds take turns, ROUNDS times; a rate measured this way does not move
# with wrk's share of the cores, and alternating rounds share the machine's drift.
# Usage: [PERSONS=10000] [ROUNDS=5] [URL_PATH=/movies?area=1002] Benchmarks/web/cpu_per_request.sh BINARY...
# (BINARY: a release build of finnkino with its resource bundles beside it.)
set -euo pipefail
cd "$(dirname "$0")/../.."
PERSONS=${PERSONS:-10000}
ROUNDS=${ROUNDS:-5}
URL_PATH=${URL_PATH:-/movies?area=1002}
[ $# -ge 1 ] || { echo "usage: Benchmarks/web/cpu_per_request.sh BINARY..." >&2; exit 64; }
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
ticks=$(getconf CLK_TCK)

workdir=$(mktemp -d)
server_pid=""
trap '[ -n "$server_pid" ] && kill -TERM "$server_pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$workdir"' EXIT
data="$workdir/data"
ids=$("$1" movies --json --data-dir "$data" | python3 -c 'import json, sys; print(",".join(str(m["id"]) for m in json.load(sys.stdin)[:10]))')
"$1" bookmarks add "${ids%%,*}" --data-dir "$data" >/dev/null
"$1" devices code --data-dir "$data" >/dev/null # makes persons.sqlite
python3 Benchmarks/web/populate_persons.py "$data" --persons "$PERSONS" --movies "$ids" --cookies "$workdir/cookies"
export COOKIES="$workdir/cookies" # for persons.lua

cpu() { awk -v t="$ticks" '{ print ($14 + $15) / t }' "/proc/$server_pid/stat"; }
measure() { # binary -> "µs-a-request requests-a-second"
  local port
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  "$1" serve --port "$port" --data-dir "$data" --hosted >"$workdir/stdout" 2>"$workdir/stderr" &
  server_pid=$!
  for _ in $(seq 1 100); do grep -q "running at" "$workdir/stdout" 2>/dev/null && break; sleep 0.1; done
  grep -q "running at" "$workdir/stdout" || { cat "$workdir/stderr" >&2; exit 1; }
  wrk -t1 -c8 -d3s -s Benchmarks/web/persons.lua "http://127.0.0.1:$port$URL_PATH" >/dev/null
  local before after out requests
  before=$(cpu)
  out=$(wrk -t1 -c8 -d10s -s Benchmarks/web/persons.lua "http://127.0.0.1:$port$URL_PATH")
  after=$(cpu)
  kill -TERM "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""
  requests=$(awk '/requests in/ { print $1 }' <<<"$out")
  ! grep -q "Non-2xx" <<<"$out" || { echo "non-2xx answers from $1" >&2; exit 1; }
  awk -v b="$before" -v a="$after" -v n="$requests" 'BEGIN { printf "%.1f %.0f\n", (a - b) * 1e6 / n, n / 10 }'
}

echo "Server CPU a request, $PERSONS persons, $URL_PATH, $ROUNDS alternating rounds, $(date -u +%Y-%m-%dT%H:%MZ)"
declare -A sums
for round in $(seq 1 "$ROUNDS"); do
  for binary in "$@"; do
    read -r micros rate <<<"$(measure "$binary")"
    echo "round $round  $binary  $micros µs a request  ($rate requests/s)"
    sums[$binary]=$(awk -v s="${sums[$binary]:-0}" -v m="$micros" 'BEGIN { print s + m }')
  done
done
for binary in "$@"; do
  awk -v s="${sums[$binary]}" -v r="$ROUNDS" -v b="$binary" 'BEGIN { printf "mean  %s  %.1f µs a request\n", b, s / r }'
done
