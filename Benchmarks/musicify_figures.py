#!/usr/bin/env python3
"""Musicify's figures from one run of Benchmarks/musicify.sh (Python 3 standard library only).

Reads ordo-one/benchmark's JMH export of MusicifyBenchmarks and the callgrind outputs of
musicify-bench (for each architecture and workload, a run of N cycles and one of N+K), writes
.bench/musicify.json, prints the table and, with --check, fails when an architecture costs more
than 5% more instructions or more than 10 more allocations per one-load cycle than MVC. With
--callgrind-only (musicify.sh --check: the check alone) there is no ordo-one/benchmark export, and
the wall clock and peak memory are left out.

Instructions per cycle: (Ir of the N+K run - Ir of the N run) / K. Allocations per cycle: the
same difference of the calls callgrind counted to malloc, calloc, realloc, posix_memalign,
aligned_alloc and memalign (the Swift runtime allocates through them), leaving out the calls one
of them makes to another (glibc's posix_memalign calls malloc through _mid_memalign).
"""

import argparse
import datetime
import json
import os
import re
import subprocess
import sys

ARCHITECTURES = ["mvc", "mvp", "mvvm", "viper", "redux"]
TITLES = {"mvc": "MVC", "mvp": "MVP", "mvvm": "MVVM", "viper": "VIPER", "redux": "Redux"}
WORKLOADS = {
    "one-load": {
        "title": "one load cycle, 20 songs",
        "cycle": "a new screen, viewDidLoad on the 20-song sample, the canvas rendered",
        "ordo_iteration": "one cycle",
    },
    "repeated-loads": {
        "title": "repeated loads of one screen, per load",
        "cycle": "one more viewDidLoad of the same screen",
        "ordo_iteration": "1,000 loads of one screen, then one render",
    },
    "10k-list": {
        "title": "one load cycle, 10,000 songs",
        "cycle": "a new screen, viewDidLoad on a generated 10,000-song chart, the canvas rendered",
        "ordo_iteration": "one cycle",
    },
}
ALLOCATORS = {"malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc", "memalign"}
REFERENCE = "mvc"
INSTRUCTION_LIMIT = 1.05
ALLOCATION_MARGIN = 10


def callgrind_counts(path):
    """(instructions, allocation calls) of one callgrind output file."""
    names = {}
    instructions = None
    allocations = 0
    caller = None
    callee = None
    name_pattern = re.compile(r"^(c?fn)=\((\d+)\)(?: (.*))?$")
    with open(path, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            if line.startswith("summary:"):
                instructions = int(line.split()[1])
                continue
            if line.startswith("fn=") or line.startswith("cfn="):
                match = name_pattern.match(line.rstrip("\n"))
                if match:
                    kind, number, name = match.groups()
                    if name is not None:
                        names[number] = name
                    if kind == "cfn":
                        callee = names.get(number)
                    else:
                        caller = names.get(number)
                continue
            if line.startswith("calls="):
                if callee in ALLOCATORS and not is_allocator(caller):
                    allocations += int(line[len("calls="):].split()[0])
                callee = None
    if instructions is None:
        raise SystemExit(f"{path}: no summary line (did callgrind finish?)")
    return instructions, allocations


def is_allocator(name):
    """An allocation function, or glibc's internal step between posix_memalign and malloc."""
    return name is not None and (name in ALLOCATORS or name.startswith("_mid_memalign"))


def ordo_one_results(path):
    """{(workload, architecture): {metric: JMH metric}} from the JMH export on stdout."""
    with open(path, encoding="utf-8") as output:
        text = output.read()
    start = text.find("[{")
    if start < 0:
        raise SystemExit(f"{path}: no JMH export in ordo-one/benchmark's output")
    elements, _ = json.JSONDecoder().raw_decode(text[start:])
    results = {}
    for element in elements:
        name = element["benchmark"].rsplit(".", 1)[-1]
        workload, _, architecture = name.partition("/")
        metrics = dict(element.get("secondaryMetrics") or {})
        metrics["Throughput (# / s)"] = element["primaryMetric"]
        results[(workload, architecture)] = metrics
    return results


def metric(metrics, prefix):
    for name, value in metrics.items():
        if name.startswith(prefix):
            return value
    return None


def command_output(arguments):
    try:
        return subprocess.run(arguments, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def machine():
    model = "unknown"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    swift = command_output(["swift", "--version"]).splitlines() or ["unknown"]
    return {
        "cores": os.cpu_count(),
        "cpu": model,
        "swift": swift[0],
        "valgrind": command_output(["valgrind", "--version"]),
        "kernel": command_output(["uname", "-sr"]),
    }


def figures(work, runs, with_ordo):
    ordo = ordo_one_results(os.path.join(work, "ordo-one.out")) if with_ordo else None
    results = {}
    for workload, n, k in runs:
        results[workload] = {}
        for architecture in ARCHITECTURES:
            prefix = os.path.join(work, "callgrind", f"{architecture}.{workload}.")
            small = callgrind_counts(f"{prefix}{n}.callgrind")
            large = callgrind_counts(f"{prefix}{n + k}.callgrind")
            results[workload][architecture] = {
                "instructionsPerCycle": round((large[0] - small[0]) / k),
                "allocationsPerCycle": round((large[1] - small[1]) / k, 1),
                "callgrind": {
                    "n": n, "k": k,
                    "instructions": [small[0], large[0]],
                    "allocations": [small[1], large[1]],
                },
            }
            if ordo is None:
                continue
            metrics = ordo.get((workload, architecture))
            if metrics is None:
                raise SystemExit(f"no ordo-one/benchmark result for {workload}/{architecture}")
            wall = metric(metrics, "Time (wall clock)")
            mallocs = metric(metrics, "Malloc (total)")
            peak = metric(metrics, "Memory (resident peak)")
            results[workload][architecture] |= {
                "wallClockMicroseconds": {
                    "p50": wall["scorePercentiles"]["50.0"],
                    "p90": wall["scorePercentiles"]["90.0"],
                    "min": wall["scorePercentiles"]["0.0"],
                },
                "ordoOneMallocCountP50": mallocs["scorePercentiles"]["50.0"],
                "peakMemoryResidentBytes": peak["scorePercentiles"]["100.0"],
                "iterations": len(wall["rawData"][0]),
            }
    return results


def failures(results):
    one_load = results["one-load"]
    reference = one_load[REFERENCE]
    found = []
    for architecture in ARCHITECTURES:
        if architecture == REFERENCE:
            continue
        figures_ = one_load[architecture]
        ratio = figures_["instructionsPerCycle"] / reference["instructionsPerCycle"]
        if ratio > INSTRUCTION_LIMIT:
            found.append(
                f"{TITLES[architecture]}: {figures_['instructionsPerCycle']:,} instructions per one-load cycle, "
                f"{ratio:.4f}x MVC's {reference['instructionsPerCycle']:,} (limit {INSTRUCTION_LIMIT}x)")
        extra = figures_["allocationsPerCycle"] - reference["allocationsPerCycle"]
        if extra > ALLOCATION_MARGIN:
            found.append(
                f"{TITLES[architecture]}: {figures_['allocationsPerCycle']:,} allocations per one-load cycle, "
                f"{extra:+,.1f} against MVC's {reference['allocationsPerCycle']:,} (limit +{ALLOCATION_MARGIN})")
    return found


def wall_text(microseconds):
    if microseconds >= 10_000:
        return f"{microseconds / 1000:,.1f} ms"
    if microseconds >= 1000:
        return f"{microseconds / 1000:,.2f} ms"
    return f"{microseconds:,.0f} µs"


def table(results):
    header = ["workload", "architecture", "wall p50", "instructions/cycle", "vs MVC", "allocations/cycle",
              "vs MVC", "peak memory"]
    rows = []
    for workload, by_architecture in results.items():
        reference = by_architecture[REFERENCE]
        for architecture in ARCHITECTURES:
            f = by_architecture[architecture]
            rows.append([
                workload, TITLES[architecture],
                wall_text(f["wallClockMicroseconds"]["p50"]) if "wallClockMicroseconds" in f else "-",
                f"{f['instructionsPerCycle']:,}",
                f"{f['instructionsPerCycle'] / reference['instructionsPerCycle']:.3f}x",
                f"{f['allocationsPerCycle']:,.1f}",
                f"{f['allocationsPerCycle'] - reference['allocationsPerCycle']:+,.1f}",
                f"{f['peakMemoryResidentBytes'] / (1 << 20):,.1f} MiB" if "peakMemoryResidentBytes" in f else "-",
            ])
    widths = [max(len(str(row[column])) for row in rows + [header]) for column in range(len(header))]
    lines = ["  ".join(cell.ljust(width) if column < 2 else cell.rjust(width)
                       for column, (cell, width) in enumerate(zip(row, widths)))
             for row in [header] + rows]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", required=True, help="the folder musicify.sh wrote the raw outputs to")
    parser.add_argument("--output", required=True, help="the JSON file to write")
    parser.add_argument("--runs", nargs="+", required=True, help='"WORKLOAD N K" per workload')
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--callgrind-only", action="store_true",
                        help="no ordo-one/benchmark export was made: callgrind's figures alone")
    arguments = parser.parse_args()
    runs = []
    for run in arguments.runs:
        workload, n, k = run.split()
        runs.append((workload, int(n), int(k)))

    results = figures(arguments.work, runs, with_ordo=not arguments.callgrind_only)
    found = failures(results)
    document = {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "commit": command_output(["git", "rev-parse", "--short", "HEAD"]),
        "machine": machine(),
        "workloads": {workload: dict(WORKLOADS[workload], n=n, k=k) for workload, n, k in runs},
        "method": {
            "wallClock": "ordo-one/benchmark MusicifyBenchmarks, p50 of its iterations (one iteration: ordo_iteration)",
            "instructionsPerCycle": "callgrind Ir of N+K cycles minus Ir of N cycles, over K",
            "allocationsPerCycle": "callgrind's counted calls to " + ", ".join(sorted(ALLOCATORS))
            + " (not those they make to each other), N+K cycles minus N cycles, over K",
            "peakMemory": "ordo-one/benchmark peakMemoryResident, the largest sample (the whole process)",
        },
        "check": {
            "reference": REFERENCE, "workload": "one-load",
            "instructionLimit": INSTRUCTION_LIMIT, "allocationMargin": ALLOCATION_MARGIN,
            "failures": found,
        },
        "results": results,
    }
    os.makedirs(os.path.dirname(arguments.output) or ".", exist_ok=True)
    with open(arguments.output, "w", encoding="utf-8") as output:
        json.dump(document, output, indent=2, ensure_ascii=False)
        output.write("\n")

    print(table(results))
    print(f"\nwritten: {arguments.output}")
    if found:
        print(f"\nMore than {INSTRUCTION_LIMIT}x MVC's instructions or {ALLOCATION_MARGIN} more allocations "
              "per one-load cycle:")
        for line in found:
            print(f"  {line}")
    else:
        print(f"\nEvery architecture within {INSTRUCTION_LIMIT}x MVC's instructions and "
              f"+{ALLOCATION_MARGIN} of its allocations per one-load cycle.")
    if arguments.check and found:
        sys.exit(1)


if __name__ == "__main__":
    main()
