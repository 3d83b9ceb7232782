"""The offline banner in a real browser: the app reads a Finnkino API on loopback (a small server
answering with the committed samples of the real API), which is stopped and started under it."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from conftest import REPO_ROOT, free_loopback_port, launch, stop
from test_remember import press, settled
from viewport import PHONE
from walker import Walker

ANCHORS = REPO_ROOT / "Tests" / "FinnkinoKitTests" / "Fixtures" / "anchors"
# The sample that answers each feed, by the feed's path (`/xml/Events/`, ...).
SAMPLES = {
    "TheatreAreas": "theatreareas-2019-01.xml",
    "Events": "events-nowintheatres-inkino-2018-02.xml",
    "ScheduleDates": "scheduledates-inkino-testasset-2018.xml",
    "Schedule": "schedule-area1002-helsinki-2022-02-27.xml",
    "News": "news-abridged-readme-2013.xml",
}
# The app probes an unreachable source every 10 s; the banner goes after the next probe.
BACK_ONLINE_SECONDS = 40


class SampleAPI(BaseHTTPRequestHandler):
    """Answers `/xml/<Feed>/` with that feed's sample (`samples`), anything else with 404."""

    samples = SAMPLES

    def do_GET(self) -> None:  # noqa: N802 (the name http.server calls)
        feed = self.path.split("?", 1)[0].rstrip("/").rsplit("/", 1)[-1]
        sample = self.samples.get(feed)
        if sample is None:
            self.send_error(404)
            return
        body = (ANCHORS / sample).read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", "application/xml; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_: object) -> None:
        pass


class SourceServer:
    """The sample API on one loopback port, which can be stopped and started again."""

    def __init__(self, handler: type[SampleAPI] = SampleAPI) -> None:
        self.handler = handler
        self.port = free_loopback_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self._http: ThreadingHTTPServer | None = None

    def start(self) -> None:
        self._http = ThreadingHTTPServer(("127.0.0.1", self.port), self.handler)
        threading.Thread(target=self._http.serve_forever, daemon=True).start()

    def stop(self) -> None:
        if self._http is not None:
            self._http.shutdown()
            self._http.server_close()
            self._http = None


def offline_banner(walker: Walker) -> str | None:
    """The banner's text, or None while the page shows none."""
    return settled(lambda: "".join(element.text for element in walker.find_all("#connectivity .offline")) or None)


def test_the_offline_banner_comes_and_goes_with_the_source(browser, tmp_path: Path, screenshot_dir) -> None:
    source = SourceServer()
    source.start()
    running = launch(tmp_path / "finnkino-data", "--source", source.url)
    try:
        walker = Walker(browser, running.url, PHONE, screenshot_dir, prefix="offline-")
        with walker.step("online"):
            # Given the movie list read from the source, no banner
            walker.open("/movies?area=all")
            walker.wait_for_page("/movies")
            titles = walker.shown_movie_titles()
            assert titles, "the sample's movies are listed"
            assert offline_banner(walker) is None
            marker = walker.set_reload_marker()
        with walker.step("source stops"):
            # When the source stops and the person asks for a refresh
            source.stop()
            press(walker, "r")
            # Then the refresh says it did not work, the page says it is offline, with the data's
            # age, and keeps the list, not reloaded
            walker.wait_until(
                lambda _: "tietolähde ei vastaa" in (settled(lambda: walker.text("#toast")) or ""), "the failed refresh")
            walker.wait_until(lambda _: offline_banner(walker), "the offline banner")
            assert walker.shown_movie_titles() == titles
            assert walker.reload_marker() == marker
            walker.shoot("banner")
        with walker.step("source back"):
            # When the source answers again, Then the banner goes by itself, still without a reload
            source.start()
            walker.wait_until(
                lambda _: offline_banner(walker) is None, "the banner gone", seconds=BACK_ONLINE_SECONDS)
            assert walker.reload_marker() == marker
            assert walker.shown_movie_titles() == titles
    finally:
        stop(running)
        source.stop()
