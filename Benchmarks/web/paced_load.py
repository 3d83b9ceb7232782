#!/usr/bin/env python3
"""Fixed-rate HTTP load on loopback (what wrk2 does; Debian ships only wrk).

Sends GET requests at a fixed rate (default 500/s) for a fixed time over a few keep-alive
connections, and measures each request's latency from the moment it was *scheduled*, so a
slow answer also counts against the requests queued behind it (no coordinated omission).
Prints one line: `rate=<achieved req/s> p50=<ms> p99=<ms> max=<ms> errors=<n> requests=<n>`.
Only loopback addresses are accepted.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import sys
import time
from urllib.parse import urlsplit


async def read_response(reader: asyncio.StreamReader) -> int:
    """Reads one HTTP/1.1 response (Content-Length or chunked body); returns the status code."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            name, value = line.split(":", 1)
            headers[name.strip().lower()] = value.strip()
    if "content-length" in headers:
        await reader.readexactly(int(headers["content-length"]))
    elif headers.get("transfer-encoding", "").lower() == "chunked":
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
            await reader.readexactly(size + 2)
            if size == 0:
                break
    return status


async def worker(
    host: str,
    port: int,
    requests: list[bytes],
    slots: list[float],
    latencies: list[float],
    errors: list[str],
) -> None:
    reader, writer = await asyncio.open_connection(host, port)
    try:
        for index, scheduled in enumerate(slots):
            delay = scheduled - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            writer.write(requests[index % len(requests)])
            try:
                status = await read_response(reader)
            except (asyncio.IncompleteReadError, ConnectionError) as error:
                errors.append(repr(error))
                writer.close()
                reader, writer = await asyncio.open_connection(host, port)
                continue
            if status != 200:
                errors.append(f"status {status}")
            latencies.append(time.perf_counter() - scheduled)
    finally:
        writer.close()


def percentile(sorted_values: list[float], fraction: float) -> float:
    if not sorted_values:
        return float("nan")
    index = min(len(sorted_values) - 1, max(0, round(fraction * len(sorted_values)) - 1))
    return sorted_values[index]


async def run(url: str, rate: float, seconds: float, connections: int, cookies: list[str]) -> str:
    parts = urlsplit(url)
    host = parts.hostname or ""
    if not ipaddress.ip_address(host).is_loopback:
        raise SystemExit(f"refusing a non-loopback target: {host}")
    port = parts.port or 80
    target = parts.path + (f"?{parts.query}" if parts.query else "")
    head = f"GET {target} HTTP/1.1\r\nHost: {host}:{port}\r\nAccept-Encoding: identity\r\n"
    requests = [f"{head}Cookie: {cookie}\r\n\r\n".encode() for cookie in cookies] or [f"{head}\r\n".encode()]
    total = int(rate * seconds)
    start = time.perf_counter() + 0.2
    schedule = [start + index / rate for index in range(total)]
    latencies: list[float] = []
    errors: list[str] = []
    await asyncio.gather(
        *(
            worker(host, port, requests[slot::connections] or requests, schedule[slot::connections], latencies, errors)
            for slot in range(connections)
        )
    )
    elapsed = time.perf_counter() - start
    latencies.sort()
    milliseconds = [value * 1000 for value in latencies]
    return (
        f"rate={len(latencies) / elapsed:.0f} p50={percentile(milliseconds, 0.50):.2f} "
        f"p99={percentile(milliseconds, 0.99):.2f} max={milliseconds[-1] if milliseconds else float('nan'):.2f} "
        f"errors={len(errors)} requests={len(latencies)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", help="http://127.0.0.1:PORT/path")
    parser.add_argument("--rate", type=float, default=500, help="requests per second")
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument(
        "--cookies",
        help="a file of Cookie header values, one per line: the requests take them in turn "
        "(so each connection sends its own, different ones)",
    )
    options = parser.parse_args()
    cookies = []
    if options.cookies:
        with open(options.cookies, encoding="ascii") as file:
            cookies = [line.strip() for line in file if line.strip()]
    print(asyncio.run(run(options.url, options.rate, options.seconds, options.connections, cookies)))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
