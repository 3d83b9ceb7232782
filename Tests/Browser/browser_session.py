"""Starting headless Chromium through Debian's chromedriver, with the console log kept."""

from __future__ import annotations

import shutil

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def chrome_options(*, javascript: bool = True, language: str = "fi") -> webdriver.ChromeOptions:
    options = webdriver.ChromeOptions()
    binary = shutil.which("chromium")
    if binary:
        options.binary_location = binary
    options.add_argument("--headless=new")
    options.add_argument("--no-sandbox")
    options.add_argument("--disable-dev-shm-usage")
    options.add_argument(f"--lang={language}")
    options.add_argument("--window-size=1280,800")
    prefs: dict[str, object] = {"intl.accept_languages": language}
    if not javascript:
        prefs["profile.managed_default_content_settings.javascript"] = 2
    options.add_experimental_option("prefs", prefs)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return options


def start_chrome(options: webdriver.ChromeOptions) -> webdriver.Chrome:
    # The driver is named explicitly so that Selenium never tries to download one.
    driver_path = shutil.which("chromedriver")
    if driver_path is None:
        pytest.fail("chromedriver not found: run scripts/setup", pytrace=False)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=driver_path))
    driver.set_page_load_timeout(20)
    return driver
