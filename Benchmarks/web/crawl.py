#!/usr/bin/env python3
"""Visits every page of the running app once, the way a scripted walk would: from /movies and
/news, follows every same-site link and image (href and src) breadth-first, with a cap, GET only,
never /live. Prints `pages=<n> bytes=<n> non200=<n>`. Only loopback addresses are accepted.
"""

from __future__ import annotations

import argparse
import ipaddress
import re
from collections import deque
from urllib.error import HTTPError
from urllib.parse import urljoin, urlsplit
from urllib.request import Request, urlopen

LINK = re.compile(r'(?:href|src)="([^"#]*)')


def crawl(base: str, limit: int) -> str:
    host = urlsplit(base).hostname or ""
    if not ipaddress.ip_address(host).is_loopback:
        raise SystemExit(f"refusing a non-loopback target: {host}")
    queue = deque(["/movies", "/news", "/showtimes"])
    seen = set(queue)
    pages = total_bytes = non_200 = 0
    while queue and pages < limit:
        path = queue.popleft()
        try:
            with urlopen(Request(base + path, headers={"Accept-Language": "fi"}), timeout=10) as response:
                body = response.read()
                content_type = response.headers.get("Content-Type", "")
        except HTTPError:
            non_200 += 1
            continue
        pages += 1
        total_bytes += len(body)
        if "text/html" not in content_type:
            continue
        for raw in LINK.findall(body.decode("utf-8", "replace")):
            target = urljoin(base + path, raw.replace("&amp;", "&"))
            parts = urlsplit(target)
            if parts.netloc != urlsplit(base).netloc or parts.path.startswith("/live"):
                continue
            relative = parts.path + (f"?{parts.query}" if parts.query else "")
            if relative not in seen:
                seen.add(relative)
                queue.append(relative)
    return f"pages={pages} bytes={total_bytes} non200={non_200}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", help="http://127.0.0.1:PORT")
    parser.add_argument("--limit", type=int, default=5000, help="at most this many URLs")
    options = parser.parse_args()
    print(crawl(options.base.rstrip("/"), options.limit))


if __name__ == "__main__":
    main()
