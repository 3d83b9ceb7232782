#!/usr/bin/env bash
# The hosted server under many persons: 10,000 persons in the store, each with one session and 5
# bookmarks, one of them with 100. The same data folder is served twice in one run:
#   1. as this computer's server (loopback, one local person, no cookies): the figures of before;
#   2. `--hosted`: every request carries a session cookie, each a different person's in turn
#      (wrk's Lua script and paced_load.py --cookies take the 10,000 in turn, so every connection
#      sends many distinct sessions).
# Measured on each: wrk -t1 -c8 max rate and p99 of /movies?area=1002, /movie/<id> and /healthz;
# 500 requests/s for 15 s (paced_load.py) on /movies and /movie/<id>; 200 requests/s on the
# Bookmarks page of the person with 100 bookmarks; the server's VmRSS after all of it.
# Targets (issue 17): p99 < 10 ms at 500 req/s, /movies max rate >= 40% of /healthz's, Bookmarks
# p99 < 10 ms at 200 req/s, VmRSS < 100 MB. Issue 41's: /movie/<id> >= 30% of /healthz's and
# /movies >= 50%, hosted; p99 < 3 ms at 500 req/s; VmRSS < 80 MB.
# With --databases, the same persons and loads (all --hosted) on the three ways to store them
# (issue 19): one instance over SQLite, one over PostgreSQL, and two behind nginx over PostgreSQL
# (scripts/cluster), each also with bookmark writes per second (bookmark_writes.py: one person's
# toggles sent through every instance at once, then checked for any lost). Target over
# PostgreSQL: p99 < 15 ms at 500 req/s; no write lost. PostgreSQL is a throwaway server
# (scripts/with-postgres) unless FINNKINO_TEST_DATABASE_URL names one.
# With --check (as CI runs it: issue 41, item 7), a shorter run of the hosted server alone that fails
# when a target is missed: /movie/<id>'s max rate at least 30% of /healthz's and /movies' at least
# 50% (the median of 3 rounds of wrk, 5 s on each URL in turn), p99 under 3 ms at 500 requests/s on
# /movie/<id> and /movies, and VmRSS under 80 MB after it. A miss is measured again on a server
# started anew, up to four times, and the best attempt counts, as Benchmarks/cli.sh does: this
# machine has slow spells. About 80 s an attempt.
# ACTIVE=n (default: all of PERSONS): the load takes the sessions of the first n persons only, so
# that a store of 100,000 can be measured under the same persons' load as one of 10,000 (issue 41,
# item 5: what the store's size costs), or under all of them (what a person no cache holds costs).
# Usage: [PERSONS=n] [ACTIVE=n] Benchmarks/web/hosted.sh [--skip-build] [--databases | --check]
# Results also go to .bench/hosted-results.md (--databases: .bench/databases-results.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
# The release build of the Benchmarks package, which CI has made already (.ci/run says why);
# another build to compare: BINARY=path --skip-build.
BINARY=${BINARY:-Benchmarks/.build/release/finnkino}
DURATION=${DURATION:-15s}
PERSONS=${PERSONS:-10000}
ACTIVE=${ACTIVE:-$PERSONS}
skip_build=false
databases=false
check=false
for argument in "$@"; do
  case "$argument" in
    --skip-build) skip_build=true ;;
    --databases) databases=true ;;
    --check) check=true ;;
    *) echo "usage: Benchmarks/web/hosted.sh [--skip-build] [--databases | --check]" >&2; exit 64 ;;
  esac
done

if ! command -v wrk >/dev/null; then
  echo "Installing: wrk"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq wrk
fi
if $databases && [ -z "${FINNKINO_TEST_DATABASE_URL:-}" ]; then exec scripts/with-postgres "$0" "$@"; fi
$skip_build || swift build -c release --package-path Benchmarks --product finnkino 2>&1 | tail -1

workdir=$(mktemp -d)
server_pid=""
stop_server() {
  [ -n "$server_pid" ] && { kill -TERM "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; }
  server_pid=""
}
trap 'stop_server; rm -rf "$workdir"' EXIT

data="$workdir/data"
ids=$("$BINARY" movies --json --data-dir "$data" | python3 -c 'import json, sys; print(" ".join(str(m["id"]) for m in json.load(sys.stdin)[:10]))')
for id in $ids; do "$BINARY" bookmarks add "$id" --data-dir "$data" >/dev/null; done
"$BINARY" devices code --data-dir "$data" >/dev/null # makes persons.sqlite
python3 Benchmarks/web/populate_persons.py "$data" --persons "$PERSONS" --movies "$(tr ' ' , <<<"$ids")" \
  --cookies "$workdir/cookies"
head -1 "$workdir/cookies" >"$workdir/heavy-cookie"
head -n "$ACTIVE" "$workdir/cookies" >"$workdir/active-cookies" # the load's sessions, in turn
movie_path="/movie/${ids%% *}"

export COOKIES="$workdir/active-cookies" # for persons.lua

serve() { # extra serve options...
  local port
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  "$BINARY" serve --port "$port" --data-dir "$data" "$@" >"$workdir/stdout" 2>"$workdir/stderr" &
  server_pid=$!
  for _ in $(seq 1 100); do grep -q "running at" "$workdir/stdout" 2>/dev/null && break; sleep 0.1; done
  grep -q "running at" "$workdir/stdout" || { cat "$workdir/stderr" >&2; exit 1; }
  base="http://127.0.0.1:$port"
}

wrk_run() { # path [lua script] -> "rate p99_ms non2xx"
  wrk -t1 -c8 -d"$DURATION" --latency ${2:+-s "$2"} "$base$1" | awk '
    function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
    /^ +99%/ { p99 = ms($2) }
    /^Requests\/sec:/ { rate = $2 }
    /Non-2xx/ { bad = $NF }
    END { printf "%.0f %.2f %s\n", rate, p99, (bad == "" ? 0 : bad) }'
}
paced() { # path rate [cookies file] -> "rate=.. p50=.. p99=.. max=.. errors=.."
  python3 Benchmarks/web/paced_load.py "$base$1" --rate "$2" --seconds "${DURATION%s}" ${3:+--cookies "$3"}
}
field() { sed -n "s/.*$1=\([^ ]*\).*/\1/p" <<<"$2"; }
rss_pids=""                                                                    # the servers measured
# Each server's VmRSS, and of it (smaps) the program's own pages, the shared libraries' and the rest
# (the heap, the threads' stacks): the program's pages move by about 2 MB with its code's layout.
rss_mb() {
  for pid in ${rss_pids:-$server_pid}; do
    awk '/^VmRSS/ { printf "%.1f MB ", $2 / 1024 }' "/proc/$pid/status"
    awk -v exe="$(readlink "/proc/$pid/exe")" '
      /^[0-9a-f]+-[0-9a-f]+ / { path = $6 }
      /^Rss:/ { if (path == exe) program += $2; else if (path ~ /\.so/) libraries += $2; else rest += $2 }
      END { printf "(the program %.1f, libraries %.1f, the rest %.1f) ", program / 1024, libraries / 1024, rest / 1024 }' \
      "/proc/$pid/smaps"
  done
}

measure() { # label lua cookies heavy-cookie -> table rows
  local label=$1 lua=$2 cookies=$3 heavy=$4
  # Warm up: every URL, and (hosted) every session once.
  for path in "/movies?area=1002" "$movie_path" "/healthz"; do wrk -t1 -c4 -d3s ${lua:+-s "$lua"} "$base$path" >/dev/null; done
  local rows
  rows=$(curl -s ${heavy:+-H "Cookie: $(cat "$heavy")"} "$base/bookmarks" | grep -o '<li class="bookmark"' | wc -l)
  local movies movie health
  read -r m_rate m_p99 m_bad <<<"$(wrk_run "/movies?area=1002" "$lua")"
  read -r d_rate d_p99 d_bad <<<"$(wrk_run "$movie_path" "$lua")"
  read -r h_rate h_p99 h_bad <<<"$(wrk_run "/healthz" "$lua")"
  movies=$(paced "/movies?area=1002" 500 "$cookies")
  movie=$(paced "$movie_path" 500 "$cookies")
  bookmarks=$(paced "/bookmarks" 200 "$heavy")
  local ratio movie_ratio
  ratio=$(awk -v a="$m_rate" -v b="$h_rate" 'BEGIN { printf "%.0f", 100 * a / b }')
  movie_ratio=$(awk -v a="$d_rate" -v b="$h_rate" 'BEGIN { printf "%.0f", 100 * a / b }')
  echo "| $label | /movies?area=1002 | $m_rate ($ratio% of /healthz) | $m_p99 | $m_bad | 500: $(field rate "$movies") | $(field p99 "$movies") | $(field max "$movies") | $(field errors "$movies") |"
  echo "| $label | $movie_path | $d_rate ($movie_ratio% of /healthz) | $d_p99 | $d_bad | 500: $(field rate "$movie") | $(field p99 "$movie") | $(field max "$movie") | $(field errors "$movie") |"
  echo "| $label | /healthz | $h_rate | $h_p99 | $h_bad | | | | |"
  echo "| $label | /bookmarks ($rows rows) | | | | 200: $(field rate "$bookmarks") | $(field p99 "$bookmarks") | $(field max "$bookmarks") | $(field errors "$bookmarks") |"
  echo "| $label | server VmRSS after the load: $(rss_mb)| | | | | | | |"
}

writes() { # label check-option urls... -> a table row
  local label=$1 check=$2
  shift 2
  local urls=()
  for url in "$@"; do urls+=(--url "$url"); done
  local result
  result=$(python3 Benchmarks/web/bookmark_writes.py "${urls[@]}" --cookies "$workdir/cookies" \
    --person-ids "$workdir/cookies.persons" --movie "${ids%% *}" --seconds "${DURATION%s}" $check) ||
    { echo "| $label | bookmark writes LOST: $result | | | | | | | |"; return; }
  echo "| $label | bookmark writes ($# instance(s) at once): $result | | | | | | | |"
}

# Issue 41's targets that --check holds the server to.
MOVIE_SHARE_TARGET=30 # % of /healthz's max rate
MOVIES_SHARE_TARGET=50
P99_TARGET_MS=3
RSS_TARGET_MB=80
if $check; then
  median() { tr ' ' '\n' | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
  attempt() { # -> prints the attempt's figures; returns 1 when a target is missed
    local healthz=() movie=() movies=() shares=""
    for round in 1 2 3; do
      read -r h _ _ <<<"$(DURATION=5s wrk_run /healthz Benchmarks/web/persons.lua)"
      read -r d _ _ <<<"$(DURATION=5s wrk_run "$movie_path" Benchmarks/web/persons.lua)"
      read -r m _ _ <<<"$(DURATION=5s wrk_run "/movies?area=1002" Benchmarks/web/persons.lua)"
      healthz+=("$h") movie+=("$d") movies+=("$m")
      shares+="$(awk -v a="$d" -v b="$h" 'BEGIN { printf "%.0f%%", 100 * a / b }') "
    done
    local h d m movie_share movies_share paced_movie paced_movies movie_p99 movies_p99 rss
    h=$(echo "${healthz[*]}" | median) d=$(echo "${movie[*]}" | median) m=$(echo "${movies[*]}" | median)
    movie_share=$(awk -v a="$d" -v b="$h" 'BEGIN { printf "%.1f", 100 * a / b }')
    movies_share=$(awk -v a="$m" -v b="$h" 'BEGIN { printf "%.1f", 100 * a / b }')
    paced_movie=$(DURATION=10s paced "$movie_path" 500 "$COOKIES")
    paced_movies=$(DURATION=10s paced "/movies?area=1002" 500 "$COOKIES")
    movie_p99=$(field p99 "$paced_movie") movies_p99=$(field p99 "$paced_movies")
    rss=$(awk '/^VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$server_pid/status")
    echo "medians of 3 rounds (req/s): /healthz $h, $movie_path $d, /movies?area=1002 $m;" \
      "$movie_path's share in each round: $shares"
    echo "$movie_path: $movie_share% of /healthz (target >= $MOVIE_SHARE_TARGET%), p99 $movie_p99 ms at 500/s" \
      "(errors $(field errors "$paced_movie"))"
    echo "/movies?area=1002: $movies_share% of /healthz (target >= $MOVIES_SHARE_TARGET%)," \
      "p99 $movies_p99 ms at 500/s (errors $(field errors "$paced_movies"))"
    echo "server VmRSS after the load: $(rss_mb)(target < $RSS_TARGET_MB MB)"
    awk -v s="$movie_share" -v m="$movies_share" -v p="$movie_p99" -v q="$movies_p99" -v r="$rss" \
      -v ts="$MOVIE_SHARE_TARGET" -v tm="$MOVIES_SHARE_TARGET" -v tp="$P99_TARGET_MS" -v tr="$RSS_TARGET_MB" \
      -v e1="$(field errors "$paced_movie")" -v e2="$(field errors "$paced_movies")" \
      'BEGIN { exit !(s >= ts && m >= tm && p < tp && q < tp && r < tr && e1 == 0 && e2 == 0) }'
  }
  echo "Hosted server, $PERSONS persons in the store ($ACTIVE of them in the load), $(nproc) cores: issue 41's targets (--check)"
  for number in 1 2 3 4 5; do
    [ "$number" -gt 1 ] && echo "Measured again ($number), on a server started anew:"
    serve --hosted
    for path in "/movies?area=1002" "$movie_path" "/healthz"; do
      wrk -t1 -c4 -d3s -s Benchmarks/web/persons.lua "$base$path" >/dev/null
    done
    if attempt; then
      echo "Check passed: $movie_path at least $MOVIE_SHARE_TARGET% of /healthz, /movies $MOVIES_SHARE_TARGET%;" \
        "p99 under $P99_TARGET_MS ms" \
        "at 500/s on it and /movies; VmRSS under $RSS_TARGET_MB MB."
      exit 0
    fi
    stop_server
  done
  echo "target missed in 5 attempts (see above)" >&2
  exit 1
fi

if $databases; then
  database="$FINNKINO_TEST_DATABASE_URL"
  "$BINARY" migrate --from-sqlite "$data" --to "$database" >&2
  cluster_pid=""
  stop_cluster() { [ -n "$cluster_pid" ] && { kill -TERM "$cluster_pid" 2>/dev/null || true; wait "$cluster_pid" 2>/dev/null || true; }; }
  trap 'stop_server; stop_cluster; rm -rf "$workdir"' EXIT
  exec 3>"$workdir/results.md"
  {
    echo "Hosted server over each store, $(date -u +%Y-%m-%d), $(nproc) cores, $PERSONS persons;" \
      "wrk -t1 -c8 -d$DURATION --latency; paced load for $DURATION over 8 connections; writes: 8 connections" \
      "per instance for $DURATION"
    echo
    echo "| server | URL | wrk max rate (req/s) | wrk p99 (ms) | non-2xx | paced: req/s | p99 (ms) | max (ms) | errors |"
    echo "|---|---|---|---|---|---|---|---|---|"
    serve --hosted
    measure "one instance, SQLite" Benchmarks/web/persons.lua "$COOKIES" "$workdir/heavy-cookie"
    writes "one instance, SQLite" "--sqlite-dir $data" "$base"
    stop_server
    serve --hosted --database "$database"
    measure "one instance, PostgreSQL" Benchmarks/web/persons.lua "$COOKIES" "$workdir/heavy-cookie"
    writes "one instance, PostgreSQL" "--database $database" "$base"
    stop_server
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    FINNKINO_BINARY="$BINARY" scripts/cluster --port "$port" >"$workdir/cluster.out" 2>"$workdir/cluster.log" &
    cluster_pid=$!
    for _ in $(seq 1 300); do grep -q "running at" "$workdir/cluster.out" 2>/dev/null && break; sleep 0.1; done
    grep -q "running at" "$workdir/cluster.out" || { cat "$workdir/cluster.log" >&2; exit 1; }
    base="http://127.0.0.1:$port"
    rss_pids=$(sed -n 's/^instance . (pid \([0-9]*\)).*/\1/p' "$workdir/cluster.out" | tr '\n' ' ')
    measure "two instances behind nginx, PostgreSQL" Benchmarks/web/persons.lua "$COOKIES" "$workdir/heavy-cookie"
    # shellcheck disable=SC2046
    writes "two instances, PostgreSQL" "--database $database" $(sed -n 's/^instance . (pid [0-9]*): //p' "$workdir/cluster.out")
    stop_cluster
    echo
    echo "- load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
  } >&3
  exec 3>&-
  cat "$workdir/results.md"
  mkdir -p .bench
  cp "$workdir/results.md" .bench/databases-results.md
  exit 0
fi

# Not in a `{ ... } | tee` pipeline: that would be a subshell, whose server the EXIT trap cannot stop.
exec 3>"$workdir/results.md"
{
  echo "Hosted server, $(date -u +%Y-%m-%d), $(nproc) cores, $PERSONS persons in the store ($ACTIVE of them in the load);" \
    "wrk -t1 -c8 -d$DURATION --latency; paced load for $DURATION over 8 connections"
  echo
  echo "| server | URL | wrk max rate (req/s) | wrk p99 (ms) | non-2xx | paced: req/s | p99 (ms) | max (ms) | errors |"
  echo "|---|---|---|---|---|---|---|---|---|"
  serve
  measure "loopback, local person" "" "" ""
  stop_server
  serve --hosted
  measure "--hosted, a session per request" Benchmarks/web/persons.lua "$COOKIES" "$workdir/heavy-cookie"
  stop_server
  echo
  echo "- load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
} >&3
exec 3>&-
cat "$workdir/results.md"
mkdir -p .bench
cp "$workdir/results.md" .bench/hosted-results.md
