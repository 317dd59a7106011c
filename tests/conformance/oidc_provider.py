"""A local OpenID Connect provider that signs real ID tokens, for driving Kairos' sign-in end to end.

It serves a discovery document, ``/authorize`` (approving at once as the configured user; with
``response_mode=form_post`` it answers with an auto-submitting form, as Sign in with Apple does), ``/token``
(checking the PKCE S256 verifier, the redirect URI, single use of each code, and the client's secret: the
shared one, or for the Apple variant an ES256 client-assertion JWT checked against the team's public key) and
``/jwks``. ID tokens are signed with RS256 or ES256. ``attack`` makes the next tokens misbehave the ways a
forger or a replay would: ``wrong_aud``, ``expired``, ``bad_signature``, ``alg_none``, ``replay_nonce``.
"""

from __future__ import annotations

import base64
import html
import json
import secrets
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, unquote, urlencode, urlsplit

from authlib.oauth2.rfc7636 import create_s256_code_challenge
from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import ECKey, KeySet, RSAKey


@dataclass
class ProviderUser:
    """The person the provider signs in as."""

    subject: str
    email: str
    email_verified: Any = True
    name: str | None = "Ada Lovelace"


@dataclass
class AppleClient:
    """Sign in with Apple's way of authenticating the client: an ES256 JWT signed with the team's key."""

    team_id: str
    key_id: str
    key: ECKey

    def private_pem(self) -> bytes:
        return self.key.as_pem(private=True)


@dataclass
class OIDCProvider:
    client_id: str = "kairos-test"
    client_secret: str = "s3cret-for-tests"
    redirect_uri: str = ""
    algorithm: str = "RS256"
    apple: AppleClient | None = None
    user: ProviderUser = field(default_factory=lambda: ProviderUser("sub-1", "ada@example.com"))
    attack: str | None = None
    issuer: str = ""
    codes: dict[str, dict[str, Any]] = field(default_factory=dict)
    nonces_seen: list[str] = field(default_factory=list)
    token_requests: list[dict[str, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rsa = RSAKey.generate_key(2048, parameters={"kid": "rsa-1", "use": "sig", "alg": "RS256"})
        self.ec = ECKey.generate_key("P-256", parameters={"kid": "ec-1", "use": "sig", "alg": "ES256"})
        # Same key ids, other keys: what a forger without the provider's keys can sign with.
        self.forged_rsa = RSAKey.generate_key(2048, parameters={"kid": "rsa-1"})
        self.forged_ec = ECKey.generate_key("P-256", parameters={"kid": "ec-1"})
        self._server: ThreadingHTTPServer | None = None

    # Lifecycle

    def start(self) -> "OIDCProvider":
        provider = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # quiet
                pass

            def do_GET(self) -> None:
                provider._handle(self, "GET")

            def do_POST(self) -> None:
                provider._handle(self, "POST")

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.issuer = f"http://127.0.0.1:{self._server.server_address[1]}"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server:
            self._server.shutdown()
            self._server.server_close()

    # Documents

    def discovery(self) -> dict[str, Any]:
        return {
            "issuer": self.issuer,
            "authorization_endpoint": f"{self.issuer}/authorize",
            "token_endpoint": f"{self.issuer}/token",
            "jwks_uri": f"{self.issuer}/jwks",
            "response_types_supported": ["code"],
            "response_modes_supported": ["query", "form_post"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256", "ES256"],
            "code_challenge_methods_supported": ["S256"],
            "token_endpoint_auth_methods_supported": ["client_secret_post", "client_secret_basic"],
        }

    def jwks(self) -> dict[str, Any]:
        return KeySet([self.rsa, self.ec]).as_dict(private=False)

    # Requests

    def _handle(self, request: BaseHTTPRequestHandler, method: str) -> None:
        url = urlsplit(request.path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        if method == "GET" and url.path == "/.well-known/openid-configuration":
            return _json(request, 200, self.discovery())
        if method == "GET" and url.path == "/jwks":
            return _json(request, 200, self.jwks())
        if method == "GET" and url.path == "/authorize":
            return self._authorize(request, query)
        if method == "POST" and url.path == "/token":
            length = int(request.headers.get("Content-Length") or 0)
            form = {k: v[0] for k, v in parse_qs(request.rfile.read(length).decode()).items()}
            return self._token(request, form)
        _json(request, 404, {"error": "not_found"})

    def _authorize(self, request: BaseHTTPRequestHandler, query: dict[str, str]) -> None:
        problem = None
        if query.get("client_id") != self.client_id:
            problem = "unknown client_id"
        elif query.get("redirect_uri") != self.redirect_uri:
            problem = f"redirect_uri {query.get('redirect_uri')} is not registered"
        elif query.get("response_type") != "code":
            problem = "response_type must be code"
        elif query.get("code_challenge_method") != "S256" or not query.get("code_challenge"):
            problem = "PKCE S256 is required"
        elif "openid" not in query.get("scope", "").split():
            problem = "scope must include openid"
        elif not query.get("nonce") or not query.get("state"):
            problem = "nonce and state are required"
        if problem:
            return _json(request, 400, {"error": "invalid_request", "error_description": problem})
        code = secrets.token_urlsafe(24)
        self.codes[code] = {
            "challenge": query["code_challenge"], "nonce": query["nonce"], "redirect_uri": query["redirect_uri"],
            "user": self.user, "used": False,
        }
        self.nonces_seen.append(query["nonce"])
        answer = {"code": code, "state": query["state"]}
        if query.get("response_mode") == "form_post":
            if self.apple and self.user.name:
                first, _, last = self.user.name.partition(" ")
                answer["user"] = json.dumps({"name": {"firstName": first, "lastName": last}, "email": self.user.email})
            inputs = "".join(
                f'<input type="hidden" name="{html.escape(k)}" value="{html.escape(v)}">' for k, v in answer.items()
            )
            page = (
                f'<!doctype html><html><body><form id="back" method="post" action="{html.escape(self.redirect_uri)}">'
                f'{inputs}</form><script>document.getElementById("back").submit()</script></body></html>'
            )
            body = page.encode()
            request.send_response(200)
            request.send_header("Content-Type", "text/html; charset=utf-8")
            request.send_header("Content-Length", str(len(body)))
            request.end_headers()
            request.wfile.write(body)
            return
        request.send_response(302)
        request.send_header("Location", f"{self.redirect_uri}?{urlencode(answer)}")
        request.send_header("Content-Length", "0")
        request.end_headers()

    def _token(self, request: BaseHTTPRequestHandler, form: dict[str, str]) -> None:
        self.token_requests.append(form)
        client_problem = self._client_problem(request, form)
        if client_problem:
            return _json(request, 401, {"error": "invalid_client", "error_description": client_problem})
        grant = self.codes.get(form.get("code", ""))
        if form.get("grant_type") != "authorization_code" or grant is None or grant["used"]:
            return _json(request, 400, {"error": "invalid_grant", "error_description": "unknown or used code"})
        grant["used"] = True
        if form.get("redirect_uri") != grant["redirect_uri"]:
            return _json(request, 400, {"error": "invalid_grant", "error_description": "redirect_uri differs"})
        if create_s256_code_challenge(form.get("code_verifier", "")) != grant["challenge"]:
            return _json(request, 400, {"error": "invalid_grant", "error_description": "PKCE verifier does not match"})
        id_token = self.id_token(grant["user"], grant["nonce"])
        _json(request, 200, {"access_token": secrets.token_urlsafe(16), "token_type": "Bearer", "expires_in": 300,
                             "id_token": id_token})

    def _client_problem(self, request: BaseHTTPRequestHandler, form: dict[str, str]) -> str | None:
        """Why the client's authentication fails, or None."""
        if self.apple:
            assertion = form.get("client_secret", "")
            try:
                token = jwt.decode(assertion, self.apple.key, algorithms=["ES256"])
            except (JoseError, ValueError) as error:
                return f"client_secret is not a JWT signed by the team's key: {error}"
            if token.header.get("kid") != self.apple.key_id:
                return "client_secret names another key id"
            claims = token.claims
            registry = jwt.JWTClaimsRegistry(
                iss={"essential": True, "value": self.apple.team_id},
                sub={"essential": True, "value": self.client_id},
                aud={"essential": True, "value": self.issuer},
                exp={"essential": True},
            )
            try:
                registry.validate(claims)
            except JoseError as error:
                return f"client_secret claims do not hold: {error}"
            return None if form.get("client_id") == self.client_id else "unknown client_id"
        authorization = request.headers.get("Authorization", "")
        if authorization.startswith("Basic "):
            client_id, _, secret = base64.b64decode(authorization[6:]).decode().partition(":")
            pair = (unquote(client_id), unquote(secret))
        else:
            pair = (form.get("client_id"), form.get("client_secret"))
        return None if pair == (self.client_id, self.client_secret) else "wrong client id or secret"

    # Tokens

    def id_token(self, user: ProviderUser, nonce: str) -> str:
        now = int(time.time())
        claims: dict[str, Any] = {
            "iss": self.issuer, "sub": user.subject, "aud": self.client_id, "iat": now, "exp": now + 300,
            "nonce": nonce, "email": user.email, "email_verified": user.email_verified,
        }
        if user.name and not self.apple:
            claims["name"] = user.name
        key = self.ec if self.algorithm == "ES256" else self.rsa
        if self.attack == "wrong_aud":
            claims["aud"] = "someone-else"
        elif self.attack == "expired":
            claims["iat"], claims["exp"] = now - 1200, now - 600
        elif self.attack == "replay_nonce":
            claims["nonce"] = self.nonces_seen[0]
        elif self.attack == "bad_signature":
            key = self.forged_ec if self.algorithm == "ES256" else self.forged_rsa
        elif self.attack == "alg_none":
            return f"{_b64({'alg': 'none', 'typ': 'JWT'})}.{_b64(claims)}."
        return jwt.encode({"alg": self.algorithm, "kid": key.kid, "typ": "JWT"}, claims, key)


def _b64(value: dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(value).encode()).rstrip(b"=").decode()


def _json(request: BaseHTTPRequestHandler, status: int, body: dict[str, Any]) -> None:
    data = json.dumps(body).encode()
    request.send_response(status)
    request.send_header("Content-Type", "application/json")
    request.send_header("Cache-Control", "no-store")
    request.send_header("Content-Length", str(len(data)))
    request.end_headers()
    request.wfile.write(data)
