"""The international lists in a real browser: a list, the next page appended while scrolling, a
movie with its audience and critics' scores and sepia-filtered poster, bookmarked, and found in
Bookmarks beside Finnkino's movies."""

from __future__ import annotations

import pytest

from test_remember import settled
from viewport import VIEWPORTS
from walker import Walker


def listed(walker: Walker) -> list[str]:
    return settled(lambda: [a.get_attribute("href").rsplit("/", 1)[-1] for a in walker.find_all("#chart a.movie-link")]) or []


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: v.name)
def test_lists_pages_detail_and_bookmark(browser, server, screenshot_dir, viewport) -> None:
    walker = Walker(browser, server.url, viewport, screenshot_dir, prefix="international-")

    with walker.step("box office"):
        # Given the app, When the person opens the International tab
        walker.open("/movies")
        walker.wait_for_page("/movies")
        walker.click(walker.find('nav.tabs a[data-tab="international"]'))
        walker.wait_for_page("/international")
        # Then the box-office list shows its first page of 20
        assert len(listed(walker)) == 20
        assert walker.find('.chart-switch a[aria-current="page"]').get_attribute("data-list") == "box-office"
        walker.shoot("box-office")

    with walker.step("top rated, scrolled"):
        walker.click(walker.find('.chart-switch a[data-list="top"]'))
        walker.wait_until(lambda _: "list=top" in walker.driver.current_url, "the top rated list")
        first_page = listed(walker)
        assert len(first_page) == 20
        # When the person scrolls to the end, Then the next page is appended (no navigation)
        walker.driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        walker.wait_until(lambda _: len(listed(walker)) >= 40, "page 2 appended")
        assert listed(walker)[:20] == first_page and len(set(listed(walker))) == len(listed(walker))
        assert "list=top" in walker.driver.current_url and "page=" not in walker.driver.current_url
        walker.shoot("top-scrolled")

    with walker.step("movie"):
        link = walker.find("#chart a.movie-link")
        title = link.find_element("css selector", ".movie-title").text
        walker.click(link)
        walker.wait_until(lambda _: walker.path.startswith("/international/movie/"), "the movie page")
        assert walker.text("h1.movie-title") == title
        assert "/10" in walker.text("#audience")
        critics = walker.text("#critics")
        assert any(source in critics for source in ("Rotten Tomatoes", "Metacritic", "IMDb"))
        # The poster: plain first, then the sepia variant swapped in
        walker.wait_until(lambda _: "/image/chart-poster/" in (walker.find("img.poster").get_attribute("src") or ""),
                          "the filtered poster")
        walker.shoot("movie")

    with walker.step("bookmark"):
        movie_path = walker.path
        walker.click(walker.find("#bookmark"))
        walker.wait_until(lambda _: settled(lambda: walker.find("#bookmark").get_attribute("aria-pressed")) == "true",
                          "bookmarked")
        assert title in walker.text("p.flash")
        walker.click(walker.find('nav.tabs a[data-tab="bookmarks"]'))
        walker.wait_for_page("/bookmarks")
        link = walker.find("li.bookmark a.title-link")
        assert link.text == title and link.get_attribute("href").endswith(movie_path)
        walker.shoot("bookmarks")
