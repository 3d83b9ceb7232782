"""The person walking through the app: a Chromium session plus the steps, screenshots and console checks."""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, TypeVar
from urllib.parse import parse_qs, urlsplit

from selenium.common.exceptions import TimeoutException, WebDriverException
from selenium.webdriver.chrome.webdriver import WebDriver
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

import accessibility
from viewport import Viewport

T = TypeVar("T")
WAIT_SECONDS = 10


@dataclass
class Walker:
    """Drives one browser through the app at one viewport, one named step at a time.

    Every step ends with a console check (any SEVERE entry fails the step) and, when asked,
    a screenshot named `<prefix><viewport>-<NN>-<screen>.png` (`<prefix><viewport>-<variant>-<NN>-<screen>.png`
    when the walk has a variant, such as Musicify's architecture). Every screen shot is also
    audited by axe-core in light and dark (`accessibility.audit`): a serious or critical violation
    fails the step, unless the walk sets `audited` to False (a page without JavaScript, where axe
    cannot run).
    """

    driver: WebDriver
    base_url: str
    viewport: Viewport
    screenshot_dir: Path
    prefix: str = ""
    variant: str = ""
    audited: bool = True
    steps: list[tuple[str, str]] = field(default_factory=list)
    screenshots: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.viewport.apply(self.driver)

    # Steps -----------------------------------------------------------------------------------

    @contextlib.contextmanager
    def step(self, name: str) -> Iterator[None]:
        """Runs one step; a failure names the step, and the console is checked at its end."""
        try:
            yield
            self.expect_clean_console(name)
        except BaseException as error:
            self.steps.append((name, "FAIL"))
            self.save_screenshot(f"FAILED-{name}")
            raise AssertionError(f"[{self.viewport.name}] step '{name}' failed: {error}") from error
        self.steps.append((name, "pass"))

    def expect_clean_console(self, where: str) -> None:
        severe = [entry["message"] for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]
        assert not severe, f"browser console errors at '{where}': {severe}"

    def shoot(self, screen: str, *, passing: bool = False) -> None:
        """Saves a screenshot of the screen and fails on axe's serious or critical findings on it.

        `passing`: a screen the page leaves by itself (an export's progress, reloaded when the
        export ends). When the page is reloaded during the audit, axe is gone with the document it
        was injected into (a CI run of 2026-11-30: "axe is not defined"); the screen is no longer
        shown, and its audit is given up, as the walk gives the screen up when it was left before
        the walk saw it. Any other failure of the audit fails the step."""
        self.save_screenshot(screen)
        if not self.audited:
            return
        if passing:
            self.driver.execute_script("window.walkerAuditedDocument = true")
        try:
            violations = accessibility.audit(self.driver)
        except WebDriverException:
            if passing and not self.driver.execute_script("return window.walkerAuditedDocument === true"):
                return
            raise
        assert not violations, f"axe-core on '{screen}' at {self.path}:\n" + "\n".join(violations)

    def save_screenshot(self, screen: str) -> None:
        number = len(self.screenshots) + 1
        slug = "-".join(screen.lower().split())
        variant = f"{self.variant}-" if self.variant else ""
        name = f"{self.prefix}{self.viewport.name}-{variant}{number:02d}-{slug}.png"
        self.driver.save_screenshot(str(self.screenshot_dir / name))
        self.screenshots.append(name)

    # Navigation ------------------------------------------------------------------------------

    def open(self, path: str) -> None:
        self.driver.get(self.base_url + path)

    @property
    def path(self) -> str:
        return urlsplit(self.driver.current_url).path

    @property
    def query(self) -> dict[str, list[str]]:
        return parse_qs(urlsplit(self.driver.current_url).query)

    def click(self, element: WebElement) -> None:
        """Scrolls the element into view (as a person would) and clicks it."""
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", element)
        element.click()

    def wait_until(self, condition: Callable[[WebDriver], T], what: str, seconds: float = WAIT_SECONDS) -> T:
        try:
            return WebDriverWait(self.driver, seconds, poll_frequency=0.05).until(condition)
        except TimeoutException:
            raise AssertionError(f"waited {seconds} s for: {what}") from None

    def wait_for_page(self, path: str) -> None:
        self.wait_until(
            lambda d: urlsplit(d.current_url).path == path
            and d.execute_script("return document.readyState") == "complete",
            f"page {path} (now at {self.driver.current_url})",
        )

    # Reading the screen ----------------------------------------------------------------------

    def find(self, css: str) -> WebElement:
        elements = self.driver.find_elements(By.CSS_SELECTOR, css)
        assert elements, f"no element matches {css!r} on {self.driver.current_url}"
        return elements[0]

    def find_all(self, css: str, within: WebElement | None = None) -> list[WebElement]:
        root = within if within is not None else self.driver
        return root.find_elements(By.CSS_SELECTOR, css)

    def text(self, css: str) -> str:
        return self.find(css).text.strip()

    def selected_option_text(self, select_css: str) -> str:
        return self.driver.execute_script(
            "const s = document.querySelector(arguments[0]); return s ? s.selectedOptions[0].text.trim() : ''",
            select_css,
        )

    def html_lang(self) -> str:
        """`<html lang>`, or "" while a navigation has no document yet."""
        try:
            return self.driver.execute_script("return document.documentElement.lang") or ""
        except WebDriverException:
            return ""

    def shown_movie_ids(self) -> list[str]:
        """IDs of the movies listed in #results, in screen order."""
        hrefs = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('#results li.movie a.movie-link'))"
            ".map(a => a.getAttribute('href'))"
        )
        return [href.rsplit("/", 1)[-1] for href in hrefs]

    def shown_movie_titles(self) -> list[str]:
        return [element.text.strip() for element in self.find_all("#results li.movie .movie-title")]

    def results_settled(self) -> bool:
        return self.driver.execute_script(
            "const r = document.querySelector('#results'); return !!r && r.getAttribute('aria-busy') !== 'true'"
        )

    def record_busy_states(self) -> None:
        """Starts noting every value `aria-busy` takes on #results (read with `busy_states`)."""
        self.driver.execute_script(
            "window.__finnkinoBusy = [];"
            "new MutationObserver(() => window.__finnkinoBusy.push("
            "document.querySelector('#results').getAttribute('aria-busy')))"
            ".observe(document.querySelector('#results'), {attributes: true, attributeFilter: ['aria-busy']})"
        )

    def busy_states(self) -> list[str | None]:
        return self.driver.execute_script("return window.__finnkinoBusy || []")

    def set_reload_marker(self) -> str:
        """Puts a token on `window`: it survives only while the page is not reloaded."""
        token = f"walk-{time.monotonic_ns()}"
        self.driver.execute_script("window.__finnkinoWalkMarker = arguments[0]", token)
        return token

    def reload_marker(self) -> str | None:
        return self.driver.execute_script("return window.__finnkinoWalkMarker || null")

    def body_background(self) -> str:
        return self.driver.execute_script("return getComputedStyle(document.body).backgroundColor")
