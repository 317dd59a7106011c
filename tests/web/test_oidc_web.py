"""Signing in with the identity provider in Chromium at phone size: the sign-in screen's "Sign in with ..."
button goes to a local OpenID provider (tests/conformance/oidc_provider.py), which approves at once, and the
app comes back signed in; a refused sign-in comes back to the sign-in screen saying why."""

from __future__ import annotations

import importlib.util
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from .webapp import REPO, Browser, KairosServer, make_driver, policy_violations, server

_spec = importlib.util.spec_from_file_location("kairos_oidc_provider", REPO / "tests/conformance/oidc_provider.py")
oidc_provider = sys.modules.setdefault(_spec.name, importlib.util.module_from_spec(_spec))
_spec.loader.exec_module(oidc_provider)


@pytest.fixture
def provider() -> Iterator[object]:
    started = oidc_provider.OIDCProvider(
        user=oidc_provider.ProviderUser(f"sub-{uuid.uuid4().hex}", f"grace-{uuid.uuid4().hex[:8]}@example.com",
                                        name="Grace Hopper"))
    started.start()
    yield started
    started.stop()


@pytest.fixture
def oidc_server(tmp_path: Path, provider) -> Iterator[KairosServer]:
    address = KairosServer(host="127.0.0.1", port=server.free_port())
    provider.redirect_uri = f"{address.url}/api/v1/auth/oidc/callback"
    (tmp_path / "data").mkdir()
    (tmp_path / "logs").mkdir()
    proc = server.launch(
        address, tmp_path / "data", tmp_path / "logs",
        extra_args=("--web", str(REPO / "web"), "--public-url", address.url),
        env={"KAIROS_OIDC_ISSUER": provider.issuer, "KAIROS_OIDC_CLIENT_ID": provider.client_id,
             "KAIROS_OIDC_CLIENT_SECRET": provider.client_secret, "KAIROS_OIDC_NAME": "Test ID"},
    )
    try:
        yield address
    finally:
        server.stop(proc)


@pytest.fixture
def phone(oidc_server: KairosServer, screenshot_dir: Path, request: pytest.FixtureRequest) -> Iterator[Browser]:
    driver = make_driver("phone", timezone="Europe/Paris")
    try:
        yield Browser(driver, oidc_server.url, "phone", screenshot_dir, request.node.name)
        assert policy_violations(driver) == []
    finally:
        driver.quit()


def route(browser: Browser) -> str | None:
    return browser.driver.execute_script("return document.getElementById('view').dataset.route")


def test_the_button_signs_in_with_the_provider(phone: Browser, provider, oidc_server) -> None:
    phone.open("/#/signin")
    button = phone.wait().until(lambda d: d.find_element("link text", "Sign in with Test ID"))
    phone.screenshot("60-sign-in-with-provider")
    button.click()
    phone.wait().until(lambda d: route(phone) == "#/home")
    token = phone.driver.execute_script("return localStorage.getItem('kairos.token')")
    assert token and token.startswith("kai_")
    assert "/#/oidc/" not in phone.driver.current_url  # the one-time code does not stay in the address
    phone.screenshot("61-signed-in-with-provider")
    me = server.raw_client(oidc_server, token).get("/user").json()
    assert me["email"] == provider.user.email and me["name"] == "Grace Hopper"


def test_an_unverified_email_comes_back_to_sign_in_with_the_reason(phone: Browser, provider) -> None:
    provider.user.email_verified = False
    phone.open("/#/signin")
    phone.wait().until(lambda d: d.find_element("link text", "Sign in with Test ID")).click()
    phone.see_text(".auth .form-error", "no verified email")
    assert phone.driver.execute_script("return location.hash") == "#/signin"
    assert phone.driver.execute_script("return localStorage.getItem('kairos.token')") is None
    phone.screenshot("62-provider-sign-in-refused")
