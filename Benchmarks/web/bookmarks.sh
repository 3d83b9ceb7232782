#!/usr/bin/env bash
# The Bookmarks page with 1,000 bookmarks: render time (wrk, one connection: each request builds the
# view model, looks up next shows and renders the list) and the server's memory, against the same
# page with 10 bookmarks in the same run.
# Usage: Benchmarks/web/bookmarks.sh [--skip-build]    Results also go to .bench/bookmarks-results.md.
# The bookmarks are made with `finnkino bookmarks add` (10 real movies), then copied in SQLite with
# other IDs and times up to 1,000 (1,000 separate CLI runs would take minutes and measure nothing more).
set -euo pipefail
cd "$(dirname "$0")/../.."
BINARY=.build/release/finnkino
DURATION=${DURATION:-10s}
[ "${1:-}" = "--skip-build" ] || swift build -c release --product finnkino

workdir=$(mktemp -d)
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && { kill -TERM "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; }
  rm -rf "$workdir"
}
trap cleanup EXIT

data="$workdir/data"
ids=$("$BINARY" movies --json --data-dir "$data" | python3 -c 'import json, sys; print(" ".join(str(m["id"]) for m in json.load(sys.stdin)[:10]))')
for id in $ids; do "$BINARY" bookmarks add "$id" --data-dir "$data" >/dev/null; done

serve_and_measure() { # label -> prints a table row
  local port
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  "$BINARY" serve --port "$port" --data-dir "$data" >"$workdir/stdout" 2>/dev/null &
  server_pid=$!
  for _ in $(seq 1 100); do grep -q "running at" "$workdir/stdout" 2>/dev/null && break; sleep 0.1; done
  local url="http://127.0.0.1:$port/bookmarks"
  local rows size
  rows=$(curl -s "$url" | grep -o '<li class="bookmark"' | wc -l)
  size=$(curl -s "$url" | wc -c)
  wrk -t1 -c1 -d2s "$url" >/dev/null
  wrk -t1 -c1 -d"$DURATION" --latency "$url" | awk -v label="$1" -v rows="$rows" -v size="$size" '
    function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
    /^ +50%/ { p50 = ms($2) } /^ +99%/ { p99 = ms($2) } /^Requests\/sec:/ { rate = $2 }
    END { printf "| %s | %d | %.0f KB | %.2f | %.2f | %.0f |", label, rows, size / 1024, p50, p99, rate }'
  awk '/^VmRSS/ { printf " %.1f |\n", $2 / 1024 }' "/proc/$server_pid/status"
  kill -TERM "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""
}

{
  echo "Bookmarks page, $(date -u +%Y-%m-%d), $(nproc) cores, wrk -t1 -c1 -d$DURATION --latency"
  echo
  echo "| list | rows | page | p50 (ms) | p99 (ms) | req/s | server VmRSS after (MB) |"
  echo "|---|---|---|---|---|---|---|"
  serve_and_measure "10 bookmarks"
  python3 - "$data/bookmarks.sqlite" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
row = db.execute("SELECT source, title, originalTitle, posterURL, addedAt FROM bookmark LIMIT 1").fetchone()
source, title, original, poster, added = row
db.executemany(
    "INSERT INTO bookmark (person, source, movieID, title, originalTitle, posterURL, addedAt) VALUES (1, ?, ?, ?, ?, ?, ?)",
    [(source, 20_000_000 + i, f"{title} {i}", original, poster, added - i) for i in range(990)])
db.commit()
PY
  serve_and_measure "1,000 bookmarks"
} | tee "$workdir/results.md"
mkdir -p .bench
cp "$workdir/results.md" .bench/bookmarks-results.md
