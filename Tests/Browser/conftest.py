"""Fixtures of the browser suite: the `finnkino serve` process and headless Chromium sessions.

Each test gets its own server: the debug binary that `swift build` made (or FINNKINO_BINARY) on
the bundled dataset, on a free loopback port, with a fresh data folder (the app remembers where the
user was, so tests must not share one); it must print its URL line, and must stop cleanly (exit
status 0) on SIGINT. With FINNKINO_URL set, the suite walks an app that is already running there
instead (the web benchmark does this; `Server.shared` tells the tests).
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest
from selenium import webdriver

from browser_session import chrome_options, start_chrome

REPO_ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO_ROOT / "screenshots"
URL_LINE = re.compile(r"Finnkino is running at (http://\S+)")
STARTUP_TIMEOUT_SECONDS = 30
STOP_TIMEOUT_SECONDS = 10


@dataclass
class Server:
    """A running `finnkino serve`: its base URL, process and log file."""

    url: str
    process: subprocess.Popen | None
    log_path: Path

    @property
    def shared(self) -> bool:
        """True for an app started elsewhere (FINNKINO_URL), which may remember earlier visits."""
        return self.process is None

    def log_tail(self, lines: int = 40) -> str:
        text = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
        return "\n".join(text.splitlines()[-lines:])


def free_loopback_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def finnkino_binary() -> Path:
    configured = os.environ.get("FINNKINO_BINARY")
    binary = Path(configured) if configured else REPO_ROOT / ".build" / "debug" / "finnkino"
    if not binary.is_file():
        pytest.fail(f"{binary} not found: run `swift build` first (or set FINNKINO_BINARY)", pytrace=False)
    return binary


def wait_for_url_line(
    process: subprocess.Popen,
    timeout: float,
    log_path: Path,
    pattern: re.Pattern[str] = URL_LINE,
    program: str = "finnkino serve",
) -> str:
    """Reads stdout until the line `pattern` matches ("Finnkino is running at URL" by default);
    returns its first group (the URL); fails on exit or timeout."""
    found: list[str] = []
    seen: list[str] = []

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            seen.append(line.rstrip("\n"))
            match = pattern.search(line)
            if match:
                found.append(match.group(1))
                return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout)
    if not found:
        status = process.poll()
        process.kill()
        stderr = log_path.read_text(errors="replace")[-2000:]
        ended = f"exited with status {status}" if status is not None else f"printed no URL line in {timeout:.0f} s"
        pytest.fail(f"{program} {ended}; stdout: {seen!r}; stderr:\n{stderr}", pytrace=False)
    return found[0]


def launch(data_dir: Path, *options: str) -> Server:
    """Starts `finnkino serve` with `data_dir`, on a free port: on the bundled dataset unless
    `options` say otherwise (`--source URL`)."""
    log_path = data_dir.parent / f"{data_dir.name}-serve.log"
    port = free_loopback_port()
    with open(log_path, "a") as log:
        process = subprocess.Popen(
            [str(finnkino_binary()), "serve", "--port", str(port), "--data-dir", str(data_dir), *options],
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
        )
    url = wait_for_url_line(process, STARTUP_TIMEOUT_SECONDS, log_path)
    return Server(url=url.rstrip("/"), process=process, log_path=log_path)


@contextmanager
def running(data_dir: Path, *options: str) -> Iterator[Server]:
    """`finnkino serve` on `data_dir` (see `launch`) for the `with` block, stopped cleanly after it."""
    server = launch(data_dir, *options)
    try:
        yield server
    finally:
        stop(server)


def stop(server: Server, program: str = "finnkino serve") -> None:
    """Stops the server with SIGINT (Ctrl-C) and fails the test unless it exits cleanly."""
    if server.process is None:
        return
    server.process.send_signal(signal.SIGINT)
    try:
        status = server.process.wait(STOP_TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        server.process.kill()
        pytest.fail(f"{program} did not stop within {STOP_TIMEOUT_SECONDS} s of SIGINT", pytrace=False)
    if status != 0:
        pytest.fail(f"{program} exited with status {status} on SIGINT:\n{server.log_tail()}", pytrace=False)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running_elsewhere = os.environ.get("FINNKINO_URL")
    if running_elsewhere:
        yield Server(url=running_elsewhere.rstrip("/"), process=None, log_path=Path(os.devnull))
        return
    running = launch(tmp_path / "finnkino-data")
    yield running
    stop(running)


@pytest.fixture
def browser() -> Iterator[webdriver.Chrome]:
    """A fresh headless Chromium (no cookies), Finnish as the preferred language."""
    driver = start_chrome(chrome_options())
    yield driver
    driver.quit()


@pytest.fixture
def browser_without_javascript() -> Iterator[webdriver.Chrome]:
    driver = start_chrome(chrome_options(javascript=False))
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def screenshot_dir() -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS
