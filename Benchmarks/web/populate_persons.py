#!/usr/bin/env python3
"""Fills a Finnkino data folder with persons for the hosted-server benchmark.

Writes N persons, each with one session (a browser) and a few bookmarks, into the folder's
`persons.sqlite` and `bookmarks.sqlite`, which `finnkino` must already have made (the tables come
from the app's own migrations). The first person has `--heavy` bookmarks instead; the local person
gets the same `--heavy` list, so the loopback server's Bookmarks page shows as many rows.

Each session's cookie (`session=<token>`) is written to `--cookies`, one per line, the heavy
person's first. Tokens are made the way the server makes them: 32 random bytes in base64url
without padding; the server keeps only the SHA-256 of the bytes.

Writing through SQLite in one transaction takes a second; 10,000 persons made by the server one
request at a time would take minutes and measure nothing more.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import secrets
import sqlite3
import time
from pathlib import Path

SECONDS_1970_TO_2001 = 978_307_200


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data_dir", type=Path)
    parser.add_argument("--persons", type=int, default=10_000)
    parser.add_argument("--bookmarks", type=int, default=5, help="bookmarks of each person")
    parser.add_argument("--heavy", type=int, default=100, help="bookmarks of the first person")
    parser.add_argument("--movies", required=True, help="comma-separated IDs of real movies")
    parser.add_argument("--cookies", type=Path, required=True)
    options = parser.parse_args()

    movies = [int(value) for value in options.movies.split(",")]
    now = time.time()
    persons = sqlite3.connect(options.data_dir / "persons.sqlite")
    bookmarks = sqlite3.connect(options.data_dir / "bookmarks.sqlite")
    title, original, poster = bookmarks.execute(
        "SELECT title, original_title, poster_url FROM bookmark LIMIT 1"
    ).fetchone()

    def rows_for(person: int, count: int, offset: int = 0) -> list[tuple]:
        # Real movies first (their next shows are looked up), each person from another one on,
        # then IDs no feed knows.
        rotated = movies[offset % len(movies) :] + movies[: offset % len(movies)]
        ids = rotated[:count] + [20_000_000 + index for index in range(max(0, count - len(movies)))]
        added = now - SECONDS_1970_TO_2001
        return [
            (person, "finnkino", movie, f"{title} {index}", original, poster, added - index)
            for index, movie in enumerate(ids)
        ]

    cookies = []
    person_rows, session_rows, bookmark_rows = [], [], []
    for index in range(options.persons):
        person = secrets.randbelow(2**63 - 2) + 2
        raw = secrets.token_bytes(32)
        token = base64.urlsafe_b64encode(raw).decode().rstrip("=")
        cookies.append(f"session={token}")
        person_rows.append((person, now, now))
        session_rows.append((hashlib.sha256(raw).digest(), person, "Benchmark", now, now))
        bookmark_rows += rows_for(person, options.heavy if index == 0 else options.bookmarks, offset=index)
    bookmark_rows += rows_for(1, options.heavy)

    with persons:
        persons.executemany("INSERT INTO person (id, created_at, last_seen_at) VALUES (?, ?, ?)", person_rows)
        persons.executemany(
            "INSERT INTO session (token_hash, person, device, created_at, last_used_at) VALUES (?, ?, ?, ?, ?)",
            session_rows,
        )
    with bookmarks:
        bookmarks.execute("DELETE FROM bookmark WHERE person = 1")
        bookmarks.executemany(
            "INSERT INTO bookmark (person, source, movie_id, title, original_title, poster_url, added_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            bookmark_rows,
        )
    options.cookies.write_text("\n".join(cookies) + "\n", encoding="ascii")
    # Beside it, each cookie's person ID, in the same order (what bookmark_writes.py checks).
    options.cookies.with_suffix(".persons").write_text(
        "\n".join(str(row[0]) for row in person_rows) + "\n", encoding="ascii")


if __name__ == "__main__":
    main()
