#!/usr/bin/env python3
"""The soak's load and measurements (Benchmarks/soak.sh): against a running `finnkino serve`,
for MINUTES minutes, with three kinds of clients at once:

- walkers browse as people do: movie lists, a movie, showtimes, news, bookmarks, the library, the
  international lists, and now and then toggle a bookmark or press Refresh (with the page's
  cookie and form token);
- a churner opens a /live page, waits for ": subscribed" and closes it, over and over, across
  areas and pages;
- a prober asks /healthz every second; one that takes over 5 s counts as a freeze.

Every 10 s it samples the server's resident memory (VmRSS) and open descriptors (/proc/PID/fd:
on files and on sockets) into CSV. At the end it prints the figures and exits 1 when a target is missed: no freeze, RSS at
the end within 10% of RSS after the first 5 minutes, no more descriptors on files at the end than
then, and no more sockets than then plus the clients' own.

Usage: load.py BASE_URL SERVER_PID MINUTES CSV_PATH [KINDS]
KINDS (default walk,churn) picks the clients, to tell which one a growth comes from.
"""
import csv
import http.client
import os
import random
import re
import sys
import threading
import time
import urllib.parse

BASE, PID, MINUTES, CSV = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
KINDS = (sys.argv[5] if len(sys.argv) > 5 else "walk,churn").split(",")
HOST = urllib.parse.urlsplit(BASE).hostname
PORT = urllib.parse.urlsplit(BASE).port
END = time.monotonic() + MINUTES * 60
AREAS = ["1002", "1012", "1014", "1021", "1015", "1016", "1017", "1041", "1018", "1019"]
PAGES = ["/movies", "/movies?list=soon", "/showtimes", "/news", "/bookmarks", "/library", "/international",
         "/movies?q=a&scope=contains"]
counts = {"pages": 0, "actions": 0, "live": 0, "errors": 0, "probes": 0}
lock = threading.Lock()
slowest_probe = [0.0]
frozen = []


def count(name):
    with lock:
        counts[name] += 1


def request(method, path, body=None, headers=None, timeout=30):
    connection = http.client.HTTPConnection(HOST, PORT, timeout=timeout)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.getheader("Set-Cookie"), response.read()
    finally:
        connection.close()


def walker(seed):
    rng = random.Random(seed)
    cookie, token, movies = None, None, []
    while time.monotonic() < END:
        try:
            path = rng.choice(PAGES)
            if "?" not in path and path in ("/movies", "/showtimes"):
                path += "?area=" + rng.choice(AREAS)
            headers = {"Cookie": cookie} if cookie else {}
            status, set_cookie, body = request("GET", path, headers=headers)
            count("pages")
            if status != 200:
                count("errors")
            if set_cookie and not cookie:
                cookie = set_cookie.split(";")[0]
            text = body.decode("utf-8", "replace")
            found = re.search(r'name="csrf" value="([0-9a-f]+)"', text)
            if found:
                token = found.group(1)
            movies = re.findall(r'href="/movie/(\d+)"', text) or movies
            if movies and rng.random() < 0.3:
                status, _, _ = request("GET", "/movie/" + rng.choice(movies), headers=headers)
                count("pages")
                if status != 200:
                    count("errors")
            if cookie and token and movies and rng.random() < 0.15:
                form = "csrf=%s&movie=%s" % (token, rng.choice(movies))
                status, _, _ = request("POST", "/bookmarks/toggle", form, {
                    "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
                count("actions")
                if status not in (200, 303):
                    count("errors")
            if cookie and token and rng.random() < 0.05:
                form = "csrf=%s&action=refresh&back=%%2Fmovies" % token
                status, _, _ = request("POST", "/action", form, {
                    "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
                count("actions")
                if status not in (200, 303):
                    count("errors")
        except Exception:
            count("errors")
        time.sleep(rng.uniform(0.05, 0.3))


def churner():
    rng = random.Random(7)
    pages = ["/movies?area=%s", "/showtimes?area=%s", "/bookmarks?area=%s", "/news", "/movies?area=%s&list=soon"]
    while time.monotonic() < END:
        page = rng.choice(pages)
        if "%s" in page:
            page = page % rng.choice(AREAS)
        connection = http.client.HTTPConnection(HOST, PORT, timeout=30)
        try:
            connection.request("GET", "/live?page=" + urllib.parse.quote(page, safe=""))
            response = connection.getresponse()
            if response.status == 200:
                seen = b""
                while b": subscribed" not in seen:
                    chunk = response.fp.read1(4096) if hasattr(response.fp, "read1") else response.read(1)
                    if not chunk:
                        break
                    seen += chunk
            count("live")
        except Exception:
            count("errors")
        finally:
            connection.close()


def prober():
    while time.monotonic() < END:
        started = time.monotonic()
        try:
            status, _, _ = request("GET", "/healthz", timeout=5)
            took = time.monotonic() - started
            with lock:
                slowest_probe[0] = max(slowest_probe[0], took)
                counts["probes"] += 1
            if status != 200:
                count("errors")
        except Exception as error:
            frozen.append("%.0f s: %s" % (MINUTES * 60 - (END - time.monotonic()), error))
        time.sleep(1)


def sample():
    """RSS in KiB, descriptors on files (and pipes, eventfds...), and sockets."""
    with open("/proc/%d/status" % PID) as status:
        rss = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    files = sockets = 0
    for name in os.listdir("/proc/%d/fd" % PID):
        try:
            target = os.readlink("/proc/%d/fd/%s" % (PID, name))
        except OSError:
            continue
        if target.startswith("socket:"):
            sockets += 1
        else:
            files += 1
    return rss, files, sockets


threads = [threading.Thread(target=walker, args=(n,), daemon=True) for n in range(4)] if "walk" in KINDS else []
threads += [threading.Thread(target=churner, daemon=True)] if "churn" in KINDS else []
threads += [threading.Thread(target=prober, daemon=True)]
for thread in threads:
    thread.start()
start = time.monotonic()
rows = []
with open(CSV, "w", newline="") as out:
    writer = csv.writer(out)
    writer.writerow(["seconds", "rss_kib", "file_fds", "socket_fds", "pages", "actions", "live", "errors"])
    while time.monotonic() < END:
        time.sleep(10)
        rss, files, sockets = sample()
        with lock:
            row = [round(time.monotonic() - start), rss, files, sockets, counts["pages"], counts["actions"],
                   counts["live"], counts["errors"]]
        rows.append(row)
        writer.writerow(row)
        out.flush()
for thread in threads:
    thread.join(timeout=40)

at5 = next((row for row in rows if row[0] >= min(300, MINUTES * 60 / 6)), rows[0])
last = rows[-1]
growth = (last[1] - at5[1]) / at5[1] * 100
print("soak: %.0f min; %d pages, %d actions, %d /live opened and closed, %d errors; %d probes, slowest %.0f ms"
      % (MINUTES, counts["pages"], counts["actions"], counts["live"], counts["errors"], counts["probes"],
         slowest_probe[0] * 1000))
print("soak: RSS %.1f MiB at %d s, %.1f MiB at the end (%+.1f%%), peak %.1f MiB; descriptors on files %d then, "
      "%d at the end (most %d); sockets %d then, %d at the end (most %d)"
      % (at5[1] / 1024, at5[0], last[1] / 1024, growth, max(r[1] for r in rows) / 1024, at5[2], last[2],
         max(r[2] for r in rows), at5[3], last[3], max(r[3] for r in rows)))
failed = []
if frozen:
    failed.append("froze: " + "; ".join(frozen[:3]))
if growth > 10:
    failed.append("RSS grew %.1f%% after the first 5 minutes" % growth)
if last[2] > at5[2]:
    failed.append("descriptors on files grew from %d to %d" % (at5[2], last[2]))
# Sockets open at a sample include the clients' connections in flight (six clients).
if last[3] > at5[3] + len(threads):
    failed.append("sockets grew from %d to %d" % (at5[3], last[3]))
for reason in failed:
    print("soak: FAILED: " + reason)
sys.exit(1 if failed else 0)
