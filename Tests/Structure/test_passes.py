"""The test passes of scripts/test-passes name suites that exist.

A suite named there runs alone (its wall-clock limits, its ffmpeg); a suite renamed without it
falls into the main pass, where under ThreadSanitizer its waits queue behind 800 other tests
(ExportWorkerTests renamed ExportServiceTests: two export tests timed out, CI of 2026-11-28).
"""

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def passes():
    text = (ROOT / "scripts" / "test-passes").read_text()
    return {name: value for name, value in re.findall(r'^(\w+)="([^"]*)"', text, re.MULTILINE)}


def swift_tests():
    return "\n".join(path.read_text() for path in (ROOT / "Tests").rglob("*.swift"))


@pytest.mark.parametrize("name", ["timed", "media"])
def test_every_suite_of_a_pass_exists(name):
    sources = swift_tests()
    suites = passes()[name].split("|")
    assert suites, name
    missing = [suite for suite in suites if not re.search(rf"\bstruct {suite}\b", sources)]
    assert not missing, f"{name} names suites no test declares: {missing}"


def test_the_sigterm_test_exists():
    assert re.search(rf"\bfunc {passes()['sigterm']}\w*\(", swift_tests())


@pytest.mark.parametrize("name", ["web", "kit", "stores", "cli"])
def test_every_module_pass_names_a_test_target(name):
    target = passes()[name].removesuffix("\\\\.")
    assert (ROOT / "Tests" / target).is_dir(), f"{name} names {target}, which is no test target"
