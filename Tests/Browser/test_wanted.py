"""Tell me when it's on, in the browser: the button of a coming-soon movie, pressed while the
person waits, and the Bookmarks page's list of wanted movies with the private calendar (checked by
`icalendar`) and Atom feed, whose addresses can be renewed. With notifications allowed, the page's
script subscribes and sends the subscription before the form: Chromium's own push service
(Google's) cannot be reached from a test, so the browser's `PushManager` is replaced by one that
gives a subscription of keys made here; the person's data then lists it. Where subscribing fails,
the movie is wanted all the same."""

from __future__ import annotations

import base64
import json
import urllib.request
import xml.etree.ElementTree as ElementTree

import icalendar
from ical.calendar_stream import IcsCalendarStream
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

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


ENDPOINT = "https://fcm.googleapis.com/fcm/send/test-browser"


def fake_push_manager(browser) -> None:
    """Replaces the Push API's subscribe in every page with one that gives a subscription of a
    P-256 key and secret made here (to Chrome's service's address, which the server takes)."""
    key = ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    encode = lambda data: base64.urlsafe_b64encode(data).rstrip(b"=").decode()  # noqa: E731
    subscription = {"endpoint": ENDPOINT, "keys": {"p256dh": encode(key), "auth": encode(b"0123456789abcdef")}}
    script = (
        "PushManager.prototype.getSubscription = function () { return Promise.resolve(null); };"
        "PushManager.prototype.subscribe = function (options) { var json = " + json.dumps(subscription) + ";"
        "  return Promise.resolve({ endpoint: json.endpoint, options: options,"
        "    toJSON: function () { return json; }, unsubscribe: function () { return Promise.resolve(true); } }); };"
    )
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": script})


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url.replace("webcal://", "http://", 1), timeout=20) as answer:
        assert answer.status == 200
        return answer.read()


def test_a_coming_soon_movie_is_wanted_and_listed_with_its_private_feeds(browser, server, screenshot_dir) -> None:
    # Notifications allowed: the page subscribes (to a push manager of this test's) before the form
    browser.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["notifications"], "origin": server.url})
    fake_push_manager(browser)
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
            # And the subscription the page sent is the person's
            data = walker.driver.execute_async_script(
                "const done = arguments[0]; fetch('/me/data').then(r => r.json()).then(done, () => done(null))")
            assert [s["endpoint"] for s in data["pushSubscriptions"]] == [ENDPOINT], data["pushSubscriptions"]

        with walker.step("bookmarks"):
            walker.open("/bookmarks")
            walker.wait_for_page("/bookmarks")
            # Then the Bookmarks page lists it, with a webcal: calendar and an Atom feed
            assert title in walker.text("#wanted-movies"), walker.text("#wanted-movies")
            calendar = walker.find("#calendar-feed").get_attribute("href")
            atom = walker.find("#atom-feed").get_attribute("href")
            assert calendar.startswith("webcal://"), calendar
            raw = fetch(calendar)
            parsed = icalendar.Calendar.from_ical(raw)
            assert parsed.get("PRODID") and parsed.get("VERSION") == "2.0"
            assert all(event.get("SUMMARY") == title for event in parsed.walk("VEVENT"))
            # And `ical`, the stricter parser Home Assistant's Remote Calendar uses, reads the same events
            strict = IcsCalendarStream.calendar_from_ics(raw.decode("utf-8"))
            assert [event.summary for event in strict.events] == [str(e["SUMMARY"]) for e in parsed.walk("VEVENT")]
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
