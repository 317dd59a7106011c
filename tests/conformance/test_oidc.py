"""Signing in with an OpenID Connect provider, end to end against a live `kairos serve` and a local provider
that signs real tokens (oidc_provider.py): the authorization code flow with PKCE, accounts linked by verified
email only, and the attacks a forger or a replay would try, each refused with no token issued."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import httpx
import pytest
from joserfc.jwk import ECKey

from conftest import KairosServer, free_port, launch, raw_client, sign_up, stop
from oidc_provider import AppleClient, OIDCProvider, ProviderUser

CALLBACK = "/api/v1/auth/oidc/callback"


@dataclass
class Outcome:
    """Where the flow ended: the web app's address, the sign-in code or error code in it, and the token."""

    location: str
    error: str | None
    token: str | None
    callback: str | None = None


def start_server(tmp: Path, provider: OIDCProvider, env: dict[str, str] | None = None) -> tuple[KairosServer, object]:
    server = KairosServer(host="127.0.0.1", port=free_port())
    provider.redirect_uri = server.url + CALLBACK
    (tmp / "data").mkdir()
    (tmp / "logs").mkdir()
    proc = launch(server, tmp / "data", tmp / "logs", env={
        "KAIROS_PUBLIC_URL": server.url,
        "KAIROS_OIDC_ISSUER": provider.issuer,
        "KAIROS_OIDC_CLIENT_ID": provider.client_id,
        "KAIROS_OIDC_CLIENT_SECRET": provider.client_secret,
        "KAIROS_OIDC_NAME": "Test ID",
        **(env or {}),
    })
    return server, proc


@pytest.fixture
def provider() -> Iterator[OIDCProvider]:
    started = OIDCProvider(user=ProviderUser(f"sub-{uuid.uuid4().hex}", f"ada-{uuid.uuid4().hex[:8]}@example.com"))
    started.start()
    yield started
    started.stop()


@pytest.fixture
def kairos(tmp_path: Path, provider: OIDCProvider) -> Iterator[KairosServer]:
    server, proc = start_server(tmp_path, provider)
    try:
        yield server
    finally:
        stop(proc)


class _FormReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.action = ""
        self.fields: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "form":
            self.action = values.get("action") or ""
        elif tag == "input" and values.get("name"):
            self.fields[values["name"]] = values.get("value") or ""


def sign_in(server: KairosServer, browser: httpx.Client | None = None) -> Outcome:
    """Runs the whole flow as a browser would, following each redirect by hand."""
    browser = browser or httpx.Client(timeout=15.0)
    started = browser.get(f"{server.api_url}/auth/oidc/start")
    assert started.status_code == 303, started.text
    authorize = browser.get(started.headers["location"])
    if authorize.status_code == 200:  # form_post: the page would submit this form
        form = _FormReader()
        form.feed(authorize.text)
        assert form.action == server.url + CALLBACK
        back = browser.post(form.action, data=form.fields)
        callback = None
    else:
        assert authorize.status_code == 302, authorize.text
        callback = authorize.headers["location"]
        back = browser.get(callback)
    assert back.status_code == 303, back.text
    location = back.headers["location"]
    assert "eyJ" not in location and "kai_" not in location  # no ID token, no API token
    error = re.fullmatch(re.escape(server.url) + r"/#/oidc/error/([a-z_]+)", location)
    if error:
        return Outcome(location, error.group(1), None, callback)
    code = re.fullmatch(re.escape(server.url) + r"/#/oidc/([A-Za-z0-9_-]{43})", location)
    assert code, location
    confirmed = httpx.post(f"{server.api_url}/auth/oidc/confirm", json={"code": code.group(1)})
    assert confirmed.status_code == 200, confirmed.text
    token = confirmed.json()["token"]
    assert token.startswith("kai_")
    again = httpx.post(f"{server.api_url}/auth/oidc/confirm", json={"code": code.group(1)})
    assert again.status_code == 409, "a sign-in code works once"
    return Outcome(location, None, token, callback)


def me(server: KairosServer, token: str) -> dict:
    response = raw_client(server, token).get("/user")
    assert response.status_code == 200, response.text
    return response.json()


def test_the_sign_in_screen_learns_the_provider_and_a_server_without_one_offers_none(kairos, tmp_path) -> None:
    listed = httpx.get(f"{kairos.api_url}/auth/providers").json()
    assert listed == {"providers": [{"id": "oidc", "name": "Test ID", "start_url": "/api/v1/auth/oidc/start"}]}
    plain = KairosServer(host="127.0.0.1", port=free_port())
    (tmp_path / "plain").mkdir()
    proc = launch(plain, tmp_path / "plain", tmp_path / "plain")
    try:
        assert httpx.get(f"{plain.api_url}/auth/providers").json() == {"providers": []}
        start = httpx.get(f"{plain.api_url}/auth/oidc/start")
        assert start.status_code == 303 and start.headers["location"].endswith("/#/oidc/error/not_configured")
    finally:
        stop(proc)


def test_a_new_person_gets_an_account_and_keeps_it_when_their_email_changes(kairos, provider) -> None:
    first = sign_in(kairos)
    assert first.error is None, first.location
    user = me(kairos, first.token)
    assert user["email"] == provider.user.email and user["name"] == "Ada Lovelace"
    # The identity, not the address, decides: a new address at the provider is still the same person.
    provider.user.email = f"ada-new-{uuid.uuid4().hex[:6]}@example.com"
    again = sign_in(kairos)
    assert me(kairos, again.token)["id"] == user["id"]
    # The account was made without a password; signing up with its address again is refused.
    taken = httpx.post(f"{kairos.api_url}/auth/signup", json={
        "email": user["email"], "password": "long enough password", "name": "Eve"})
    assert taken.status_code == 409


def test_an_existing_account_is_linked_by_a_verified_email(kairos, provider) -> None:
    token, existing = sign_up(kairos, name="Ada")
    provider.user.email = existing["email"].upper()
    outcome = sign_in(kairos)
    assert outcome.error is None
    assert me(kairos, outcome.token)["id"] == existing["id"]


@pytest.mark.parametrize("verified", [False, "false", None])
def test_an_unverified_email_is_refused_and_never_linked(kairos, provider, verified) -> None:
    _, existing = sign_up(kairos, name="Ada")
    provider.user.email = existing["email"]
    provider.user.email_verified = verified
    outcome = sign_in(kairos)
    assert outcome.error == "unverified_email" and outcome.token is None
    # Nor is an account made for an unverified address.
    provider.user = ProviderUser(f"sub-{uuid.uuid4().hex}", f"eve-{uuid.uuid4().hex[:8]}@example.com", verified)
    assert sign_in(kairos).error == "unverified_email"
    made = httpx.post(f"{kairos.api_url}/auth/signup", json={
        "email": provider.user.email, "password": "long enough password", "name": "Eve"})
    assert made.status_code == 201


@pytest.mark.parametrize("attack", ["wrong_aud", "expired", "bad_signature", "alg_none", "replay_nonce"])
@pytest.mark.parametrize("algorithm", ["RS256", "ES256"])
def test_forged_or_replayed_tokens_are_refused(kairos, provider, attack, algorithm) -> None:
    provider.algorithm = algorithm
    if attack == "replay_nonce":  # a first, honest sign-in gives the nonce to replay
        assert sign_in(kairos).error is None
    provider.attack = attack
    outcome = sign_in(kairos)
    assert outcome.error == "invalid_token", outcome.location
    assert outcome.token is None


def test_a_replayed_callback_or_one_in_another_browser_is_refused(kairos, provider) -> None:
    done = sign_in(kairos)
    assert done.error is None and done.callback
    # The same callback again, in the same browser: the state was used.
    replay = httpx.get(done.callback)
    assert replay.status_code == 303 and replay.headers["location"].endswith("/#/oidc/error/stale_attempt")
    # A callback started in one browser and sent to another (login CSRF): refused before the code is exchanged.
    attacker = httpx.Client(timeout=15.0)
    started = attacker.get(f"{kairos.api_url}/auth/oidc/start")
    callback = attacker.get(started.headers["location"]).headers["location"]
    exchanged = len(provider.token_requests)
    victim = httpx.get(callback)
    assert victim.headers["location"].endswith("/#/oidc/error/stale_attempt")
    assert len(provider.token_requests) == exchanged


def test_a_made_up_or_malformed_code_gets_no_token(kairos) -> None:
    for body in ({"code": "x" * 43}, {"code": "short"}, {}):
        answer = httpx.post(f"{kairos.api_url}/auth/oidc/confirm", json=body)
        assert answer.status_code in (400, 404), answer.text
        assert "token" not in answer.json()
    denied = httpx.get(f"{kairos.url}{CALLBACK}?error=access_denied&state=whatever")
    assert denied.headers["location"].endswith("/#/oidc/error/denied")


def test_the_provider_gets_pkce_and_the_client_secret(kairos, provider) -> None:
    assert sign_in(kairos).error is None
    sent = provider.token_requests[-1]
    assert sent["grant_type"] == "authorization_code" and len(sent["code_verifier"]) >= 43
    assert sent["client_secret"] == provider.client_secret


def test_sign_in_with_apple_uses_form_post_and_a_signed_client_secret(tmp_path, provider) -> None:
    apple_key = ECKey.generate_key("P-256")
    provider.apple = AppleClient(team_id="TEAM123456", key_id="KEY1234567", key=apple_key)
    provider.algorithm = "RS256"
    provider.user.email_verified = "true"  # Apple writes it as a string
    key_file = tmp_path / "AuthKey_KEY1234567.p8"
    key_file.write_bytes(provider.apple.private_pem())
    server, proc = start_server(tmp_path, provider, env={
        "KAIROS_OIDC_CLIENT_SECRET": "",
        "KAIROS_OIDC_NAME": "Apple",
        "KAIROS_OIDC_APPLE_KEY_FILE": str(key_file),
        "KAIROS_OIDC_APPLE_KEY_ID": "KEY1234567",
        "KAIROS_OIDC_APPLE_TEAM_ID": "TEAM123456",
    })
    try:
        outcome = sign_in(server)
        assert outcome.error is None, outcome.location
        user = me(server, outcome.token)
        assert user["email"] == provider.user.email
        assert user["name"] == "Ada Lovelace"  # from Apple's one-time `user` field
        assert provider.token_requests[-1]["client_secret"].count(".") == 2
    finally:
        stop(proc)
