"""What the app remembers and how it reacts, in a real browser: bookmarks with undo and redo,
keyboard shortcuts up the responder chain, the help overlay, the user's place and bookmarks after
a restart, and the nearest areas."""

from __future__ import annotations

import subprocess

import pytest
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import finnkino_binary, running
from viewport import DESKTOP, PHONE, VIEWPORTS
from walker import Walker


def first_movie(walker: Walker) -> tuple[str, str]:
    """Opens the first movie of Helsinki's list; returns its ID and title. (A list its script
    replaced between finding the link and clicking it is read again, as a person clicks again: a
    CI run of 2026-11-28 clicked a stale link.)"""
    walker.open("/movies?area=1002")
    walker.wait_for_page("/movies")

    def open_first() -> str:
        link = walker.find("#results a.movie-link")
        movie_id = link.get_attribute("href").rstrip("/").rsplit("/", 1)[-1]
        walker.click(link)
        return movie_id

    movie_id = walker.wait_until(lambda _: settled(open_first), "the first movie's link clicked")
    walker.wait_for_page(f"/movie/{movie_id}")
    return movie_id, walker.text("h1.movie-title")


def settled(read):
    """`read()`, or None while the page is being replaced under it (a reload after an action: the
    element is stale, or the next page has not got it yet)."""
    try:
        return read()
    except (StaleElementReferenceException, WebDriverException, AssertionError):
        return None


def listed_bookmarks(walker: Walker) -> list[str] | None:
    return settled(lambda: [item.get_attribute("data-movie") for item in walker.find_all("li.bookmark")])


def area_options(walker: Walker) -> list[str]:
    return settled(lambda: [option.text for option in walker.find_all("select#area option")]) or []


def press(walker: Walker, *keys: str) -> None:
    """Presses a key (with modifiers) on the page itself, not in a field."""
    walker.driver.execute_script("document.activeElement && document.activeElement.blur()")
    chain = ActionChains(walker.driver)
    modifiers = [key for key in keys[:-1]]
    for modifier in modifiers:
        chain.key_down(modifier)
    chain.send_keys(keys[-1])
    for modifier in reversed(modifiers):
        chain.key_up(modifier)
    chain.perform()


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: v.name)
def test_bookmark_remove_undo_redo(browser, server, screenshot_dir, viewport) -> None:
    walker = Walker(browser, server.url, viewport, screenshot_dir, prefix="bookmarks-")

    with walker.step("bookmark"):
        # Given a movie's page, When the person presses Bookmark
        movie_id, title = first_movie(walker)
        assert walker.find("#bookmark").get_attribute("aria-pressed") == "false"
        walker.click(walker.find("#bookmark"))
        # Then the page says so and the button now removes the bookmark
        walker.wait_until(lambda _: settled(lambda: walker.find("#bookmark").get_attribute("aria-pressed")) == "true", "bookmarked")
        assert title in walker.text("p.flash")
        walker.shoot("movie-bookmarked")

    with walker.step("bookmarks tab"):
        # When the person opens the Bookmarks tab, Then the movie is listed with its next show or status
        walker.click(walker.find('nav.tabs a[data-tab="bookmarks"]'))
        walker.wait_for_page("/bookmarks")
        assert listed_bookmarks(walker) == [movie_id]
        assert walker.text(f'li.bookmark[data-movie="{movie_id}"] .next-show')
        walker.shoot("list")

    with walker.step("remove and undo"):
        # When the person checks it and removes the selection
        walker.click(walker.find(f"#pick-{movie_id}"))
        walker.click(walker.find("#remove-selected"))
        # Then the list is empty and a banner says what went, with Undo
        walker.wait_until(lambda _: listed_bookmarks(walker) == [], "the bookmark removed")
        assert title in walker.text(".undo-banner")
        walker.shoot("removed-undo-banner")
        walker.click(walker.find('.undo-banner button[data-action="undo"]'))
        # Then it is back
        walker.wait_until(lambda _: listed_bookmarks(walker) == [movie_id], "the bookmark restored by Undo")

    with walker.step("keyboard undo and redo"):
        # When the person presses Ctrl+Z on the list: the screen undoes the change before (the add)
        press(walker, Keys.CONTROL, "z")
        walker.wait_until(lambda _: listed_bookmarks(walker) == [], "Ctrl+Z undid the bookmark")
        # And Ctrl+Y redoes it, and says so
        press(walker, Keys.CONTROL, "y")
        walker.wait_until(lambda _: listed_bookmarks(walker) == [movie_id], "Ctrl+Y redid the bookmark")
        walker.wait_until(lambda _: title in (settled(lambda: walker.text("#toast")) or ""), "the redo message")

    with walker.step("help overlay"):
        # When the person presses ?, Then the shortcuts are listed; Escape closes them
        press(walker, "?")
        walker.wait_until(lambda d: d.execute_script("return document.getElementById('help').open"), "help open")
        assert "Ctrl+Z" in walker.text("dialog#help")
        walker.shoot("help")
        press(walker, Keys.ESCAPE)
        walker.wait_until(lambda d: not d.execute_script("return document.getElementById('help').open"), "help closed")


def test_unhandled_action_is_a_polite_word(browser, server, screenshot_dir) -> None:
    walker = Walker(browser, server.url, DESKTOP, screenshot_dir, prefix="actions-")
    with walker.step("undo on news"):
        # Given the news page, which has nothing to undo, When the person presses Ctrl+Z
        walker.open("/news")
        walker.wait_for_page("/news")
        press(walker, Keys.CONTROL, "z")
        # Then the page says there is nothing to undo, and stays
        walker.wait_until(lambda _: settled(lambda: walker.text("#toast")), "a message")
        assert walker.text("#toast") == "Ei kumottavaa."
        assert walker.path == "/news"
    with walker.step("tabs by keyboard"):
        # When the person presses ] and [, the next and previous tabs open
        press(walker, "]")
        walker.wait_for_page("/international")
        press(walker, "[")
        walker.wait_for_page("/news")


def test_restart_keeps_bookmarks_and_place(browser, tmp_path, screenshot_dir) -> None:
    data = tmp_path / "finnkino-data"
    with running(data) as first:
        walker = Walker(browser, first.url, PHONE, screenshot_dir, prefix="restart-")
        with walker.step("before"):
            # Given a bookmark, and the person last on a news category
            movie_id, _ = first_movie(walker)
            walker.click(walker.find("#bookmark"))
            walker.wait_until(lambda _: settled(lambda: walker.find("#bookmark").get_attribute("aria-pressed")) == "true", "bookmarked")
            walker.open("/news")
            walker.wait_for_page("/news")
            category = walker.find("nav.categories a:not([aria-current])")
            href = category.get_attribute("href")
            walker.click(category)
            walker.wait_until(lambda _: "category=" in walker.driver.current_url, "a news category")
            walker.wait_for_page("/news")
            left_at = walker.driver.current_url.split(first.url, 1)[-1]
    with running(data) as second:
        walker = Walker(browser, second.url, PHONE, screenshot_dir, prefix="restart-")
        with walker.step("after"):
            # When the server has restarted and the person opens the app
            walker.open("/")
            # Then it opens where they left it, and the bookmark is there
            walker.wait_until(lambda _: walker.driver.current_url.endswith(left_at), f"back at {left_at} ({href})")
            walker.shoot("reopened")
            walker.open("/bookmarks")
            walker.wait_for_page("/bookmarks")
            assert listed_bookmarks(walker) == [movie_id]


def test_language_outlives_the_cookie_and_a_restart(browser, tmp_path, screenshot_dir) -> None:
    data = tmp_path / "finnkino-data"
    with running(data) as first:
        walker = Walker(browser, first.url, PHONE, screenshot_dir, prefix="language-")
        with walker.step("choose svenska"):
            # Given a person who chose Svenska
            walker.open("/movies")
            walker.wait_for_page("/movies")
            walker.click(walker.find('form#language-form button[name="language"][value="sv"]'))
            walker.wait_until(lambda _: walker.html_lang() == "sv", "<html lang=sv>")
            walker.shoot("movies-sv")
    with running(data) as second:
        walker = Walker(browser, second.url, PHONE, screenshot_dir, prefix="language-")
        with walker.step("after restart, no cookie"):
            # When the server restarts and the browser has lost its cookies
            browser.delete_all_cookies()
            walker.open("/news")
            walker.wait_for_page("/news")
            # Then the app still speaks Swedish
            assert walker.html_lang() == "sv"
            assert "Nyheter" in browser.title


def finnkino(data, *arguments: str) -> str:
    """Runs the CLI on the server's data folder, as a person in a terminal would."""
    done = subprocess.run(
        [str(finnkino_binary()), *arguments, "--data-dir", str(data)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_bookmarks_changed_in_the_terminal_appear_live(browser, tmp_path, screenshot_dir) -> None:
    data = tmp_path / "finnkino-data"
    with running(data) as served:
        walker = Walker(browser, served.url, DESKTOP, screenshot_dir, prefix="bookmarks-live-")
        movie_id, title = first_movie(walker)
        with walker.step("terminal add"):
            # Given the Bookmarks page open, with nothing bookmarked
            walker.open("/bookmarks")
            walker.wait_for_page("/bookmarks")
            assert listed_bookmarks(walker) == []
            marker = walker.set_reload_marker()
            # When the person bookmarks the movie with the CLI
            finnkino(data, "bookmarks", "add", movie_id)
            # Then the page lists it without being reloaded
            walker.wait_until(lambda _: listed_bookmarks(walker) == [movie_id], "the bookmark pushed to the page")
            assert walker.reload_marker() == marker
            assert title in walker.text("li.bookmark")
            walker.shoot("pushed")
        with walker.step("terminal undo"):
            # When they undo it in the terminal, Then it goes from the page too
            finnkino(data, "bookmarks", "undo")
            walker.wait_until(lambda _: listed_bookmarks(walker) == [], "the undo pushed to the page")
            assert walker.reload_marker() == marker


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: v.name)
def test_nearest_areas(browser, server, screenshot_dir, viewport) -> None:
    walker = Walker(browser, server.url, viewport, screenshot_dir, prefix="location-")
    with walker.step("typed city"):
        # Given the Movies screen, When the person says they are in Tampere
        walker.open("/movies?area=1002")
        walker.wait_for_page("/movies")
        # (the location form is folded away until a location is set: one tap opens it)
        walker.click(walker.find("details.location-details > summary"))
        field = walker.find("#near")
        field.clear()
        field.send_keys("Tampere")
        walker.click(walker.find("#set-location"))
        # Then the nearest area is offered and the picker lists Tampere's theatres first, with distances
        walker.wait_until(lambda _: walker.find_all("#nearest-area"), "the nearest area offered")
        options = area_options(walker)
        assert "Tampere" in options[1] and "km" in options[1], options[:3]
        walker.shoot("tampere")
        nearest = walker.find("#nearest-area").get_attribute("href")
        walker.click(walker.find("#nearest-area"))
        walker.wait_until(lambda d: d.current_url == nearest, "the nearest area open")
        walker.wait_for_page("/movies")
    with walker.step("browser position"):
        # When the person lets the browser tell where they are (Oulu), Then Oulu comes first
        walker.driver.execute_cdp_cmd(
            "Browser.grantPermissions", {"origin": server.url, "permissions": ["geolocation"]})
        walker.driver.execute_cdp_cmd(
            "Emulation.setGeolocationOverride", {"latitude": 65.0121, "longitude": 25.4651, "accuracy": 50})
        walker.click(walker.find("#use-location"))
        walker.wait_until(lambda _: "Oulu" in (area_options(walker) + ["", ""])[1], "Oulu first after the position")
        walker.shoot("oulu")
