"""Tell me when it's on, in the browser: the button of a coming-soon movie, pressed while the
person waits (with notifications allowed and no push service reachable, the movie is wanted all
the same), and the Bookmarks page's list of wanted movies with the private calendar (checked by
`icalendar`) and Atom feed, whose addresses can be renewed."""

from __future__ import annotations

import urllib.request
import xml.etree.ElementTree as ElementTree

import icalendar

from test_remember import settled
from viewport import DESKTOP, PHONE
from walker import Walker

ATOM = "{http://www.w3.org/2005/Atom}"


def coming_soon_with_the_button(walker: Walker) -> str:
    """Opens the coming-soon movies of Helsinki one by one until one offers "Tell me when it's on";
    returns its path."""
    walker.open("/movies?area=1002&list=soon")
    walker.wait_for_page("/movies")
    paths = [link.get_attribute("href").removeprefix(walker.base_url) for link in walker.find_all("#results a.movie-link")]
    for path in paths:
        walker.open(path)
        walker.wait_for_page(path)
        if walker.find_all("#wanted"):
            return path
    raise AssertionError(f"no coming-soon movie offers the button: {paths}")


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url.replace("webcal://", "http://", 1), timeout=20) as answer:
        assert answer.status == 200
        return answer.read()


def test_a_coming_soon_movie_is_wanted_and_listed_with_its_private_feeds(browser, server, screenshot_dir) -> None:
    # Notifications allowed: the page tries to subscribe (no push service is reachable here)
    browser.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["notifications"], "origin": server.url})
    for viewport in (PHONE, DESKTOP):
        walker = Walker(browser, server.url, viewport, screenshot_dir, prefix="wanted-")
        with walker.step("movie"):
            path = coming_soon_with_the_button(walker)
            title = walker.text("h1.movie-title")
            button = walker.find("#wanted")
            if button.get_attribute("aria-pressed") == "true":  # wanted at the other size already
                walker.click(button)
                walker.wait_until(
                    lambda _: settled(lambda: walker.find("#wanted").get_attribute("aria-pressed")) == "false",
                    "not wanted")
            # When the person asks to be told
            walker.click(walker.find("#wanted"))
            # Then the button is pressed and says what they wait for, even without a push service
            walker.wait_until(
                lambda _: settled(lambda: walker.find("#wanted").get_attribute("aria-pressed")) == "true",
                "the button pressed", seconds=20)
            assert walker.text("#wanted-status"), "no status under the button"
            walker.shoot("movie")

        with walker.step("bookmarks"):
            walker.open("/bookmarks")
            walker.wait_for_page("/bookmarks")
            # Then the Bookmarks page lists it, with a webcal: calendar and an Atom feed
            assert title in walker.text("#wanted-movies"), walker.text("#wanted-movies")
            calendar = walker.find("#calendar-feed").get_attribute("href")
            atom = walker.find("#atom-feed").get_attribute("href")
            assert calendar.startswith("webcal://"), calendar
            parsed = icalendar.Calendar.from_ical(fetch(calendar))
            assert parsed.get("PRODID") and parsed.get("VERSION") == "2.0"
            assert all(event.get("SUMMARY") == title for event in parsed.walk("VEVENT"))
            feed = ElementTree.fromstring(fetch(atom))
            assert feed.tag == ATOM + "feed" and feed.find(ATOM + "id") is not None
            walker.shoot("bookmarks")

        with walker.step("renew"):
            # When the person renews the addresses, the old ones are not found
            walker.click(walker.find("#renew-feeds"))
            walker.wait_until(
                lambda _: settled(lambda: walker.find("#calendar-feed").get_attribute("href")) not in (None, calendar),
                "new addresses")
            try:
                fetch(calendar)
                raise AssertionError("the old calendar address still works")
            except urllib.error.HTTPError as error:
                assert error.code == 404
            fetch(walker.find("#calendar-feed").get_attribute("href"))
