"""Musicify's web app in a real browser: for each of the five architectures, at phone and desktop
size, the chart of 20 songs with their artwork loaded, listed by artist and back, a song selected
and its bundled page reached, back to the chart, and the chart in dark mode; no console errors at
any step.

Each run starts `musicify serve --port 0 --architecture X` from the debug build (or
MUSICIFY_BINARY) on the bundled chart; screenshots are `musicify-<viewport>-<arch>-<NN>-<screen>.png`.
"""

from __future__ import annotations

import os
import re
import subprocess
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest

from conftest import REPO_ROOT, STARTUP_TIMEOUT_SECONDS, Server, stop, wait_for_url_line
from viewport import VIEWPORTS, Viewport
from walker import Walker

ARCHITECTURES = {"mvc": "MVC", "mvp": "MVP", "mvvm": "MVVM", "viper": "VIPER", "redux": "Redux"}
SONGS_IN_CHART = 20


def musicify_binary() -> Path:
    configured = os.environ.get("MUSICIFY_BINARY")
    binary = Path(configured) if configured else REPO_ROOT / ".build" / "debug" / "musicify"
    if not binary.is_file():
        pytest.fail(f"{binary} not found: run `swift build` first (or set MUSICIFY_BINARY)", pytrace=False)
    return binary


@contextmanager
def musicify_serve(architecture: str, folder: Path) -> Iterator[Server]:
    """`musicify serve` of `architecture` on a free port for the `with` block; its first line must
    name the architecture; stopped with SIGINT after it, which it must survive cleanly."""
    log_path = folder / f"musicify-{architecture}-serve.log"
    with open(log_path, "a") as log:
        process = subprocess.Popen(
            [str(musicify_binary()), "serve", "--port", "0", "--architecture", architecture],
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
        )
    line = re.compile(rf"Musicify \({re.escape(ARCHITECTURES[architecture])}\) is running at (http://\S+)")
    url = wait_for_url_line(process, STARTUP_TIMEOUT_SECONDS, log_path, pattern=line, program="musicify serve")
    server = Server(url=url.rstrip("/"), process=process, log_path=log_path)
    try:
        yield server
    finally:
        stop(server, program="musicify serve")


def loaded_artwork(walker: Walker) -> int:
    return walker.driver.execute_script(
        "return [...document.querySelectorAll('ol.songs img.artwork')]"
        ".filter(i => i.complete && i.naturalWidth > 0).length"
    )


def fits_width(walker: Walker) -> bool:
    return walker.driver.execute_script(
        "return document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


def luminance(css_color: str) -> float:
    red, green, blue = (int(value) for value in re.findall(r"\d+", css_color)[:3])
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


@pytest.mark.parametrize("architecture", ARCHITECTURES, ids=str)
@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: v.name)
def test_chart_song_page_and_back(browser, tmp_path, screenshot_dir, viewport: Viewport, architecture: str) -> None:
    with musicify_serve(architecture, tmp_path) as server:
        walker = Walker(browser, server.url, viewport, screenshot_dir, prefix="musicify-", variant=architecture)

        with walker.step("chart"):
            # Given the app of one architecture, When the person opens it
            walker.open("/")
            walker.wait_for_page("/")
            # Then the chart shows its 20 songs, numbered, each with its artwork loaded
            assert walker.text("h1") == "Latest songs"
            songs = walker.find_all("ol.songs a.song")
            assert len(songs) == SONGS_IN_CHART
            ranks = [element.text for element in walker.find_all("ol.songs .rank")]
            assert ranks == [str(rank) for rank in range(1, SONGS_IN_CHART + 1)]
            walker.wait_until(lambda _: loaded_artwork(walker) == SONGS_IN_CHART, "all 20 covers loaded")
            assert walker.text("ol.songs .song-title") == "Northern Lights Again"
            assert fits_width(walker), "the chart is wider than the screen"
            assert not walker.find_all("[role=alert]")
            # And the footer does not say which architecture drew the page
            footer = walker.text("footer")
            assert not any(title.lower() in footer.lower() for title in ARCHITECTURES.values()), footer
            walker.shoot("chart")

        with walker.step("by artist"):
            # When the person chooses "By artist" in the sort control
            chart_titles = [element.text for element in walker.find_all("ol.songs .song-title")]
            walker.click(walker.find('nav.sort a[href="/?sort=artist"]'))
            walker.wait_until(lambda _: walker.query.get("sort") == ["artist"], "the chart by artist")
            walker.wait_for_page("/")
            # Then the same songs are listed by artist, and the control marks the choice
            titles = [element.text for element in walker.find_all("ol.songs .song-title")]
            assert sorted(titles) == sorted(chart_titles) and titles != chart_titles
            assert titles[:2] == ["Northern Lights Again", "Run the Red Light"], titles[:2]
            assert walker.text("nav.sort a[aria-current]") == "By artist"
            walker.wait_until(lambda _: loaded_artwork(walker) == SONGS_IN_CHART, "all 20 covers loaded")
            walker.shoot("by artist")
            # When the person goes back to the chart's order, Then the chart is as it was
            walker.click(walker.find('nav.sort a[href="/"]'))
            walker.wait_until(lambda _: not walker.query, "the chart in its own order")
            walker.wait_for_page("/")
            assert [element.text for element in walker.find_all("ol.songs .song-title")] == chart_titles
            assert walker.text("nav.sort a[aria-current]") == "Chart order"

        with walker.step("song"):
            # When the person selects the third song
            third = walker.find_all("ol.songs a.song")[2]
            title = third.find_element("css selector", ".song-title").text
            song_id = third.get_attribute("href").rsplit("/", 1)[-1]
            walker.click(third)
            # Then its bundled page opens, with its cover, name and the note that it is invented
            walker.wait_for_page(f"/bundled/songs/{song_id}")
            assert walker.text("h2.song-name") == title
            cover = walker.find("img.cover")
            walker.wait_until(
                lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", cover),
                "the cover loaded",
            )
            assert "invented for Musicify's offline chart" in walker.text("p.note")
            assert fits_width(walker), "the song page is wider than the screen"
            walker.shoot("song")

        with walker.step("back to the chart"):
            walker.click(walker.find("a.button"))
            walker.wait_for_page("/")
            assert len(walker.find_all("ol.songs a.song")) == SONGS_IN_CHART

        with walker.step("dark"):
            # When the system prefers dark, Then the chart is drawn dark, its text light
            walker.driver.execute_cdp_cmd(
                "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]}
            )
            walker.open("/")
            walker.wait_for_page("/")
            background = walker.body_background()
            text = walker.driver.execute_script("return getComputedStyle(document.body).color")
            assert luminance(background) < 60 < luminance(text), (background, text)
            walker.wait_until(lambda _: loaded_artwork(walker) == SONGS_IN_CHART, "all 20 covers loaded")
            walker.shoot("chart-dark")
