"""axe-core's audit of the screen a browser shows, in the light and in the dark colour scheme.

The engine is axe-core as `selenium-axe-python` brings it (axe-core 4.9). That package is the
maintained continuation of `axe-selenium-python`, with the same `Axe` API: the older package still
bundles axe-core 3.1.1 from 2018, whose `dlitem` rule predates HTML's `<div>` groups in `<dl>` and
whose `checkboxgroup` rule axe-core has since deprecated. Holding the app to the current rules is
the point of the check, so the suite takes the current engine.

Only serious and critical violations fail (the issue's bar); moderate and minor ones are axe's
advice and are not asserted.
"""

from __future__ import annotations

from selenium.webdriver.chrome.webdriver import WebDriver
from selenium_axe_python import Axe

BLOCKING_IMPACTS = frozenset({"serious", "critical"})
COLOR_SCHEMES = ("light", "dark")


def emulate_color_scheme(driver: WebDriver, scheme: str | None) -> None:
    """Makes the page match `prefers-color-scheme: scheme` (None: the browser's own again)."""
    features = [{"name": "prefers-color-scheme", "value": scheme}] if scheme else []
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})


def blocking_violations(driver: WebDriver) -> list[str]:
    """The serious and critical violations axe finds on the current page, one line each:
    `rule (impact): selector, selector…`."""
    axe = Axe(driver)
    axe.inject()
    results = axe.run()
    lines = []
    for violation in results["violations"]:
        if violation["impact"] not in BLOCKING_IMPACTS:
            continue
        targets = ", ".join(" ".join(map(str, node["target"])) for node in violation["nodes"][:5])
        more = len(violation["nodes"]) - 5
        lines.append(f"{violation['id']} ({violation['impact']}): {targets}{f' and {more} more' if more > 0 else ''}")
    return lines


def audit(driver: WebDriver) -> list[str]:
    """The blocking violations on the current page in each colour scheme, prefixed with the scheme;
    the page is left in the browser's own scheme."""
    found = []
    try:
        for scheme in COLOR_SCHEMES:
            emulate_color_scheme(driver, scheme)
            found += [f"{scheme}: {line}" for line in blocking_violations(driver)]
    finally:
        emulate_color_scheme(driver, None)
    return found
