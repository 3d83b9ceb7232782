"""A visitor of the web app without a browser: a `requests` session that keeps the app's cookies
and sends each form with the CSRF token of the page it opened last, as a page's form does. The
API's tests and the integration recipes' tests use it to make what a person would have (a wanted
movie, a bookmark, a personal API token) before they read it as another program would."""

from __future__ import annotations

import re

import requests

CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')
TOKEN = re.compile(r'id="new-api-token"[^>]*>(fk_[A-Za-z0-9_-]{43})<')


class Visitor:
    def __init__(self, base: str) -> None:
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.csrf = ""

    def get(self, path: str, **options) -> requests.Response:
        answer = self.session.get(self.base + path, timeout=30, **options)
        found = CSRF.search(answer.text) if "text/html" in answer.headers.get("Content-Type", "") else None
        if found:
            self.csrf = found.group(1)
        return answer

    def post(self, path: str, form: dict[str, str]) -> requests.Response:
        """Posts `form` from the last page opened (opening /devices first if none was)."""
        if not self.csrf:
            self.get("/devices")
        answer = self.session.post(self.base + path, data={"csrf": self.csrf, **form}, timeout=30)
        found = CSRF.search(answer.text)
        if found:
            self.csrf = found.group(1)
        return answer

    def make_token(self, name: str) -> str:
        """A personal API token made on the Devices page: its secret, shown this once."""
        self.get("/devices")
        answer = self.post("/devices/tokens", {"name": name})
        assert answer.status_code == 200, answer.text[:400]
        found = TOKEN.search(answer.text)
        assert found, "the Devices page shows no new token"
        return found.group(1)
