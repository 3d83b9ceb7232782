#!/usr/bin/env python3
"""A drifting stand-in for the Finnkino XML API, for the soak benchmark (Benchmarks/soak.sh).

Serves the bundled Finnish dataset (Sources/FinnkinoKit/Bundled/fi) under the real paths
(/xml/TheatreAreas/, /xml/Events/, /xml/Schedule/, ...; the /eng and /swe prefixes give the same
files), with every schedule's dates moved to the day asked for, and changes the first movie's
title every DRIFT seconds so that the app's feeds see new answers all along. Not the product:
areas and events are not filtered, which a soak does not need.

Usage: source.py PORT DRIFT_SECONDS
"""
import gzip
import http.server
import pathlib
import re
import sys
import threading
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parents[2] / "Sources/FinnkinoKit/Bundled/fi"
STARTED = time.monotonic()


def read(name):
    path = ROOT / name
    if path.exists():
        return path.read_bytes()
    return gzip.decompress((ROOT / (name + ".gz")).read_bytes())


FILES = {
    "theatreareas": read("TheatreAreas.xml"),
    "languages": read("Languages.xml"),
    "newscategories": read("NewsCategories.xml"),
    "news": read("News.xml"),
    "nowintheatres": read("Events-NowInTheatres.xml"),
    "comingsoon": read("Events-ComingSoon.xml"),
    "schedule": read("Schedule-2025-03-24.xml").decode(),
}


class Source(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = {k.lower(): v[0] for k, v in urllib.parse.parse_qs(url.query).items()}
        path = re.sub(r"^/(eng|swe)", "", url.path).lower().strip("/")
        body = None
        if path == "xml/theatreareas":
            body = FILES["theatreareas"]
        elif path == "xml/languages":
            body = FILES["languages"]
        elif path == "xml/newscategories":
            body = FILES["newscategories"]
        elif path == "xml/news":
            body = FILES["news"]
        elif path == "xml/events":
            kind = "comingsoon" if query.get("listtype", "").lower() == "comingsoon" else "nowintheatres"
            round_ = int((time.monotonic() - STARTED) // DRIFT)
            body = re.sub(rb"<Title>([^<]*)</Title>", lambda m: b"<Title>" + m.group(1) + b" (%d)</Title>" % round_,
                          FILES[kind], count=1)
        elif path == "xml/schedule":
            day = query.get("dt", "")
            match = re.fullmatch(r"(\d{2})\.(\d{2})\.(\d{4})", day)
            iso = f"{match[3]}-{match[2]}-{match[1]}" if match else time.strftime("%Y-%m-%d")
            body = FILES["schedule"].replace("2025-03-24", iso).encode()
        elif path == "xml/scheduledates":
            today = time.time()
            days = [time.strftime("%Y-%m-%dT00:00:00", time.localtime(today + 86400 * n)) for n in range(7)]
            body = ("<Dates>" + "".join(f"<dateTime>{d}</dateTime>" for d in days) + "</Dates>").encode()
        if body is None:
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/xml; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


if __name__ == "__main__":
    DRIFT = float(sys.argv[2])
    server = http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Source)
    server.daemon_threads = True
    server.serve_forever()
