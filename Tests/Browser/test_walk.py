"""The walk a person makes through the app, in headless Chromium, at phone and desktop size.

movies -> change area -> search "Begins with" and "Contains" -> movie -> showtimes for tomorrow
-> news -> a category -> its row of cards -> an article -> back. Each step asserts what is on screen, that the
console has no errors, and saves a screenshot (screenshots/<viewport>-<NN>-<screen>.png).
What the list should show is read from the server's own no-JavaScript page for the same query.
"""

from __future__ import annotations

import datetime
import re
from zoneinfo import ZoneInfo

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from served_page import ServedPage
from viewport import VIEWPORTS, Viewport
from walker import Walker

TITLE_SUFFIX = " – Finnkino"
SHOW_TIME = re.compile(r"^\d{2}:\d{2}–\d{2}:\d{2}$")
TAMPERE = "Tampere"


def tomorrow_in_helsinki() -> str:
    today = datetime.datetime.now(ZoneInfo("Europe/Helsinki")).date()
    return (today + datetime.timedelta(days=1)).isoformat()


def expect_tab_bar_placement(walker: Walker) -> None:
    """Phones: a bar along the bottom edge; wide screens: a bar at the top or the side."""
    rect = walker.driver.execute_script(
        "const r = document.querySelector('nav.tabs').getBoundingClientRect();"
        "return {top: r.top, bottom: r.bottom, left: r.left, width: r.width, height: r.height}"
    )
    viewport = walker.viewport
    if viewport.mobile:
        assert abs(rect["bottom"] - viewport.height) <= 2, f"phone tab bar not at the bottom edge: {rect}"
        assert rect["width"] >= viewport.width - 2, f"phone tab bar not full width: {rect}"
    else:
        near_top = rect["bottom"] <= viewport.height / 4
        at_side = rect["left"] <= 2 and rect["height"] >= viewport.height / 2
        assert near_top or at_side, f"wide-screen tab bar neither at the top nor at the side: {rect}"


def expect_movie_rows(walker: Walker) -> None:
    rows = walker.find_all("#results li.movie")
    assert rows, "no movies listed"
    for row in rows[:5]:
        link = row.find_element(By.CSS_SELECTOR, "a.movie-link")
        assert re.fullmatch(r"/movie/\d+", link.get_attribute("href").split(walker.base_url, 1)[-1])
        assert row.find_element(By.CSS_SELECTOR, ".movie-title").text.strip()
        for part in (".movie-length", ".movie-genres", ".movie-age"):
            assert row.find_elements(By.CSS_SELECTOR, part), f"a movie row has no {part}"
        thumb = row.find_element(By.CSS_SELECTOR, "img.thumb")
        assert thumb.get_attribute("width") and thumb.get_attribute("height"), "thumbnail without width/height"


def type_search(walker: Walker, text: str) -> None:
    field = walker.find("input#q")
    walker.click(field)
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.BACKSPACE)
    for character in text:
        field.send_keys(character)


def wait_for_results(walker: Walker, expected_ids: list[str], what: str) -> None:
    walker.wait_until(
        lambda _: walker.results_settled() and walker.shown_movie_ids() == expected_ids,
        f"{what}: results {expected_ids} (shown: {walker.shown_movie_ids()})",
    )


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: v.name)
def test_walk(browser, server, screenshot_dir, viewport: Viewport) -> None:
    walker = Walker(browser, server.url, viewport, screenshot_dir)

    with walker.step("movies"):
        # Given a fresh browser preferring Finnish, When the person opens the app's root (an app
        # that may remember earlier visits is opened at the default area's Movies instead)
        walker.open("/movies?area=1002" if server.shared else "/")
        walker.wait_for_page("/movies")
        # Then the Movies screen lists the movies of the default area
        assert walker.driver.title.endswith(TITLE_SUFFIX), walker.driver.title
        assert walker.html_lang() == "fi"
        assert walker.find('nav.tabs a[data-tab="movies"]').get_attribute("aria-current") == "page"
        expect_tab_bar_placement(walker)
        expect_movie_rows(walker)
        assert not walker.find("button#apply").is_displayed(), "the script should hide the Apply button"
        walker.shoot("movies")

    with walker.step("a-z index"):
        # When the person jumps to the last letter of the A-Z index
        letters = walker.find_all("nav.az a")
        assert letters, "no A-Z index"
        last = letters[-1]
        target = last.get_dom_attribute("href").removeprefix("#")
        walker.click(last)
        # Then that letter's section header is on screen
        walker.wait_until(
            lambda d: d.execute_script(
                "const h = document.getElementById(arguments[0]); if (!h) return false;"
                "const r = h.getBoundingClientRect(); return r.top >= -1 && r.top < window.innerHeight",
                target,
            ),
            f"section header #{target} scrolled into view",
        )
        assert walker.find(f"h2.letter#{target}").text.strip()

    with walker.step("change area"):
        # Given the list of the default area, When the person picks Tampere
        before = walker.shown_movie_ids()
        picker = Select(walker.find("select#area"))
        tampere = [option for option in picker.options if option.text.strip() == TAMPERE]
        assert len(tampere) == 1, "the area picker should offer Tampere once"
        area_id = tampere[0].get_attribute("value")
        assert before and walker.query.get("area") != [area_id]
        picker.select_by_value(area_id)
        # Then the page is Tampere's (the script may reload it for a new area) and lists its movies
        walker.wait_until(lambda _: walker.query.get("area") == [area_id], f"/movies?area={area_id}")
        walker.wait_for_page("/movies")
        assert walker.selected_option_text("select#area") == TAMPERE
        expected = ServedPage.fetch(server.url, f"/movies?area={area_id}").movie_ids()
        assert expected, "the bundled data should list movies in Tampere"
        wait_for_results(walker, expected, "Tampere's movies")
        walker.shoot("movies-tampere")

    with walker.step("search begins with"):
        # When the person types "dyy" with the scope "Begins with"
        marker = walker.set_reload_marker()
        walker.record_busy_states()
        walker.click(walker.find('input[name="scope"][value="begins"]'))
        type_search(walker, "dyy")
        expected = ServedPage.fetch(server.url, f"/movies?area={area_id}&q=dyy&scope=begins").movie_ids()
        assert expected, "the bundled data should have titles beginning with 'dyy' in Tampere"
        # Then only those movies are listed, filtered as typed (no reload)
        wait_for_results(walker, expected, "titles beginning with 'dyy'")
        assert walker.reload_marker() == marker, "the page was reloaded"
        assert "true" in walker.busy_states(), "#results never showed aria-busy while searching"
        titles = walker.shown_movie_titles()
        assert any(title.lower().startswith("dyy") for title in titles), titles
        assert len(titles) < len(before), "the search did not narrow the list"
        walker.shoot("search-begins-dyy")

    with walker.step("search contains"):
        # When the person switches the scope to "Contains" and types "aiti"
        walker.click(walker.find('input[name="scope"][value="contains"]'))
        type_search(walker, "aiti")
        expected = ServedPage.fetch(server.url, f"/movies?area={area_id}&q=aiti&scope=contains").movie_ids()
        # Then the titles containing "äiti" are listed (accents and case ignored)
        wait_for_results(walker, expected, "titles containing 'aiti'")
        assert walker.reload_marker() == marker, "the page was reloaded"
        titles = walker.shown_movie_titles()
        assert any(title.startswith("Äiti") for title in titles), titles
        walker.shoot("search-contains-aiti")

    with walker.step("movie"):
        # When the person opens the first result
        link = walker.find("#results li.movie a.movie-link")
        movie_path = link.get_attribute("href").split(server.url, 1)[-1]
        movie_id = movie_path.rsplit("/", 1)[-1]
        title = titles[0]
        walker.click(link)
        walker.wait_for_page(movie_path)
        # Then the Movie screen shows that movie
        assert walker.text("h1.movie-title") == title
        assert walker.driver.title.endswith(TITLE_SUFFIX)
        poster = walker.find("img.poster")
        assert poster.get_attribute("width") and poster.get_attribute("height"), "poster without width/height"
        walker.wait_until(
            lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", poster),
            "the poster image to load",
        )
        for part in (".facts", ".synopsis"):
            assert walker.text(part), f"{part} is empty"
        showtimes_link = walker.find("a#showtimes-link")
        assert f"movie={movie_id}" in showtimes_link.get_attribute("href")
        walker.shoot("movie")

    with walker.step("showtimes tomorrow"):
        # When the person opens the movie's showtimes and picks tomorrow
        walker.click(showtimes_link)
        walker.wait_for_page("/showtimes")
        assert walker.query.get("movie") == [movie_id]
        assert walker.find('nav.tabs a[data-tab="showtimes"]').get_attribute("aria-current") == "page"
        assert walker.selected_option_text("select#area") == TAMPERE, (
            "the area picked on the Movies screen is not remembered"
        )
        tomorrow = tomorrow_in_helsinki()
        walker.click(walker.find(f'nav.dates a[data-date="{tomorrow}"]'))
        walker.wait_until(
            lambda _: walker.query.get("date") == [tomorrow]
            and walker.find(f'nav.dates a[data-date="{tomorrow}"]').get_attribute("aria-current"),
            f"showtimes of {tomorrow}",
        )
        # Then tomorrow's shows are listed by theatre
        shows = walker.find_all("section.theatre li.show")
        assert shows, f"no shows of {title} in Tampere on {tomorrow}: {walker.find('main').text[:300]!r}"
        assert walker.find("section.theatre h2").text.strip()
        for show in shows:
            assert SHOW_TIME.match(show.find_element(By.CSS_SELECTOR, ".show-time").text.strip())
            assert show.find_element(By.CSS_SELECTOR, ".auditorium").text.strip()
            # What the show is, in words: the picture at least (every bundled show is 2D or 3D)
            badges = [b.text.strip() for b in show.find_elements(By.CSS_SELECTOR, ".show-badges .show-badge")]
            assert any(b in ("2D", "3D") for b in badges), badges
            # The bundled data's ticket pages (bundled:///websales/...) exist nowhere: no dead link then.
            for ticket in show.find_elements(By.CSS_SELECTOR, "a.ticket-link"):
                assert ticket.get_attribute("href").startswith(("https://", "http://")), ticket.get_attribute("href")
        walker.shoot("showtimes-tomorrow")

    with walker.step("news"):
        # When the person opens the News tab
        walker.click(walker.find('nav.tabs a[data-tab="news"]'))
        walker.wait_for_page("/news")
        # Then each category is a horizontally scrolling row of cards
        assert walker.find('nav.tabs a[data-tab="news"]').get_attribute("aria-current") == "page"
        categories = walker.find_all("section.category")
        assert categories, "no news categories"
        for category in categories:
            assert category.find_element(By.TAG_NAME, "h2").text.strip()
            row = category.find_element(By.CSS_SELECTOR, "ul.cards")
            overflow = walker.driver.execute_script("return getComputedStyle(arguments[0]).overflowX", row)
            assert overflow in ("auto", "scroll"), f"a card row does not scroll sideways: overflow-x {overflow}"
            assert category.find_elements(By.CSS_SELECTOR, "li.card a .card-title")
        walker.shoot("news")

    with walker.step("category"):
        # When the person opens the first news category
        link = walker.find('main a[href^="/news?category="]')
        category_name = link.text.strip()
        category_id = link.get_dom_attribute("href").rsplit("=", 1)[-1]
        walker.click(link)
        # Then only that category's row is shown
        walker.wait_until(lambda _: walker.query.get("category") == [category_id], f"/news?category={category_id}")
        walker.wait_for_page("/news")
        sections = walker.find_all("section.category")
        assert [section.find_element(By.TAG_NAME, "h2").text.strip() for section in sections] == [category_name]
        walker.shoot("news-category")

    with walker.step("category row"):
        # When the person scrolls the row to its end and picks the last card
        row = walker.find("section.category ul.cards")
        walker.driver.execute_script("arguments[0].scrollLeft = arguments[0].scrollWidth", row)
        if walker.driver.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth + 1", row):
            assert walker.driver.execute_script("return arguments[0].scrollLeft", row) > 0, "the row did not scroll"
        cards = walker.find_all("li.card a", within=row)
        card = cards[-1]
        card_title = card.find_element(By.CSS_SELECTOR, ".card-title").text.strip()
        article_path = card.get_attribute("href").split(server.url, 1)[-1]
        assert re.fullmatch(r"/news/[^/?#]+", article_path), article_path
        news_url = walker.driver.current_url
        walker.click(card)
        walker.wait_for_page(article_path)

    with walker.step("article"):
        # Then the article is shown, its content sanitised
        assert walker.text("h1.article-title") == card_title
        assert walker.text(".article-date")
        assert walker.text(".article-content")
        assert not walker.find_all(".article-content script, .article-content iframe, .article-content style")
        walker.shoot("article")

    with walker.step("back"):
        # When the person presses the browser's back button
        walker.driver.back()
        # Then the news list is back
        walker.wait_until(lambda d: d.current_url == news_url, f"back at {news_url}")
        assert walker.find_all("section.category li.card")
        assert walker.find('nav.tabs a[data-tab="news"]').get_attribute("aria-current") == "page"

    print(f"\n[{viewport.name}] " + ", ".join(f"{name}: {result}" for name, result in walker.steps))


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: v.name)
def test_movies_search_without_javascript(browser_without_javascript, server, screenshot_dir, viewport) -> None:
    # axe-core is a script: it cannot run where scripts are off (the same screens with them on are audited).
    walker = Walker(browser_without_javascript, server.url, viewport, screenshot_dir, prefix="nojs-", audited=False)

    with walker.step("movies form"):
        # Given JavaScript is off, When the person opens Movies
        walker.open("/movies")
        walker.wait_for_page("/movies")
        # Then the plain form with its Apply button is there
        assert walker.find("button#apply").is_displayed(), "without JavaScript the Apply button must show"
        expect_movie_rows(walker)
        walker.shoot("movies")

    with walker.step("search form"):
        # When the person picks Tampere, "Contains", types "aiti" and presses Apply
        picker = Select(walker.find("select#area"))
        picker.select_by_visible_text(TAMPERE)
        area_id = picker.first_selected_option.get_attribute("value")
        walker.click(walker.find('input[name="scope"][value="contains"]'))
        field = walker.find("input#q")
        field.send_keys("aiti")
        walker.click(walker.find("button#apply"))
        # Then a plain GET of /movies carries the query, and the page lists the matches
        walker.wait_until(lambda _: walker.query.get("q") == ["aiti"], "the form's GET with q=aiti")
        assert walker.path == "/movies"
        assert walker.query.get("area") == [area_id]
        assert walker.query.get("scope") == ["contains"]
        expected = ServedPage.fetch(server.url, f"/movies?area={area_id}&q=aiti&scope=contains").movie_ids()
        assert expected and walker.shown_movie_ids() == expected
        assert any(title.startswith("Äiti") for title in walker.shown_movie_titles())
        assert walker.find("input#q").get_attribute("value") == "aiti"
        assert walker.find('input[name="scope"][value="contains"]').is_selected()
        walker.shoot("search-contains-aiti")

    with walker.step("coming soon"):
        # When the person follows the "Coming soon" link
        walker.click(walker.find('a[data-list="soon"]'))
        # Then the coming movies are listed for the same search, or it says in words that none match
        walker.wait_until(lambda _: walker.query.get("list") == ["soon"], "the coming-soon list")
        assert walker.query.get("q") == ["aiti"], "switching lists dropped the search"
        assert walker.find('a[data-list="soon"]').get_attribute("aria-current") == "page"
        expected = ServedPage.fetch(server.url, f"/movies?area={area_id}&list=soon&q=aiti&scope=contains").movie_ids()
        assert walker.shown_movie_ids() == expected
        if not expected:
            assert "aiti" in walker.text("#results p.empty")
        walker.shoot("movies-soon")

    with walker.step("coming soon, search cleared"):
        # When the person clears the search field and presses Apply
        walker.find("input#q").clear()
        walker.click(walker.find("button#apply"))
        # Then every coming movie of the area is listed
        walker.wait_until(lambda _: walker.query.get("q", [""]) == [""], "the form's GET without q")
        assert walker.query.get("list") == ["soon"], "the form dropped the list choice"
        expected = ServedPage.fetch(server.url, f"/movies?area={area_id}&list=soon").movie_ids()
        assert expected and walker.shown_movie_ids() == expected
        walker.shoot("movies-soon-all")

    with walker.step("news link"):
        # When the person follows the News tab (a plain link)
        walker.click(walker.find('nav.tabs a[data-tab="news"]'))
        walker.wait_for_page("/news")
        assert walker.find_all("section.category li.card")
