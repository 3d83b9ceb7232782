#!/usr/bin/env python3
"""Bookmark writes per second through one or more server instances, and a check that none was lost.

Each connection toggles one movie's bookmark (POST /bookmarks/toggle, the form the movie page
sends) as fast as the server answers, taking the persons of `--cookies` in turn. With several
`--url`s, every instance writes at once, each starting at its own share of the persons: a toggle
reads the state and then adds or removes, so two instances toggling one person at one moment could
both add (no write lost, but the parity check below would count it). Two instances changing one
person at once is what `PostgresInstancesTests` races, with explicit changes.

Afterwards every person's state is read from the database (`--database`, PostgreSQL through
`psql`, or `--sqlite-dir`): a person whose toggles succeeded an even number of times must have the
bookmark as before the run, an odd number the other way round; and their undo history must hold
min(50, changes before + toggles). A lost or doubled write breaks one of these.

Prints one line: `writes=N rate=R/s errors=E lost=L persons=P`; exits 1 when anything was lost,
any request failed, or nothing was written.
A person makes at most 120 changes a minute on each instance (PostRateMiddleware): `--persons`
must be large enough that no one reaches it in `--seconds`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

CSRF = re.compile(rb'name="csrf" value="([0-9a-f]+)"')


async def exchange(reader, writer, request: bytes) -> tuple[int, bytes]:
    writer.write(request)
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":", 1)[1])
    body = await reader.readexactly(length) if length else b""
    return status, body


async def token_of(url: str, cookie: str, movie: int) -> str:
    parts = urlsplit(url)
    reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
    request = (f"GET /movie/{movie} HTTP/1.1\r\nHost: {parts.netloc}\r\nCookie: {cookie}\r\n"
               "Accept-Language: fi\r\n\r\n").encode()
    status, body = await exchange(reader, writer, request)
    writer.close()
    found = CSRF.search(body)
    if status != 200 or not found:
        raise SystemExit(f"no form token on /movie/{movie} ({status})")
    return found[1].decode()


async def writer_loop(url: str, cookies: list[str], tokens: dict[str, str], start: int, step: int,
                      movie: int, deadline: float, successes: Counter, errors: list[int]) -> None:
    parts = urlsplit(url)
    reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
    index = start
    while time.monotonic() < deadline:
        cookie = cookies[index % len(cookies)]
        index += step
        body = f"movie={movie}&csrf={tokens[cookie]}".encode()
        request = (f"POST /bookmarks/toggle HTTP/1.1\r\nHost: {parts.netloc}\r\nCookie: {cookie}\r\n"
                   "Content-Type: application/x-www-form-urlencoded\r\n"
                   f"Content-Length: {len(body)}\r\n\r\n").encode() + body
        try:
            status, _ = await exchange(reader, writer, request)
        except (asyncio.IncompleteReadError, ConnectionError):
            errors.append(0)
            reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
            continue
        if status == 303:
            successes[cookie] += 1
        else:
            errors.append(status)
    writer.close()


def stored_states(options, persons: dict[str, int], movie: int) -> tuple[set[int], dict[int, int]]:
    """The persons who have the bookmark, and each person's undo history length."""
    if options.database:
        def rows(sql: str) -> list[list[str]]:
            out = subprocess.run(["psql", "-At", "-F", "\t", options.database, "-c", sql],
                                 check=True, capture_output=True, text=True).stdout
            return [line.split("\t") for line in out.splitlines() if line]
        have = {int(row[0]) for row in rows(f"SELECT person FROM bookmark WHERE movie_id = {movie}")}
        histories = {int(row[0]): bytes.fromhex(row[1][2:]) for row in
                     rows("SELECT person, json FROM bookmark_history WHERE json IS NOT NULL")}
    else:
        database = sqlite3.connect(Path(options.sqlite_dir) / "bookmarks.sqlite")
        have = {row[0] for row in database.execute("SELECT person FROM bookmark WHERE movie_id = ?", (movie,))}
        histories = {row[0]: row[1] for row in database.execute("SELECT person, json FROM bookmark_history")}
    depths = {person: len(json.loads(blob)["undo"]) for person, blob in histories.items()}
    return have, depths


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", action="append", required=True, help="an instance (repeatable)")
    parser.add_argument("--cookies", type=Path, required=True, help="session=… lines; person IDs beside")
    parser.add_argument("--person-ids", type=Path, required=True, help="the persons' IDs, a line each")
    parser.add_argument("--persons", type=int, default=2000)
    parser.add_argument("--connections", type=int, default=8, help="per instance")
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--movie", type=int, required=True)
    parser.add_argument("--database", help="postgres://… to check")
    parser.add_argument("--sqlite-dir", help="a data folder to check")
    options = parser.parse_args()

    # Skip the first (heavy) person: their 100 bookmarks are measured elsewhere.
    cookies = options.cookies.read_text().split()[1:options.persons + 1]
    ids = [int(line) for line in options.person_ids.read_text().split()][1:options.persons + 1]
    person_of = dict(zip(cookies, ids))
    tokens = {}
    for cookie in cookies:
        tokens[cookie] = await token_of(options.url[0], cookie, options.movie)
    had, depths_before = stored_states(options, person_of, options.movie)

    successes: Counter = Counter()
    errors: list[int] = []
    deadline = time.monotonic() + options.seconds
    started = time.monotonic()
    await asyncio.gather(*[
        writer_loop(url, cookies, tokens, instance * len(cookies) // len(options.url) + connection,
                    options.connections, options.movie, deadline, successes, errors)
        for instance, url in enumerate(options.url) for connection in range(options.connections)
    ])
    elapsed = time.monotonic() - started
    have, depths = stored_states(options, person_of, options.movie)
    lost = 0
    for cookie, person in person_of.items():
        toggles = successes[cookie]
        if toggles == 0:
            continue
        expected_have = (person in had) != (toggles % 2 == 1)
        expected_depth = min(50, depths_before.get(person, 0) + toggles)
        if (person in have) != expected_have or depths.get(person, 0) != expected_depth:
            lost += 1
    writes = sum(successes.values())
    print(f"writes={writes} rate={writes / elapsed:.0f}/s errors={len(errors)} lost={lost} "
          f"persons={len([c for c in cookies if successes[c]])}"
          + (f" statuses={dict(Counter(errors))}" if errors else ""))
    sys.exit(1 if lost or errors or writes == 0 else 0)


if __name__ == "__main__":
    asyncio.run(main())
