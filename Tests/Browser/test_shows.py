"""Choosing a show, in a real browser: the Showtimes screen tells a show with descriptive subtitles
for the hard of hearing and a K18 bar screening in words, in Finnish and in English, never as a feed
code; a show's page says when and where, and its calendar file is read by an independent iCalendar
parser (`icalendar`, PyPI). The bundled dataset has both kinds in the capital region tomorrow
(BundledDatasetContentTests)."""

from __future__ import annotations

import datetime
import re
import urllib.request
from zoneinfo import ZoneInfo

import pytest
from icalendar import Calendar
from selenium.webdriver.common.by import By

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


def tomorrow_in_helsinki() -> str:
    today = datetime.datetime.now(ZoneInfo("Europe/Helsinki")).date()
    return (today + datetime.timedelta(days=1)).isoformat()


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: v.name)
def test_special_shows_are_told_in_words(server, browser, screenshot_dir, viewport: Viewport) -> None:
    walker = Walker(browser, server.url, viewport, screenshot_dir, prefix="shows-")
    walker.open(f"/showtimes?area={CAPITAL_REGION}&date={tomorrow_in_helsinki()}")
    walker.wait_for_page("/showtimes")
    for language in ("fi", "en"):
        with walker.step(f"badges in {language}"):
            # Given tomorrow's shows of the capital region in the person's language
            if walker.html_lang() != language:
                walker.click(walker.find(f'form#language-form button[name="language"][value="{language}"]'))
                walker.wait_until(lambda _: walker.html_lang() == language, f"<html lang={language}>")
            assert walker.path == "/showtimes"
            shows = walker.find_all("section.theatre li.show")
            assert shows, walker.find("main").text[:300]
            # Then the special shows carry their special badge, in words of that language
            for kind, words in WORDS[language].items():
                marked = walker.find_all(f"li.show .show-badge.special.show-badge-{kind}")
                assert marked, f"no {kind} show tomorrow in the capital region"
                assert {badge.text.strip() for badge in marked} == {words}
            # And no badge of any show is a raw feed code (`FI`, `SV`) or an empty one
            for show in shows:
                texts = [badge.text.strip() for badge in show.find_elements(By.CSS_SELECTOR, ".show-badge")]
                assert texts and all(texts), texts
                assert not any(len(text) == 2 and text.isalpha() and text.isupper() for text in texts), texts
            special = walker.find("li.show .show-badge.special.show-badge-descriptiveSubtitles")
            walker.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", special)
            walker.shoot(f"showtimes-badges-{language}")


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
    # A show the day's schedule does not have: a page that says so (with its 404, which the console logs)
    walker.open(f"/show/{CAPITAL_REGION}/{tomorrow_in_helsinki()}/999999999")
    assert walker.find_all("p.error"), walker.find("main").text[:200]
