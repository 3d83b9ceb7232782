"""Offline: the service worker keeps the person's movie list, bookmarks and the movies and shows
they opened, with their posters; with the network off (DevTools network emulation, on the page and
on the worker) those open from the cache saying how old they are, anything else is the app's
offline page, never the browser's error. A new release's worker replaces the old caches, and no
page kept by the old release is shown again."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

from selenium.webdriver.chrome.webdriver import WebDriver

from conftest import STARTUP_TIMEOUT_SECONDS, Server, finnkino_binary, free_loopback_port, stop, wait_for_url_line
from test_remember import first_movie, listed_bookmarks, settled
from viewport import PHONE
from walker import Walker

OFFLINE_TITLE = "Ei verkkoyhteyttä"
KEPT_NOTE = "Ei verkkoyhteyttä. Sivu on tallennettu "
NO_NETWORK = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}


def wait_for_worker(walker: Walker) -> str:
    """Waits until the service worker controls the page and its caches are made; returns their
    version."""
    walker.wait_until(
        lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), "the service worker in control"
    )
    return walker.wait_until(lambda _: cache_version(walker.driver), "the worker's caches")


def cache_names(driver: WebDriver) -> list[str]:
    return driver.execute_async_script("const done = arguments[0]; caches.keys().then(done, () => done([]))")


def cache_version(driver: WebDriver) -> str | None:
    """The one version all the app's caches are of; None while there are several or none."""
    versions = {name.split("-", 1)[1] for name in cache_names(driver)}
    return versions.pop() if len(versions) == 1 else None


def kept_paths(driver: WebDriver, version: str) -> list[str]:
    return driver.execute_async_script(
        "const done = arguments[1];"
        "caches.open('pages-' + arguments[0]).then(c => c.keys())"
        ".then(keys => done(keys.map(k => new URL(k.url).pathname + new URL(k.url).search)), () => done([]))",
        version,
    )


def go_offline(driver: WebDriver) -> None:
    """Turns the network off for the page and for every service worker (DevTools emulates it per
    target: the page's own emulation does not reach its worker's fetches)."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", NO_NETWORK)
    workers = [t for t in driver.execute_cdp_cmd("Target.getTargets", {})["targetInfos"] if t["type"] == "service_worker"]
    assert workers, "no service worker to take offline"
    for worker in workers:
        session = driver.execute_cdp_cmd("Target.attachToTarget", {"targetId": worker["targetId"], "flatten": False})
        for number, (method, params) in enumerate(
            [("Network.enable", {}), ("Network.emulateNetworkConditions", NO_NETWORK)], start=1
        ):
            message = json.dumps({"id": number, "method": method, "params": params})
            driver.execute_cdp_cmd("Target.sendMessageToTarget", {"sessionId": session["sessionId"], "message": message})


def shows_offline_page(walker: Walker, path: str) -> bool:
    """Opens `path` and says whether the app's offline page is shown. (Opened again on each try:
    DevTools applies the emulation to the worker a moment after it is asked to.)"""
    walker.open(path)
    return walker.driver.title.startswith(OFFLINE_TITLE)


def open_kept(walker: Walker, path: str) -> None:
    """Opens `path` without a connection and waits for its kept copy with its note. (Opened again
    while the browser is still on another page: one CI run saw a navigation to a kept page leave the
    browser where it was, once; the cause was not found.)"""
    walker.open(path)

    def shown(_) -> bool:
        if walker.path != urlsplit(path).path:
            walker.open(path)
            return False
        return kept_note(walker) is not None

    walker.wait_until(shown, f"the kept copy of {path} with its note (at {walker.driver.current_url})")


def kept_note(walker: Walker) -> str | None:
    return settled(lambda: walker.driver.execute_script(
        "const note = document.getElementById('kept-note'); return note ? note.textContent : null"
    ))


def images_loaded(walker: Walker, css: str) -> bool:
    return walker.driver.execute_script(
        "const images = [...document.querySelectorAll(arguments[0])];"
        "return images.length > 0 && images.every(i => i.complete && i.naturalWidth > 0)",
        css,
    )


def test_kept_pages_open_offline_with_their_age_and_others_give_the_offline_page(
    browser, server, screenshot_dir
) -> None:
    walker = Walker(browser, server.url, PHONE, screenshot_dir, prefix="offline-")

    with walker.step("online"):
        # Given the person's movie list, a bookmarked movie, one of its shows and the bookmarks,
        # opened online once the service worker is in control
        walker.open("/movies?area=1002")
        walker.wait_for_page("/movies")
        version = wait_for_worker(walker)
        movie_id, title = first_movie(walker)
        walker.click(walker.find("#bookmark"))
        walker.wait_until(
            lambda _: settled(lambda: walker.find("#bookmark").get_attribute("aria-pressed")) == "true", "bookmarked"
        )
        walker.wait_until(lambda _: images_loaded(walker, "main img"), "the movie's poster")
        shows = walker.find_all("a[href^='/show/']")
        assert shows, "the bundled movie should have shows"
        show_path = shows[0].get_attribute("href").removeprefix(server.url)
        walker.open(show_path)
        walker.wait_for_page(show_path)
        walker.open("/bookmarks")
        walker.wait_for_page("/bookmarks")
        assert listed_bookmarks(walker) == [movie_id]
        expected = {"/movies?area=1002", f"/movie/{movie_id}", show_path, "/bookmarks", "/"}
        walker.wait_until(lambda _: expected <= set(kept_paths(browser, version)), f"{expected} kept")

    go_offline(browser)

    with walker.step("not kept offline"):
        # When the network is off and the person opens a page that was never kept
        walker.wait_until(lambda _: shows_offline_page(walker, "/news"), "the offline page")
        # Then the app's offline page says so, with links to what is kept (not the browser's error)
        assert walker.path == "/news"
        assert walker.text("main h1") == OFFLINE_TITLE
        assert walker.find("a#try-again")
        assert walker.find_all("ul.offline-links a[href='/bookmarks']")
        assert kept_note(walker) is None
        walker.shoot("offline-page")

    with walker.step("home offline"):
        # When the app is opened at its start address
        open_kept(walker, "/")
        # Then the kept movie list opens, saying it is a kept copy and how old it is
        assert kept_note(walker).startswith(KEPT_NOTE), kept_note(walker)
        assert walker.find_all("#results li.movie"), "the kept movie list shows no movies"
        walker.shoot("home-offline")

    with walker.step("movie offline"):
        open_kept(walker, f"/movie/{movie_id}")
        assert walker.text("h1.movie-title") == title
        # with its poster from the cache
        walker.wait_until(lambda _: images_loaded(walker, "main img"), "the kept poster")
        walker.shoot("movie-offline")

    with walker.step("show and bookmarks offline"):
        open_kept(walker, show_path)
        open_kept(walker, "/bookmarks")
        assert listed_bookmarks(walker) == [movie_id]
        walker.shoot("bookmarks-offline")


def test_the_first_page_opened_is_kept_without_being_opened_again(browser, server, screenshot_dir) -> None:
    walker = Walker(browser, server.url, PHONE, screenshot_dir, prefix="offline-first-")
    with walker.step("first visit"):
        # Given the app opened once at its start on a phone that had no service worker yet, and
        # not opened again
        walker.open("/")
        walker.wait_until(lambda _: walker.find_all("#results li.movie"), "the movie list")
        # Then the worker, once installed, keeps that page that loaded before it
        version = wait_for_worker(walker)
        walker.wait_until(lambda _: "/" in kept_paths(browser, version), "the first page kept")

    go_offline(browser)
    with walker.step("home offline"):
        # and without a connection the app opens on it
        open_kept(walker, "/")
        assert walker.find_all("#results li.movie"), "the kept movie list shows no movies"
        # with the posters it showed, which had loaded before the worker too
        walker.wait_until(lambda _: images_loaded(walker, "#results li.movie:first-child img"), "the kept poster")


def serve(binary: Path, port: int, data_dir: Path) -> Server:
    """`binary serve` on `port` (a release must keep its origin: a service worker is the origin's)."""
    log_path = data_dir.parent / f"{data_dir.name}-{binary.parent.name}.log"
    with open(log_path, "a") as log:
        process = subprocess.Popen(
            [str(binary), "serve", "--port", str(port), "--data-dir", str(data_dir)],
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
        )
    url = wait_for_url_line(process, STARTUP_TIMEOUT_SECONDS, log_path)
    return Server(url=url.rstrip("/"), process=process, log_path=log_path)


def release(tmp_path: Path, name: str, extra: bytes) -> Path:
    """A copy of the debug build that differs from it by `extra` bytes at its end: another release
    to the app (its version is the executable's digest), the same program to the system."""
    folder = tmp_path / name
    folder.mkdir()
    binary = folder / "finnkino"
    shutil.copy2(finnkino_binary(), binary)
    with open(binary, "ab") as tail:
        tail.write(extra)
    return binary


def test_a_new_release_replaces_the_old_caches_and_their_pages(browser, tmp_path, screenshot_dir) -> None:
    port = free_loopback_port()
    data_dir = tmp_path / "finnkino-data"
    old = serve(release(tmp_path, "old", b"\0"), port, data_dir)
    walker = Walker(browser, old.url, PHONE, screenshot_dir, prefix="release-")
    try:
        with walker.step("old release"):
            # Given pages kept by one release
            walker.open("/movies?area=1002")
            walker.wait_for_page("/movies")
            old_version = wait_for_worker(walker)
            movie_id, _ = first_movie(walker)
            walker.wait_until(
                lambda _: f"/movie/{movie_id}" in kept_paths(browser, old_version), "the movie page kept"
            )
    finally:
        stop(old)

    new = serve(release(tmp_path, "new", b"\0\0"), port, data_dir)
    try:
        with walker.step("new release"):
            # When the next release serves the same address and the person opens the movie list
            walker.open("/movies?area=1002")
            walker.wait_for_page("/movies")
            # (Chromium looks for a new worker after a navigation once the old one has been idle for
            # a moment, which a busy machine can put off past the wait: in a CI run of 2026-11-28
            # the new release's server was never asked for it. The check is asked for here as the
            # browser would make it; what is tested is what the new worker then does.)
            walker.driver.execute_async_script(
                "const done = arguments[0];"
                "navigator.serviceWorker.getRegistration().then(r => r && r.update()).then(() => done(), () => done())"
            )
            # Then its worker takes over: every cache is of the new version, the old ones are gone
            new_version = walker.wait_until(
                lambda _: (v := cache_version(browser)) not in (None, old_version) and v,
                f"only the new release's caches (old: {old_version}; before the wait: {cache_names(browser)})",
                seconds=30,
            )
            assert not [name for name in cache_names(browser) if old_version in name]
            # and the new release keeps the pages anew
            walker.wait_until(lambda _: "/movies?area=1002" in kept_paths(browser, new_version), "the list kept anew")
    finally:
        stop(new)


def kept_languages(driver: WebDriver, version: str) -> dict[str, str]:
    """Each kept page's language (its root element's `lang`)."""
    return driver.execute_async_script(
        "const done = arguments[1];"
        "caches.open('pages-' + arguments[0]).then(async cache => {"
        "  const languages = {};"
        "  for (const key of await cache.keys()) {"
        "    const html = await (await cache.match(key)).text();"
        "    const url = new URL(key.url);"
        "    languages[url.pathname + url.search] = (html.match(/<html[^>]* lang=\"([a-z]+)\"/) || [])[1];"
        "  }"
        "  done(languages);"
        "}, () => done({}))",
        version,
    )


def test_a_change_of_language_forgets_the_kept_pages_and_the_offline_page_follows(
    browser, server, screenshot_dir
) -> None:
    walker = Walker(browser, server.url, PHONE, screenshot_dir, prefix="offline-language-")
    with walker.step("kept in Finnish"):
        # Given the bookmarks and the movie list kept in Finnish
        walker.open("/movies?area=1002")
        walker.wait_for_page("/movies")
        version = wait_for_worker(walker)
        walker.open("/bookmarks")
        walker.wait_for_page("/bookmarks")
        walker.open("/movies?area=1002")
        walker.wait_for_page("/movies")
        walker.wait_until(
            lambda _: kept_languages(browser, version).get("/bookmarks") == "fi", "the bookmarks kept in Finnish"
        )

    with walker.step("English"):
        # When the person switches the app to English on the movie list (a change after which a
        # kept page would be in the wrong language; signing out, joining and erasing are
        # forgotten the same way)
        walker.click(walker.find('#language-form button[value="en"]'))
        walker.wait_until(lambda d: d.execute_script("return document.documentElement.lang") == "en", "English")
        # Then the pages kept before are forgotten: only the list open now is kept, anew, in English
        walker.wait_until(
            lambda _: (kept := kept_languages(browser, version)).get("/") == "en" and set(kept.values()) == {"en"},
            "only English pages kept",
        )
        assert "/bookmarks" not in kept_languages(browser, version)

    go_offline(browser)
    with walker.step("offline in English"):
        walker.open("/news")
        walker.wait_until(lambda d: d.title.startswith("No connection"), "the English offline page")
        walker.shoot("offline-page-en")
