"""`/metrics` read as Prometheus reads it: prometheus-client's own parser of the text format takes
the whole answer, every family the operator's documentation (docs/HOSTING.md) names is there with its
type, and requests are counted by their route's pattern, never by the address asked for."""

from __future__ import annotations

import re
import urllib.error
import urllib.request

from prometheus_client.parser import text_string_to_metric_families

from conftest import running

# The families docs/HOSTING.md promises, with their Prometheus types (prometheus-client names a
# counter's family without its `_total`).
FAMILIES = {
    "finnkino_http_requests": "counter",
    "finnkino_http_request_duration_seconds": "histogram",
    "finnkino_http_request_errors": "counter",
    "finnkino_http_active_requests": "gauge",
    "finnkino_source_last_success_timestamp_seconds": "gauge",
    "finnkino_source_data_timestamp_seconds": "gauge",
    "finnkino_persons": "gauge",
    "finnkino_sessions": "gauge",
    "finnkino_exports": "gauge",
}


def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, str, str]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.headers.get("Content-Type", ""), answer.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Type", ""), ""


def test_the_metrics_parse_as_prometheus_text_and_name_routes_by_pattern(tmp_path) -> None:
    with running(tmp_path / "finnkino-data") as served:
        # Given a server that served a few pages, one of them missing
        for path in ["/movies?area=1002", "/showtimes?area=1047", "/movie/999999", "/news"]:
            get(served.url.rstrip("/") + path)
        # When Prometheus scrapes it from this machine
        status, content_type, text = get(served.url.rstrip("/") + "/metrics")
        assert status == 200
        assert content_type.startswith("text/plain; version=0.0.4")
        families = {family.name: family for family in text_string_to_metric_families(text)}
        # Then every promised family is there, of its type
        for name, kind in FAMILIES.items():
            assert name in families, f"{name} missing"
            assert families[name].type == kind, f"{name} is a {families[name].type}"
        # And requests are counted by route pattern and status, the missing movie as a 404 of its route
        requests = {
            (sample.labels["route"], sample.labels["status"]): sample.value
            for sample in families["finnkino_http_requests"].samples
            if sample.name == "finnkino_http_requests_total"
        }
        assert requests[("/movies", "200")] >= 1
        assert requests[("/showtimes", "200")] >= 1
        assert requests[("/movie/{id}", "404")] >= 1
        assert not any("999999" in route or "?" in route for route, _ in requests)
        # And the sources are named by endpoint, with a success time
        successes = families["finnkino_source_last_success_timestamp_seconds"].samples
        sources = {sample.labels["endpoint"] for sample in successes}
        assert {"Events", "Schedule", "TheatreAreas"} <= sources


def test_the_public_gets_nothing_through_a_proxy(tmp_path) -> None:
    with running(tmp_path / "finnkino-data") as served:
        # A request forwarded by a reverse proxy on this machine is not this machine's
        status, _, text = get(served.url.rstrip("/") + "/metrics", {"X-Forwarded-For": "203.0.113.9"})
        assert status == 404
        assert "finnkino_" not in text


# Families that appear only once their event has happened (a failure, an unknown word, a push, a
# limit): named in the code as swift-metrics labels, without the `finnkino_` the server adds.
EVENT_FAMILIES = {
    "finnkino_source_failures_total": "source_failures_total",
    "finnkino_feed_unknown_words_total": "finnkino_feed_unknown_words_total",
    "finnkino_pushes_total": "pushes_total",
    "finnkino_limits_hit_total": "limits_hit_total",
}


def test_every_family_the_hosting_guide_names_is_one_the_server_has(tmp_path) -> None:
    from conftest import REPO_ROOT

    guide = (REPO_ROOT / "docs" / "HOSTING.md").read_text(encoding="utf-8")
    named = set(re.findall(r"\bfinnkino_[a-z_]+[a-z]", guide))
    sources = "\n".join(path.read_text(encoding="utf-8") for path in (REPO_ROOT / "Sources").rglob("*.swift"))
    with running(tmp_path / "finnkino-data") as served:
        get(served.url.rstrip("/") + "/movies")
        _, _, text = get(served.url.rstrip("/") + "/metrics")
    scraped = set()
    for family in text_string_to_metric_families(text):
        scraped |= {sample.name for sample in family.samples} | {family.name}
    for name in named:
        if name in EVENT_FAMILIES:
            assert f'"{EVENT_FAMILIES[name]}"' in sources, f"{name}: no such metric in the code"
        else:
            assert name in scraped, f"docs/HOSTING.md names {name}, which /metrics does not have"
