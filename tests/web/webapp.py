"""Helpers for the web app's browser tests and scripts/bench-web: the server launcher shared with the
conformance suite, Chromium at phone or desktop size, and a Browser with waits that read as what the
user sees."""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
PHONE = {"width": 390, "height": 844, "pixelRatio": 2, "touch": True}
DESKTOP = (1280, 860)
WAIT_S = 10.0

# The conformance suite's server launcher (free port, temp data dir, ready on /health, SIGTERM).
_spec = importlib.util.spec_from_file_location("kairos_server_fixtures", REPO / "tests/conformance/conftest.py")
server = sys.modules.setdefault(_spec.name, importlib.util.module_from_spec(_spec))
_spec.loader.exec_module(server)
KairosServer = server.KairosServer
PASSWORD = server.PASSWORD


@dataclass
class Person:
    """A user signed up through the API, with a raw client carrying their token."""

    name: str
    email: str
    token: str
    user: dict[str, Any]
    api: httpx.Client


class Browser:
    """A Chromium window on the web app, with waits that read as what the user sees."""

    def __init__(self, driver: webdriver.Chrome, base_url: str, size: str, shots: Path, test_name: str):
        self.driver = driver
        self.base_url = base_url
        self.size = size
        self.shots = shots
        self.test_name = test_name

    def open(self, path: str = "/") -> None:
        self.driver.get(f"{self.base_url}{path}")

    def wait(self, timeout: float = WAIT_S) -> WebDriverWait:
        # A list redrawn while a condition reads it leaves stale elements behind: read again, as a person would.
        return WebDriverWait(self.driver, timeout, ignored_exceptions=(StaleElementReferenceException,))

    def find(self, css: str) -> WebElement:
        return self.wait().until(EC.visibility_of_element_located((By.CSS_SELECTOR, css)))

    def all(self, css: str) -> list[WebElement]:
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def click(self, css: str) -> None:
        self.wait().until(EC.element_to_be_clickable((By.CSS_SELECTOR, css))).click()

    def button(self, text: str) -> WebElement:
        """The visible button or link whose text is exactly `text`."""
        xpath = f"//*[self::button or self::a][normalize-space(.)='{text}']"
        return self.wait().until(EC.element_to_be_clickable((By.XPATH, xpath)))

    def row(self, name: str) -> WebElement:
        """The list row (a link) whose name is exactly `name`."""
        xpath = f"//a[contains(@class,'row')][.//span[normalize-space(.)='{name}']]"
        return self.wait().until(EC.element_to_be_clickable((By.XPATH, xpath)))

    def labelled(self, label: str) -> WebElement:
        return self.find(f'[aria-label="{label}"]')

    def see_text(self, css: str, text: str, timeout: float = WAIT_S) -> None:
        self.wait(timeout).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, css), text))

    def texts(self, css: str) -> list[str]:
        return [el.text for el in self.all(css)]

    def go(self, hash_route: str) -> None:
        """Navigates within the app and waits until that screen has rendered."""
        self.driver.execute_script("location.hash = arguments[0]", hash_route)
        self.wait().until(
            lambda d: d.execute_script("return document.getElementById('view').dataset.route") == hash_route
        )

    def settled(self) -> None:
        """Waits until no transition or finite animation runs (a sheet sliding in, a toast)."""
        self.wait().until(
            lambda d: d.execute_script(
                "return document.getAnimations().every(a => a.playState !== 'running' || a.effect.getTiming().iterations === Infinity)"
            )
        )

    def sheet(self) -> WebElement:
        """The open sheet, once it has finished sliding in."""
        sheet = self.find(".sheet.open")
        self.settled()
        return sheet

    def set_time(self, element: WebElement, hhmm: str) -> None:
        """Sets a time input as its picker would: typing into it differs from one locale's clock to another's."""
        self.driver.execute_script(
            "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change', {bubbles: true}))",
            element,
            hhmm,
        )

    def screenshot(self, name: str) -> Path:
        """Saves the viewport as `<name>-<size>.png` once the sheet and toast animations settle."""
        self.driver.execute_script("return document.fonts.ready")
        self.settled()
        path = self.shots / f"{name}-{self.size}.png"
        self.driver.save_screenshot(str(path))
        return path


def make_driver(size: str, timezone: str | None = None) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    # The console is kept, so a test can tell that the content security policy blocked nothing.
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--hide-scrollbars"):
        options.add_argument(flag)
    if size == "phone":
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": PHONE})
    else:
        options.add_argument(f"--window-size={DESKTOP[0]},{DESKTOP[1]}")
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    if timezone:
        driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": timezone})
    return driver


def pressed_days(browser: Browser) -> list[str]:
    """The workday toggles that are on (onboarding, Settings), by their accessible names."""
    toggles = browser.all('[role="group"][aria-label="Workdays"] button')
    return [t.get_attribute("aria-label") for t in toggles if t.get_attribute("aria-pressed") == "true"]


def signed_in(browser: Browser, person: Person, route: str = "#/home") -> None:
    """Opens the app as `person`, who signed in on this browser before."""
    browser.open("/manifest.webmanifest")
    browser.driver.execute_script("localStorage.setItem('kairos.token', arguments[0])", person.token)
    browser.open(f"/{route}")
    browser.wait().until(lambda d: d.execute_script("return document.getElementById('view').dataset.route") == route)


def policy_violations(driver: webdriver.Chrome) -> list[str]:
    """Console messages since the last call saying the content security policy refused something."""
    return [
        entry["message"]
        for entry in driver.get_log("browser")
        if "Content Security Policy" in entry["message"] or "Refused to" in entry["message"]
    ]
