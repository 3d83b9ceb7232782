"""Many people on one hosted server (`finnkino serve --hosted`), in two real browsers with cookie
jars of their own: each person's bookmarks, undo and editor are theirs alone, and one person uses
the app from a second device by typing a one-time code, after which their changes reach both
devices live."""

from __future__ import annotations

from browser_session import chrome_options, start_chrome
from conftest import running
from test_remember import first_movie, listed_bookmarks, press, settled
from selenium.webdriver.common.keys import Keys
from viewport import DESKTOP, PHONE
from walker import Walker


def test_two_people_side_by_side_then_one_person_on_two_devices(tmp_path, screenshot_dir) -> None:
    with running(tmp_path / "finnkino-data", "--hosted") as served:
        phone_driver = start_chrome(chrome_options())
        laptop_driver = start_chrome(chrome_options())
        try:
            a = Walker(phone_driver, served.url, PHONE, screenshot_dir, prefix="hosted-a-")
            b = Walker(laptop_driver, served.url, DESKTOP, screenshot_dir, prefix="hosted-b-")

            with a.step("A bookmarks a movie"):
                movie_id, title = first_movie(a)
                a.click(a.find("#bookmark"))
                a.wait_until(
                    lambda _: settled(lambda: a.find("#bookmark").get_attribute("aria-pressed")) == "true",
                    "A's bookmark")

            with b.step("B sees nothing of A's"):
                # B's Bookmarks list is empty
                b.open("/bookmarks")
                b.wait_for_page("/bookmarks")
                assert listed_bookmarks(b) == []
                # And B's undo has nothing to undo: it never reaches A's change
                press(b, Keys.CONTROL, "z")
                b.wait_until(lambda _: settled(lambda: b.text("#toast")), "B's undo message")
                a.open("/bookmarks")
                a.wait_for_page("/bookmarks")
                assert listed_bookmarks(a) == [movie_id]
                b.shoot("empty-bookmarks")

            with a.step("A's editor is A's"):
                a.open(f"/trailer/{movie_id}")
                a.wait_for_page(f"/trailer/{movie_id}")
                a.click(a.find("#edit"))
                a.wait_until(lambda _: a.path.startswith("/editor/"), "A's editor")
                editor = a.path
                # B opening the editor's address gets the not-found page
                b.open(editor)
                b.wait_until(lambda _: settled(lambda: b.find("h1").text), "B's page")
                assert b.driver.execute_script("return document.querySelector('form[action$=\"/edit\"]')") is None
                # The only console error is that address's 404
                severe = [e["message"] for e in b.driver.get_log("browser") if e["level"] == "SEVERE"]
                assert severe and all("404" in message for message in severe), severe

            with a.step("A shows a code"):
                a.open("/devices")
                a.wait_for_page("/devices")
                a.click(a.find("#make-code"))
                a.wait_until(lambda _: settled(lambda: a.text("#join-code")), "the code")
                code = a.text("#join-code")
                assert a.find("svg.qr").is_displayed()
                a.shoot("code")

            with b.step("B joins A with the code"):
                b.open("/devices")
                b.wait_for_page("/devices")
                b.find("#code").send_keys(code.lower())
                b.click(b.find(".join-form button[type=submit]"))
                b.wait_until(lambda _: len(settled(lambda: b.find_all("li.device")) or []) == 2, "B among A's devices")
                b.open("/bookmarks")
                b.wait_for_page("/bookmarks")
                assert listed_bookmarks(b) == [movie_id]
                b.shoot("joined")

            with b.step("A's change reaches B live"):
                marker = b.set_reload_marker()
                a.open(f"/movie/{movie_id}")
                a.wait_for_page(f"/movie/{movie_id}")
                a.click(a.find("#bookmark"))
                a.wait_until(
                    lambda _: settled(lambda: a.find("#bookmark").get_attribute("aria-pressed")) == "false",
                    "A's bookmark removed")
                b.wait_until(lambda _: listed_bookmarks(b) == [], "the removal pushed to B's page")
                assert b.reload_marker() == marker
                a.open("/devices")
                a.wait_for_page("/devices")
                assert len(a.find_all("li.device")) == 2
                a.shoot("two-devices")
        finally:
            phone_driver.quit()
            laptop_driver.quit()
