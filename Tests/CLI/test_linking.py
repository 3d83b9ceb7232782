"""How the programs that serve the web apps are linked (Package.swift, `servers`): their relative
relocations packed (`DT_RELR`), which gold wrote as 75,000 entries of 24 bytes that every start
reads and the system keeps resident (docs/PERFORMANCE.md, issue 41, item 3). Reads the debug build
that `swift build --build-tests` made, with binutils' `readelf`."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def dynamic_section(binary: Path) -> dict[str, int]:
    """The dynamic section's entries by tag name (RELR, RELASZ, RELACOUNT, ...)."""
    readelf = shutil.which("readelf")
    assert readelf, "readelf (binutils) is needed"
    out = subprocess.run([readelf, "-d", str(binary)], capture_output=True, text=True, check=True).stdout
    entries = {}
    for line in out.splitlines():
        match = re.match(r"\s*0x[0-9a-f]+ \((\w+)\)\s+(0x[0-9a-f]+|\d+)", line)
        if match:
            entries[match.group(1)] = int(match.group(2), 0)
    return entries


@pytest.mark.parametrize("program", ["finnkino", "musicify"])
def test_a_server_programs_relative_relocations_are_packed(program: str) -> None:
    binary = ROOT / ".build" / "debug" / program
    assert binary.exists(), f"build first: swift build --build-tests ({binary})"
    entries = dynamic_section(binary)
    # Packed: a DT_RELR table, and no relative relocation left among the 24-byte ones
    assert "RELR" in entries and entries["RELRSZ"] > 0, entries
    assert entries.get("RELACOUNT", 0) == 0, entries
