"""Choosing a show, in a real browser: the Showtimes screen tells a show with descriptive subtitles
for the hard of hearing and a K18 bar screening in words, in Finnish and in English, never as a feed
code; a show's page says when and where, and its calendar file is read by an independent iCalendar
parser (`icalendar`, PyPI). The bundled dataset has both kinds in the capital region tomorrow
(BundledDatasetContentTests)."""

from __future__ import annotations

import datetime
import re
import urllib.request
from xml.etree import ElementTree
from zoneinfo import ZoneInfo

import pytest
from ical.calendar_stream import IcsCalendarStream
from icalendar import Calendar
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import launch, stop
from test_connectivity import ANCHORS, SAMPLES, SampleAPI, SourceServer
from viewport import VIEWPORTS, Viewport
from walker import Walker

CAPITAL_REGION = 1014
WORDS = {
    "fi": {"descriptiveSubtitles": "Kuvaileva tekstitys kuulovammaisille", "barScreening": "K18, anniskelua salissa"},
    "en": {
        "descriptiveSubtitles": "Descriptive subtitles for the hard of hearing",
        "barScreening": "K18, drinks served in the auditorium",
    },
}


def use_language(walker: Walker, language: str) -> None:
    """Switches the interface to `language` with the header's button, unless it is in it."""
    if walker.html_lang() != language:
        walker.click(walker.find(f'form#language-form button[name="language"][value="{language}"]'))
        walker.wait_until(lambda _: walker.html_lang() == language, f"<html lang={language}>")


def tomorrow_in_helsinki() -> str:
    today = datetime.datetime.now(ZoneInfo("Europe/Helsinki")).date()
    return (today + datetime.timedelta(days=1)).isoformat()


def listed_shows(walker: Walker, badge_css: str = ".show-badge") -> list[dict]:
    """Each show the page lists: its badges' texts (those matching `badge_css`), the address of its
    page and its text, read in one call (a WebDriver call per show took 90 s for a day of the
    capital region's shows)."""
    return walker.driver.execute_script(
        "return Array.from(document.querySelectorAll('section.theatre li.show'), show => ({"
        " badges: Array.from(show.querySelectorAll(arguments[0]), badge => badge.innerText.trim()),"
        " link: (show.querySelector('a[href*=\"/show/\"]') || {}).href || '', text: show.innerText }))",
        badge_css,
    )


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: v.name)
def test_special_shows_are_told_in_words(server, browser, screenshot_dir, viewport: Viewport) -> None:
    walker = Walker(browser, server.url, viewport, screenshot_dir, prefix="shows-")
    walker.open(f"/showtimes?area={CAPITAL_REGION}&date={tomorrow_in_helsinki()}")
    walker.wait_for_page("/showtimes")
    for language in ("fi", "en"):
        with walker.step(f"badges in {language}"):
            # Given tomorrow's shows of the capital region in the person's language
            use_language(walker, language)
            assert walker.path == "/showtimes"
            shows = walker.find_all("section.theatre li.show")
            assert shows, walker.find("main").text[:300]
            # Then the special shows carry their special badge, in words of that language
            for kind, words in WORDS[language].items():
                marked = walker.find_all(f"li.show .show-badge.special.show-badge-{kind}")
                assert marked, f"no {kind} show tomorrow in the capital region"
                assert {badge.text.strip() for badge in marked} == {words}
            # And no badge of any show is a raw feed code (`FI`, `SV`) or an empty one
            for show in listed_shows(walker):
                texts = show["badges"]
                assert texts and all(texts), texts
                assert not any(len(text) == 2 and text.isalpha() and text.isupper() for text in texts), texts
            special = walker.find("li.show .show-badge.special.show-badge-descriptiveSubtitles")
            walker.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", special)
            walker.shoot(f"showtimes-badges-{language}")


class CapitalRegionSample(SampleAPI):
    """The real API's samples, with the capital region's schedule of 12 November 2021: shows with
    descriptive subtitles for the hard of hearing, K18 bar screenings, English subtitles."""

    samples = {**SAMPLES, "Schedule": "schedule-capitalarea-default-2021-11-12.xml"}


def special_shows_of_the_sample() -> dict[str, set[str]]:
    """The show IDs of each special kind, read from the sample itself (the oracle): descriptive
    subtitles by the subtitles' name, K18 bar screenings by the series' name."""
    root = ElementTree.parse(ANCHORS / CapitalRegionSample.samples["Schedule"]).getroot()
    kinds: dict[str, set[str]] = {"descriptiveSubtitles": set(), "barScreening": set()}
    for show in root.iter("Show"):
        subtitles = (show.findtext("SubtitleLanguage1/Name") or "").strip()
        series = (show.findtext("EventSeries") or "").strip()
        if subtitles == "Kuvaileva tekstitys kuulovammaisille":
            kinds["descriptiveSubtitles"].add(show.findtext("ID"))
        if series.startswith("K18"):
            kinds["barScreening"].add(show.findtext("ID"))
    return kinds


def test_the_real_samples_special_shows_are_badged(browser, tmp_path, screenshot_dir) -> None:
    expected = special_shows_of_the_sample()
    assert all(expected.values()), expected
    source = SourceServer(CapitalRegionSample)
    source.start()
    running = launch(tmp_path / "finnkino-data", "--source", source.url)
    try:
        walker = Walker(browser, running.url, VIEWPORTS[0], screenshot_dir, prefix="sample-shows-")
        walker.open(f"/showtimes?area={CAPITAL_REGION}&date=2021-11-12")
        walker.wait_for_page("/showtimes")
        for language in ("fi", "en"):
            with walker.step(f"sample badges in {language}"):
                use_language(walker, language)
                # Then exactly the sample's hard-of-hearing and K18 shows carry those badges, in words
                for kind, words in WORDS[language].items():
                    marked: set[str] = set()
                    for show in listed_shows(walker, f".show-badge.show-badge-{kind}"):
                        if show["badges"]:
                            assert set(show["badges"]) == {words}
                            marked.add(show["link"].rstrip("/").rsplit("/", 1)[-1])
                    assert marked == expected[kind], (kind, marked, expected[kind])
                special = walker.find("li.show .show-badge-barScreening")
                walker.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", special)
                walker.shoot(f"k18-{language}")
    finally:
        stop(running)
        source.stop()


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: v.name)
def test_a_show_page_with_its_calendar_file(server, browser, screenshot_dir, viewport: Viewport) -> None:
    walker = Walker(browser, server.url, viewport, screenshot_dir, prefix="show-")
    with walker.step("open a show"):
        # Given tomorrow's shows of the capital region, When the person opens a show for the hard of hearing
        walker.open(f"/showtimes?area={CAPITAL_REGION}&date={tomorrow_in_helsinki()}")
        walker.wait_for_page("/showtimes")
        row = walker.find_all("li.show .show-badge-descriptiveSubtitles")[0].find_element(By.XPATH, "ancestor::li[@class='show']")
        time_text = row.find_element(By.CSS_SELECTOR, ".show-time").text.strip()
        link = row.find_element(By.CSS_SELECTOR, "a.show-time")
        path = link.get_attribute("href").split(walker.base_url, 1)[-1]
        assert re.fullmatch(rf"/show/{CAPITAL_REGION}/{tomorrow_in_helsinki()}/\d+", path), path
        walker.click(link)
        walker.wait_for_page(path)
        # Then the page says what, when and where, what kind of show, and until when it is sold
        assert walker.text("h1.movie-title")
        assert walker.text(".show-time") == time_text
        assert walker.text(".show-theatre") and walker.text(".auditorium")
        assert walker.find_all(".show-detail .show-badge-descriptiveSubtitles")
        assert walker.text(".sales-end")
        address = walker.find_all(".show-address")
        if address:  # every bundled theatre of the capital region is in the table of addresses
            assert walker.find("a.directions").get_attribute("href").startswith("https://")
        assert walker.find("#share").is_displayed(), "the Share button is hidden although the page is a secure context"
        walker.shoot("show")
    with walker.step("calendar file"):
        # When the person downloads Add to calendar's file
        href = walker.find("#calendar-link").get_attribute("href")
        with urllib.request.urlopen(href, timeout=10) as response:
            assert response.headers.get_content_type() == "text/calendar"
            raw = response.read()
        # Then an independent iCalendar parser reads the show's title, exact times and place
        events = Calendar.from_ical(raw).walk("VEVENT")
        assert len(events) == 1
        event = events[0]
        assert str(event["SUMMARY"]) == walker.text("h1.movie-title")
        start, end = event.decoded("DTSTART"), event.decoded("DTEND")
        helsinki = ZoneInfo("Europe/Helsinki")
        shown = f"{start.astimezone(helsinki):%H:%M}–{end.astimezone(helsinki):%H:%M}"
        assert shown == time_text, (shown, time_text)
        assert walker.text(".show-theatre") in str(event["LOCATION"])
        # And `ical` (Home Assistant's Remote Calendar's parser, stricter than icalendar) reads the same
        strict = IcsCalendarStream.calendar_from_ics(raw.decode("utf-8")).events
        assert [(e.summary, e.dtstart, e.dtend) for e in strict] == [(str(event["SUMMARY"]), start, end)]
    with walker.step("share"):
        page_url = walker.driver.current_url.split("?", 1)[0]
        # Where the browser can share (a phone's share sheet): the show's title and its page's address
        shared = walker.driver.execute_script(
            "window.__shared = null;"
            "Object.defineProperty(navigator, 'share', {configurable: true,"
            " value: data => { window.__shared = data; return Promise.resolve(); }});"
            "document.getElementById('share').click();"
            "return window.__shared;"
        )
        assert shared["url"] == page_url, shared
        assert walker.text("h1.movie-title") in shared["title"], shared
        # Where it cannot: the address is copied, and the page says so
        walker.driver.execute_script(
            "window.__copied = null;"
            "Object.defineProperty(navigator, 'share', {configurable: true, value: undefined});"
            "Object.defineProperty(navigator, 'clipboard', {configurable: true,"
            " value: {writeText: text => { window.__copied = text; return Promise.resolve(); }}});"
            "document.getElementById('share').click();"
        )
        walker.wait_until(lambda _: walker.text("#share-status"), "the copied link's message")
        assert walker.driver.execute_script("return window.__copied") == page_url
        assert walker.text("#share-status") in ("Linkki kopioitu.", "Link copied.", "Länken kopierades.")
    # A show the day's schedule does not have: a page that says so (with its 404, which the console logs)
    walker.open(f"/show/{CAPITAL_REGION}/{tomorrow_in_helsinki()}/999999999")
    assert walker.find_all("p.error"), walker.find("main").text[:200]


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: v.name)
def test_filters_and_my_theatres(server, browser, screenshot_dir, viewport: Viewport) -> None:
    """Tomorrow evening's shows for the hard of hearing, or with English subtitles, at two favourite
    theatres in two areas: found with the filters, kept in the address and the restored place."""
    walker = Walker(browser, server.url, viewport, screenshot_dir, prefix="filters-")
    tomorrow = tomorrow_in_helsinki()
    with walker.step("filter in place"):
        # Given tomorrow's shows of the capital region
        walker.open(f"/showtimes?area={CAPITAL_REGION}&date={tomorrow}")
        walker.wait_for_page("/showtimes")
        everything = len(walker.find_all("section.theatre li.show"))
        walker.set_reload_marker()
        # When the person opens the filters and asks for descriptive subtitles
        walker.click(walker.find("details.filters summary"))
        Select(walker.find("#filter-access")).select_by_value("hoh")
        walker.wait_until(lambda _: walker.query.get("access") == ["hoh"], "the address to have access=hoh")
        # Then, without a reload, only such shows are listed and the page says how many are hidden
        walker.wait_until(
            lambda _: 0 < len(walker.find_all("section.theatre li.show")) < everything, "fewer shows")
        assert walker.reload_marker() is not None, "the page was reloaded instead of updated in place"
        for show in listed_shows(walker, ".show-badge-descriptiveSubtitles"):
            assert show["badges"], show["text"]
        assert walker.text(".hidden-count")
        # And the day links keep the filter
        assert all("access=hoh" in a.get_attribute("href") for a in walker.find_all("nav.dates a"))
        walker.shoot("filtered")
    with walker.step("restored"):
        # When the person comes back to the tab without an address
        walker.open("/showtimes")
        walker.wait_for_page("/showtimes")
        # Then the filter is as they left it
        assert Select(walker.find("#filter-access")).first_selected_option.get_attribute("value") == "hoh"
        for show in listed_shows(walker, ".show-badge-descriptiveSubtitles"):
            assert show["badges"], show["text"]
    with walker.step("my theatres"):
        # When the person saves Omena (Espoo) and Cine Atlas (Tampere) as their theatres
        walker.open(f"/showtimes?area={CAPITAL_REGION}&date={tomorrow}&from=17:00")
        walker.wait_for_page("/showtimes")
        walker.click(walker.find("details.my-theatres summary"))
        for theatre in ("1039", "1034"):
            walker.click(walker.find(f"#theatre-{theatre}"))
        walker.set_reload_marker()
        walker.click(walker.find("#save-theatres"))
        # (a form post: the page comes back, with the two checked)
        walker.wait_until(
            lambda _: walker.reload_marker() is None
            and walker.driver.execute_script("return document.readyState") == "complete"
            and any(box.is_selected() for box in walker.find_all("#theatre-1034")),
            "the theatres saved",
        )
        # And asks for only their theatres' shows from 17:00 (the filters are open: one is set)
        assert walker.find("details.filters").get_attribute("open") is not None
        walker.click(walker.find("#filter-mine"))
        walker.wait_until(lambda _: walker.query.get("mine") == ["1"], "the address to have mine=1")
        # Then only those two theatres are listed, across areas, none of their shows before 17:00
        walker.wait_until(
            lambda _: {h.text.strip() for h in walker.find_all("section.theatre h2")}
            == {"Omena, Espoo", "Cine Atlas, Tampere"},
            "only the two theatres",
        )
        times = walker.driver.execute_script(
            "return Array.from(document.querySelectorAll('section.theatre .show-time'), t => t.innerText.trim())")
        assert times
        for time in times:
            assert time[:5] >= "17:00", time
        walker.shoot("my-theatres")


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: v.name)
def test_the_movie_page_lists_the_next_days_shows(server, browser, screenshot_dir, viewport: Viewport) -> None:
    walker = Walker(browser, server.url, viewport, screenshot_dir, prefix="movie-shows-")
    with walker.step("next days"):
        # Given the capital region's movies, When the person opens the first one
        walker.open(f"/movies?area={CAPITAL_REGION}")
        walker.wait_for_page("/movies")
        link = walker.find("#results a.movie-link")
        walker.click(link)
        walker.wait_until(lambda _: walker.path.startswith("/movie/"), "the movie page")
        # Then its shows of the next days are listed by day, each a link to the show's page
        days = walker.find_all("section.upcoming .upcoming-day")
        assert days, walker.find("main").text[:300]
        assert len(days) <= 7
        first = walker.find("section.upcoming a.upcoming-show")
        assert re.fullmatch(r"\d\d:\d\d", first.text.strip()), first.text
        walker.shoot("movie")
        href = first.get_attribute("href").split(walker.base_url, 1)[-1]
        walker.click(first)
        walker.wait_for_page(href)
        assert walker.text("h1.movie-title")
