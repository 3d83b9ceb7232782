"""Images through the pipeline, in a real browser: the plain image first, the decorated one swapped
in, and images far below the viewport not asked for until the page scrolls near them."""

from __future__ import annotations

import pytest

from viewport import VIEWPORTS
from walker import Walker

IMAGE_REQUESTS = "return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/image/'))"


def decorated_count(walker: Walker) -> int:
    return walker.driver.execute_script(
        "return [...document.querySelectorAll('img.decorated')].filter(i => i.complete && i.naturalWidth > 0).length")


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: v.name)
def test_decorated_images_and_lazy_loading(browser, server, screenshot_dir, viewport) -> None:
    walker = Walker(browser, server.url, viewport, screenshot_dir, prefix="images-")
    with walker.step("list"):
        # Given the whole country's list (a long page of thumbnails)
        walker.open("/movies?area=all")
        walker.wait_for_page("/movies")
        thumbnails = walker.find_all("#results img.thumb")
        assert len(thumbnails) > 20
        # Then the first thumbnails are swapped for their decorated variant (rounded, shadowed PNGs)
        # (each swaps when its own plain image has loaded, so they finish in any order)
        first = walker.find("#results img.thumb")
        walker.wait_until(lambda _: "/image/thumb/" in (first.get_attribute("src") or ""), "the first thumbnail decorated")
        walker.wait_until(lambda _: decorated_count(walker) >= 2, "decorated thumbnails")
        walker.shoot("list")
        # And the thumbnails far below were not asked for
        asked = {url.rsplit("/image/", 1)[-1].split("/", 1)[-1] for url in walker.driver.execute_script(IMAGE_REQUESTS)}
        assert 0 < len(asked) < len(thumbnails), f"{len(asked)} of {len(thumbnails)} images asked for"
    with walker.step("scrolled"):
        # When the person scrolls to the end, Then the last thumbnails load and are decorated too
        walker.driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        last = walker.find_all("#results img.thumb")[-1]
        walker.wait_until(lambda _: "decorated" in (last.get_attribute("class") or ""), "the last thumbnail decorated")
        walker.shoot("list-end")
    with walker.step("movie poster"):
        # When a movie opens, Then its poster is the decorated variant
        walker.open(first.find_element("xpath", "..").get_attribute("href").split(server.url, 1)[-1])
        walker.wait_until(lambda _: decorated_count(walker) >= 1, "the decorated poster")
        assert "/image/poster/" in walker.find("img.poster").get_attribute("src")
        walker.shoot("poster")
    with walker.step("news"):
        walker.open("/news")
        walker.wait_for_page("/news")
        walker.wait_until(lambda _: decorated_count(walker) >= 1, "decorated news pictures")
        walker.shoot("news")
