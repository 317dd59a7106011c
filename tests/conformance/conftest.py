"""Fixtures that run the official Todoist SDK against a live `kairos serve`.

Contract:

* ``KAIROS_BIN`` names the server binary (default ``<repo>/.build/debug/kairos``).
* One server per test session: ``$KAIROS_BIN serve --data <tmp dir> --host 127.0.0.1
  --port <free port>``; ready once ``GET /health`` answers 200 (polled for up to 30 s);
  stopped with SIGTERM at the end of the session. Tests that kill or restart a server start
  their own with ``launch`` on a data dir they keep.
* Every test gets a freshly signed-up user (``POST /api/v1/auth/signup``), a
  ``TodoistAPI`` whose requests to ``https://api.todoist.com`` are redirected to that
  server, and a raw ``httpx.Client`` carrying the same bearer token.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from todoist_api_python.api import TodoistAPI

REPO = Path(__file__).resolve().parents[2]
DEFAULT_BIN = REPO / ".build" / "debug" / "kairos"
READY_TIMEOUT_S = 30.0
PASSWORD = "correct horse battery"


@dataclass(frozen=True)
class KairosServer:
    host: str
    port: int

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def api_url(self) -> str:
        return f"{self.url}/api/v1"


@dataclass
class Account:
    """A signed-up user with an SDK client and a raw HTTP client."""

    token: str
    user: dict[str, Any]
    api: TodoistAPI
    raw: httpx.Client

    @property
    def user_id(self) -> str:
        return str(self.user["id"])


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return sock.getsockname()[1]


def _read(path: Path) -> str:
    try:
        return path.read_text(errors="replace")
    except OSError:
        return ""


def stop(proc: subprocess.Popen[bytes]) -> None:
    """Stops a server cleanly with SIGTERM (SIGKILL if it hangs)."""
    if proc.poll() is not None:
        return
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=5)


def server_binary() -> Path:
    """The `kairos` binary under test; fails the test with what to do when it is missing."""
    binary = Path(os.environ.get("KAIROS_BIN") or DEFAULT_BIN)
    if not binary.is_file():
        pytest.fail(
            f"kairos binary not found at {binary}; build it (swift build) "
            "or point KAIROS_BIN at it",
            pytrace=False,
        )
    return binary


def launch(
    server: KairosServer, data_dir: Path, logs: Path, extra_args: tuple[str, ...] = (),
    env: dict[str, str] | None = None,
) -> subprocess.Popen[bytes]:
    """Starts `kairos serve` on `data_dir` (with `extra_args`, and `env` added to the environment) and
    returns once it is ready. Output is appended to files in `logs`, so a server restarted on the same
    folders keeps one log."""
    command = [
        str(server_binary()), "serve",
        "--data", str(data_dir),
        "--host", server.host,
        "--port", str(server.port),
        *extra_args,
    ]
    stderr_path = logs / "stderr.log"
    # Files, not pipes: a chatty server must never block on a full pipe.
    with open(logs / "stdout.log", "ab") as out, open(stderr_path, "ab") as err:
        proc = subprocess.Popen(
            command, stdout=out, stderr=err, stdin=subprocess.DEVNULL, env={**os.environ, **(env or {})}
        )
    _wait_until_ready(proc, server, stderr_path)
    return proc


@pytest.fixture(scope="session")
def kairos_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[KairosServer]:
    server = KairosServer(host="127.0.0.1", port=free_port())
    proc = launch(server, tmp_path_factory.mktemp("kairos-data"), tmp_path_factory.mktemp("kairos-logs"))
    try:
        yield server
    finally:
        stop(proc)


def _wait_until_ready(
    proc: subprocess.Popen[bytes], server: KairosServer, stderr_path: Path
) -> None:
    deadline = time.monotonic() + READY_TIMEOUT_S
    last_problem = "no answer yet"
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(
                f"kairos exited with status {proc.returncode} before becoming ready.\n"
                f"command: {' '.join(map(str, proc.args))}\n"
                f"stderr:\n{_read(stderr_path)}",
                pytrace=False,
            )
        try:
            response = httpx.get(f"{server.url}/health", timeout=1.0)
            if response.status_code == 200:
                return
            last_problem = f"GET /health answered {response.status_code}"
        except httpx.TransportError as error:
            last_problem = f"GET /health failed: {error!r}"
        time.sleep(0.1)

    stop(proc)
    pytest.fail(
        f"kairos did not become ready within {READY_TIMEOUT_S:.0f} s ({last_problem}).\n"
        f"stderr:\n{_read(stderr_path)}",
        pytrace=False,
    )


def redirect_to(server: KairosServer) -> Callable[[httpx.Request], None]:
    """An httpx request hook sending the SDK's api.todoist.com calls to `server`."""

    def rewrite(request: httpx.Request) -> None:
        url = request.url
        if url.scheme == "https" and url.host == "api.todoist.com":
            request.url = url.copy_with(scheme="http", host=server.host, port=server.port)
            request.headers["Host"] = f"{server.host}:{server.port}"
        elif url.host != server.host:
            raise RuntimeError(f"refusing to send a test request off this machine: {url}")

    return rewrite


def sdk_client(server: KairosServer, token: str) -> TodoistAPI:
    client = httpx.Client(event_hooks={"request": [redirect_to(server)]})
    return TodoistAPI(token, client=client)


def raw_client(server: KairosServer, token: str | None) -> httpx.Client:
    """An httpx client rooted at /api/v1, sending `token` as a bearer token if given."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.Client(base_url=server.api_url, headers=headers, timeout=10.0)


def sign_up(server: KairosServer, *, name: str = "Ada") -> tuple[str, dict[str, Any]]:
    email = f"ada-{uuid.uuid4().hex}@example.com"
    response = httpx.post(
        f"{server.api_url}/auth/signup",
        json={"email": email, "password": PASSWORD, "name": name, "timezone": "UTC"},
        timeout=10.0,
    )
    assert response.status_code == 201, f"sign-up failed: {response.status_code} {response.text}"
    body = response.json()
    assert isinstance(body.get("token"), str) and body["token"], body
    assert isinstance(body.get("user"), dict) and "id" in body["user"], body
    assert body["user"].get("email") == email
    return body["token"], body["user"]


def emailed_link(data_dir: Path, recipient: str, kind: str, timeout: float = 10.0) -> str:
    """The link (`kind`: invite, reset or signin) of the newest such email to `recipient` that waits in the outbox
    of the server on `data_dir`, read as an administrator does: with `kairos admin outbox`."""
    pattern = re.compile(r"(http://\S+/#/" + kind + r"/[A-Za-z0-9_-]{43})")
    deadline = time.monotonic() + timeout
    while True:
        done = subprocess.run(
            [str(server_binary()), "admin", "outbox", "--data", str(data_dir)],
            capture_output=True, text=True, timeout=30,
        )
        assert done.returncode == 0, done.stderr
        emails = [block for block in done.stdout.split("\n----\n") if f"To: {recipient}\n" in block]
        found = [match.group(1) for match in map(pattern.search, emails) if match]
        if found:
            return found[-1]
        if time.monotonic() > deadline:
            raise AssertionError(f"no {kind} link to {recipient} in the outbox:\n{done.stdout}")
        time.sleep(0.1)


@pytest.fixture
def new_account(kairos_server: KairosServer) -> Iterator[Callable[..., Account]]:
    """A factory signing up a fresh user; call it again for a second user."""
    made: list[Account] = []

    def make(name: str = "Ada") -> Account:
        token, user = sign_up(kairos_server, name=name)
        account = Account(
            token=token,
            user=user,
            api=sdk_client(kairos_server, token),
            raw=raw_client(kairos_server, token),
        )
        made.append(account)
        return account

    yield make
    for account in made:
        account.api.__exit__(None, None, None)
        account.raw.close()


@pytest.fixture
def account(new_account: Callable[..., Account]) -> Account:
    return new_account()


@pytest.fixture
def api(account: Account) -> TodoistAPI:
    """The official SDK, signed in as this test's fresh user."""
    return account.api


@pytest.fixture
def raw(account: Account) -> httpx.Client:
    """Raw HTTP at /api/v1 with this test's bearer token, for what the SDK cannot express."""
    return account.raw


@pytest.fixture
def sdk_for(kairos_server: KairosServer) -> Iterator[Callable[[str], TodoistAPI]]:
    """A factory for SDK clients with an arbitrary token (e.g. a wrong one)."""
    made: list[TodoistAPI] = []

    def make(token: str) -> TodoistAPI:
        made.append(sdk_client(kairos_server, token))
        return made[-1]

    yield make
    for api in made:
        api.__exit__(None, None, None)


@pytest.fixture
def raw_for(kairos_server: KairosServer) -> Iterator[Callable[[str | None], httpx.Client]]:
    """A factory for raw /api/v1 clients with an arbitrary token, or none at all."""
    made: list[httpx.Client] = []

    def make(token: str | None) -> httpx.Client:
        made.append(raw_client(kairos_server, token))
        return made[-1]

    yield make
    for client in made:
        client.close()
