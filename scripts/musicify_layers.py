"""Lines of code and types per file of Sources/MusicifyKit's five architectures (and the shared
layers), for docs/ARCHITECTURES.md. Counts lines that are neither blank nor only a comment, and
declarations of classes, structs, enums, protocols and actors. With --changes REV1 REV2, also
lines added and removed per architecture between two commits (what a feature cost each).

    python3 scripts/musicify_layers.py
    python3 scripts/musicify_layers.py --changes BASE FEATURE"""
import os
import re
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
KIT = os.path.join("Sources", "MusicifyKit")
GROUPS = ["Model", "API", "Screen", "MVC", "MVP", "MVVM", "VIPER", "Redux"]
TYPE = re.compile(r"^\s*(?:(?:public|private|fileprivate|internal|final|@MainActor)\s+)*(class|struct|enum|protocol|actor)\s+\w+")


def code_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip() and not line.strip().startswith("//")]


def layers() -> None:
    print("| layer | file | lines | types |")
    print("|---|---|---:|---:|")
    totals = []
    for group in GROUPS:
        folder = os.path.join(ROOT, KIT, group)
        lines = types = 0
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".swift"):
                continue
            with open(os.path.join(folder, name), encoding="utf-8") as file:
                code = code_lines(file.read())
            count = sum(1 for line in code if TYPE.match(line))
            print(f"| {group} | {name} | {len(code)} | {count} |")
            lines += len(code)
            types += count
        totals.append((group, lines, types))
    print()
    print("| layer | lines | types |")
    print("|---|---:|---:|")
    for group, lines, types in totals:
        print(f"| {group} | {lines} | {types} |")


def changes(base: str, feature: str) -> None:
    output = subprocess.run(
        ["git", "-C", ROOT, "diff", "--numstat", base, feature, "--", KIT],
        check=True, capture_output=True, text=True).stdout
    per_group: dict[str, list[int]] = {}
    files: dict[str, set[str]] = {}
    for line in output.splitlines():
        added, removed, path = line.split("\t")
        group = path.split("/")[2] if path.count("/") > 2 else "(root)"
        totals = per_group.setdefault(group, [0, 0])
        totals[0] += int(added)
        totals[1] += int(removed)
        files.setdefault(group, set()).add(os.path.basename(path))
    print("| layer | files changed | lines added | lines removed |")
    print("|---|---|---:|---:|")
    for group in GROUPS:
        if group in per_group:
            added, removed = per_group[group]
            print(f"| {group} | {', '.join(sorted(files[group]))} | {added} | {removed} |")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--changes":
        changes(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 1:
        layers()
    else:
        sys.exit(__doc__)
