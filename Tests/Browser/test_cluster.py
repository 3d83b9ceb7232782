"""The app as a cluster (scripts/cluster): two `finnkino serve --database` instances over one
PostgreSQL, behind nginx with the repository's configuration. One person in two browsers (the
second given the first's session cookie, as a second device would have after joining): a change
made through one instance reaches the page open on the other live, a form served by one instance
is taken by the other, and killing an instance loses nothing: not even the export it was running."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest
from browser_session import chrome_options, start_chrome
from conftest import REPO_ROOT, finnkino_binary, free_loopback_port
from selenium.webdriver.common.keys import Keys
from test_remember import first_movie, listed_bookmarks, press, settled
from viewport import DESKTOP, PHONE
from walker import Walker
from test_metrics import get


def get_status(url: str) -> int:
    return get(url)[0]

INSTANCE_LINE = re.compile(r"instance (\w) \(pid (\d+)\): (http://\S+)")
READY_LINE = re.compile(r"Finnkino is running at (http://\S+)")


def start_cluster(
    log_path: Path, *arguments: str, path: str | None = None
) -> tuple[subprocess.Popen, dict[str, tuple[int, str]], str]:
    """Runs scripts/cluster; returns it, its instances (name: pid, URL) and nginx's URL."""
    environment = dict(os.environ, FINNKINO_BINARY=str(finnkino_binary()))
    if path:
        environment["PATH"] = path
    # The cluster's own database, not the test run's (scripts/cluster starts one when none is given).
    environment.pop("FINNKINO_TEST_DATABASE_URL", None)
    log = open(log_path, "w")
    process = subprocess.Popen(
        [str(REPO_ROOT / "scripts" / "cluster"), "--port", str(free_loopback_port()), *arguments],
        stdout=subprocess.PIPE, stderr=log, text=True, env=environment, start_new_session=True)
    instances: dict[str, tuple[int, str]] = {}
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        if match := INSTANCE_LINE.search(line):
            instances[match[1]] = (int(match[2]), match[3])
        if match := READY_LINE.search(line):
            return process, instances, match[1]
    process.kill()
    pytest.fail(f"scripts/cluster did not start:\n{log_path.read_text(errors='replace')}", pytrace=False)


def stop_cluster(process: subprocess.Popen) -> None:
    """Ctrl-C: the script stops nginx, the instances left and PostgreSQL."""
    os.killpg(process.pid, signal.SIGINT)
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        pytest.fail("scripts/cluster did not stop within 30 s of Ctrl-C", pytrace=False)


def test_one_person_on_two_instances_and_through_nginx_loses_nothing_when_an_instance_dies(
    tmp_path, screenshot_dir
) -> None:
    cluster, instances, proxy = start_cluster(tmp_path / "cluster.log")
    phone_driver = start_chrome(chrome_options())
    laptop_driver = start_chrome(chrome_options())
    try:
        assert sorted(instances) == ["A", "B"]
        (pid_a, url_a), (_, url_b) = instances["A"], instances["B"]
        on_a = Walker(phone_driver, url_a, PHONE, screenshot_dir, prefix="cluster-a-")
        on_b = Walker(laptop_driver, url_b, DESKTOP, screenshot_dir, prefix="cluster-b-")

        with on_a.step("a bookmark made through instance A"):
            movie_id, _ = first_movie(on_a)
            on_a.click(on_a.find("#bookmark"))
            on_a.wait_until(
                lambda _: settled(lambda: on_a.find("#bookmark").get_attribute("aria-pressed")) == "true",
                "the bookmark")

        with on_b.step("the same person's second browser, on instance B, lists it"):
            on_b.open("/bookmarks")  # a page of the host, where its cookie can be set
            session = next(cookie for cookie in phone_driver.get_cookies() if cookie["name"] == "session")
            laptop_driver.add_cookie({"name": "session", "value": session["value"], "path": "/"})
            on_b.open("/bookmarks")
            on_b.wait_for_page("/bookmarks")
            assert listed_bookmarks(on_b) == [movie_id]

        with on_a.step("a removal through B reaches the page open on A, live"):
            on_a.open("/bookmarks")
            on_a.wait_for_page("/bookmarks")
            marker = on_a.set_reload_marker()
            on_b.open(f"/movie/{movie_id}")
            on_b.wait_for_page(f"/movie/{movie_id}")
            on_b.click(on_b.find("#bookmark"))
            on_b.wait_until(
                lambda _: settled(lambda: on_b.find("#bookmark").get_attribute("aria-pressed")) == "false",
                "the removal")
            on_a.wait_until(lambda _: listed_bookmarks(on_a) == [], "the removal pushed to A's page")
            assert on_a.reload_marker() == marker
            on_a.shoot("removed-through-b")

        # The operator's metrics are not handed out through the public proxy
        assert get_status(proxy.rstrip("/") + "/metrics") == 404
        assert get_status(url_a.rstrip("/") + "/metrics") == 200

        through_nginx = Walker(laptop_driver, proxy, DESKTOP, screenshot_dir, prefix="cluster-nginx-")
        with through_nginx.step("an undo through nginx reaches A's page too"):
            through_nginx.open("/bookmarks")
            through_nginx.wait_for_page("/bookmarks")
            press(through_nginx, Keys.CONTROL, "z")
            through_nginx.wait_until(lambda _: listed_bookmarks(through_nginx) == [movie_id], "the undo")
            on_a.wait_until(lambda _: listed_bookmarks(on_a) == [movie_id], "the undo pushed to A's page")
            assert on_a.reload_marker() == marker

        with through_nginx.step("instance A killed: nginx serves everything from B, nothing lost"):
            os.kill(pid_a, signal.SIGKILL)
            # The one console error allowed: the live stream that A was serving is cut (the
            # page's EventSource then connects again, through nginx to B).
            time.sleep(0.5)
            cut = [entry["message"] for entry in laptop_driver.get_log("browser") if entry["level"] == "SEVERE"]
            assert all("/live?" in message for message in cut), cut
            for _ in range(4):  # every request, whichever instance nginx tries first
                through_nginx.open("/bookmarks")
                through_nginx.wait_for_page("/bookmarks")
                assert listed_bookmarks(through_nginx) == [movie_id]
            # And a change (a form B did not serve: the page came through nginx) is taken
            press(through_nginx, Keys.CONTROL, "y")
            through_nginx.wait_until(lambda _: listed_bookmarks(through_nginx) == [], "the redo")
            through_nginx.open("/bookmarks")
            through_nginx.wait_for_page("/bookmarks")
            assert listed_bookmarks(through_nginx) == []
            through_nginx.shoot("after-a-was-killed")
    finally:
        phone_driver.quit()
        laptop_driver.quit()
        stop_cluster(cluster)


def slow_ffmpeg(folder: Path) -> Path:
    """A folder whose `ffmpeg` is the real one, each export (the run with -progress) first noting
    which process started it (an instance's PID, in `exporters`) and waiting 4 s: an export still
    running when the test kills its instance."""
    real = shutil.which("ffmpeg")
    assert real, "ffmpeg is needed (scripts/setup installs it)"
    folder.mkdir()
    script = folder / "ffmpeg"
    script.write_text(
        "#!/bin/sh\n"
        "case \" $* \" in *\" -progress \"*) echo $PPID >> " + str(folder / "exporters") + "; sleep 4 ;; esac\n"
        f"exec {real} \"$@\"\n")
    script.chmod(0o755)
    return folder


def test_an_export_started_through_one_instance_finishes_after_that_instance_is_killed(
    tmp_path, screenshot_dir
) -> None:
    wrapper = slow_ffmpeg(tmp_path / "bin")
    cluster, instances, proxy = start_cluster(
        tmp_path / "cluster.log", "--export-lease", "3", path=f"{wrapper}:{os.environ['PATH']}")
    driver = start_chrome(chrome_options())
    try:
        pids = {pid: name for name, (pid, _) in instances.items()}
        walker = Walker(driver, proxy, PHONE, screenshot_dir, prefix="cluster-export-")
        with walker.step("an export started through nginx"):
            movie_id, title = first_movie(walker)
            walker.open(f"/trailer/{movie_id}")
            walker.wait_for_page(f"/trailer/{movie_id}")
            walker.click(walker.find("#edit"))
            walker.wait_until(lambda _: walker.path.startswith("/editor/"), "the editor")
            # The editor's address names the instance holding it, which nginx sends it to
            assert re.fullmatch(r"/editor/[ab]\.[0-9a-f-]+", walker.path), walker.path
            walker.click(walker.find("#start-export"))
            walker.wait_until(lambda _: settled(lambda: walker.find_all("#export-progress")), "the progress bar")
            walker.shoot("exporting")

        with walker.step("the instance running it killed: the other finishes it"):
            exporters = wrapper / "exporters"
            walker.wait_until(lambda _: exporters.exists(), "ffmpeg started by an instance", seconds=30)
            running = int(exporters.read_text().split()[0])
            assert running in pids, (running, pids)
            os.kill(running, signal.SIGKILL)
            # The page follows the job through nginx, on the other instance, until it is done: it
            # then links the video, or, when its editor was on the killed instance, opens the library
            walker.wait_until(
                lambda _: walker.path == "/library" or settled(lambda: walker.find_all("#exported")),
                "the export done", seconds=60)
            if walker.path != "/library":
                walker.click(walker.find("#exported"))
                walker.wait_for_page("/library")
            # The one console error allowed: the page asking for its editor, gone with its instance
            # (the 404 that sends it to the library)
            severe = [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
            assert all(re.search(r"/editor/[ab]\.\S+ - Failed to load resource: .* 404", m) for m in severe), severe
            walker.wait_until(lambda _: settled(lambda: walker.find_all("li.video")), "the library's video")
            # The export was run again by the other instance, from the start
            again = [int(pid) for pid in exporters.read_text().split()[1:]]
            assert again and all(pid in pids and pid != running for pid in again), (running, again)
            items = walker.find_all("li.video")
            assert len(items) == 1 and title in items[0].text
            video = items[0].find_element("css selector", "video")
            status = driver.execute_script(
                "return fetch(arguments[0]).then(r => r.status + ' ' + r.headers.get('content-type'))",
                video.get_attribute("src"))
            assert status == "200 video/mp4"
            walker.shoot("finished-by-the-other")
    finally:
        driver.quit()
        stop_cluster(cluster)
