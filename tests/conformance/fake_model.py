"""A fake language model vendor on 127.0.0.1, speaking one of the three wire formats Kairos uses.

Each vendor's answers are written as its documentation shows them, byte for byte: status line, headers,
JSON bodies with Content-Length, and server-sent events in chunked encoding, one chunk per event:

* ``anthropic``: ``POST {base}/v1/messages`` (``x-api-key`` or ``Authorization: Bearer``, ``anthropic-version``).
* ``openai``: ``POST {base}/chat/completions`` with ``{base}`` ending in ``/v1`` (``Authorization: Bearer``).
* ``gemini``: ``POST {base}/v1beta/models/{model}:generateContent`` and ``:streamGenerateContent?alt=sse``
  (``x-goog-api-key``); ``/v1/`` too, which the API also serves.

Usage::

    with FakeModel("anthropic") as fake:
        fake.reply_json({"title": "Buy milk"})                  # the next request's structured answer
        fake.reply_text("Hello there", chunks=["Hello", " there"], delay_between=0.05)
        fake.reply_status(429, retry_after=1)
        fake.respond_with(lambda request: "You said: " + request.messages[-1][1])   # after the script
        server = launch(..., env=fake.env(model="claude-sonnet-4-5"))
        ...
        assert fake.wait_for_requests(3, timeout=10)[0].schema is not None
        assert [delta.text for delta in fake.sent_at] == ["Hello", " there"]

Scripted replies are used one per request, in order. After them comes the default: the ``respond_with``
callable's reply, or else a 500 in the vendor's error format saying that no reply was scripted, so an
unexpected call fails loudly. A callable (and ``then`` of ``reply_slow``) may return a ``Reply``, a string
(a text answer) or any other JSON value (a structured answer).
"""

from __future__ import annotations

import json
import re
import socket
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qsl, urlsplit

VENDORS = ("anthropic", "openai", "gemini")

_REASONS = {
    200: "OK", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
    405: "Method Not Allowed", 413: "Payload Too Large", 429: "Too Many Requests",
    500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
    529: "Site Overloaded",
}


# MARK: Requests and replies


@dataclass(frozen=True)
class Request:
    """One request as the fake received it; ``headers`` has lower-case names, ``body`` is the parsed JSON."""

    vendor: str
    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    body: Any
    raw: bytes
    received_at: float

    @property
    def model(self) -> str | None:
        """The model asked for: in the body, or in Gemini's path."""
        if self.vendor == "gemini":
            match = re.fullmatch(r"/v1(?:beta)?/models/([^:/]+):\w+", self.path)
            return match.group(1) if match else None
        return self.body.get("model") if isinstance(self.body, dict) else None

    @property
    def api_key(self) -> str | None:
        """The key the request carried, in whichever header its vendor reads."""
        bearer = self.headers.get("authorization", "")
        bearer_key = bearer[len("Bearer "):] if bearer.startswith("Bearer ") else None
        if self.vendor == "anthropic":
            return self.headers.get("x-api-key") or bearer_key
        if self.vendor == "openai":
            return bearer_key
        return self.headers.get("x-goog-api-key") or self.query.get("key")

    @property
    def streamed(self) -> bool:
        """Whether the client asked for server-sent events."""
        if self.vendor == "gemini":
            return self.path.endswith(":streamGenerateContent")
        return isinstance(self.body, dict) and self.body.get("stream") is True

    @property
    def system(self) -> str:
        """The system prompt's text ("" when there is none)."""
        body = self.body if isinstance(self.body, dict) else {}
        if self.vendor == "anthropic":
            return _text_of(body.get("system", ""))
        if self.vendor == "openai":
            return "\n".join(
                _text_of(m.get("content", "")) for m in body.get("messages", []) if m.get("role") == "system")
        instruction = body.get("systemInstruction") or body.get("system_instruction") or {}
        return _text_of(instruction.get("parts", []))

    @property
    def messages(self) -> list[tuple[str, str]]:
        """The conversation as (role, text) pairs, roles ``user`` and ``assistant`` for every vendor."""
        body = self.body if isinstance(self.body, dict) else {}
        if self.vendor == "gemini":
            return [
                ("assistant" if c.get("role") == "model" else "user", _text_of(c.get("parts", [])))
                for c in body.get("contents", [])
            ]
        return [
            (m.get("role", ""), _text_of(m.get("content", "")))
            for m in body.get("messages", []) if m.get("role") != "system"
        ]

    @property
    def prompt(self) -> str:
        """The system prompt and every message's text, one per paragraph."""
        return "\n\n".join(text for text in [self.system, *(text for _, text in self.messages)] if text)

    @property
    def response_format(self) -> str | None:
        """How a structured answer is asked for: ``tool`` (Anthropic's forced tool), ``json_schema`` or
        ``json_object`` (OpenAI), ``application/json`` (Gemini); None for plain text."""
        body = self.body if isinstance(self.body, dict) else {}
        if self.vendor == "anthropic":
            return "tool" if _forced_tool(body) else None
        if self.vendor == "openai":
            return (body.get("response_format") or {}).get("type")
        config = body.get("generationConfig") or body.get("generation_config") or {}
        mime = config.get("responseMimeType") or config.get("response_mime_type")
        return mime if mime == "application/json" else None

    @property
    def schema(self) -> Any:
        """The JSON schema the answer must match, as the client sent it; None when it sent none."""
        body = self.body if isinstance(self.body, dict) else {}
        if self.vendor == "anthropic":
            tool = _forced_tool(body)
            return tool.get("input_schema") if tool else None
        if self.vendor == "openai":
            response_format = body.get("response_format") or {}
            return (response_format.get("json_schema") or {}).get("schema")
        config = body.get("generationConfig") or body.get("generation_config") or {}
        for key in ("responseSchema", "response_schema", "responseJsonSchema", "response_json_schema"):
            if key in config:
                return config[key]
        return None


@dataclass(frozen=True)
class SentDelta:
    """One streamed piece of text, when its event was handed to the socket: ``at`` on ``time.monotonic()``, ``wall`` on
    ``time.time()`` (to compare with a browser's clock)."""

    request: int
    text: str
    at: float
    wall: float


@dataclass(frozen=True)
class Reply:
    """What the fake answers one request with; build one with the class methods."""

    kind: str
    text: str = ""
    value: Any = None
    chunks: tuple[str, ...] = ()
    first_delay: float = 0.0
    delay_between: float = 0.0
    status: int = 200
    retry_after: float | str | None = None
    then: Reply | None = None

    @classmethod
    def text_answer(
        cls, text: str, chunks: list[str] | None = None, delay_between: float = 0.0, first_delay: float = 0.0
    ) -> Reply:
        """A text answer: streamed as ``chunks`` (default: word by word) when the request streams."""
        pieces = list(chunks) if chunks is not None else _words(text)
        if "".join(pieces) != text:
            raise ValueError("the chunks must join to the text")
        return cls("text", text=text, chunks=tuple(pieces), delay_between=delay_between, first_delay=first_delay)

    @classmethod
    def json_answer(cls, value: Any) -> Reply:
        """A structured answer in the vendor's shape: a forced tool's ``input``, a message's JSON content,
        or a part's JSON text."""
        return cls("json", value=value)

    @classmethod
    def status_answer(cls, status: int, retry_after: float | str | None = None) -> Reply:
        """The vendor's error body for ``status``, with a ``retry-after`` header when given."""
        if status < 400:
            raise ValueError("an error status is 400 or more")
        return cls("status", status=status, retry_after=retry_after)

    @classmethod
    def malformed(cls, kind: str = "prose") -> Reply:
        """A 200 that breaks its promise: ``prose`` where JSON or a tool call was asked for, or ``truncated``,
        a body (or streamed event) whose JSON stops halfway."""
        if kind not in ("prose", "truncated"):
            raise ValueError("kind is prose or truncated")
        return cls("malformed", text=kind)

    @classmethod
    def slow(cls, seconds: float, then: Reply | str | Any = None) -> Reply:
        """Nothing for ``seconds`` (not even the status line), then ``then`` (default: the next default reply)."""
        return cls("slow", first_delay=seconds, then=None if then is None else as_reply(then))

    @classmethod
    def drop(cls, after_text: str, chunks: list[str] | None = None) -> Reply:
        """Streams ``after_text`` then closes the connection without the closing events (a non-streamed
        request gets half its body)."""
        return cls("drop", text=after_text, chunks=tuple(chunks if chunks is not None else _words(after_text)))

    @classmethod
    def stream_error(cls, status: int, after_text: str = "") -> Reply:
        """Streams ``after_text`` then the vendor's in-stream error for ``status`` (Anthropic's ``error``
        event, an ``{"error"}`` chunk for the others); a non-streamed request gets the status itself."""
        return cls("stream_error", text=after_text, chunks=tuple(_words(after_text)), status=status)


def as_reply(answer: Reply | str | Any) -> Reply:
    """A reply from what a callable returned: a ``Reply``, a string (text), or a JSON value (structured)."""
    if isinstance(answer, Reply):
        return answer
    if isinstance(answer, str):
        return Reply.text_answer(answer)
    return Reply.json_answer(answer)


# MARK: The server


class FakeModel:
    """One vendor's API on a free 127.0.0.1 port, answering scripted replies; use it as a context manager."""

    def __init__(
        self, vendor: str, api_key: str | None = None, refuse_response_formats: tuple[str, ...] = ()
    ) -> None:
        """``api_key``: when set, a request must carry it or gets the vendor's authentication error.
        ``refuse_response_formats``: OpenAI ``response_format`` types answered 400, as some local servers
        answer ``json_schema``."""
        if vendor not in VENDORS:
            raise ValueError(f"vendor is one of {', '.join(VENDORS)}")
        self.vendor = vendor
        self.api_key = api_key
        self.refuse_response_formats = set(refuse_response_formats)
        self._wire = _WIRES[vendor]()
        self._lock = threading.Condition()
        self._script: list[Reply] = []
        self._default: Callable[[Request], Reply | str | Any] | None = None
        self._requests: list[Request] = []
        self._sent: list[SentDelta] = []
        self._connections: set[socket.socket] = set()
        self._closing = threading.Event()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # Lifecycle

    def __enter__(self) -> FakeModel:
        self.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()

    def start(self) -> None:
        """Starts serving on a free port."""
        self._closing.clear()
        server = _Server(("127.0.0.1", 0), _Handler)
        server.fake = self
        self._server = server
        # A short poll makes stop() quick: shutdown() waits for the serving loop to look again.
        self._thread = threading.Thread(
            target=server.serve_forever, args=(0.02,), name=f"fake-{self.vendor}", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stops serving and closes every open connection, ending replies that are still waiting."""
        self._closing.set()
        if self._server is None:
            return
        self._server.shutdown()
        self._server.server_close()
        with self._lock:
            connections = list(self._connections)
        for connection in connections:
            _shut(connection)
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._server = None

    @property
    def port(self) -> int:
        """The port it listens on."""
        if self._server is None:
            raise RuntimeError("the fake model is not started")
        return self._server.server_address[1]

    @property
    def base_url(self) -> str:
        """What ``KAIROS_AI_BASE_URL`` is set to for this vendor."""
        root = f"http://127.0.0.1:{self.port}"
        return root + "/v1" if self.vendor == "openai" else root

    def env(self, model: str = "m", key: str | None = None) -> dict[str, str]:
        """The four ``KAIROS_AI_*`` variables pointing ``kairos serve`` here (the key defaults to the fake's
        ``api_key``, else ``k``)."""
        return {
            "KAIROS_AI_PROVIDER": self.vendor,
            "KAIROS_AI_BASE_URL": self.base_url,
            "KAIROS_AI_API_KEY": key if key is not None else (self.api_key or "k"),
            "KAIROS_AI_MODEL": model,
        }

    # Script

    def reply(self, reply: Reply) -> FakeModel:
        """Adds ``reply`` to the script."""
        with self._lock:
            self._script.append(reply)
        return self

    def reply_json(self, value: Any) -> FakeModel:
        """Scripts a structured answer (see ``Reply.json_answer``)."""
        return self.reply(Reply.json_answer(value))

    def reply_text(
        self, text: str, chunks: list[str] | None = None, delay_between: float = 0.0, first_delay: float = 0.0
    ) -> FakeModel:
        """Scripts a text answer (see ``Reply.text_answer``)."""
        return self.reply(Reply.text_answer(text, chunks, delay_between, first_delay))

    def reply_status(self, status: int, retry_after: float | str | None = None) -> FakeModel:
        """Scripts an error status (see ``Reply.status_answer``)."""
        return self.reply(Reply.status_answer(status, retry_after))

    def reply_malformed(self, kind: str = "prose") -> FakeModel:
        """Scripts a 200 whose body is not what was promised (see ``Reply.malformed``)."""
        return self.reply(Reply.malformed(kind))

    def reply_slow(self, seconds: float, then: Reply | str | Any = None) -> FakeModel:
        """Scripts a reply that starts after ``seconds`` (see ``Reply.slow``)."""
        return self.reply(Reply.slow(seconds, then))

    def reply_drop(self, after_text: str, chunks: list[str] | None = None) -> FakeModel:
        """Scripts a stream cut off after ``after_text`` (see ``Reply.drop``)."""
        return self.reply(Reply.drop(after_text, chunks))

    def reply_stream_error(self, status: int, after_text: str = "") -> FakeModel:
        """Scripts an error inside a stream (see ``Reply.stream_error``)."""
        return self.reply(Reply.stream_error(status, after_text))

    def respond_with(self, compute: Callable[[Request], Reply | str | Any] | None) -> FakeModel:
        """Answers every request after the script with ``compute(request)``; None restores the loud 500."""
        with self._lock:
            self._default = compute
        return self

    # What happened

    @property
    def requests(self) -> list[Request]:
        """Every request received so far, in order."""
        with self._lock:
            return list(self._requests)

    @property
    def sent_at(self) -> list[SentDelta]:
        """Every streamed piece of text, when it was written, in order."""
        with self._lock:
            return list(self._sent)

    @property
    def pending(self) -> int:
        """Scripted replies not used yet."""
        with self._lock:
            return len(self._script)

    def wait_for_requests(self, count: int, timeout: float = 10.0) -> list[Request]:
        """The requests once at least ``count`` have come; raises ``TimeoutError`` after ``timeout`` seconds."""
        with self._lock:
            if not self._lock.wait_for(lambda: len(self._requests) >= count, timeout):
                raise TimeoutError(
                    f"the fake {self.vendor} model received {len(self._requests)} of {count} requests "
                    f"within {timeout} s")
            return list(self._requests)

    # Serving (called on the server's threads)

    def _handle(self, handler: _Handler) -> None:
        split = urlsplit(handler.path)
        length = int(handler.headers.get("content-length") or 0)
        raw = handler.rfile.read(length) if length else b""
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = None
        request = Request(
            vendor=self.vendor, method=handler.command, path=split.path, query=dict(parse_qsl(split.query)),
            headers={name.lower(): value for name, value in handler.headers.items()}, body=body, raw=raw,
            received_at=time.monotonic())
        refusal = self._refusal(request)
        with self._lock:
            index = len(self._requests)
            self._requests.append(request)
            self._lock.notify_all()
            reply = refusal or (self._script.pop(0) if self._script else None)
        _Exchange(self, handler, request, index).answer(reply)

    def _refusal(self, request: Request) -> Reply | None:
        """The vendor's answer to a request it would turn down before any model runs; None when it is fine."""
        problem = self._wire.check(request, self.api_key)
        if problem is None and request.response_format in self.refuse_response_formats:
            problem = (400, f"response_format type {request.response_format} is not supported by this server")
        if problem is None:
            return None
        return Reply("status", status=problem[0], text=problem[1])

    def _default_reply(self, request: Request) -> Reply:
        with self._lock:
            compute = self._default
        if compute is None:
            return Reply("status", status=500, text="the fake model has no reply scripted for this request")
        try:
            return as_reply(compute(request))
        except Exception as error:
            # A mistake in the test's callable is answered as the vendor's 500, so the client shows it.
            return Reply("status", status=500, text=f"the fake model's respond_with raised {error!r}")

    def _record_sent(self, index: int, text: str) -> None:
        with self._lock:
            self._sent.append(SentDelta(index, text, time.monotonic(), time.time()))

    def _track(self, connection: socket.socket, open_: bool) -> None:
        with self._lock:
            if open_:
                self._connections.add(connection)
            else:
                self._connections.discard(connection)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    fake: FakeModel


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def setup(self) -> None:
        super().setup()
        # Each event goes out as soon as it is written, as a vendor's does.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.server.fake._track(self.connection, True)

    def finish(self) -> None:
        self.server.fake._track(self.connection, False)
        try:
            super().finish()
        except OSError:
            pass

    def _any(self) -> None:
        try:
            self.server.fake._handle(self)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    do_POST = do_GET = do_PUT = do_PATCH = do_DELETE = _any

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _ConnectionDropped(Exception):
    """The scripted reply ends here, with the connection closed."""


class _Exchange:
    """Writes one reply to one request."""

    def __init__(self, fake: FakeModel, handler: _Handler, request: Request, index: int) -> None:
        self.fake = fake
        self.wire = fake._wire
        self.handler = handler
        self.request = request
        self.index = index

    def answer(self, reply: Reply | None) -> None:
        reply = reply or self.fake._default_reply(self.request)
        try:
            while reply.kind == "slow":
                self.pause(reply.first_delay)
                reply = reply.then or self.fake._default_reply(self.request)
            if reply.kind == "status":
                self.error(reply)
            elif reply.kind == "malformed":
                self.malformed(reply.text)
            elif reply.kind == "drop":
                self.drop(reply)
            elif reply.kind == "stream_error" and not self.request.streamed:
                self.error(Reply("status", status=reply.status))
            elif reply.kind == "stream_error":
                self.stream(reply, _Content("text", reply.text), reply.chunks, error=reply.status)
            else:
                content = self.content(reply)
                if self.request.streamed:
                    self.stream(reply, content, reply.chunks if reply.kind == "text" else _thirds(content.text))
                else:
                    self.pause(reply.first_delay + reply.delay_between * max(len(reply.chunks) - 1, 0))
                    self.whole(200, self.wire.whole(self.request, content))
        except _ConnectionDropped:
            self.handler.close_connection = True
            _shut(self.handler.connection)

    def content(self, reply: Reply) -> _Content:
        if reply.kind == "text":
            return _Content("text", reply.text)
        tool = _forced_tool(self.request.body) if self.fake.vendor == "anthropic" else None
        text = json.dumps(reply.value, ensure_ascii=False)
        return _Content("tool", text, tool_name=tool["name"]) if tool else _Content("text", text)

    # Whole answers

    def whole(self, status: int, body: Any, headers: dict[str, str] | None = None, cut: bool = False) -> None:
        indent = self.wire.error_indent if status >= 400 else self.wire.indent
        data = json.dumps(body, ensure_ascii=False, indent=indent).encode()
        if cut:
            data = data[: len(data) // 2]
        self.head(status, {
            "content-type": self.wire.json_type, **self.wire.headers(), **(headers or {}),
            "content-length": str(len(data)),
        })
        self.write(data)

    def error(self, reply: Reply) -> None:
        headers = {} if reply.retry_after is None else {"retry-after": str(reply.retry_after)}
        self.whole(reply.status, self.wire.error_body(reply.status, reply.text or None), headers)

    def malformed(self, kind: str) -> None:
        sample = {"title": "Buy oat milk", "notes": "the one in the green carton"}
        if kind == "prose":
            content = _Content("text", "Sure! You want to buy oat milk, the one in the green carton.")
        else:
            content = self.content(Reply.json_answer(sample))
        if not self.request.streamed:
            self.whole(200, self.wire.whole(self.request, content), cut=kind == "truncated")
            return
        self.stream_head()
        for event in self.wire.opening(self.request, content):
            self.chunk(event)
        if kind == "truncated":
            event = self.wire.delta(self.request, content, content.text)
            self.chunk(event[: len(event) // 2] + self.wire.separator)
        else:
            self.fake._record_sent(self.index, content.text)
            self.chunk(self.wire.delta(self.request, content, content.text))
            for event in self.wire.closing(self.request, content):
                self.chunk(event)
        self.chunk("")

    def drop(self, reply: Reply) -> None:
        content = _Content("text", reply.text)
        if not self.request.streamed:
            body = json.dumps(self.wire.whole(self.request, content), indent=self.wire.indent).encode()
            self.head(200, {
                "content-type": self.wire.json_type, **self.wire.headers(), "content-length": str(len(body))})
            self.write(body[: len(body) // 2])
            raise _ConnectionDropped
        self.stream_head()
        for event in self.wire.opening(self.request, content):
            self.chunk(event)
        for piece in reply.chunks:
            self.fake._record_sent(self.index, piece)
            self.chunk(self.wire.delta(self.request, content, piece))
        raise _ConnectionDropped

    # Streams

    def stream(self, reply: Reply, content: _Content, pieces: tuple[str, ...] | list[str], error: int = 0) -> None:
        self.stream_head()
        for event in self.wire.opening(self.request, content):
            self.chunk(event)
        for number, piece in enumerate(pieces):
            self.pause(reply.first_delay if number == 0 else reply.delay_between)
            self.fake._record_sent(self.index, piece)
            self.chunk(self.wire.delta(self.request, content, piece))
        if error:
            self.chunk(self.wire.error_event(error))
        else:
            for event in self.wire.closing(self.request, content):
                self.chunk(event)
        self.chunk("")

    def stream_head(self) -> None:
        self.head(200, {
            "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache",
            **self.wire.headers(), "transfer-encoding": "chunked",
        })

    def chunk(self, text: str) -> None:
        """One chunk of a chunked body (an empty one ends the body)."""
        data = text.encode()
        self.write(b"%x\r\n%s\r\n" % (len(data), data))

    # Bytes

    def head(self, status: int, headers: dict[str, str]) -> None:
        lines = [f"HTTP/1.1 {status} {_REASONS.get(status, 'Status')}"]
        lines.append("date: " + self.handler.date_time_string())
        lines += [f"{name}: {value}" for name, value in headers.items()]
        self.write(("\r\n".join(lines) + "\r\n\r\n").encode())

    def write(self, data: bytes) -> None:
        try:
            self.handler.wfile.write(data)
        except OSError as error:
            raise _ConnectionDropped from error

    def pause(self, seconds: float) -> None:
        if seconds > 0 and self.fake._closing.wait(seconds):
            raise _ConnectionDropped


@dataclass(frozen=True)
class _Content:
    """What an answer holds: ``text`` (shown, or JSON as text) or a ``tool`` call whose input is ``text``."""

    kind: str
    text: str
    tool_name: str = ""


# MARK: Wire formats


class _Wire:
    """One vendor's bodies and events."""

    json_type = "application/json"
    separator = "\n\n"
    # How the vendor lays out a whole JSON body (None: on one line), and an error's body.
    indent: int | None = None
    error_indent: int | None = None

    def check(self, request: Request, api_key: str | None) -> tuple[int, str] | None:
        """(status, message) when the vendor turns the request down before answering."""
        raise NotImplementedError

    def headers(self) -> dict[str, str]:
        return {}

    def whole(self, request: Request, content: _Content) -> dict[str, Any]:
        raise NotImplementedError

    def opening(self, request: Request, content: _Content) -> list[str]:
        raise NotImplementedError

    def delta(self, request: Request, content: _Content, piece: str) -> str:
        raise NotImplementedError

    def closing(self, request: Request, content: _Content) -> list[str]:
        raise NotImplementedError

    def error_body(self, status: int, message: str | None) -> dict[str, Any]:
        raise NotImplementedError

    def error_event(self, status: int) -> str:
        raise NotImplementedError

    def data(self, payload: Any) -> str:
        return "data: " + json.dumps(payload, ensure_ascii=False) + self.separator


class _Anthropic(_Wire):
    """The Messages API: https://docs.anthropic.com/en/api/messages and its streaming and errors pages."""

    errors = {
        400: ("invalid_request_error", "Invalid request."),
        401: ("authentication_error", "invalid x-api-key"),
        403: ("permission_error", "Your API key does not have permission to use the specified resource."),
        404: ("not_found_error", "The requested resource could not be found."),
        413: ("request_too_large", "Request exceeds the maximum allowed number of bytes."),
        429: ("rate_limit_error", "Number of request tokens has exceeded your per-minute rate limit."),
        500: ("api_error", "Internal server error"),
        504: ("timeout_error", "Request timed out"),
        529: ("overloaded_error", "Overloaded"),
    }

    def check(self, request: Request, api_key: str | None) -> tuple[int, str] | None:
        if request.method != "POST" or request.path != "/v1/messages":
            return 404, f"Not found: {request.method} {request.path}"
        if api_key is not None and request.api_key != api_key:
            return 401, "invalid x-api-key"
        if "anthropic-version" not in request.headers:
            return 400, "anthropic-version: header is required"
        if not isinstance(request.body, dict):
            return 400, "The request body is not valid JSON."
        for name in ("model", "max_tokens", "messages"):
            if name not in request.body:
                return 400, f"{name}: Field required"
        return None

    def headers(self) -> dict[str, str]:
        return {"request-id": "req_" + uuid.uuid4().hex[:24]}

    def whole(self, request: Request, content: _Content) -> dict[str, Any]:
        message = self.message(request, content)
        message["content"] = [self.block(content, whole=True)]
        message["stop_reason"] = "tool_use" if content.kind == "tool" else "end_turn"
        message["usage"]["output_tokens"] = _tokens(content.text)
        return message

    def message(self, request: Request, content: _Content) -> dict[str, Any]:
        return {
            "id": "msg_" + uuid.uuid4().hex[:24], "type": "message", "role": "assistant",
            "model": request.model or "", "content": [], "stop_reason": None, "stop_sequence": None,
            "usage": {"input_tokens": _tokens(request.prompt), "output_tokens": 1},
        }

    def block(self, content: _Content, whole: bool) -> dict[str, Any]:
        if content.kind == "tool":
            return {
                "type": "tool_use", "id": "toolu_" + uuid.uuid4().hex[:24], "name": content.tool_name,
                "input": json.loads(content.text) if whole else {},
            }
        return {"type": "text", "text": content.text if whole else ""}

    def event(self, name: str, payload: dict[str, Any]) -> str:
        return f"event: {name}\n" + self.data(payload)

    def opening(self, request: Request, content: _Content) -> list[str]:
        return [
            self.event("message_start", {"type": "message_start", "message": self.message(request, content)}),
            self.event("content_block_start", {
                "type": "content_block_start", "index": 0, "content_block": self.block(content, whole=False)}),
            self.event("ping", {"type": "ping"}),
        ]

    def delta(self, request: Request, content: _Content, piece: str) -> str:
        delta = (
            {"type": "input_json_delta", "partial_json": piece} if content.kind == "tool"
            else {"type": "text_delta", "text": piece})
        return self.event("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": delta})

    def closing(self, request: Request, content: _Content) -> list[str]:
        return [
            self.event("content_block_stop", {"type": "content_block_stop", "index": 0}),
            self.event("message_delta", {
                "type": "message_delta",
                "delta": {"stop_reason": "tool_use" if content.kind == "tool" else "end_turn", "stop_sequence": None},
                "usage": {"output_tokens": _tokens(content.text)},
            }),
            self.event("message_stop", {"type": "message_stop"}),
        ]

    def error_body(self, status: int, message: str | None) -> dict[str, Any]:
        kind, default = self.errors.get(status, ("api_error", "Internal server error"))
        return {
            "type": "error", "error": {"type": kind, "message": message or default},
            "request_id": "req_" + uuid.uuid4().hex[:24],
        }

    def error_event(self, status: int) -> str:
        body = self.error_body(status, None)
        body.pop("request_id")
        return self.event("error", body)


class _OpenAI(_Wire):
    """Chat completions: https://platform.openai.com/docs/api-reference/chat and its error codes guide."""

    indent = 2
    error_indent = 4

    errors = {
        400: ("invalid_request_error", None, "Invalid request."),
        401: ("invalid_request_error", "invalid_api_key", "Incorrect API key provided."),
        403: ("invalid_request_error", "unsupported_country_region_territory", "Access denied."),
        404: ("invalid_request_error", "model_not_found", "The model does not exist or you do not have access to it."),
        429: ("requests", "rate_limit_exceeded", "Rate limit reached for requests. Please try again later."),
        500: ("server_error", None, "The server had an error while processing your request. Sorry about that!"),
        503: ("server_error", None, "The engine is currently overloaded, please try again later."),
    }

    def check(self, request: Request, api_key: str | None) -> tuple[int, str] | None:
        if request.method != "POST" or request.path != "/v1/chat/completions":
            return 404, f"Invalid URL ({request.method} {request.path})"
        if api_key is not None and request.api_key != api_key:
            return 401, "Incorrect API key provided."
        if not isinstance(request.body, dict):
            return 400, "We could not parse the JSON body of your request."
        for name in ("model", "messages"):
            if name not in request.body:
                return 400, f"Missing required parameter: '{name}'."
        return None

    def headers(self) -> dict[str, str]:
        return {"x-request-id": "req_" + uuid.uuid4().hex, "openai-processing-ms": "1"}

    def common(self, request: Request, kind: str) -> dict[str, Any]:
        return {
            "id": "chatcmpl-" + uuid.uuid4().hex[:29], "object": kind, "created": int(time.time()),
            "model": request.model or "", "system_fingerprint": "fp_fake",
        }

    def usage(self, request: Request, content: _Content) -> dict[str, int]:
        prompt, completion = _tokens(request.prompt), _tokens(content.text)
        return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}

    def whole(self, request: Request, content: _Content) -> dict[str, Any]:
        return {
            **self.common(request, "chat.completion"),
            "choices": [{
                "index": 0,
                "message": {"role": "assistant", "content": content.text, "refusal": None, "annotations": []},
                "logprobs": None, "finish_reason": "stop",
            }],
            "usage": self.usage(request, content),
        }

    def chunk(self, request: Request, delta: dict[str, Any], finish: str | None) -> str:
        return self.data({
            **self.common(request, "chat.completion.chunk"),
            "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}],
        })

    def opening(self, request: Request, content: _Content) -> list[str]:
        return [self.chunk(request, {"role": "assistant", "content": "", "refusal": None}, None)]

    def delta(self, request: Request, content: _Content, piece: str) -> str:
        return self.chunk(request, {"content": piece}, None)

    def closing(self, request: Request, content: _Content) -> list[str]:
        events = [self.chunk(request, {}, "stop")]
        if ((request.body or {}).get("stream_options") or {}).get("include_usage"):
            events.append(self.data({
                **self.common(request, "chat.completion.chunk"), "choices": [],
                "usage": self.usage(request, content)}))
        return [*events, "data: [DONE]\n\n"]

    def error_body(self, status: int, message: str | None) -> dict[str, Any]:
        kind, code, default = self.errors.get(status, ("server_error", None, "The server had an error."))
        return {"error": {"message": message or default, "type": kind, "param": None, "code": code}}

    def error_event(self, status: int) -> str:
        return self.data(self.error_body(status, None))


class _Gemini(_Wire):
    """The Gemini API: https://ai.google.dev/api/generate-content and its troubleshooting page's errors."""

    json_type = "application/json; charset=UTF-8"
    indent = 2
    error_indent = 2
    # Gemini ends each event with CRLF CRLF.
    separator = "\r\n\r\n"
    errors = {
        400: ("INVALID_ARGUMENT", "Request contains an invalid argument."),
        401: ("UNAUTHENTICATED", "Request had invalid authentication credentials."),
        403: ("PERMISSION_DENIED", "Method doesn't allow unregistered callers."),
        404: ("NOT_FOUND", "Requested entity was not found."),
        429: ("RESOURCE_EXHAUSTED", "Resource has been exhausted (e.g. check quota)."),
        500: ("INTERNAL", "An internal error has occurred. Please retry or report in the troubleshooting guide."),
        503: ("UNAVAILABLE", "The model is overloaded. Please try again later."),
        504: ("DEADLINE_EXCEEDED", "Deadline expired before operation could complete."),
    }

    def check(self, request: Request, api_key: str | None) -> tuple[int, str] | None:
        match = re.fullmatch(r"/v1(?:beta)?/models/[^:/]+:(generateContent|streamGenerateContent)", request.path)
        if request.method != "POST" or match is None:
            return 404, f"Method not found: {request.method} {request.path}"
        if match.group(1) == "streamGenerateContent" and request.query.get("alt") != "sse":
            return 400, "This fake streams only server-sent events: add ?alt=sse."
        if api_key is not None and request.api_key is None:
            return 403, "Method doesn't allow unregistered callers (callers without established identity)."
        if api_key is not None and request.api_key != api_key:
            return 400, "API key not valid. Please pass a valid API key."
        if not isinstance(request.body, dict) or "contents" not in request.body:
            return 400, "* GenerateContentRequest.contents: contents is not specified"
        return None

    def response(self, request: Request, text: str, finished: bool, content: _Content) -> dict[str, Any]:
        candidate: dict[str, Any] = {"content": {"parts": [{"text": text}], "role": "model"}, "index": 0}
        if finished:
            candidate["finishReason"] = "STOP"
        prompt = _tokens(request.prompt)
        usage = {"promptTokenCount": prompt}
        if finished:
            usage |= {"candidatesTokenCount": _tokens(content.text), "totalTokenCount": prompt + _tokens(content.text)}
        return {
            "candidates": [candidate], "usageMetadata": usage, "modelVersion": request.model or "",
            "responseId": uuid.uuid4().hex[:22],
        }

    def whole(self, request: Request, content: _Content) -> dict[str, Any]:
        return self.response(request, content.text, True, content)

    def opening(self, request: Request, content: _Content) -> list[str]:
        return []

    def delta(self, request: Request, content: _Content, piece: str) -> str:
        return self.data(self.response(request, piece, False, content))

    def closing(self, request: Request, content: _Content) -> list[str]:
        return [self.data(self.response(request, "", True, content))]

    def error_body(self, status: int, message: str | None) -> dict[str, Any]:
        kind, default = self.errors.get(status, ("INTERNAL", "An internal error has occurred."))
        return {"error": {"code": status, "message": message or default, "status": kind}}

    def error_event(self, status: int) -> str:
        return self.data(self.error_body(status, None))


_WIRES: dict[str, type[_Wire]] = {"anthropic": _Anthropic, "openai": _OpenAI, "gemini": _Gemini}


# MARK: Helpers


def _text_of(content: Any) -> str:
    """The text of a message's content: a string, or the ``text`` of its blocks or parts."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(part.get("text", "") for part in content if isinstance(part, dict))
    return ""


def _forced_tool(body: Any) -> dict[str, Any] | None:
    """The tool an Anthropic request forces with ``tool_choice`` (``tool``, or ``any`` with one tool)."""
    if not isinstance(body, dict):
        return None
    choice = body.get("tool_choice") or {}
    tools = [tool for tool in body.get("tools") or [] if isinstance(tool, dict)]
    if choice.get("type") == "tool":
        return next((tool for tool in tools if tool.get("name") == choice.get("name")), None)
    if choice.get("type") == "any" and len(tools) == 1:
        return tools[0]
    return None


def _words(text: str) -> list[str]:
    """The text cut after each run of spaces, as a model streams it."""
    return re.findall(r"\s*\S+\s*", text) if text.strip() else ([text] if text else [])


def _thirds(text: str) -> list[str]:
    """Structured text cut into three pieces, so a streamed JSON answer arrives in parts."""
    size = max(1, -(-len(text) // 3))
    return [text[start:start + size] for start in range(0, len(text), size)]


def _tokens(text: str) -> int:
    """A rough token count for the usage fields."""
    return max(1, len(text.split()))


def _shut(connection: socket.socket) -> None:
    try:
        connection.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass


__all__ = ["VENDORS", "FakeModel", "Reply", "Request", "SentDelta", "as_reply"]
