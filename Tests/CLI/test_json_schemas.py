"""The CLI's JSON, checked against the schemas in docs/json/ with an independent validator
(`jsonschema`, PyPI): every command's `--json` output on the bundled dataset, and each line of its
`--json-lines` output against the schema of one item. Runs the debug build that
`swift build --build-tests` made (scripts/test builds it first)."""

import json
import subprocess
from datetime import datetime, timezone
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "docs" / "json"
BINARY = ROOT / ".build" / "debug" / "finnkino"
BASE = "https://finnkino.invalid/json/"


def registry() -> Registry:
    resources = []
    for path in SCHEMAS.glob("*.schema.json"):
        contents = json.loads(path.read_text())
        assert contents["$id"] == BASE + path.name, path.name
        resources.append((contents["$id"], Resource.from_contents(contents)))
    return Registry().with_resources(resources)


REGISTRY = registry()


# The schema of one --json-lines line, where it is not the command schema's `items`.
LINE_SCHEMAS = {"charts": "definitions.schema.json#/$defs/chartMovie"}


def validator(name: str, item: bool = False) -> Draft202012Validator:
    if item:
        schema = {"$ref": BASE + LINE_SCHEMAS.get(name, name + ".schema.json#/items")}
    else:
        schema = {"$ref": BASE + name + ".schema.json"}
    return Draft202012Validator(schema, registry=REGISTRY, format_checker=Draft202012Validator.FORMAT_CHECKER)


def finnkino(data_dir: Path, *arguments: str) -> str:
    assert BINARY.exists(), f"build first: swift build --build-tests ({BINARY})"
    run = subprocess.run(
        [str(BINARY), *arguments, "--data-dir", str(data_dir)], capture_output=True, text=True, timeout=120,
        env={"PATH": "/usr/bin:/bin", "HOME": str(data_dir), "TZ": "America/New_York", "LANG": "C"})
    assert run.returncode == 0, f"{arguments}: {run.stderr}"
    return run.stdout


def check(name: str, output: str) -> object:
    value = json.loads(output)
    errors = sorted(validator(name).iter_errors(value), key=lambda error: list(error.path))
    assert not errors, "\n".join(f"{list(error.path)}: {error.message}" for error in errors[:5])
    return value


def check_lines(name: str, output: str) -> list:
    lines = output.splitlines()
    items = [json.loads(line) for line in lines]
    for line, item in zip(lines, items):
        assert "\n" not in line
        errors = list(validator(name, item=True).iter_errors(item))
        assert not errors, f"{name}: {errors[0].message}"
    return items


# The list commands: --json is one array, --json-lines one item a line, the same items.
LISTS = [
    ("areas", ["areas"]),
    ("areas-near", ["areas", "--near", "tampere"]),
    ("movies", ["movies"]),
    ("showtimes", ["showtimes", "--date", "tomorrow"]),
    ("news", ["news"]),
]


@pytest.mark.parametrize("name,arguments", LISTS, ids=[name for name, _ in LISTS])
def test_lists_as_json_and_json_lines(tmp_path: Path, name: str, arguments: list) -> None:
    array = check(name, finnkino(tmp_path, *arguments, "--json"))
    assert isinstance(array, list) and len(array) > 0
    assert check_lines(name, finnkino(tmp_path, *arguments, "--json-lines")) == array


def test_one_movie(tmp_path: Path) -> None:
    movies = json.loads(finnkino(tmp_path, "movies", "--json"))
    movie = check("movie", finnkino(tmp_path, "movie", str(movies[0]["id"]), "--json"))
    assert movie == movies[0]


def test_one_show_and_its_calendar_file(tmp_path: Path) -> None:
    from icalendar import Calendar

    listed = json.loads(finnkino(tmp_path, "showtimes", "--date", "tomorrow", "--json"))[0]
    show = check("show", finnkino(tmp_path, "show", str(listed["id"]), "--date", "tomorrow", "--json"))
    assert show["show"] == listed
    assert "picture" in [badge["kind"] for badge in show["badges"]]
    # The calendar file, read by an independent iCalendar parser
    path = tmp_path / "show.ics"
    finnkino(tmp_path, "show", str(listed["id"]), "--date", "tomorrow", "--ics", str(path))
    raw = path.read_bytes()
    assert b"\r\n" in raw and b"\n" not in raw.replace(b"\r\n", b"")
    events = Calendar.from_ical(raw).walk("VEVENT")
    assert len(events) == 1
    event = events[0]
    assert str(event["SUMMARY"]) == listed["title"]
    assert event.decoded("DTSTART").isoformat() == datetime.fromisoformat(listed["start"]).astimezone(timezone.utc).isoformat()
    assert event.decoded("DTEND").isoformat() == datetime.fromisoformat(listed["end"]).astimezone(timezone.utc).isoformat()
    assert listed["theatre"] in str(event["LOCATION"])


def test_showtimes_filters(tmp_path: Path) -> None:
    every = json.loads(finnkino(tmp_path, "showtimes", "--date", "tomorrow", "--json"))
    # For the hard of hearing: fewer shows, each with descriptive subtitles (the feed's own words)
    hoh = check("showtimes", finnkino(tmp_path, "showtimes", "--date", "tomorrow", "--access", "hoh", "--json"))
    assert 0 < len(hoh) < len(every)
    for show in hoh:
        words = [s["name"] for s in show["subtitleLanguages"]] + [show.get("eventSeries") or ""]
        assert any("uvaileva" in w for w in words), words
    # From 21:00, Swedish subtitles, at two theatres of two areas
    late = json.loads(finnkino(
        tmp_path, "showtimes", "--date", "tomorrow", "--theatre", "omena", "--theatre", "cine atlas", "--from", "21:00",
        "--subtitles", "sv", "--json"))
    assert late and {show["theatre"] for show in late} <= {"Omena, Espoo", "Cine Atlas, Tampere"}
    assert all(show["start"][11:16] >= "21:00" and "SV" in [s["isoTwoLetterCode"] for s in show["subtitleLanguages"]]
               for show in late)


@pytest.mark.parametrize("arguments", [
    ["--from", "25:61"], ["--until", "1800"], ["--spoken", "xyz"], ["--format", "4d"], ["--access", "deaf"],
])
def test_showtimes_filters_refuse_what_they_do_not_take(tmp_path: Path, arguments: list) -> None:
    run = subprocess.run(
        [str(BINARY), "showtimes", *arguments, "--data-dir", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 64 and arguments[0] in run.stderr, run.stderr


def test_an_unknown_show_is_refused_with_the_reason(tmp_path: Path) -> None:
    run = subprocess.run(
        [str(BINARY), "show", "999999999", "--data-dir", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 1 and "no show has the ID 999999999" in run.stderr, run.stderr
    run = subprocess.run(
        [str(BINARY), "show", "abc", "--data-dir", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 64, run.stderr


def test_dates_are_days_and_instants_carry_helsinkis_offset(tmp_path: Path) -> None:
    show = json.loads(finnkino(tmp_path, "showtimes", "--date", "tomorrow", "--json"))[0]
    assert show["start"][10] == "T" and show["start"][-6:] in ("+02:00", "+03:00"), show["start"]
    assert len(show["accountingDate"]) == 10, show["accountingDate"]


def test_bookmarks_list_and_changes(tmp_path: Path) -> None:
    movie = json.loads(finnkino(tmp_path, "movies", "--json"))[0]["id"]
    added = check("bookmarks-change", finnkino(tmp_path, "bookmarks", "add", str(movie), "--json"))
    assert added["action"] == "add" and added["bookmarks"][0]["movieID"] == movie
    listed = check("bookmarks", finnkino(tmp_path, "bookmarks", "--json"))
    assert check_lines("bookmarks", finnkino(tmp_path, "bookmarks", "--json-lines")) == listed == added["bookmarks"]
    removed = check("bookmarks-change", finnkino(tmp_path, "bookmarks", "remove", str(movie), "--json"))
    assert removed["action"] == "remove"
    undone = check("bookmarks-change", finnkino(tmp_path, "bookmarks", "undo", "--json"))
    assert undone["action"] == "undo remove"


def test_devices_code(tmp_path: Path) -> None:
    first = check("devices-code", finnkino(tmp_path, "devices", "code", "--json"))
    second = check("devices-code", finnkino(tmp_path, "devices", "code", "--json"))
    assert first["code"] != second["code"]
    text = finnkino(tmp_path, "devices", "code")
    assert text.split()[0] not in (first["code"], second["code"]) and len(text.split()[0]) == 9


def test_international_lists_and_movie(tmp_path: Path) -> None:
    page = check("charts", finnkino(tmp_path, "charts", "box-office", "--json"))
    assert page["movies"]
    assert check_lines("charts", finnkino(tmp_path, "charts", "box-office", "--json-lines")) == page["movies"]
    movie = check("chart-movie", finnkino(tmp_path, "charts", "movie", str(page["movies"][0]["id"]), "--json"))
    assert movie["movie"]["id"] == page["movies"][0]["id"]


def test_library(tmp_path: Path) -> None:
    # The first bundled movie with a trailer clip, edited into the library
    for movie in json.loads(finnkino(tmp_path, "movies", "--json")):
        edit = subprocess.run(
            [str(BINARY), "trailer", "edit", str(movie["id"]), "--trim", "0-1", "--data-dir", str(tmp_path)],
            capture_output=True, text=True, timeout=120)
        if edit.returncode == 0:
            break
    else:
        pytest.fail("no bundled movie has a trailer clip")
    videos = check("library", finnkino(tmp_path, "library", "--json"))
    assert len(videos) == 1 and videos[0]["edits"] == ["Trim 0-1 s"]
    assert check_lines("library", finnkino(tmp_path, "library", "--json-lines")) == videos


def test_a_schema_refuses_what_it_does_not_describe(tmp_path: Path) -> None:
    """The schemas are strict enough to fail: a day as an object, an instant in UTC, a field of
    another name."""
    show = json.loads(finnkino(tmp_path, "showtimes", "--date", "tomorrow", "--json"))[0]
    for broken in (
        {**show, "accountingDate": {"year": 2026, "month": 11, "day": 24}},
        {**show, "start": show["start"][:19] + "Z"},
        {**{key: value for key, value in show.items() if key != "title"}, "name": show["title"]},
    ):
        assert list(validator("showtimes", item=True).iter_errors(broken))


def test_json_and_json_lines_together_are_refused(tmp_path: Path) -> None:
    run = subprocess.run(
        [str(BINARY), "areas", "--json", "--json-lines", "--data-dir", str(tmp_path)], capture_output=True, text=True)
    assert run.returncode != 0 and "--json-lines" in run.stderr


def test_a_watchlist_is_checked_against_the_programme(tmp_path: Path) -> None:
    movies = json.loads(finnkino(tmp_path, "movies", "--json"))
    soon = json.loads(finnkino(tmp_path, "movies", "--coming-soon", "--json"))
    playing = next(movie for movie in movies if movie.get("productionYear"))
    coming = next(movie for movie in soon if movie.get("productionYear") and movie["id"] not in {m["id"] for m in movies})
    # A plain list: two films on the programme (one by its original title), one that is not, one
    # without a year, a formula cell and the same film again
    watchlist = tmp_path / "films.txt"
    watchlist.write_text("\n".join([
        f"{playing['originalTitle']} ({playing['productionYear']})",
        f"{coming['title']} {coming['productionYear']}",
        "A Film Nobody Made (1901)",
        playing["title"],
        '=HYPERLINK("http://evil.example")',
        f"{playing['originalTitle']} ({playing['productionYear']})",
    ]), encoding="utf-8")
    report = check("watchlist-check", finnkino(tmp_path, "watchlist", "check", str(watchlist), "--json"))
    assert [(film["movieID"], film["list"]) for film in report["matched"]] == [(playing["id"], "now"), (coming["id"], "soon")]
    assert [film["reason"] for film in report["unmatched"]] == ["notOnTheProgramme", "noYear"]
    assert sorted(row["reason"] for row in report["skipped"]) == ["duplicate", "notATitle"]
    text = finnkino(tmp_path, "watchlist", "check", str(watchlist))
    assert text.startswith("On Finnkino's programme: 2 of 4") and playing["title"] in text


@pytest.mark.parametrize("name,content,message", [
    ("watched.csv", "Date,Name,Year,Letterboxd URI\n2024-03-01,A Film,2023,https://boxd.it/x\n", "films you have seen"),
    ("bank.csv", "Account,Amount,Date\nrent,900,2026-11-01\n", "not a watchlist"),
    ("films.txt", b"Dun\xffe", "not UTF-8"),
    ("empty.txt", "", "no films"),
])
def test_a_file_that_is_no_watchlist_is_refused_with_why(tmp_path: Path, name: str, content, message: str) -> None:
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    run = subprocess.run(
        [str(BINARY), "watchlist", "check", str(path), "--data-dir", str(tmp_path)], capture_output=True, text=True,
        timeout=120)
    assert run.returncode == 1 and message in run.stderr, run.stderr
    missing = subprocess.run(
        [str(BINARY), "watchlist", "check", str(tmp_path / "nothing.csv"), "--data-dir", str(tmp_path)],
        capture_output=True, text=True, timeout=120)
    assert missing.returncode == 1 and "cannot read" in missing.stderr


def test_a_watchlist_import_makes_its_films_yours_and_is_undone(tmp_path: Path) -> None:
    movies = json.loads(finnkino(tmp_path, "movies", "--json"))
    playing = next(movie for movie in movies if movie.get("productionYear"))
    watchlist = tmp_path / "watchlist.csv"
    watchlist.write_text(
        "Date,Name,Year,Letterboxd URI\n"
        f"2026-01-01,\"{playing['originalTitle']}\",{playing['productionYear']},https://boxd.it/a\n"
        "2026-01-02,A Film Nobody Made,1901,https://boxd.it/b\n", encoding="utf-8")
    report = finnkino(tmp_path, "watchlist", "import", str(watchlist))
    assert "On the programme: 1" in report and "Added to your bookmarks" in report, report
    # Imported again, as JSON: nothing twice
    again = check("watchlist-import", finnkino(tmp_path, "watchlist", "import", str(watchlist), "--json"))
    assert [(film["movieID"], film["done"]) for film in again["matched"]] == [(playing["id"], "You had it already")]
    assert [note["why"] for note in again["kept"]] == ["Not on the programme now"]
    finnkino(tmp_path, "watchlist", "undo")
    assert "A Film Nobody Made (1901): Not on the programme now" in report, report
    # The bookmark is the web app's and the CLI's (the same data folder)
    assert [b["movieID"] for b in json.loads(finnkino(tmp_path, "bookmarks", "--json"))] == [playing["id"]]
    assert "undone" in finnkino(tmp_path, "watchlist", "undo")
    assert json.loads(finnkino(tmp_path, "bookmarks", "--json")) == []
    nothing = subprocess.run(
        [str(BINARY), "watchlist", "undo", "--data-dir", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert nothing.returncode == 1 and "no import to undo" in nothing.stderr


def test_runs_of_an_areas_programme(tmp_path: Path) -> None:
    # Every movie of Helsinki's list, with its runs; the last chances alone with --run last
    every = check("movies", finnkino(tmp_path, "movies", "--area", "helsinki", "--json"))
    last = check("movies", finnkino(tmp_path, "movies", "--area", "helsinki", "--run", "last", "--json"))
    assert last and len(last) < len(every)
    assert [movie["id"] for movie in last] == [movie["id"] for movie in every if "last" in movie["runs"]]
    for movie in last:
        # The final show is where the list says, and it is the movie's last in the programme
        day = movie["lastShow"][:10]
        shows = check("showtimes", finnkino(
            tmp_path, "showtimes", "--area", "helsinki", "--movie", str(movie["id"]), "--date", day, "--json"))
        # (an event screening's final show may play in several theatres at once: each is one)
        final = [show for show in shows if show["start"] == movie["lastShow"]]
        assert final and all(show["runs"] == ["last"] + (["rare"] if "rare" in movie["runs"] else []) for show in final)
        assert all(show["lastShow"] == movie["lastShow"] for show in final)
        assert all("last" not in show["runs"] for show in shows if show["start"] != movie["lastShow"])
    rare = check("movies", finnkino(tmp_path, "movies", "--area", "helsinki", "--run", "rare", "--json-lines")
                 .replace("\n", ",").strip(",").join("[]"))
    assert rare and all("rare" in movie["runs"] for movie in rare)
    # The text names each movie's run under the table
    text = finnkino(tmp_path, "movies", "--area", "helsinki", "--run", "last")
    assert "last chances" in text.splitlines()[0]
    assert all(f"{movie['id']} {movie['title']}: Last chance: " in " ".join(text.split()) for movie in last)


@pytest.mark.parametrize("arguments,status,words", [
    (["movies", "--run", "rare"], 1, "--run needs --area or --near"),
    (["movies", "--area", "helsinki", "--run", "soon"], 64, "--run"),
    (["showtimes", "--theatre", "omena", "--run", "last"], 64, "--run goes with an area"),
])
def test_runs_refuse_what_they_cannot_tell(tmp_path: Path, arguments: list, status: int, words: str) -> None:
    run = subprocess.run(
        [str(BINARY), *arguments, "--data-dir", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert run.returncode == status and words in run.stderr, run.stderr
