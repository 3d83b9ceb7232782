"""docs/INTEGRATIONS.md, followed as written: each recipe's block is read from the page, its example
address replaced by a running server's, and fetched as the program it is for would fetch it: the
calendar by `ical` (Home Assistant's Remote Calendar), the REST sensor's resource with its header and
its templates rendered by Jinja2 (Home Assistant's template engine), the e-ink board's shell line run
by bash. A recipe that drifts from the server fails here."""

from __future__ import annotations

import datetime
import pathlib
import re
import subprocess

import jinja2
import yaml
from ical.calendar_stream import IcsCalendarStream

from conftest import running
from visitor import Visitor

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLE = "https://finnkino.example.org"


def recipe(name: str) -> str:
    """The fenced block right after `<!-- recipe: name -->` in docs/INTEGRATIONS.md."""
    text = (ROOT / "docs" / "INTEGRATIONS.md").read_text(encoding="utf-8")
    found = re.search(rf"<!-- recipe: {name} -->\n```[a-z]*\n(.*?)\n```", text, re.S)
    assert found, f"no recipe {name}"
    assert EXAMPLE in found.group(1), f"the recipe {name} does not use {EXAMPLE}"
    return found.group(1)


def person_with_a_bookmark_and_a_wanted_movie(visitor: Visitor) -> tuple[int, int]:
    shows = visitor.get("/api/v1/showtimes?area=1002").json()["shows"]
    bookmarked = shows[-1]["movieId"]
    wanted = shows[0]["movieId"]
    visitor.get(f"/movie/{bookmarked}")
    assert visitor.post("/bookmarks/toggle", {"movie": str(bookmarked)}).ok
    assert visitor.post("/movies/wanted", {"movie": str(wanted), "wanted": "yes"}).ok
    return bookmarked, wanted


def test_the_calendar_recipe_is_read_by_home_assistants_parser(tmp_path) -> None:
    with running(tmp_path / "finnkino-data") as served:
        visitor = Visitor(served.url)
        _, wanted = person_with_a_bookmark_and_a_wanted_movie(visitor)
        # The Bookmarks page's calendar link, as the recipe says to take it
        page = visitor.get("/bookmarks").text
        link = re.search(r'id="calendar-feed"[^>]*href="(webcal://[^"]+)"', page) or re.search(
            r'href="(webcal://[^"]+)"[^>]*id="calendar-feed"', page)
        assert link, "no calendar link on the Bookmarks page"
        token = re.search(r"/feeds/([^/]+)/calendar\.ics", link.group(1)).group(1)
        # The recipe's address with the person's private token (https in place of webcal; this
        # test's server speaks http)
        address = recipe("calendar").replace("<private token>", token).replace(EXAMPLE, served.url)
        assert address == link.group(1).replace("webcal://", "http://", 1)
        answer = visitor.session.get(address, timeout=30)
        assert answer.status_code == 200 and answer.headers["Content-Type"].startswith("text/calendar")
        calendar = IcsCalendarStream.calendar_from_ics(answer.text)
        title = visitor.get(f"/api/v1/movies/{wanted}").json()["movie"]["title"]
        assert calendar.events and all(event.summary == title for event in calendar.events)
        assert all(event.location for event in calendar.events)


def test_the_rest_sensor_recipe_gives_the_next_bookmarked_show(tmp_path) -> None:
    with running(tmp_path / "finnkino-data") as served:
        visitor = Visitor(served.url)
        bookmarked, _ = person_with_a_bookmark_and_a_wanted_movie(visitor)
        token = visitor.make_token("Home Assistant")
        secrets = {"finnkino_authorization": f"Bearer {token}"}

        class Loader(yaml.SafeLoader):
            pass

        Loader.add_constructor("!secret", lambda loader, node: secrets[loader.construct_scalar(node)])
        configuration = yaml.load(recipe("rest-sensor"), Loader=Loader)
        rest = configuration["rest"][0]
        # Fetched as Home Assistant's REST integration fetches it
        answer = visitor.session.get(
            rest["resource"].replace(EXAMPLE, served.url), headers=rest["headers"], timeout=30)
        assert answer.status_code == 200, answer.text
        value_json = answer.json()
        shows = sorted(
            (show for bookmark in value_json["bookmarks"] for show in bookmark["nextShows"]),
            key=lambda show: show["start"])
        assert shows and all(show["movieId"] == bookmarked for show in shows)
        # Its templates, rendered by Jinja2 as Home Assistant renders them
        environment = jinja2.Environment()
        states = {
            sensor["name"]: environment.from_string(sensor["value_template"]).render(value_json=value_json).strip()
            for sensor in rest["sensor"]
        }
        assert states["Next bookmarked show"] == shows[0]["start"]
        datetime.datetime.fromisoformat(states["Next bookmarked show"])  # a timestamp sensor's state
        assert states["Next bookmarked movie"] == f"{shows[0]['title']}, {shows[0]['theatre']}"


def test_the_eink_recipe_prints_the_evenings_next_shows(tmp_path) -> None:
    with running(tmp_path / "finnkino-data") as served:
        command = recipe("eink").replace(EXAMPLE, served.url)
        run = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stderr
        lines = run.stdout.splitlines()
        shows = Visitor(served.url).get("/api/v1/showtimes?area=1002&from=18:00").json()["shows"][:5]
        assert len(lines) == len(shows) == 5
        for line, show in zip(lines, shows):
            assert line == f"{show['start'][11:16]} {show['title']} · {show['theatre']}"
