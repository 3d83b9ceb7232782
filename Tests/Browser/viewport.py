"""The two window sizes the suite runs at, and how to apply one to a Chromium page."""

from __future__ import annotations

from dataclasses import dataclass

from selenium.webdriver.chrome.webdriver import WebDriver


@dataclass(frozen=True)
class Viewport:
    """A viewport in CSS pixels; `mobile` follows the app's 700 px breakpoint."""

    name: str
    width: int
    height: int

    @property
    def mobile(self) -> bool:
        return self.width < 700

    def apply(self, driver: WebDriver) -> None:
        """Makes the page's viewport exactly this size, phone-like (touch, mobile) below 700 px."""
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": self.width, "height": self.height, "deviceScaleFactor": 1, "mobile": self.mobile},
        )


PHONE = Viewport("phone", 390, 844)
DESKTOP = Viewport("desktop", 1280, 800)
VIEWPORTS = (PHONE, DESKTOP)
