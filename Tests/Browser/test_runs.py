"""Last chance, rare, back on screen (issue 40, item 2): the Movies list's run filter and its cards'
badges, the Showtimes filter's final shows, and the movie page's line, on a phone and a desktop, in
Finnish (the default) on the bundled dataset. What a run is comes from the CLI's JSON on the same
data (`finnkino movies --run last --json`), not from the page under test."""

from __future__ import annotations

import json
import subprocess

import pytest
from conftest import finnkino_binary, running
from selenium.webdriver.support.ui import Select
from test_offline import kept_paths, wait_for_worker
from viewport import DESKTOP, PHONE
from walker import Walker


def last_chances(data_dir) -> list[dict]:
    output = subprocess.run(
        [str(finnkino_binary()), "movies", "--area", "1002", "--run", "last", "--json", "--data-dir", str(data_dir)],
        capture_output=True, text=True, timeout=120, check=True).stdout
    return json.loads(output)


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_last_chances_on_the_movies_showtimes_and_movie_pages(browser, tmp_path, screenshot_dir, viewport) -> None:
    expected = last_chances(tmp_path / "cli-data")
    assert expected
    with running(tmp_path / "finnkino-data") as server:
        walker = Walker(browser, server.url, viewport, screenshot_dir, prefix="runs-")
        with walker.step("the movies of Helsinki, then only the last chances"):
            walker.open("/movies?area=1002")
            walker.wait_for_page("/movies")
            # The cards of the last chances say so on their posters, in Finnish, the day and time
            # in the badge's title
            badges = walker.find_all(".movie .run-badge.run-last")
            assert len(badges) == len(expected)
            assert all(badge.text == "Viimeinen tilaisuus" for badge in badges)
            assert all(badge.get_attribute("title").startswith("Viimeinen tilaisuus: ") for badge in badges)
            # (Once the offline worker has kept the page as it opened: keeping it reads the page
            # again, which would put back the screen as it was.)
            version = wait_for_worker(walker)
            walker.wait_until(lambda d: "/movies?area=1002" in kept_paths(d, version), "the page kept")
            # When the person picks the last chances (the list follows the choice as it is made)
            Select(walker.find("#run")).select_by_value("last")
            walker.wait_until(lambda _: "run=last" in walker.driver.current_url, "the address with the run")
            walker.wait_until(lambda d: len(d.find_elements("css selector", "#results .movie")) == len(expected),
                              "only the last chances listed")
            # Then those movies alone are listed, the address keeps the choice, and it is remembered
            assert sorted(walker.shown_movie_ids()) == sorted(str(movie["id"]) for movie in expected)
            assert walker.query.get("run") == ["last"]
            walker.shoot("movies-last-chances")
            walker.open("/movies")
            walker.wait_for_page("/movies")
            assert Select(walker.find("#run")).first_selected_option.get_attribute("value") == "last"
        first = expected[0]
        day = first["lastShow"][:10]
        with walker.step("the final shows of a day"):
            walker.open(f"/showtimes?area=1002&date={day}&run=last")
            walker.wait_for_page("/showtimes")
            shows = walker.find_all(".show")
            assert shows
            for show in shows:
                assert show.find_elements("css selector", ".run-badge.run-last"), show.text
            titles = {element.text for element in walker.find_all(".show-title")}
            assert first["title"] in titles
            walker.shoot("showtimes-last-chances")
        with walker.step("the movie page"):
            walker.open(f"/movie/{first['id']}")
            walker.wait_for_page(f"/movie/{first['id']}")
            line = walker.text(".movie-detail .runs")
            assert line.startswith("Viimeinen tilaisuus: "), line
            walker.shoot("movie-last-chance")
