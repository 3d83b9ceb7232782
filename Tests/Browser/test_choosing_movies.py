"""Deciding on a movie, in a real browser: the cards carry the audience's and critics' scores where
the movie is matched to the international lists, the list is ordered by score in place, the movie
page has its scores and gallery, and "Not interested" hides a movie from this person's list until
they bring it back from the page of hidden movies."""

from __future__ import annotations

import re
import time

import pytest
from selenium.webdriver.support.ui import Select

from served_page import ServedPage
from viewport import VIEWPORTS, Viewport
from walker import Walker

CAPITAL_REGION = 1014
SCORE = re.compile(r"★ (\d+\.\d)")


def audience_scores(walker: Walker) -> list[float | None]:
    """Each card's audience score in screen order (None for a card without one)."""
    texts = walker.driver.execute_script(
        "return Array.from(document.querySelectorAll('#results li.movie')).map(li => {"
        " const s = li.querySelector('.movie-scores'); return s ? s.textContent : null })"
    )
    scores: list[float | None] = []
    for text in texts:
        match = SCORE.search(text or "")
        scores.append(float(match.group(1)) if match else None)
    return scores


def scores_matched(server) -> None:
    """Waits until the server knows the scores of the list's movies: a list waits at most 300 ms
    for those it does not know yet (they are matched on for the next request), which a busy
    machine's first request may not be given."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        body = ServedPage.fetch(server.url, f"/movies?area={CAPITAL_REGION}").body
        if body.count('class="movie-scores"') >= 5:
            return
        time.sleep(0.5)
    raise AssertionError("no scores on the list after 60 s")


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: v.name)
def test_scores_on_the_cards_and_the_list_by_score(server, browser, screenshot_dir, viewport: Viewport) -> None:
    scores_matched(server)
    walker = Walker(browser, server.url, viewport, screenshot_dir, prefix="choosing-")
    with walker.step("scores on the cards"):
        walker.open(f"/movies?area={CAPITAL_REGION}")
        walker.wait_for_page("/movies")
        alphabetical = walker.shown_movie_ids()
        scores = audience_scores(walker)
        # Some movies are matched (a score), some are not (none), never a score out of 0-10
        assert any(score is not None for score in scores) and any(score is None for score in scores), scores
        assert all(score is None or 0 <= score <= 10 for score in scores)
    with walker.step("ordered by score"):
        # When the person orders the list by the audience's score
        Select(walker.find("select#sort")).select_by_value("score")
        walker.wait_until(lambda _: "sort=score" in walker.driver.current_url, "the address with the order")
        walker.wait_until(lambda _: walker.results_settled() and not walker.find_all("#results h2.letter"), "one list")
        # Then the same movies are shown, the best first, the unscored last
        assert sorted(walker.shown_movie_ids()) == sorted(alphabetical)
        ordered = audience_scores(walker)
        known = [score for score in ordered if score is not None]
        assert known == sorted(known, reverse=True)
        assert ordered == known + [None] * (len(ordered) - len(known))
        walker.shoot("by-score")
    with walker.step("the order without JavaScript"):
        # And the address alone gives the same order (the server's own page)
        served = ServedPage.fetch(server.url, f"/movies?area={CAPITAL_REGION}&list=now&sort=score")
        assert served.movie_ids() == walker.shown_movie_ids()


def test_the_movie_page_has_scores_and_a_gallery_and_not_interested_hides_it(
    server, browser, screenshot_dir
) -> None:
    scores_matched(server)
    walker = Walker(browser, server.url, VIEWPORTS[1], screenshot_dir, prefix="choosing-")
    with walker.step("a movie with scores and stills"):
        walker.open(f"/movies?area={CAPITAL_REGION}")
        walker.wait_for_page("/movies")
        listed = walker.shown_movie_ids()
        # The first listed movie with both: found from the server's pages, as a person would by looking
        chosen = next(
            movie
            for movie in listed
            if 'id="audience"' in (body := ServedPage.fetch(server.url, f"/movie/{movie}").body)
            and 'class="gallery-images"' in body
        )
        walker.open(f"/movie/{chosen}")
        walker.wait_for_page(f"/movie/{chosen}")
        assert re.search(r"\d+\.\d/10", walker.text("#audience dd"))
        stills = walker.find_all("section.gallery img")
        assert stills and all(image.get_attribute("alt") for image in stills)
        # Each still has loaded: a real picture, not a broken image
        assert walker.driver.execute_script(
            "return Array.from(document.querySelectorAll('section.gallery img'))"
            ".every(img => img.complete && img.naturalWidth > 0)"
        )
        walker.shoot("movie-scores-gallery")
    try:
        hide_and_bring_back(walker, listed, chosen)
    finally:
        # A failure part-way leaves nothing hidden for the tests after it (on a shared server)
        walker.open("/movies/hidden")
        for button in walker.find_all('.hidden-movie form.interest-form button[type="submit"]')[:1]:
            walker.click(button)


def hide_and_bring_back(walker: Walker, listed: list[str], chosen: str) -> None:
    walker.open(f"/movie/{chosen}")
    walker.wait_for_page(f"/movie/{chosen}")
    with walker.step("not interested"):
        # When the person is not interested in it
        walker.click(walker.find('form.interest-form button[type="submit"]'))
        walker.wait_until(lambda _: walker.find_all('form.interest-form input[value="yes"]'), "the bring-back button")
        # Then the list leaves it out and says one is hidden
        walker.open(f"/movies?area={CAPITAL_REGION}")
        walker.wait_for_page("/movies")
        assert walker.shown_movie_ids() == [movie for movie in listed if movie != chosen]
        walker.click(walker.find(".hidden-movies-link a"))
        walker.wait_for_page("/movies/hidden")
        assert walker.find_all(f'.hidden-movie a[href="/movie/{chosen}"]')
        walker.shoot("hidden-movies")
    with walker.step("brought back"):
        # When it is brought back from the page of hidden movies, the list has it again
        walker.click(walker.find('.hidden-movie form.interest-form button[type="submit"]'))
        walker.wait_until(lambda _: not walker.find_all(".hidden-movie"), "no hidden movie left")
        walker.open(f"/movies?area={CAPITAL_REGION}")
        walker.wait_for_page("/movies")
        assert walker.shown_movie_ids() == listed
