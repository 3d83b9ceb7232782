#!/usr/bin/env bash
# Web app benchmark on loopback: builds `finnkino` in release, serves the bundled dataset on a free
# 127.0.0.1 port, walks every page once in headless Chromium (the browser suite's walk), reads the
# server's resident memory, warms the caches, then measures with wrk and a fixed-rate load:
#   (a) /movies?area=1002 and /movie/<id>: wrk -t1 -c8 -d15s --latency (max rate, p99) and 500 req/s
#       for 15 s (Benchmarks/web/paced_load.py; Debian has wrk, not wrk2), p99;
#   (b) max throughput of /movies vs /healthz (same binary, same run), ratio;
#   (c) VmRSS after the walk, after visiting every page and image once (Benchmarks/web/crawl.py),
#       and after all the load.
# Usage: Benchmarks/web/run.sh [--skip-build]    Results also go to .bench/web-results.md.
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION=${DURATION:-15s}
RATE=${RATE:-500}
BINARY=.build/release/finnkino

if ! command -v wrk >/dev/null; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq wrk
fi
if [ "${1:-}" != "--skip-build" ]; then
  swift build -c release --product finnkino
fi

workdir=$(mktemp -d)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$BINARY" serve --port "$port" --data-dir "$workdir/data" >"$workdir/stdout" 2>"$workdir/stderr" &
server_pid=$!
cleanup() {
  kill -TERM "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  rm -rf "$workdir"
}
trap cleanup EXIT

base=""
for _ in $(seq 1 100); do
  base=$(grep -o 'http://[^ ]*' "$workdir/stdout" 2>/dev/null | head -1 || true)
  [ -n "$base" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$workdir/stderr" >&2; echo "finnkino serve exited" >&2; exit 1; }
  sleep 0.1
done
[ -n "$base" ] || { echo "finnkino serve printed no URL" >&2; exit 1; }
base=${base%/}
echo "Serving at $base (pid $server_pid)"

rss_mb() { awk '/^VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$server_pid/status"; }

# (c) The browser walk, once, against this server (both viewports, every screen).
walk_result=passed
FINNKINO_URL=$base PYTHONDONTWRITEBYTECODE=1 python3 -m pytest -q -p no:cacheprovider Tests/Browser/test_walk.py \
  >"$workdir/walk.log" 2>&1 || walk_result="FAILED, see above"
rss_after_walk=$(rss_mb)
[ "$walk_result" = passed ] || grep -E "^E +AssertionError: \[" "$workdir/walk.log" | head -8
# ... and every page and image once (a scripted walk of all that the pages link to).
crawl=$(python3 Benchmarks/web/crawl.py "$base")
rss_after_crawl=$(rss_mb)

movie_path=$(curl -s "$base/movies?area=1002" | grep -o 'href="/movie/[0-9]*"' | head -1 | sed 's/href="//; s/"$//')
[ -n "$movie_path" ] || { echo "no movie link on /movies" >&2; exit 1; }

# Warm the caches: every measured URL a few hundred times.
for path in "/movies?area=1002" "$movie_path" "/healthz"; do
  wrk -t1 -c4 -d2s "$base$path" >/dev/null
done

# wrk's latency figures come in us, ms or s: print milliseconds.
wrk_run() { # path -> "rate p99_ms"
  wrk -t1 -c8 -d"$DURATION" --latency "$base$1" | awk '
    function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
    /^ +99%/ { p99 = ms($2) }
    /^Requests\/sec:/ { rate = $2 }
    /Non-2xx/ { bad = $NF }
    END { printf "%.0f %.2f %s\n", rate, p99, (bad == "" ? 0 : bad) }'
}
paced_run() { # path -> "rate=.. p50=.. p99=.. max=.. errors=.. requests=.."
  python3 Benchmarks/web/paced_load.py "$base$1" --rate "$RATE" --seconds "${DURATION%s}"
}
field() { sed -n "s/.*$1=\([^ ]*\).*/\1/p" <<<"$2"; }

read -r movies_rate movies_p99 movies_bad <<<"$(wrk_run "/movies?area=1002")"
read -r movie_rate movie_p99 movie_bad <<<"$(wrk_run "$movie_path")"
read -r health_rate health_p99 health_bad <<<"$(wrk_run "/healthz")"
movies_paced=$(paced_run "/movies?area=1002")
movie_paced=$(paced_run "$movie_path")
rss_after_load=$(rss_mb)
ratio=$(awk -v a="$movies_rate" -v b="$health_rate" 'BEGIN { printf "%.0f", 100 * a / b }')

{
  echo "Web app benchmark, $(date -u +%Y-%m-%d), $(nproc) cores, wrk -t1 -c8 -d$DURATION --latency; paced: $RATE req/s for $DURATION over 8 connections"
  echo
  echo "| URL | wrk max rate (req/s) | wrk p99 (ms) | non-2xx | at $RATE req/s: rate | p50 (ms) | p99 (ms) | max (ms) | errors |"
  echo "|---|---|---|---|---|---|---|---|---|"
  echo "| /movies?area=1002 | $movies_rate | $movies_p99 | $movies_bad | $(field rate "$movies_paced") | $(field p50 "$movies_paced") | $(field p99 "$movies_paced") | $(field max "$movies_paced") | $(field errors "$movies_paced") |"
  echo "| $movie_path | $movie_rate | $movie_p99 | $movie_bad | $(field rate "$movie_paced") | $(field p50 "$movie_paced") | $(field p99 "$movie_paced") | $(field max "$movie_paced") | $(field errors "$movie_paced") |"
  echo "| /healthz | $health_rate | $health_p99 | $health_bad | | | | | |"
  echo
  echo "- /movies max throughput = $ratio% of /healthz (target >= 40%)"
  echo "- VmRSS (target < 80 MB): after the browser walk ($walk_result) $rss_after_walk MB;" \
    "after visiting every page and image once ($crawl) $rss_after_crawl MB; after all the load $rss_after_load MB"
  echo "- load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee "$workdir/results.md"
mkdir -p .bench
cp "$workdir/results.md" .bench/web-results.md
