"""Installable: Chromium itself says whether the app can be put on a home screen (the DevTools
protocol's Page.getInstallabilityErrors), on the page a phone opens first and in every language."""

from __future__ import annotations

import json
import struct
import urllib.request

import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.support.ui import WebDriverWait

from browser_session import chrome_options, start_chrome
from conftest import Server


def installability_errors(browser, url: str) -> list:
    browser.get(url)
    # Chromium reads the manifest after the page loads; until then it reports it missing.
    def settled(driver):
        errors = driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"]
        return errors if not any(e["errorId"] == "no-manifest" for e in errors) else False
    try:
        return WebDriverWait(browser, 10, poll_frequency=0.2).until(settled)
    except TimeoutException:
        return browser.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"]


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


@pytest.mark.parametrize("language", ["fi", "sv", "en"])
def test_chromium_finds_the_app_installable_in_every_language(server: Server, language: str) -> None:
    browser = start_chrome(chrome_options(language=language))
    try:
        errors = installability_errors(browser, server.url + "/movies")
        assert errors == [], errors
        # The page links the manifest of its own language, and the manifest says it
        link = browser.execute_script("return document.querySelector('link[rel=manifest]').href")
        assert link.endswith(f"lang={language}")
        manifest = json.loads(urllib.request.urlopen(link).read())
        assert manifest["lang"] == language and manifest["display"] == "standalone"
        assert "orientation" not in manifest
        for icon in manifest["icons"]:
            with urllib.request.urlopen(server.url + icon["src"]) as answer:
                assert answer.headers["Content-Type"] == "image/png"
                width, height = png_size(answer.read())
            assert f"{width}x{height}" == icon["sizes"], icon
        assert {(i["sizes"], i["purpose"]) for i in manifest["icons"]} == {
            ("192x192", "any"),
            ("512x512", "any"),
            ("512x512", "maskable"),
        }
    finally:
        browser.quit()
