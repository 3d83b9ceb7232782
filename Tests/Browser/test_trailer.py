"""The trailer editor, in a real browser: a movie's trailer plays, the five edits are applied from
the menu, one is undone and redone, a bad edit is refused, the export shows its progress and the
result plays from the video library, which downloads and deletes it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from selenium.webdriver.common.keys import Keys

from test_remember import first_movie, press, settled
from viewport import DESKTOP, VIEWPORTS
from walker import Walker

PLAY = """
const video = arguments[0], done = arguments[arguments.length - 1];
video.muted = true;
video.play().then(() => done(true), (error) => done(String(error)));
"""


def edits(walker: Walker) -> list[str] | None:
    return settled(lambda: [item.text for item in walker.find_all("#edits li")])


def composition(walker: Walker) -> str:
    return settled(lambda: walker.text("#composition")) or ""


def submit(walker: Walker, tool: str, **fields: str) -> None:
    """Fills the fields of a tool's form and presses its button."""
    form = walker.find(f"#tool-{tool}")
    for name, value in fields.items():
        field = form.find_element("css selector", f'[name="{name}"]')
        if field.tag_name == "select":
            walker.driver.execute_script("arguments[0].value = arguments[1]", field, value)
        elif field.get_attribute("type") == "color":
            walker.driver.execute_script("arguments[0].value = arguments[1]", field, value)
        else:
            field.clear()
            field.send_keys(value)
    walker.click(form.find_element("css selector", 'button[type="submit"]'))


def plays(walker: Walker, video) -> None:
    """Starts the video (muted, as autoplay rules allow) and waits until time moves on."""
    walker.driver.set_script_timeout(10)
    assert walker.driver.execute_async_script(PLAY, video) is True
    walker.wait_until(lambda d: d.execute_script("return arguments[0].currentTime", video) > 0.3, "the video playing")


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: v.name)
def test_edit_a_trailer_into_the_library(browser, server, screenshot_dir, viewport) -> None:
    walker = Walker(browser, server.url, viewport, screenshot_dir, prefix="trailer-")

    with walker.step("trailer plays"):
        # Given a movie's page, When the person opens its trailer
        movie_id, title = first_movie(walker)
        walker.click(walker.find("#trailer-link"))
        walker.wait_for_page(f"/trailer/{movie_id}")
        # Then the clip plays in the browser's player
        video = walker.find("video#trailer")
        plays(walker, video)
        assert abs(walker.driver.execute_script("return arguments[0].duration", video) - 4) < 0.1
        walker.shoot("trailer")

    with walker.step("five edits"):
        walker.click(walker.find("#edit"))
        walker.wait_until(lambda _: walker.path.startswith("/editor/"), "the editor")
        editor = walker.path
        assert edits(walker) == []
        submit(walker, "trim", start="0.5", end="3.5")
        walker.wait_until(lambda _: edits(walker) == ["Rajaa aika 0,5–3,5 s"], "trimmed")
        walker.click(walker.find('#tool-rotate button[value="90"]'))
        walker.wait_until(lambda _: len(edits(walker) or []) == 2, "rotated")
        assert "270x480" in composition(walker)
        submit(walker, "crop", x="0", y="100", width="270", height="270")
        walker.wait_until(lambda _: len(edits(walker) or []) == 3, "cropped")
        submit(walker, "text", text="Ensi-ilta perjantaina", size="28", colour="#ffdd00")
        walker.wait_until(lambda _: len(edits(walker) or []) == 4, "text added")
        submit(walker, "music", tune="takaa-ajo", volume="60")
        walker.wait_until(lambda _: len(edits(walker) or []) == 5, "music added")
        done = edits(walker)
        assert done[3] == "Teksti “Ensi-ilta perjantaina”" and done[4] == "Musiikki takaa-ajo (sekoitettu, 60 %)"
        assert "3 s" in composition(walker) and "270x270" in composition(walker)
        walker.shoot("five-edits")

    with walker.step("undo and redo"):
        # When the person undoes the crop's successors and the crop with the button, the frame is whole again
        walker.click(walker.find('button[data-action="undo"]'))
        walker.wait_until(lambda _: len(edits(walker) or []) == 4, "the music undone")
        press(walker, Keys.CONTROL, "y")
        walker.wait_until(lambda _: len(edits(walker) or []) == 5, "Ctrl+Y redid the music")
        assert edits(walker) == done

    with walker.step("bad edit refused"):
        # When the crop reaches outside the turned frame, Then the server refuses it with a message and
        # nothing changes (an odd size is already refused by the form's step)
        submit(walker, "crop", x="0", y="400", width="270", height="270")
        walker.wait_until(lambda _: settled(lambda: walker.text("p.flash")), "the refusal")
        assert "inside the 270x480 frame" in walker.text("p.flash")
        assert edits(walker) == done
        walker.shoot("refused")

    with walker.step("export"):
        walker.click(walker.find("#start-export"))
        # The progress bar shows while ffmpeg works (a 3 s clip is quick, so it may already be done)
        walker.wait_until(
            lambda _: settled(lambda: walker.find_all("#export-progress") or walker.find_all("#exported")),
            "the export's progress or its end")
        if walker.find_all("#export-progress"):
            walker.shoot("exporting", passing=True)
        walker.wait_until(lambda _: settled(lambda: walker.find_all("#exported")), "the export done", seconds=60)
        assert walker.path == editor
        walker.shoot("exported")

    with walker.step("library"):
        walker.click(walker.find("#exported"))
        walker.wait_for_page("/library")
        items = walker.find_all("li.video")
        assert len(items) == 1
        assert title in items[0].text
        video = items[0].find_element("css selector", "video")
        plays(walker, video)
        assert walker.driver.execute_script("return [arguments[0].videoWidth, arguments[0].videoHeight]", video) == [270, 270]
        assert abs(walker.driver.execute_script("return arguments[0].duration", video) - 3) < 0.1
        thumbnail = walker.driver.execute_script(
            "return fetch(arguments[0]).then(r => r.status + ' ' + r.headers.get('content-type'))",
            video.get_attribute("poster"))
        assert thumbnail == "200 image/jpeg"
        download = items[0].find_element("css selector", "a[download]").get_attribute("href")
        disposition = walker.driver.execute_script(
            "return fetch(arguments[0]).then(r => r.headers.get('content-disposition'))", download)
        assert disposition.startswith("attachment;") and disposition.endswith('.mp4"')
        walker.shoot("library")

    with walker.step("delete"):
        walker.click(items[0].find_element("css selector", "button.remove"))
        walker.wait_until(lambda _: settled(lambda: walker.find_all("p.empty")), "the library empty")
        assert walker.find_all("li.video") == []
        assert title in walker.text("p.flash")


def test_a_video_of_ones_own(browser, server, screenshot_dir, tmp_path) -> None:
    walker = Walker(browser, server.url, DESKTOP, screenshot_dir, prefix="upload-")
    clip = Path(__file__).resolve().parents[2] / "Sources/FinnkinoKit/Bundled/media/Event_14001/trailer.mp4"
    own = tmp_path / "kesäloma.mp4"
    shutil.copy(clip, own)
    notes = tmp_path / "notes.mp4"
    notes.write_text("not a video")

    with walker.step("not a video"):
        # Given the library, When the person picks a file that is not a video, Then the page says so
        walker.open("/library")
        walker.wait_for_page("/library")
        walker.find("#upload-file").send_keys(str(notes))
        walker.wait_until(lambda _: settled(lambda: walker.text("#toast")), "the refusal")
        assert walker.path == "/library"
        walker.shoot("refused")

    with walker.step("opened in the editor"):
        # When the person picks a video, Then it opens in the editor under its own name
        walker.find("#upload-file").send_keys(str(own))
        walker.wait_until(lambda _: walker.path.startswith("/editor/"), "the editor")
        assert walker.text("h1").endswith("kesäloma")
        assert "480x270" in composition(walker)
        plays(walker, walker.find("video#source"))
        walker.shoot("editor")
