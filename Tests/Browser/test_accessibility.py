"""The accessibility check itself: every screen a walk shoots is audited by axe-core in light and
dark, and a serious or critical violation fails the step. These tests break a real screen on
purpose and expect the walk to fail, naming the rule and the colour scheme."""

from __future__ import annotations

import pytest

import accessibility
from viewport import PHONE
from walker import Walker

UNLABELLED_FIELD = (
    "const field = document.createElement('input'); field.type = 'text'; field.id = 'unlabelled';"
    "document.querySelector('main').prepend(field);"
)
# The page's heading unreadable in the dark scheme only (#222 on the dark background #141418),
# through the CSS object model (the Content-Security-Policy refuses inline styles).
DARK_ONLY_LOW_CONTRAST = (
    "const sheet = document.styleSheets[0];"
    "sheet.insertRule('@media (prefers-color-scheme: dark) { main h1 { color: #222 !important; } }',"
    " sheet.cssRules.length);"
)


def failed_step(walker: Walker, breakage: str) -> str:
    with pytest.raises(AssertionError) as failure:
        with walker.step("broken on purpose"):
            walker.open("/news")
            walker.wait_for_page("/news")
            walker.driver.execute_script(breakage)
            walker.shoot("broken")
    return str(failure.value)


def test_the_unbroken_screen_passes(browser, server, screenshot_dir) -> None:
    walker = Walker(browser, server.url, PHONE, screenshot_dir, prefix="axe-")
    walker.open("/news")
    walker.wait_for_page("/news")
    assert accessibility.audit(browser) == []


def test_a_field_without_a_label_fails_the_walk_in_both_schemes(browser, server, screenshot_dir) -> None:
    message = failed_step(Walker(browser, server.url, PHONE, screenshot_dir, prefix="axe-"), UNLABELLED_FIELD)
    assert "light: label (critical): #unlabelled" in message, message
    assert "dark: label (critical): #unlabelled" in message, message


def test_text_unreadable_only_in_the_dark_fails_the_walk(browser, server, screenshot_dir) -> None:
    message = failed_step(Walker(browser, server.url, PHONE, screenshot_dir, prefix="axe-"), DARK_ONLY_LOW_CONTRAST)
    assert "dark: color-contrast (serious)" in message, message
    assert "light: color-contrast" not in message, message


def test_a_walk_that_opts_out_is_not_audited(browser, server, screenshot_dir) -> None:
    walker = Walker(browser, server.url, PHONE, screenshot_dir, prefix="axe-", audited=False)
    with walker.step("unaudited"):
        walker.open("/news")
        walker.wait_for_page("/news")
        browser.execute_script(UNLABELLED_FIELD)
        walker.shoot("unaudited")
    assert walker.steps == [("unaudited", "pass")]
