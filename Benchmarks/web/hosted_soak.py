#!/usr/bin/env python3
"""The hosted soak's load and figures (Benchmarks/web/soak.sh): a public site's day in minutes.

Against a running `finnkino serve --hosted --trusted-proxy 127.0.0.1`, for MINUTES minutes:

- a newcomer arrives every 1/RATE seconds, each from an address of their own (X-Forwarded-For,
  as a proxy in front would say): opens the movie list, a movie, and bookmarks it. The bookmark
  is their first change, which makes them a person (a session cookie);
- the persons made so far come back with their cookies and browse (the movie list, a movie, their
  Bookmarks page, the showtimes), BROWSE requests a second in all.

Every 10 s it samples the server's VmRSS and open descriptors into CSV, with the persons made.
At the end it prints the memory each person made after the warm-up costs the server:

    (median RSS of the last three samples - median RSS of the three samples around the end of
     the warm-up) / (persons made between)

and the slope of a least-squares line through every sample after the warm-up (RSS against
persons made), which a single sample moves less. With --check it exits 1 when the first is over
--max-kib-per-person, when any request failed, or when the descriptors at the end are more than
at the end of the warm-up (plus the clients' own).

With --cookies, the persons of that file (a session cookie a line, as populate_persons.py writes
them) browse from the start too: with 10,000 of them the server's caches of persons fill, and its
RSS at the end is the worst case (the memory per person made then also counts the filling).

Usage: hosted_soak.py BASE_URL SERVER_PID --minutes M [--rate R] [--browse B] [--warm-up W]
                      [--cookies PATH] [--csv PATH] [--check] [--max-kib-per-person K]
"""

from __future__ import annotations

import argparse
import csv
import http.client
import os
import random
import re
import statistics
import sys
import threading
import time
import urllib.parse

AREAS = ["1002", "1012", "1014", "1021", "1015", "1016", "1017", "1041", "1018", "1019"]


class Load:
    def __init__(self, base: str, minutes: float, rate: float, browse: float) -> None:
        parts = urllib.parse.urlsplit(base)
        self.host, self.port = parts.hostname, parts.port
        self.end = time.monotonic() + minutes * 60
        self.rate, self.browse = rate, browse
        self.lock = threading.Lock()
        self.persons: list[str] = []  # session cookies, in the order the persons were made
        self.known: list[str] = []  # session cookies of persons who were in the store before
        self.movies: list[str] = []
        self.counts = {"requests": 0, "errors": 0, "refused": 0}
        self.failures: list[str] = []

    def count(self, name: str, detail: str | None = None) -> None:
        with self.lock:
            self.counts[name] += 1
            if detail and len(self.failures) < 10:
                self.failures.append(detail)

    def request(self, method: str, path: str, headers: dict[str, str], body: str | None = None):
        """Status, the cookies set (name -> value) and the body; counts failures."""
        connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            data = response.read()
            cookies = {}
            for header in response.msg.get_all("Set-Cookie") or []:
                name, _, rest = header.partition("=")
                cookies[name.strip()] = rest.split(";")[0]
            self.count("requests")
            if response.status == 429:
                self.count("refused", f"{method} {path}: 429")
            elif response.status >= 400:
                self.count("errors", f"{method} {path}: {response.status}")
            return response.status, cookies, data.decode("utf-8", "replace")
        except Exception as error:  # a refused or reset connection is a failure, not the end of the soak
            self.count("errors", f"{method} {path}: {error}")
            return 0, {}, ""
        finally:
            connection.close()

    def newcomer(self, number: int, rng: random.Random) -> None:
        """One visitor from their own address: the list, a movie, a bookmark (their first change)."""
        address = f"10.{number >> 16 & 255}.{number >> 8 & 255}.{number & 255}"
        jar: dict[str, str] = {}

        def headers() -> dict[str, str]:
            values = {"X-Forwarded-For": address}
            if jar:
                values["Cookie"] = "; ".join(f"{name}={value}" for name, value in jar.items())
            return values

        status, cookies, page = self.request("GET", "/movies?area=" + rng.choice(AREAS), headers())
        jar.update(cookies)
        movies = re.findall(r'href="/movie/(\d+)"', page)
        if not movies:
            return
        with self.lock:
            if not self.movies:
                self.movies = sorted(set(movies))
        movie = rng.choice(movies)
        status, cookies, page = self.request("GET", "/movie/" + movie, headers())
        jar.update(cookies)
        token = re.search(r'name="csrf" value="([^"]+)"', page)
        if not token:
            self.count("errors", f"/movie/{movie}: no form token")
            return
        form = f"csrf={token.group(1)}&movie={movie}&back=%2Fmovie%2F{movie}"
        status, cookies, _ = self.request(
            "POST", "/bookmarks/toggle", {**headers(), "Content-Type": "application/x-www-form-urlencoded"}, form)
        jar.update(cookies)
        if status == 303 and "session" in jar:
            with self.lock:
                self.persons.append(f"session={jar['session']}")
        elif status != 429:
            self.count("errors", f"bookmark of a newcomer: {status}, cookies {sorted(cookies)}")

    def arrivals(self) -> None:
        rng = random.Random(1)
        number = 0
        next_time = time.monotonic()
        while time.monotonic() < self.end:
            number += 1
            self.newcomer(number, rng)
            next_time += 1 / self.rate
            time.sleep(max(0.0, next_time - time.monotonic()))

    def browser(self, seed: int, rate: float) -> None:
        rng = random.Random(seed)
        next_time = time.monotonic()
        while time.monotonic() < self.end:
            with self.lock:
                everyone = len(self.known) + len(self.persons)
                pick = rng.randrange(everyone) if everyone else -1
                cookie = None if pick < 0 else self.known[pick] if pick < len(self.known) else \
                    self.persons[pick - len(self.known)]
                movie = rng.choice(self.movies) if self.movies else None
            if cookie and movie:
                path = rng.choice([
                    "/movies?area=" + rng.choice(AREAS), "/movie/" + movie, "/bookmarks",
                    "/showtimes?area=" + rng.choice(AREAS), "/movies?area=1002",
                ])
                self.request("GET", path, {"Cookie": cookie})
            next_time += 1 / rate
            time.sleep(max(0.0, next_time - time.monotonic()))


def sample(pid: int) -> tuple[int, int]:
    """VmRSS in KiB and the open descriptors of the process."""
    with open(f"/proc/{pid}/status") as status:
        rss = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    return rss, len(os.listdir(f"/proc/{pid}/fd"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("pid", type=int)
    parser.add_argument("--minutes", type=float, required=True)
    parser.add_argument("--rate", type=float, default=1.0, help="newcomers a second")
    parser.add_argument("--browse", type=float, default=60.0, help="requests a second of returning persons")
    parser.add_argument("--warm-up", type=float, default=3.0, help="minutes before the measure starts")
    parser.add_argument("--cookies", help="session cookies of persons already in the store")
    parser.add_argument("--csv")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--max-kib-per-person", type=float, default=4.0)
    options = parser.parse_args()

    load = Load(options.base, options.minutes, options.rate, options.browse)
    if options.cookies:
        with open(options.cookies) as file:
            load.known = [line.strip() for line in file if line.strip()]
    browsers = 4
    threads = [threading.Thread(target=load.arrivals, daemon=True)]
    threads += [
        threading.Thread(target=load.browser, args=(seed, options.browse / browsers), daemon=True)
        for seed in range(browsers)
    ]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    rows: list[tuple[float, int, int, int]] = []  # seconds, RSS KiB, descriptors, persons
    while time.monotonic() < load.end:
        time.sleep(min(10.0, max(0.0, load.end - time.monotonic())))
        rss, descriptors = sample(options.pid)
        with load.lock:
            persons = len(load.persons)
        rows.append((time.monotonic() - started, rss, descriptors, persons))
    for thread in threads:
        thread.join(timeout=60)
    if options.csv:
        with open(options.csv, "w", newline="") as file:
            writer = csv.writer(file)
            writer.writerow(["seconds", "rss_kib", "descriptors", "persons"])
            writer.writerows((round(s), rss, fds, persons) for s, rss, fds, persons in rows)

    warm = min(range(len(rows)), key=lambda index: abs(rows[index][0] - options.warm_up * 60))
    around = rows[max(0, warm - 1) : warm + 2]
    last = rows[-3:]
    rss_warm = statistics.median(row[1] for row in around)
    rss_end = statistics.median(row[1] for row in last)
    persons_warm = statistics.median(row[3] for row in around)
    persons_end = statistics.median(row[3] for row in last)
    made = persons_end - persons_warm
    per_person = (rss_end - rss_warm) / made if made > 0 else float("inf")
    descriptors_grew = rows[-1][2] - rows[warm][2]
    print(f"persons in the store before: {len(load.known)}; persons made: {len(load.persons)} ({made:.0f} after the warm-up); "
          f"requests: {load.counts['requests']}, failed: {load.counts['errors']}, "
          f"refused (429): {load.counts['refused']}")
    print(f"VmRSS: {rss_warm / 1024:.1f} MiB at {rows[warm][0] / 60:.1f} min, {rss_end / 1024:.1f} MiB at the end "
          f"({rows[-1][0] / 60:.1f} min); peak {max(row[1] for row in rows) / 1024:.1f} MiB")
    print(f"memory per person made: {per_person:.2f} KiB (target <= {options.max_kib_per_person} KiB)")
    after = rows[warm:]
    if len({row[3] for row in after}) > 1:
        # Every sample from the warm-up on, not one at each end: the slope of RSS against persons.
        slope = statistics.linear_regression([row[3] for row in after], [row[1] for row in after]).slope
        print(f"slope of RSS against persons made, every sample after the warm-up: {slope:.2f} KiB a person")
    print(f"descriptors: {rows[warm][2]} after the warm-up, {rows[-1][2]} at the end")
    for failure in load.failures:
        print("  failed:", failure)
    if not options.check:
        return 0
    missed = []
    if per_person > options.max_kib_per_person:
        missed.append(f"{per_person:.2f} KiB a person > {options.max_kib_per_person}")
    if load.counts["errors"]:
        missed.append(f"{load.counts['errors']} requests failed")
    if descriptors_grew > browsers + 2:
        missed.append(f"descriptors grew by {descriptors_grew}")
    for line in missed:
        print("MISSED:", line)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
