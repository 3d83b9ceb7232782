"""Honest about the source (issue 39): when Finnkino's feed no longer lists some theatres, the area's
pages say which, in the page's language, with a link to finnkino.fi. The app reads a Finnkino API on
loopback answering with real samples, except its area list: the constructed one without Espoo
(Tests/FinnkinoKitTests/Fixtures/constructed/README.md)."""

from __future__ import annotations

from conftest import REPO_ROOT, launch, stop
from test_connectivity import ANCHORS, SAMPLES, SampleAPI, SourceServer
from viewport import PHONE
from walker import Walker

CONSTRUCTED = REPO_ROOT / "Tests" / "FinnkinoKitTests" / "Fixtures" / "constructed"


class WithoutEspoo(SampleAPI):
    """The sample API, whose TheatreAreas lacks the Espoo areas 1012, 1038 and 1039."""

    samples = {**SAMPLES, "TheatreAreas": "../constructed/theatreareas-without-espoo.xml"}


def test_the_capital_regions_pages_say_which_theatres_the_feed_lacks(browser, tmp_path, screenshot_dir) -> None:
    assert (ANCHORS / WithoutEspoo.samples["TheatreAreas"]).resolve() == CONSTRUCTED / "theatreareas-without-espoo.xml"
    source = SourceServer(WithoutEspoo)
    source.start()
    running = launch(tmp_path / "finnkino-data", "--source", source.url)
    try:
        walker = Walker(browser, running.url, PHONE, screenshot_dir, prefix="missing-theatres-")
        with walker.step("movies of the capital region"):
            # When a person opens the capital region's movies
            walker.open("/movies?area=1014")
            walker.wait_for_page("/movies")
            # Then the page says Omena and Sello are missing from the feed, and links to finnkino.fi
            notice = walker.find(".missing-theatres")
            assert "Omena (Espoo), Sello (Espoo)" in notice.text, notice.text
            link = notice.find_element("css selector", "a")
            assert link.get_attribute("href") == "https://www.finnkino.fi/"
            walker.shoot("movies")
        with walker.step("showtimes of Helsinki"):
            # And Helsinki, all of whose theatres are listed, says nothing of it
            walker.open("/showtimes?area=1002")
            walker.wait_for_page("/showtimes")
            assert not walker.driver.find_elements("css selector", ".missing-theatres")
    finally:
        stop(running)
        source.stop()
