"""The JSON API against its own document, by schemathesis (`--checks all`): every operation with
its examples, the coverage phase (an undeclared method must be 405 with `Allow`, invalid input a
4xx), generated cases and the document's links (a list's show opened by getShow), with a personal
token for the two personal operations. No 5xx, and every answer matches the document. And the
tokens on the Devices page, made, shown once and revoked on a phone."""

from __future__ import annotations

import re
import subprocess

import requests

from conftest import running
from viewport import PHONE
from visitor import Visitor
from walker import Walker

SUMMARY = re.compile(r"(\d+) generated, (\d+) passed")


def test_schemathesis_finds_nothing(tmp_path) -> None:
    # The limit per client is raised: schemathesis asks thousands of times in a minute (the limit
    # itself is tested on its own, APITests.aClientBeyondItsRateGets429WithRetryAfter)
    with running(tmp_path / "finnkino-data", "--api-requests-per-minute", "100000") as served:
        # Given the local person with a bookmark, a wanted movie and a token
        visitor = Visitor(served.url)
        playing = visitor.get("/api/v1/showtimes?area=1002").json()["shows"][0]["movieId"]
        coming = visitor.get("/api/v1/movies?list=soon").json()["movies"][0]["id"]
        visitor.get(f"/movie/{playing}")
        assert visitor.post("/bookmarks/toggle", {"movie": str(playing)}).ok
        assert visitor.post("/movies/wanted", {"movie": str(coming), "wanted": "yes"}).ok
        token = visitor.make_token("schemathesis")
        # When schemathesis runs every check on every operation (in a folder of its own: it keeps
        # its examples database in the working folder)
        run = subprocess.run(
            [
                "schemathesis", "run", served.url + "/api/openapi.json", "--checks", "all",
                "--header", f"Authorization: Bearer {token}", "--seed", "20261128", "--no-color",
                "--max-examples", "60",
            ],
            cwd=tmp_path, capture_output=True, text=True, timeout=600,
        )
        output = run.stdout + run.stderr
        # Then it finds nothing, having tested all seven operations
        assert run.returncode == 0, output[-6000:]
        assert "Tested: 7" in output, output[-3000:]
        generated, passed = map(int, SUMMARY.search(output).groups())
        assert generated == passed and generated > 1000, output[-3000:]
        print(f"schemathesis: {generated} generated, {passed} passed")
        for phase in ("Examples", "Coverage", "Fuzzing", "Stateful"):
            assert f"✅ {phase}" in output, output[-3000:]


def test_a_person_makes_a_token_on_a_phone_sees_it_once_and_revokes_it(browser, server, screenshot_dir) -> None:
    walker = Walker(browser, server.url, PHONE, screenshot_dir, prefix="api-token-")
    with walker.step("make"):
        walker.open("/devices")
        walker.wait_for_page("/devices")
        walker.find("#token-name").send_keys("Home Assistant")
        walker.click(walker.find("#make-token"))
        # (waited for: the click sends the form, and the page with the token replaces this one)
        shown = walker.wait_until(
            lambda _: walker.driver.find_elements("css selector", "#new-api-token"), "the new token")
        secret = shown[0].text
        assert re.fullmatch(r"fk_[A-Za-z0-9_-]{43}", secret), secret
        walker.shoot("made")
    # The token reads the person's lists; the page never shows it again
    answer = requests.get(server.url + "/api/v1/me/wanted", headers={"Authorization": f"Bearer {secret}"}, timeout=30)
    assert answer.status_code == 200 and answer.json() == {"wanted": []}
    with walker.step("listed"):
        walker.open("/devices")
        walker.wait_for_page("/devices")
        assert "Home Assistant" in walker.text(".api-token-list")
        assert secret not in walker.driver.page_source
        walker.click(walker.find(".api-token-list button"))
        walker.wait_until(lambda _: not walker.driver.find_elements("css selector", ".api-token-list"), "revoked")
        walker.shoot("revoked")
    answer = requests.get(server.url + "/api/v1/me/wanted", headers={"Authorization": f"Bearer {secret}"}, timeout=30)
    assert answer.status_code == 401
