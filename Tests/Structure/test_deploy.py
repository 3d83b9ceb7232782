"""The files of deploy/: the systemd unit verifies with `systemd-analyze verify` and keeps the hardening
docs/HOSTING.md promises, and the container recipe's runtime has every library the binary loads."""

from __future__ import annotations

import pathlib
import re
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
UNIT = ROOT / "deploy" / "finnkino.service"
CONTAINERFILE = ROOT / "deploy" / "Containerfile"
BINARY = ROOT / ".build" / "debug" / "finnkino"


def built_binary() -> pathlib.Path:
    if not BINARY.is_file():
        pytest.fail(f"{BINARY} not found: run `swift build` first", pytrace=False)
    return BINARY


def unit_settings() -> dict[str, list[str]]:
    settings: dict[str, list[str]] = {}
    for line in UNIT.read_text(encoding="utf-8").splitlines():
        if "=" in line and not line.lstrip().startswith("#"):
            key, value = line.split("=", 1)
            settings.setdefault(key.strip(), []).append(value.strip())
    return settings


def test_the_unit_verifies(tmp_path) -> None:
    # systemd-analyze checks that ExecStart's program exists: the unit is checked with the built one
    unit = tmp_path / "finnkino.service"
    unit.write_text(UNIT.read_text(encoding="utf-8").replace("/usr/local/bin/finnkino", str(built_binary())))
    result = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    # Any warning (an unknown key, a key in the wrong section) fails too
    assert result.stderr.strip() == "", result.stderr


def test_the_unit_runs_as_its_own_user_read_only_and_stops_in_time() -> None:
    settings = unit_settings()
    assert settings["DynamicUser"] == ["yes"]
    assert settings["StateDirectory"] == ["finnkino"]
    assert settings["ProtectSystem"] == ["strict"]
    assert settings["NoNewPrivileges"] == ["yes"]
    assert settings["Restart"] == ["on-failure"]
    assert settings["KillSignal"] == ["SIGTERM"]
    # The server stops within 5 s of SIGTERM (the SIGTERM test of the Swift suites); the unit waits longer
    stop = re.fullmatch(r"(\d+)s", settings["TimeoutStopSec"][0])
    assert stop and int(stop.group(1)) > 5
    # Its settings are variables serve reads, and its data folder is the state directory
    variables = dict(value.split("=", 1) for value in settings["Environment"])
    assert variables["FINNKINO_DATA_DIR"] == "/var/lib/finnkino"
    help_text = subprocess.run(
        [str(built_binary()), "serve", "--help"], capture_output=True, text=True, check=True).stdout
    for variable in variables:
        option = "--" + variable.removeprefix("FINNKINO_").lower().replace("_", "-")
        assert option in help_text, f"{variable}: serve has no {option}"


def package_of(path: str) -> str | None:
    """The Debian package that installed `path` (usrmerge: dpkg may know it under /lib)."""
    for candidate in (path, re.sub(r"^/usr/lib/", "/lib/", path)):
        result = subprocess.run(["dpkg", "-S", candidate], capture_output=True, text=True)
        if result.returncode == 0:
            return result.stdout.split(":", 1)[0]
    return None


# In every Debian image, slim ones too: the C library and GCC's runtime (dependencies of the essential set).
BASE = {"libc6", "libgcc-s1"}


def with_dependencies(packages: set[str]) -> set[str]:
    """`packages` and everything they depend on, as installed here (dpkg's own records: offline)."""
    found, queue = set(), list(packages)
    while queue:
        package = queue.pop()
        if package in found:
            continue
        found.add(package)
        result = subprocess.run(
            ["dpkg-query", "-W", "-f", "${Depends},${Pre-Depends}", package], capture_output=True, text=True)
        for dependency in result.stdout.split(","):
            name = dependency.split("|")[0].strip().split(" ")[0].split(":")[0]
            if name:
                queue.append(name)
    return found


def test_the_container_runtime_has_every_library_the_binary_loads() -> None:
    text = CONTAINERFILE.read_text(encoding="utf-8")
    runtime = text.split("FROM docker.io/library/debian:bookworm-slim", 1)[1]
    install = re.search(r"apt-get install -y --no-install-recommends \\\n(.*?)\\\n\s+&&", runtime, re.S)
    assert install, "the runtime stage installs its packages with apt-get"
    available = with_dependencies(set(install.group(1).split()) | BASE)
    libraries = subprocess.run(["ldd", str(built_binary())], capture_output=True, text=True, check=True).stdout
    paths = [match.group(1) for match in re.finditer(r"=> (/\S+)", libraries)]
    assert paths, libraries
    missing = []
    for path in paths:
        resolved = str(pathlib.Path(path).resolve())
        if "/swift/" in resolved:
            continue  # Swift's runtime and Foundation: linked in by --static-swift-stdlib
        package = package_of(resolved)
        if package is None or package not in available:
            missing.append(f"{resolved} ({package})")
    assert not missing, f"libraries the runtime image would lack: {missing}"
