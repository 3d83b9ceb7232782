"""The watchlist import as a person does it on a phone: the Bookmarks page's link, a file chosen in
the form (no script needed), the report of a 1,000-film Letterboxd watchlist (its time printed for
the note), then undo."""

from __future__ import annotations

import json
import time
import urllib.request

from viewport import PHONE
from walker import Walker


def thousand_films(base: str, path) -> int:
    """A Letterboxd watchlist.csv of 1,000 films: the programme's own, then films on no programme."""
    movies = []
    for listed in ("now", "soon"):
        with urllib.request.urlopen(f"{base}/api/v1/movies?list={listed}", timeout=30) as answer:
            movies += json.load(answer)["movies"]
    rows = ["Date,Name,Year,Letterboxd URI"]
    seen = set()
    for movie in movies:
        if movie.get("productionYear") and movie["id"] not in seen:
            seen.add(movie["id"])
            title = movie["originalTitle"].replace('"', '""')
            rows.append(f'2026-01-01,"{title}",{movie["productionYear"]},https://boxd.it/{movie["id"]}')
    on_programme = len(rows) - 1
    for index in range(1000 - on_programme):
        rows.append(f"2026-01-01,Film Not Shown {index},2020,https://boxd.it/n{index}")
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return on_programme


def test_a_thousand_film_watchlist_is_imported_on_a_phone_and_undone(browser, server, screenshot_dir, tmp_path) -> None:
    file = tmp_path / "watchlist.csv"
    on_programme = thousand_films(server.url, file)
    walker = Walker(browser, server.url, PHONE, screenshot_dir, prefix="watchlist-")
    with walker.step("form"):
        walker.open("/bookmarks")
        walker.wait_for_page("/bookmarks")
        walker.click(walker.find("#open-watchlist"))
        walker.wait_for_page("/bookmarks/watchlist")
        walker.shoot("form")
    with walker.step("report"):
        walker.find("#watchlist-file").send_keys(str(file))
        started = time.monotonic()
        walker.click(walker.find("#import-watchlist"))
        walker.wait_until(lambda _: walker.driver.find_elements("css selector", "#watchlist-report"), "the report")
        took = time.monotonic() - started
        print(f"import of 1,000 films ({on_programme} on the programme): {took * 1000:.0f} ms in the browser")
        # Every film is accounted for; a title two movies share (a version of the same film) is no
        # match, never a guess, so a few of the programme's own may be kept instead
        matched = len(walker.find_all(".watchlist-matched li"))
        missed = len(walker.find_all(".watchlist-missed li"))
        skipped = len(walker.find_all(".watchlist-skipped li"))
        assert matched + missed + skipped == 1000, (matched, missed, skipped)
        assert 0.8 * on_programme <= matched <= on_programme, (matched, on_programme)
        walker.shoot("report")
    with walker.step("undo"):
        walker.click(walker.find("#undo-import"))
        walker.wait_until(
            lambda _: not walker.driver.find_elements("css selector", "#watchlist-report")
            and walker.driver.find_elements("css selector", "#watchlist-message"),
            "undone")
        assert not walker.find_all(".kept-films li")
        walker.shoot("undone")
