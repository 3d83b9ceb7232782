"""Reads a page straight from the server (no browser): the oracle the browser's screen is checked against."""

from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser
from urllib.request import Request, urlopen


class _MovieLinkParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.movie_ids: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        href = attributes.get("href") or ""
        if tag == "a" and "movie-link" in classes and href.startswith("/movie/"):
            self.movie_ids.append(href.rsplit("/", 1)[-1])


@dataclass(frozen=True)
class ServedPage:
    """One GET of `path` without cookies or JavaScript: status and body."""

    status: int
    body: str

    @classmethod
    def fetch(cls, base_url: str, path: str) -> "ServedPage":
        request = Request(base_url + path, headers={"Accept-Language": "fi"})
        with urlopen(request, timeout=10) as response:
            return cls(status=response.status, body=response.read().decode("utf-8"))

    def movie_ids(self) -> list[str]:
        """IDs of the `a.movie-link` links, in page order."""
        parser = _MovieLinkParser()
        parser.feed(self.body)
        return parser.movie_ids
