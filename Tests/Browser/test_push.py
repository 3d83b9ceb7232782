"""Tell me when it's on, end to end: the real server pushes the announcement of a wanted movie to a
loopback push service of this test, and lists its shows in the person's private calendar (read
with `icalendar`). The push service checks the push's VAPID signature (RFC 8292) with `py-vapid` and
decrypts it (RFC 8291) with `http-ece`, the subscription's keys made here with `cryptography`: an
implementation independent of the server's. The text says which movie, where and from when. A
subscription the push service says is gone (410) is forgotten: the next announcement does not
reach it. No browser is needed: Chromium's own pushes go through Google's service, which a test
cannot reach, so this test plays the browser's part over HTTP as the page's script does."""

from __future__ import annotations

import base64
import http.cookiejar
import http.server
import json
import os
import re
import subprocess
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

import http_ece
import icalendar
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02

from conftest import STARTUP_TIMEOUT_SECONDS, Server, finnkino_binary, free_loopback_port, stop, wait_for_url_line


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushService:
    """A push service on loopback: records each POST, answers 201, or 410 for the paths listed in
    `gone`."""

    def __init__(self) -> None:
        self.received: list[dict] = []
        self.gone: set[str] = set()
        self.lock = threading.Lock()
        service = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                with service.lock:
                    service.received.append({"path": self.path, "headers": dict(self.headers), "body": body})
                    status = 410 if self.path in service.gone else 201
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", free_loopback_port()), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def requests_to(self, path: str) -> list[dict]:
        with self.lock:
            return [r for r in self.received if r["path"] == path]

    def close(self) -> None:
        self.server.shutdown()


class Subscriber:
    """What a browser keeps of its subscription: a P-256 key pair and a 16-byte secret."""

    def __init__(self, endpoint: str) -> None:
        self.endpoint = endpoint
        self.private_key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    @property
    def p256dh(self) -> str:
        return b64url(self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))

    def decrypt(self, body: bytes) -> str:
        return http_ece.decrypt(body, private_key=self.private_key, auth_secret=self.auth, version="aes128gcm").decode()


class Browser:
    """A cookie jar and the forms' CSRF token, as the page's script has them."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), NoRedirect())
        self.csrf = ""

    def get(self, path: str) -> str:
        with self.opener.open(self.base + path, timeout=20) as answer:
            page = answer.read().decode()
        if match := re.search(r'name="csrf" value="([^"]+)"', page):
            self.csrf = match.group(1)
        return page

    def post(self, path: str, fields: dict) -> int:
        body = urllib.parse.urlencode({"csrf": self.csrf, **fields}).encode()
        request = urllib.request.Request(self.base + path, data=body, method="POST")
        try:
            with self.opener.open(request, timeout=20) as answer:
                if answer.headers.get("Content-Type") == "application/json":
                    # The token of the page's next forms (a first change makes a hosted browser a person).
                    self.csrf = json.loads(answer.read())["csrf"]
                return answer.status
        except urllib.error.HTTPError as error:
            return error.code


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def serve_with_push(data_dir: Path, push_origin: str) -> Server:
    log_path = data_dir.parent / "push-server.log"
    with open(log_path, "a") as log:
        process = subprocess.Popen(
            [str(finnkino_binary()), "serve", "--port", "0", "--data-dir", str(data_dir),
             "--hosted", "--push-service", push_origin, "--wanted-check-interval", "1"],
            stdout=subprocess.PIPE, stderr=log, text=True)
    url = wait_for_url_line(process, STARTUP_TIMEOUT_SECONDS, log_path)
    return Server(url=url.rstrip("/"), process=process, log_path=log_path)


def wait_for(condition, what: str, seconds: float = 20):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if value := condition():
            return value
        time.sleep(0.1)
    raise AssertionError(f"no {what} within {seconds} s")


def now_showing(browser: Browser) -> list[tuple[int, str]]:
    """The Helsinki list's movies: ID and title."""
    page = browser.get("/movies?area=1002&list=now")
    return [(int(m.group(1)), m.group(2)) for m in re.finditer(
        r'class="movie-link" href="/movie/([0-9]+)"[^>]*>.*?class="movie-title"[^>]*>([^<]+)<', page, re.S)]


def test_a_wanted_movie_reaches_its_person_as_a_push_checked_and_decrypted_independently(tmp_path) -> None:
    push = PushService()
    server = serve_with_push(tmp_path / "data", push.origin)
    try:
        # (the VAPID key is made at the first start and kept, its owner's only)
        assert (tmp_path / "data" / "vapid-key").stat().st_mode & 0o777 == 0o600
        browser = Browser(server.url)
        movies = now_showing(browser)
        assert len(movies) >= 2, movies
        (movie, title), (second, _) = movies[0], movies[1]
        browser.get(f"/movie/{movie}")
        # Given this browser subscribed, as the page's script does after the person allows it
        phone = Subscriber(push.origin + "/push/phone")
        assert browser.post("/push/subscribe", {
            "endpoint": phone.endpoint, "p256dh": phone.p256dh, "auth": b64url(phone.auth)}) == 200
        # and a subscription to a service the server does not send to refused
        assert browser.post("/push/subscribe", {
            "endpoint": "https://attacker.example/push", "p256dh": phone.p256dh, "auth": b64url(phone.auth)}) == 403
        # When the person asks to be told about a movie on in their (default) area
        assert browser.post("/movies/wanted", {"movie": str(movie), "wanted": "yes"}) == 303
        # Then within a check the push service gets one push for it
        request = wait_for(lambda: push.requests_to("/push/phone"), "push")[0]
        headers = {name.lower(): value for name, value in request["headers"].items()}
        # signed with the server's VAPID key for this push service, valid for a while
        assert Vapid02.verify(headers["authorization"]), headers["authorization"]
        token = re.match(r"vapid t=([^,]+),k=(.+)", headers["authorization"]).group(1)
        claims = json.loads(b64url_decode(token.split(".")[1]))
        assert claims["aud"] == push.origin
        assert time.time() < claims["exp"] <= time.time() + 24 * 3600
        assert claims["sub"].startswith(("mailto:", "https:"))
        assert headers["content-encoding"] == "aes128gcm" and int(headers["ttl"]) > 0
        # and, decrypted with the subscription's keys, says which movie, where and from when
        message = json.loads(phone.decrypt(request["body"]))
        assert title in message["title"], message
        assert title in message["body"] and "Helsinki" in message["body"], message
        assert re.search(r"\b\d{1,2}\.\d{1,2}\. \d{1,2}[:.]\d{2}\b", message["body"]), message
        assert message["url"] == f"/movie/{movie}"
        # And it is told once: the next checks push nothing more
        time.sleep(2.5)
        assert len(push.requests_to("/push/phone")) == 1
        # And the person's private calendar (its address on the Bookmarks page, fetched without
        # cookies as a calendar app does) has the movie's shows in their area, read by icalendar
        calendar = re.search(r'id="calendar-feed"[^>]* href="webcal://([^"]+)"', browser.get("/bookmarks")).group(1)
        with urllib.request.urlopen("http://" + calendar, timeout=20) as answer:
            events = list(icalendar.Calendar.from_ical(answer.read()).walk("VEVENT"))
        assert events and all(str(event.get("SUMMARY")) == title for event in events), events[:3]
        assert any("Helsinki" in str(event.get("LOCATION")) for event in events)

        # When the push service says the phone's subscription is gone and another movie is on
        push.gone.add("/push/phone")
        laptop = Subscriber(push.origin + "/push/laptop")
        assert browser.post("/push/subscribe", {
            "endpoint": laptop.endpoint, "p256dh": laptop.p256dh, "auth": b64url(laptop.auth)}) == 200
        assert browser.post("/movies/wanted", {"movie": str(second), "wanted": "yes"}) == 303
        wait_for(lambda: push.requests_to("/push/laptop"), "push to the laptop")
        wait_for(lambda: len(push.requests_to("/push/phone")) == 2, "the second push to the phone, answered 410")
        # Then a third announcement reaches the laptop only: the phone's subscription was forgotten
        push.gone.clear()
        third = movies[2][0]
        assert browser.post("/movies/wanted", {"movie": str(third), "wanted": "yes"}) == 303
        wait_for(lambda: len(push.requests_to("/push/laptop")) == 2, "the third push to the laptop")
        time.sleep(1.5)
        assert len(push.requests_to("/push/phone")) == 2
        # And the laptop's push decrypts with its own keys, not the phone's
        assert json.loads(laptop.decrypt(push.requests_to("/push/laptop")[1]["body"]))["url"] == f"/movie/{third}"
    finally:
        stop(server)
        push.close()
