"""The JSON API's document and the server code generated from it: the document is valid OpenAPI 3.1,
and the committed code is the generator's output for the committed document and settings
(Generated/SOURCES.sha256, written by `scripts/openapi`, holds each file's digest). A document
edited without `scripts/openapi`, or generated code edited by hand, fails here without building the
generator; `scripts/openapi --check` regenerates and compares the whole output."""

from __future__ import annotations

import hashlib
import json
import pathlib
import re

from openapi_spec_validator import validate

ROOT = pathlib.Path(__file__).resolve().parents[2]
API = ROOT / "Sources" / "FinnkinoWeb" / "API"
GENERATED = API / "Generated"


def digests() -> dict[str, str]:
    listed: dict[str, str] = {}
    for line in (GENERATED / "SOURCES.sha256").read_text(encoding="utf-8").splitlines():
        digest, name = line.split(maxsplit=1)
        listed[name] = digest
    return listed


def sha256(path: pathlib.Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_the_document_is_valid_openapi_3_1() -> None:
    document = json.loads((API / "openapi.json").read_text(encoding="utf-8"))
    assert document["openapi"].startswith("3.1")
    validate(document)
    # Every operation has an ID, a 400 (every one takes a parameter) and a 429 (the limit per client)
    for path, item in document["paths"].items():
        for method, operation in item.items():
            assert operation.get("operationId"), f"{method} {path}"
            assert {"200", "304", "400", "429"} <= set(operation["responses"]), f"{method} {path}"


def test_the_generated_code_is_the_documents() -> None:
    listed = digests()
    # The document and the settings are the ones it was generated from
    assert listed.pop("openapi.json") == sha256(API / "openapi.json"), "openapi.json changed: run scripts/openapi"
    assert listed.pop("openapi-generator-config.yaml") == sha256(API / "openapi-generator-config.yaml")
    # Every generated file is there, unchanged, and nothing else is in the folder
    on_disk = {path.name for path in GENERATED.glob("*.swift")}
    assert on_disk == set(listed), on_disk ^ set(listed)
    for name, digest in listed.items():
        assert sha256(GENERATED / name) == digest, f"{name} was edited by hand: run scripts/openapi"


def test_the_generator_is_pinned() -> None:
    manifest = (ROOT / "Tools" / "OpenAPIGenerator" / "Package.swift").read_text(encoding="utf-8")
    assert re.search(r'swift-openapi-generator", exact: "\d+\.\d+\.\d+"', manifest), manifest
