"""Fixtures that drive the web app in Debian's headless Chromium against a live `kairos serve`.

Contract:

* One server per session, started like the conformance suite's (``KAIROS_BIN``, temp data dir,
  free port) with ``--web <repo>/web``.
* ``browser`` is a fresh Chromium (new profile, so a cold cache) at phone size (390x844 with touch,
  through ``mobileEmulation``) or desktop size (1280x860); tests using it run at both sizes.
* ``new_person`` signs fresh users up through the API; ``webapp.signed_in(browser, person)`` opens the
  app with that user's token, as if they had signed in before.
* Screenshots go to ``$KAIROS_SCREENSHOTS`` or a pytest temp folder, printed at the end of the run.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from .webapp import PASSWORD, REPO, Browser, KairosServer, Person, make_driver, policy_violations, server


@pytest.fixture(scope="session")
def web_server_logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The live server's log folder."""
    return tmp_path_factory.mktemp("kairos-web-logs")


@pytest.fixture(scope="session")
def web_server_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The live server's data folder; with no mail command set, its emails wait there (`kairos admin outbox`)."""
    return tmp_path_factory.mktemp("kairos-web-data")


@pytest.fixture(scope="session")
def web_server(web_server_data: Path, web_server_logs: Path) -> Iterator[KairosServer]:
    address = KairosServer(host="127.0.0.1", port=server.free_port())
    proc = server.launch(
        address,
        web_server_data,
        web_server_logs,
        extra_args=("--web", str(REPO / "web"), "--public-url", f"http://{address.host}:{address.port}"),
    )
    try:
        yield address
    finally:
        server.stop(proc)


_shots: dict[str, Path] = {}


@pytest.fixture(scope="session")
def screenshot_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = Path(os.environ.get("KAIROS_SCREENSHOTS") or tmp_path_factory.mktemp("web-screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    _shots["dir"] = folder
    return folder


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if "dir" in _shots:
        terminalreporter.write_line(f"web app screenshots: {_shots['dir']}")


@pytest.fixture
def new_person(web_server: KairosServer) -> Iterator[Callable[..., Person]]:
    made: list[Person] = []

    def make(name: str = "Ada Lovelace", timezone: str = "UTC") -> Person:
        email = f"{name.split()[0].lower()}-{uuid.uuid4().hex[:8]}@example.com"
        answer = httpx.post(
            f"{web_server.api_url}/auth/signup",
            json={"email": email, "password": PASSWORD, "name": name, "timezone": timezone},
            timeout=10.0,
        )
        assert answer.status_code == 201, answer.text
        body = answer.json()
        client = httpx.Client(
            base_url=web_server.api_url, headers={"Authorization": f"Bearer {body['token']}"}, timeout=10.0
        )
        made.append(Person(name, email, body["token"], body["user"], client))
        return made[-1]

    yield make
    for person in made:
        person.api.close()


@pytest.fixture
def person(new_person: Callable[..., Person]) -> Person:
    return new_person()


@pytest.fixture(params=["phone", "desktop"])
def browser(request: pytest.FixtureRequest, web_server: KairosServer, screenshot_dir: Path) -> Iterator[Browser]:
    driver = make_driver(request.param, timezone="Europe/Paris")
    try:
        yield Browser(driver, web_server.url, request.param, screenshot_dir, request.node.name)
        # Whatever the test did, the app never needed what its content security policy forbids.
        assert policy_violations(driver) == []
    finally:
        driver.quit()
