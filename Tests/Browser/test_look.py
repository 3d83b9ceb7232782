"""Look and feel in a real browser: the language switch and dark mode."""

from __future__ import annotations

import re

import pytest
from selenium.webdriver.common.by import By

from browser_session import chrome_options, start_chrome
from viewport import DESKTOP, PHONE, VIEWPORTS
from walker import Walker


def tab_labels(walker: Walker) -> list[str]:
    # The tabs on screen (on a phone the video library is a link in the header instead)
    return [link.text.strip() for link in walker.find_all("nav.tabs a[data-tab]") if link.is_displayed()]


def luminance(css_color: str) -> float:
    channels = [int(value) for value in re.findall(r"\d+", css_color)[:3]]
    assert len(channels) == 3, f"not an rgb() colour: {css_color}"
    red, green, blue = channels
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def test_language_switch_changes_lang_and_ui_text_and_is_remembered(browser, server, screenshot_dir) -> None:
    walker = Walker(browser, server.url, PHONE, screenshot_dir, prefix="language-")

    with walker.step("finnish"):
        # Given a browser preferring Finnish, When the person opens Movies
        walker.open("/movies")
        walker.wait_for_page("/movies")
        # Then the page is in Finnish
        assert walker.html_lang() == "fi"
        finnish_tabs = tab_labels(walker)
        finnish_title = walker.driver.title
        assert all(finnish_tabs), finnish_tabs

    with walker.step("switch to english"):
        # When the person presses "en" in the language form
        walker.click(walker.find('form#language-form button[name="language"][value="en"]'))
        # Then the same page comes back in English
        walker.wait_until(lambda _: walker.html_lang() == "en", "<html lang=en>")
        assert walker.path == "/movies"
        english_tabs = tab_labels(walker)
        assert english_tabs != finnish_tabs, f"tab labels did not change: {english_tabs}"
        assert walker.driver.title != finnish_title
        walker.shoot("movies-en")

    with walker.step("remembered"):
        # When the person comes back later
        walker.open("/news")
        walker.wait_for_page("/news")
        # Then English is remembered
        assert walker.html_lang() == "en"

    with walker.step("switch back to finnish"):
        walker.click(walker.find('form#language-form button[name="language"][value="fi"]'))
        walker.wait_until(lambda _: walker.html_lang() == "fi", "<html lang=fi>")
        assert walker.path == "/news"


def test_english_browser_gets_english_without_a_cookie(server, screenshot_dir) -> None:
    # Given a browser whose Accept-Language prefers English
    driver = start_chrome(chrome_options(language="en"))
    try:
        walker = Walker(driver, server.url, DESKTOP, screenshot_dir, prefix="language-")
        with walker.step("accept-language en"):
            # When it opens Movies, Then the page is in English
            walker.open("/movies")
            walker.wait_for_page("/movies")
            assert walker.html_lang() == "en"
    finally:
        driver.quit()


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: v.name)
def test_dark_mode_follows_prefers_color_scheme(browser, server, screenshot_dir, viewport) -> None:
    walker = Walker(browser, server.url, viewport, screenshot_dir, prefix="dark-")

    with walker.step("dark mode"):
        # Given the Movies page in light mode
        browser.execute_cdp_cmd(
            "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]}
        )
        walker.open("/movies")
        walker.wait_for_page("/movies")
        light = walker.body_background()
        # When the system prefers a dark colour scheme
        browser.execute_cdp_cmd(
            "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]}
        )
        # Then the body background turns dark
        walker.wait_until(lambda _: walker.body_background() != light, "the background to change")
        dark = walker.body_background()
        assert luminance(dark) < luminance(light), f"dark {dark} is not darker than light {light}"
        assert browser.find_element(By.CSS_SELECTOR, "#results li.movie")
        walker.shoot("movies")


POSTERS_IN_VIEW = """
const tabs = document.querySelector('nav.tabs').getBoundingClientRect();
const bottom = tabs.top > window.innerHeight / 2 ? tabs.top : window.innerHeight;
return Array.from(document.querySelectorAll('#results img.thumb')).filter(function (img) {
  const r = img.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.top >= 0 && r.bottom <= bottom;
}).length;
"""


@pytest.mark.parametrize("viewport,least", [(PHONE, 6), (DESKTOP, 12)], ids=["phone", "desktop"])
def test_movies_are_browsed_by_their_posters(server, browser, screenshot_dir, viewport, least: int) -> None:
    """The Movies screen as people browse: a poster grid, at least 6 whole posters without scrolling
    on a 390x844 phone and 12 at 1280x800 (above the bottom tab bar on the phone), with the search,
    the area, the scope and the list still on screen and the location one tap away."""
    walker = Walker(browser, server.url, viewport, screenshot_dir, prefix="grid-")
    with walker.step("posters above the fold"):
        walker.open("/movies?area=1002")
        walker.wait_for_page("/movies")
        shown = walker.driver.execute_script(POSTERS_IN_VIEW)
        assert shown >= least, f"{shown} whole posters in view at {viewport.name}, want {least}"
        for control in ("#q", "select#area", 'input[name="scope"][value="contains"]', 'nav.lists a[data-list="soon"]'):
            assert walker.find(control).is_displayed(), f"{control} is not on screen"
        assert walker.find("details.location-details > summary").is_displayed()
        # The screen's heading is still there for screen readers
        assert walker.driver.execute_script("return document.querySelector('h1').textContent.trim()")
        walker.shoot("movies")
