"""A local Web Push service on 127.0.0.1, checking each request as a browser vendor's push service does.

It makes real subscriptions (its own P-256 key pair and auth secret per subscription, as a browser would), and
takes ``POST /push/<id>`` only when all of this holds, else it answers as a push service would and records a
rejection:

* ``Authorization: vapid t=<JWT>, k=<key>`` (RFC 8292): an ES256 JWT whose signature verifies with ``k``
  (and ``k`` is ``expected_key`` when one is set), ``aud`` is this service's origin, ``exp`` is in the future
  and at most 24 hours ahead, ``sub`` is a ``mailto:`` or ``https:`` contact. Absent: 401; invalid: 403.
* ``TTL`` is present and a non-negative integer; ``Urgency`` and ``Topic``, when sent, are valid (RFC 8030).
* ``Content-Encoding: aes128gcm``, a body of at most 4096 bytes that decrypts (RFC 8291, with ``http_ece``)
  to JSON (or to nothing).

Usage::

    with PushService(expected_key=server_vapid_public_key) as push:
        subscription = push.subscribe()
        body = subscription.json            # what the browser's PushSubscription.toJSON() gives
        push.answer(subscription.id, 429, retry_after=2)   # scripted answers, one per request, in order
        ...                                  # after the script: 201 Created
        push.wait_for(1, timeout=10)         # accepted messages, all subscriptions (or subscription_id=...)
        assert push.messages(subscription.id)[0].payload == {"title": "Dentist"}
        assert [a.status for a in push.attempts(subscription.id)] == [429, 201]
        assert push.rejections == []

``push.gone(subscription.id)`` makes the subscription answer 410 Gone from then on, as one the browser has
dropped does.
"""

from __future__ import annotations

import base64
import json
import os
import re
import threading
import time
import uuid
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, utils

MAX_BODY = 4096
MAX_TOKEN_LIFETIME_S = 24 * 3600
URGENCIES = ("very-low", "low", "normal", "high")
_TOPIC = re.compile(r"[A-Za-z0-9_-]{1,32}")
_REASONS = {
    201: "Created", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
    405: "Method Not Allowed", 410: "Gone", 413: "Payload Too Large", 429: "Too Many Requests",
    500: "Internal Server Error", 503: "Service Unavailable",
}


def b64url(data: bytes) -> str:
    """``data`` in base64url without padding, as browsers write subscription keys."""
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def b64url_decode(text: str) -> bytes:
    """The bytes of base64url ``text``, with or without padding; ValueError when it is not base64url."""
    if not re.fullmatch(r"[A-Za-z0-9_-]*={0,2}", text):
        raise ValueError("not base64url")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass(frozen=True)
class Subscription:
    """One browser's subscription: the public half goes to the server, the private half stays here."""

    id: str
    endpoint: str
    private_key: ec.EllipticCurvePrivateKey
    auth_secret: bytes

    @property
    def p256dh(self) -> str:
        point = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return b64url(point)

    @property
    def auth(self) -> str:
        return b64url(self.auth_secret)

    @property
    def json(self) -> dict[str, Any]:
        """The browser's ``PushSubscription.toJSON()``."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


@dataclass(frozen=True)
class Message:
    """A request that passed every check: its lower-case headers, decrypted JSON payload and the answer given."""

    subscription_id: str
    headers: dict[str, str]
    payload: Any
    plaintext: bytes
    claims: dict[str, Any]
    status: int
    received_at: float = field(default_factory=time.time)


@dataclass(frozen=True)
class Rejection:
    """A request a push service would refuse, with the status answered and why."""

    subscription_id: str | None
    status: int
    reason: str
    headers: dict[str, str]
    received_at: float = field(default_factory=time.time)


@dataclass(frozen=True)
class _Answer:
    status: int
    retry_after: int | None


class _Refused(Exception):
    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


class PushService:
    """The push service; see the module's documentation."""

    def __init__(self, expected_key: str | None = None) -> None:
        #: The VAPID public key (base64url) every request must be signed with; None takes any valid key.
        self.expected_key = expected_key
        #: Seconds a message waits, taken and recorded, before its answer goes back: a slow push service.
        self.answer_delay = 0.0
        self._lock = threading.Condition()
        self._subscriptions: dict[str, Subscription] = {}
        self._script: dict[str, deque[_Answer]] = {}
        self._gone: set[str] = set()
        self._attempts: list[Message] = []
        self._rejections: list[Rejection] = []
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # Lifecycle

    def __enter__(self) -> PushService:
        self.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()

    def start(self) -> None:
        """Starts serving on a free port of 127.0.0.1."""
        handler = type("PushServiceHandler", (_Handler,), {"push": self})
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        server.daemon_threads = True
        self._server = server
        # A short poll makes stop() quick: shutdown() waits for the serving loop to look again.
        self._thread = threading.Thread(
            target=server.serve_forever, args=(0.02,), name="fake-push-service", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        if self._server is None:
            return
        self._server.shutdown()
        self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._server = None

    @property
    def origin(self) -> str:
        """``http://127.0.0.1:<port>``: the ``aud`` every VAPID token must name."""
        assert self._server is not None, "start the push service first"
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    # For tests

    def subscribe(self) -> Subscription:
        """A new subscription with its own key pair and auth secret, as a browser makes one."""
        subscription_id = uuid.uuid4().hex
        subscription = Subscription(
            id=subscription_id, endpoint=f"{self.origin}/push/{subscription_id}",
            private_key=ec.generate_private_key(ec.SECP256R1()), auth_secret=os.urandom(16))
        with self._lock:
            self._subscriptions[subscription_id] = subscription
            self._script[subscription_id] = deque()
        return subscription

    def answer(self, subscription_id: str, status: int, retry_after: int | None = None, times: int = 1) -> None:
        """The next ``times`` valid requests to the subscription are answered ``status`` (with ``Retry-After``
        when given) instead of 201: 404 or 410 for a subscription that is gone, 429 or 503 for a busy service."""
        with self._lock:
            self._script[subscription_id].extend([_Answer(status, retry_after)] * times)

    def gone(self, subscription_id: str) -> None:
        """From now on the subscription answers 410 Gone, as one the browser dropped does."""
        with self._lock:
            self._gone.add(subscription_id)

    def messages(self, subscription_id: str | None = None) -> list[Message]:
        """The messages accepted (answered 2xx), oldest first, for one subscription or all."""
        return [m for m in self.attempts(subscription_id) if 200 <= m.status < 300]

    def attempts(self, subscription_id: str | None = None) -> list[Message]:
        """Every request that passed the checks, whatever it was answered, oldest first."""
        with self._lock:
            return [m for m in self._attempts if subscription_id in (None, m.subscription_id)]

    @property
    def rejections(self) -> list[Rejection]:
        """Requests refused for failing a check, oldest first."""
        with self._lock:
            return list(self._rejections)

    def wait_for(self, count: int, timeout: float = 10.0, subscription_id: str | None = None) -> list[Message]:
        """The accepted messages once there are at least ``count``; fails with what arrived after ``timeout``."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while len(accepted := self._accepted(subscription_id)) < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(
                        f"the push service accepted {len(accepted)} of {count} messages within {timeout} s; "
                        f"rejected: {[r.reason for r in self._rejections]}")
                self._lock.wait(left)
            return accepted

    def _accepted(self, subscription_id: str | None) -> list[Message]:
        return [m for m in self._attempts
                if subscription_id in (None, m.subscription_id) and 200 <= m.status < 300]

    # Serving (called on the server's threads)

    def _handle(self, handler: _Handler) -> None:
        headers = {name.lower(): value for name, value in handler.headers.items()}
        length = int(headers.get("content-length") or 0)
        body = handler.rfile.read(length) if length else b""
        if len(body) < length:
            # The sender went away mid-request (a killed server): a push service takes nothing from it.
            handler.close_connection = True
            return
        match = re.fullmatch(r"/push/([0-9a-f]+)", handler.path)
        subscription_id = match.group(1) if match else None
        try:
            if handler.command != "POST":
                raise _Refused(405, "push messages are sent with POST")
            with self._lock:
                subscription = self._subscriptions.get(subscription_id or "")
            if subscription is None:
                raise _Refused(404, f"no subscription at {handler.path}")
            claims = self._check_vapid(headers)
            self._check_headers(headers, body)
            plaintext = self._decrypt(subscription, body)
            payload = self._payload(plaintext)
        except _Refused as refused:
            with self._lock:
                self._rejections.append(Rejection(subscription_id, refused.status, refused.reason, headers))
                self._lock.notify_all()
            _reply(handler, refused.status, refused.reason.encode())
            return
        with self._lock:
            script = self._script[subscription.id]
            answer = (_Answer(410, None) if subscription.id in self._gone
                      else script.popleft() if script else _Answer(201, None))
            self._attempts.append(Message(subscription.id, headers, payload, plaintext, claims, answer.status))
            self._lock.notify_all()
        if self.answer_delay:
            time.sleep(self.answer_delay)
        extra = {"Location": f"/message/{uuid.uuid4().hex}"} if answer.status == 201 else {}
        if answer.retry_after is not None:
            extra["Retry-After"] = str(answer.retry_after)
        _reply(handler, answer.status, b"" if answer.status == 201 else _REASONS.get(answer.status, "").encode(),
               extra)

    def _check_vapid(self, headers: dict[str, str]) -> dict[str, Any]:
        authorization = headers.get("authorization")
        if not authorization:
            raise _Refused(401, "no Authorization header: send vapid t=<JWT>, k=<public key> (RFC 8292)")
        scheme, _, rest = authorization.partition(" ")
        if scheme.lower() != "vapid":
            raise _Refused(401, f"the Authorization scheme is {scheme!r}, not vapid (RFC 8292)")
        params = dict(part.strip().partition("=")[::2] for part in rest.split(","))
        token, key_text = params.get("t"), params.get("k")
        if not token or not key_text:
            raise _Refused(401, "the vapid Authorization needs both t=<JWT> and k=<public key>")
        try:
            public_key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64url_decode(key_text))
        except ValueError:
            raise _Refused(403, "k is not a P-256 public key as an uncompressed point in base64url") from None
        parts = token.split(".")
        if len(parts) != 3:
            raise _Refused(403, "t is not a JWT in compact form (header.claims.signature)")
        try:
            header = json.loads(b64url_decode(parts[0]))
            claims = json.loads(b64url_decode(parts[1]))
            signature = b64url_decode(parts[2])
        except ValueError:
            raise _Refused(403, "the JWT's parts are not base64url JSON") from None
        if not isinstance(header, dict) or header.get("alg") != "ES256" or header.get("typ", "JWT") != "JWT":
            raise _Refused(403, f"the JWT header must be typ JWT and alg ES256, not {header}")
        if len(signature) != 64:
            raise _Refused(403, f"an ES256 signature is r and s, 64 bytes, not {len(signature)}")
        der = utils.encode_dss_signature(int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big"))
        try:
            public_key.verify(der, f"{parts[0]}.{parts[1]}".encode(), ec.ECDSA(hashes.SHA256()))
        except InvalidSignature:
            raise _Refused(403, "the JWT's signature does not verify with k") from None
        if self.expected_key is not None and key_text != self.expected_key:
            raise _Refused(403, "k is not the application server key the subscription was made with")
        if not isinstance(claims, dict):
            raise _Refused(403, "the JWT's claims are not a JSON object")
        if claims.get("aud") != self.origin:
            raise _Refused(403, f"aud is {claims.get('aud')!r}, not this push service's origin {self.origin}")
        expires, now = claims.get("exp"), time.time()
        if not isinstance(expires, int) or isinstance(expires, bool):
            raise _Refused(403, "exp must be a number of seconds since 1970")
        if expires <= now:
            raise _Refused(403, f"the token expired {int(now - expires)} s ago")
        if expires > now + MAX_TOKEN_LIFETIME_S:
            raise _Refused(403, "exp is more than 24 hours ahead")
        subject = claims.get("sub")
        if not isinstance(subject, str) or not subject.startswith(("mailto:", "https:")):
            raise _Refused(403, f"sub must be a mailto: or https: contact, not {subject!r}")
        return claims

    def _check_headers(self, headers: dict[str, str], body: bytes) -> None:
        ttl = headers.get("ttl")
        if ttl is None:
            raise _Refused(400, "no TTL header: say how many seconds to keep the message (RFC 8030 §5.2)")
        if not ttl.isdigit():
            raise _Refused(400, f"TTL must be a non-negative integer, not {ttl!r}")
        urgency = headers.get("urgency")
        if urgency is not None and urgency not in URGENCIES:
            raise _Refused(400, f"Urgency must be one of {', '.join(URGENCIES)}, not {urgency!r}")
        topic = headers.get("topic")
        if topic is not None and not _TOPIC.fullmatch(topic):
            raise _Refused(400, f"Topic must be 1 to 32 base64url characters, not {topic!r}")
        encoding = headers.get("content-encoding")
        if body and encoding != "aes128gcm":
            raise _Refused(400, f"Content-Encoding must be aes128gcm (RFC 8291), not {encoding!r}")
        if len(body) > MAX_BODY:
            raise _Refused(413, f"the body is {len(body)} bytes; a push service takes {MAX_BODY}")

    @staticmethod
    def _decrypt(subscription: Subscription, body: bytes) -> bytes:
        if not body:
            return b""
        try:
            return http_ece.decrypt(
                body, private_key=subscription.private_key, auth_secret=subscription.auth_secret,
                version="aes128gcm")
        except Exception as error:
            raise _Refused(400, f"the body does not decrypt for this subscription (RFC 8291): {error}") from None

    @staticmethod
    def _payload(plaintext: bytes) -> Any:
        if not plaintext:
            return None
        try:
            return json.loads(plaintext)
        except ValueError:
            raise _Refused(400, f"the decrypted payload is not JSON: {plaintext[:80]!r}") from None


def _reply(handler: _Handler, status: int, body: bytes, headers: dict[str, str] | None = None) -> None:
    handler.send_response(status, _REASONS.get(status))
    for name, value in (headers or {}).items():
        handler.send_header(name, value)
    handler.send_header("Content-Type", "text/plain; charset=utf-8")
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    push: PushService

    def handle(self) -> None:
        try:
            super().handle()
        except ConnectionError:
            # A sender closing a kept-alive connection, or going away mid-answer, ends only that connection.
            self.close_connection = True

    def do_POST(self) -> None:
        self.push._handle(self)

    do_GET = do_PUT = do_DELETE = do_POST

    def log_message(self, format: str, *args: Any) -> None:
        pass
