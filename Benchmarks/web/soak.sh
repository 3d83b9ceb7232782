#!/usr/bin/env bash
# The hosted soak (issue 41, item 4): the release build of `finnkino serve --hosted` on the bundled
# data, an empty data folder, for MINUTES minutes (default 20) of a public site's traffic
# (Benchmarks/web/hosted_soak.py): a newcomer a second, each from their own address, opens the
# movie list and a movie and bookmarks it (which makes them a person), while the persons made so
# far browse with their cookies, 60 requests a second in all. Prints the server's memory for each
# person made after the first 3 minutes; the samples go to .bench/hosted-soak.csv.
# With --check it fails when that is over 4 KiB a person, a request failed, or descriptors grew.
# With --persons N, N persons are in the store before (Benchmarks/web/populate_persons.py, 5
# bookmarks each) and browse too: with 10,000, the caches of persons fill (PersonStates keeps
# 10,000, the bookmark stores 2,000), and the RSS at the end is the worst case to plan a host for.
# Usage: Benchmarks/web/soak.sh [--skip-build] [--check] [--minutes M] [--persons N]
set -euo pipefail
cd "$(dirname "$0")/../.."
BINARY=${BINARY:-Benchmarks/.build/release/finnkino} # another build: BINARY=path --skip-build
minutes=20
persons=0
skip_build=false
check=()
while [ $# -gt 0 ]; do
  case "$1" in
    --skip-build) skip_build=true ;;
    --check) check=(--check) ;;
    --minutes) minutes=$2; shift ;;
    --persons) persons=$2; shift ;;
    *) echo "usage: Benchmarks/web/soak.sh [--skip-build] [--check] [--minutes M] [--persons N]" >&2; exit 64 ;;
  esac
  shift
done
# The Benchmarks package's release build: the one CI makes right after the tests.
$skip_build || swift build -c release --package-path Benchmarks --product finnkino 2>&1 | tail -1

workdir=$(mktemp -d)
server_pid=""
trap '[ -n "$server_pid" ] && kill -TERM "$server_pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$workdir"' EXIT
known=()
if [ "$persons" -gt 0 ]; then
  data="$workdir/data"
  ids=$("$BINARY" movies --json --data-dir "$data" | python3 -c 'import json, sys; print(",".join(str(m["id"]) for m in json.load(sys.stdin)[:10]))')
  "$BINARY" bookmarks add "${ids%%,*}" --data-dir "$data" >/dev/null # makes bookmarks.sqlite
  "$BINARY" devices code --data-dir "$data" >/dev/null # makes persons.sqlite
  python3 Benchmarks/web/populate_persons.py "$data" --persons "$persons" --movies "$ids" --cookies "$workdir/cookies"
  known=(--cookies "$workdir/cookies")
fi
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# The load says who each newcomer is with X-Forwarded-For, as a proxy in front of a public server
# does: each address may make only a few persons a minute.
"$BINARY" serve --hosted --trusted-proxy 127.0.0.1 --port "$port" --data-dir "$workdir/data" \
  >"$workdir/stdout" 2>"$workdir/stderr" &
server_pid=$!
for _ in $(seq 1 100); do grep -q "running at" "$workdir/stdout" 2>/dev/null && break; sleep 0.1; done
grep -q "running at" "$workdir/stdout" || { cat "$workdir/stderr" >&2; exit 1; }
mkdir -p .bench
python3 Benchmarks/web/hosted_soak.py "http://127.0.0.1:$port" "$server_pid" --minutes "$minutes" \
  --csv .bench/hosted-soak.csv "${known[@]}" "${check[@]}"
