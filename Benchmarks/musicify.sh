#!/usr/bin/env bash
# Musicify's latest-songs screen in its five architectures, compared in one run (docs/PERFORMANCE.md,
# "Musicify"): builds the benchmarks in release, runs ordo-one/benchmark's MusicifyBenchmarks (wall
# clock, allocations, peak memory), then musicify-bench under callgrind for N and N+K cycles of each
# architecture and workload (instructions and allocations per cycle: the difference over K). Writes
# .bench/musicify.json, prints the table and draws docs/musicify-benchmark.svg.
# With --check it runs the check alone, what CI runs: the one-load workload under callgrind (N and N+K
# cycles of each architecture), failing when an architecture costs more than 5% more instructions,
# or more than 10 more allocations, per one-load cycle than MVC in the same run. It writes
# .bench/musicify-check.json and leaves the chart alone: ordo-one/benchmark's wall clock, peak
# memory and the other two workloads (249 s and 80 s of the 384 s the full run took in the CI of
# 2026-11-29) judge nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
check=()
for argument in "$@"; do
  case "$argument" in
    --check) check=(--check) ;;
    *) echo "usage: Benchmarks/musicify.sh [--check]" >&2; exit 2 ;;
  esac
done
if ! valgrind --version >/dev/null 2>&1; then
  echo "Installing: valgrind"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq valgrind
fi

architectures=(mvc mvp mvvm viper redux)
# workload N K: callgrind runs N and N+K cycles. A 10,000-song cycle takes about 2e9 instructions
# (half a minute under callgrind); every run first loads the 20-song chart once, so N can be 0.
callgrind_runs=("one-load 10 100" "repeated-loads 10 50" "10k-list 0 1")
[ ${#check[@]} -eq 0 ] || callgrind_runs=("one-load 10 100")

work=.bench/musicify
rm -rf "$work"
mkdir -p "$work/callgrind"

swift build -c release --package-path Benchmarks --product musicify-bench
# Valgrind 3.19 gives up on the DWARF 5 that clang writes for the C parts of the dependencies:
# callgrind runs a copy without debug information (function names stay, in the symbol table).
bench="$work/musicify-bench"
objcopy --strip-debug Benchmarks/.build/release/musicify-bench "$bench"

if [ ${#check[@]} -eq 0 ]; then
  echo "== ordo-one/benchmark: MusicifyBenchmarks"
  started=$SECONDS
  swift package --package-path Benchmarks benchmark run --target MusicifyBenchmarks --format jmh --path stdout \
    --no-progress >"$work/ordo-one.out"
  echo "   $((SECONDS - started)) s"
fi

echo "== callgrind: musicify-bench, N and N+K cycles"
started=$SECONDS
jobs_file="$work/callgrind/jobs"
: >"$jobs_file"
for run in "${callgrind_runs[@]}"; do
  read -r workload n k <<<"$run"
  for architecture in "${architectures[@]}"; do
    for count in "$n" "$((n + k))"; do
      echo "$architecture $workload $count" >>"$jobs_file"
    done
  done
done
# Two at a time (2 cores); the longest first.
tac "$jobs_file" | xargs -P 2 -L 1 sh -c '
  out="$0/callgrind/$2.$3.$4"
  valgrind --tool=callgrind --callgrind-out-file="$out.callgrind" "$1" "$2" "$3" "$4" >"$out.log" 2>&1 \
    || { echo "callgrind failed: $2 $3 $4 (see $out.log)" >&2; exit 255; }
  echo "  $2 $3: $4 cycles"
' "$work" "$bench"
echo "   $((SECONDS - started)) s"

if [ ${#check[@]} -gt 0 ]; then
  exec python3 Benchmarks/musicify_figures.py --work "$work" --output .bench/musicify-check.json \
    --runs "${callgrind_runs[@]}" --check --callgrind-only
fi
python3 Benchmarks/musicify_figures.py --work "$work" --output .bench/musicify.json --runs "${callgrind_runs[@]}"
python3 Benchmarks/musicify_chart.py --input .bench/musicify.json --output docs/musicify-benchmark.svg
