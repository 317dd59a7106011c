"""Receivers for Kairos' outgoing hooks, written from the published contracts, not from Kairos' code:

* ``JSONHookReceiver`` takes the signed JSON POSTs of a ``json`` hook and checks ``Kairos-Signature`` with
  Python's ``hmac`` (HMAC-SHA256 of ``<Kairos-Timestamp>.<raw body>``, keyed with the hook's secret).
* ``NtfyReceiver`` takes ntfy's JSON publish (POST to the server's root) and validates it the way an ntfy
  server does: the topic against ``[-_A-Za-z0-9]{1,64}``, priority 1-5, tags as a string list, at most three
  actions each with a known ``action``, a ``label`` and, for ``view`` and ``http``, a ``url``; a protected
  topic needs its access token as ``Authorization: Bearer``. It answers errors as ntfy does
  (``{"code", "http", "error"}``) and keeps the messages it accepted.

Each listens on 127.0.0.1 on a free port, in a thread, while used as a context manager.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import threading
import time
import uuid
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

NTFY_TOPIC = re.compile(r"^[-_A-Za-z0-9]{1,64}$")
NTFY_ACTIONS = {"view", "broadcast", "http"}
NTFY_ACTIONS_WITH_URL = {"view", "http"}
NTFY_MAX_ACTIONS = 3


@dataclass
class Received:
    """One request as it arrived."""

    method: str
    path: str
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


def signature_is_valid(secret: str, request: Received, *, tolerance_s: float = 300.0) -> bool:
    """Whether `request` carries a fresh `Kairos-Signature` made with `secret`, checked as a receiver would."""
    timestamp = request.headers.get("kairos-timestamp", "")
    signature = request.headers.get("kairos-signature", "")
    if not timestamp.isdigit() or not signature.startswith("sha256="):
        return False
    if abs(time.time() - int(timestamp)) > tolerance_s:
        return False
    expected = hmac.new(secret.encode(), timestamp.encode() + b"." + request.body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(signature, "sha256=" + expected)


class _Receiver:
    """A small HTTP server in a thread that hands each POST to `handle`."""

    def __init__(self) -> None:
        self.received: list[Received] = []
        self._lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's spelling)
                length = int(self.headers.get("Content-Length") or 0)
                request = Received(
                    method="POST", path=self.path,
                    headers={name.lower(): value for name, value in self.headers.items()},
                    body=self.rfile.read(length),
                )
                with receiver._lock:
                    receiver.received.append(request)
                status, answer = receiver.handle(request)
                data = json.dumps(answer).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def handle(self, request: Received) -> tuple[int, Any]:
        raise NotImplementedError

    def __enter__(self) -> _Receiver:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)


class JSONHookReceiver(_Receiver):
    """Takes a `json` hook's POSTs and answers `status` (200 unless told otherwise)."""

    def __init__(self, status: int = 200) -> None:
        super().__init__()
        self.status = status

    def handle(self, request: Received) -> tuple[int, Any]:
        return self.status, {"ok": self.status < 300}


@dataclass
class NtfyMessage:
    """A message an ntfy server accepted, as it would keep it."""

    topic: str
    title: str
    message: str
    priority: int
    tags: list[str]
    click: str
    actions: list[dict[str, Any]] = field(default_factory=list)


class NtfyError(Exception):
    def __init__(self, status: int, code: int, text: str) -> None:
        super().__init__(text)
        self.status, self.code, self.text = status, code, text


class NtfyReceiver(_Receiver):
    """An ntfy-like server under `prefix` (its root; "/" for ntfy.sh's shape). `tokens` protects topics: a
    publish to one needs `Authorization: Bearer <its token>`."""

    def __init__(self, prefix: str = "/", tokens: dict[str, str] | None = None) -> None:
        super().__init__()
        self.prefix = prefix
        self.tokens = tokens or {}
        self.messages: list[NtfyMessage] = []

    def topic_url(self, topic: str) -> str:
        return f"{self.url}{self.prefix}{topic}"

    def handle(self, request: Received) -> tuple[int, Any]:
        try:
            if request.path != self.prefix:
                raise NtfyError(404, 40401, "a JSON publish goes to the server's root, not to a topic's URL")
            message = self.parse(request)
        except NtfyError as error:
            return error.status, {"code": error.code, "http": error.status, "error": error.text}
        self.messages.append(message)
        return 200, {
            "id": uuid.uuid4().hex[:12], "time": int(time.time()), "event": "message", "topic": message.topic,
            "title": message.title, "message": message.message,
        }

    def parse(self, request: Received) -> NtfyMessage:
        try:
            body = request.json()
        except ValueError:
            raise NtfyError(400, 40017, "invalid request: request body must be message JSON") from None
        if not isinstance(body, dict):
            raise NtfyError(400, 40017, "invalid request: request body must be message JSON")
        topic = body.get("topic")
        if not isinstance(topic, str) or not NTFY_TOPIC.fullmatch(topic):
            raise NtfyError(400, 40009, "invalid request: topic invalid")
        wanted = self.tokens.get(topic)
        if wanted is not None:
            given = request.headers.get("authorization", "")
            if not given:
                raise NtfyError(401, 40101, "unauthorized")
            if not hmac.compare_digest(given, f"Bearer {wanted}"):
                raise NtfyError(403, 40301, "forbidden")
        for name in ("title", "message", "click"):
            if name in body and not isinstance(body[name], str):
                raise NtfyError(400, 40017, f"invalid request: {name} must be a string")
        priority = body.get("priority", 0)
        if not isinstance(priority, int) or isinstance(priority, bool) or not 0 <= priority <= 5:
            raise NtfyError(400, 40007, "invalid priority")
        tags = body.get("tags", [])
        if not isinstance(tags, list) or not all(isinstance(tag, str) for tag in tags):
            raise NtfyError(400, 40017, "invalid request: tags must be a list of strings")
        actions = body.get("actions", [])
        if not isinstance(actions, list) or len(actions) > NTFY_MAX_ACTIONS:
            raise NtfyError(400, 40018, f"only {NTFY_MAX_ACTIONS} actions allowed")
        for action in actions:
            if not isinstance(action, dict) or action.get("action") not in NTFY_ACTIONS:
                raise NtfyError(400, 40018, "action unknown")
            if not isinstance(action.get("label"), str) or not action["label"]:
                raise NtfyError(400, 40018, "parameter 'label' is required")
            if action["action"] in NTFY_ACTIONS_WITH_URL and not isinstance(action.get("url"), str):
                raise NtfyError(400, 40018, f"parameter 'url' is required for action '{action['action']}'")
            if "clear" in action and not isinstance(action["clear"], bool):
                raise NtfyError(400, 40018, "'clear' must be a boolean")
        return NtfyMessage(
            topic=topic, title=body.get("title", ""), message=body.get("message") or "triggered",
            priority=priority or 3, tags=tags, click=body.get("click", ""), actions=actions,
        )
