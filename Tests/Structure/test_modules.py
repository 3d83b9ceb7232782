"""The module picture of docs/ARCHITECTURE.md, as the package manifest declares it.

AppPatterns is the pattern toolkit (DESIGN.md section 3) and nothing heavier: the SQLite and
PostgreSQL plumbing is Storage's, Finnkino's per-person stores are FinnkinoStores', running programs
is ExternalPrograms'. The domain (FinnkinoKit) knows that things are kept, not on what; Musicify,
a study of five architectures, builds no database driver; test doubles and helpers ship in no
product.
"""

import json
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATABASE_DRIVERS = {"GRDB", "GRDBSQLite", "PostgresNIO"}
TEST_ONLY = {"AppPatternsTesting", "TestSupport"}


@pytest.fixture(scope="module")
def targets():
    described = subprocess.run(
        ["swift", "package", "describe", "--type", "json"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout
    return {target["name"]: target for target in json.loads(described)["targets"]}


def closure(targets, name):
    """Every target and external product `name` depends on, directly or not."""
    seen, stack = set(), [name]
    while stack:
        target = targets[stack.pop()]
        for product in target.get("product_dependencies", []):
            seen.add(product)
        for dependency in target.get("target_dependencies", []):
            if dependency not in seen:
                seen.add(dependency)
                stack.append(dependency)
    return seen


@pytest.mark.parametrize("module", ["AppPatterns", "MusicifyKit", "MusicifyWeb", "musicify", "FinnkinoKit"])
def test_builds_no_database_driver(targets, module):
    assert closure(targets, module) & DATABASE_DRIVERS == set()


def test_app_patterns_depends_on_nothing_heavier_than_logging_locks_and_its_http_client(targets):
    assert closure(targets, "AppPatterns") & {"Subprocess", "Storage", "NIOPosix", "Hummingbird"} == set()


def test_the_domain_does_not_know_where_things_are_kept(targets):
    assert closure(targets, "FinnkinoKit") & {"Storage", "FinnkinoStores"} == set()


def test_the_stores_and_storage_are_what_hold_the_drivers(targets):
    assert {"GRDB", "PostgresNIO"} <= set(targets["Storage"]["product_dependencies"])
    assert {"GRDB", "PostgresNIO"} <= set(targets["FinnkinoStores"]["product_dependencies"])


def test_no_product_ships_a_test_double(targets):
    shipped = [t for t in targets.values() if t["type"] != "test" and t["name"] not in TEST_ONLY]
    assert [t["name"] for t in shipped if closure(targets, t["name"]) & TEST_ONLY] == []


def test_a_module_imports_only_what_it_declares():
    """A source file of FinnkinoKit or AppPatterns that imports a driver fails here before the build does."""
    offenders = [
        str(path.relative_to(ROOT))
        for module in ("AppPatterns", "FinnkinoKit", "MusicifyKit")
        for path in (ROOT / "Sources" / module).rglob("*.swift")
        if any(
            line.split()[-1] in DATABASE_DRIVERS | {"Storage", "FinnkinoStores"}
            for line in path.read_text().splitlines()
            if line.startswith(("import ", "@preconcurrency import ", "@testable import "))
        )
    ]
    assert offenders == []
