"""Turns `llvm-cov export -summary-only` JSON (standard input) into Markdown tables of line
coverage for Sources/MusicifyKit: one row per file, grouped by layer, then one row per layer."""
import json
import os
import sys

GROUPS = ["Model", "API", "Screen", "MVC", "MVP", "MVVM", "VIPER", "Redux"]


def main() -> None:
    data = json.load(sys.stdin)["data"][0]["files"]
    rows = []
    for entry in data:
        path = entry["filename"]
        marker = os.sep + os.path.join("Sources", "MusicifyKit") + os.sep
        if marker not in path:
            continue
        relative = path.split(marker, 1)[1]
        group = relative.split(os.sep, 1)[0] if os.sep in relative else "(root)"
        lines = entry["summary"]["lines"]
        rows.append((group, os.path.basename(relative), lines["covered"], lines["count"]))
    if not rows:
        sys.exit("no Sources/MusicifyKit files in the coverage data")
    order = {name: index for index, name in enumerate(GROUPS)}
    rows.sort(key=lambda row: (order.get(row[0], len(GROUPS)), row[1]))

    print("| layer | file | lines covered | of | coverage |")
    print("|---|---|---:|---:|---:|")
    for group, name, covered, count in rows:
        print(f"| {group} | {name} | {covered} | {count} | {percent(covered, count)} |")
    print()
    print("| layer | lines covered | of | coverage |")
    print("|---|---:|---:|---:|")
    for group in sorted({row[0] for row in rows}, key=lambda name: order.get(name, len(GROUPS))):
        covered = sum(row[2] for row in rows if row[0] == group)
        count = sum(row[3] for row in rows if row[0] == group)
        print(f"| {group} | {covered} | {count} | {percent(covered, count)} |")


def percent(covered: int, count: int) -> str:
    return f"{100 * covered / count:.1f}%" if count else "-"


if __name__ == "__main__":
    main()
