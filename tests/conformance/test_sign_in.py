"""Signing in against a live `kairos serve` (real bcrypt cost, real client addresses): failures look and take
alike whether or not the account exists, failures are throttled per client address, and emailed links stay
out of the log, waiting for `kairos admin outbox`."""

from __future__ import annotations

import statistics
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from conftest import (
    PASSWORD, KairosServer, emailed_link, free_port, launch, raw_client, server_binary, sign_up, stop,
)


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[tuple[KairosServer, Path, Path]]:
    """A server of this test's own, so no other test's sign-ins count; with its data and log folders."""
    server = KairosServer(host="127.0.0.1", port=free_port())
    data, logs = tmp_path / "data", tmp_path / "logs"
    data.mkdir()
    logs.mkdir()
    proc = launch(server, data, logs)
    try:
        yield server, data, logs
    finally:
        stop(proc)


def from_address(server: KairosServer, address: str) -> httpx.Client:
    """A client whose connections come from `address` (any 127.x.y.z reaches the loopback server)."""
    return httpx.Client(base_url=server.api_url, transport=httpx.HTTPTransport(local_address=address), timeout=30.0)


def guest_without_password(server: KairosServer, data: Path, inviter_token: str) -> str:
    """Invites a new address to a project and joins from the emailed link; the guest has no password."""
    inviter = raw_client(server, inviter_token)
    project = inviter.post("/projects", json={"name": f"Launch {uuid.uuid4().hex[:4]}"}).json()
    email = f"erin-{uuid.uuid4().hex[:8]}@example.com"
    assert inviter.post("/invites", json={"email": email, "project_id": project["id"]}).status_code == 201
    token = emailed_link(data, email, "invite").rsplit("/", 1)[1]
    assert httpx.post(f"{server.api_url}/invites/accept", json={"token": token, "name": "Erin"}).status_code == 200
    inviter.close()
    return email


@pytest.mark.serial
def test_failed_sign_ins_look_and_take_alike_for_unknown_wrong_and_guest_accounts(own_server) -> None:
    server, data, _ = own_server
    token, ada = sign_up(server, name="Ada")
    guest = guest_without_password(server, data, token)
    others = [sign_up(server, name="Bob")[1]["email"] for _ in range(2)]
    tries = {
        "wrong password": [ada["email"], *others] * 2,
        "unknown email": [f"nobody-{uuid.uuid4().hex[:8]}@example.com" for _ in range(6)],
        "guest": [guest] * 4,
    }
    answers: dict[str, list[httpx.Response]] = {kind: [] for kind in tries}
    times: dict[str, list[float]] = {kind: [] for kind in tries}
    with httpx.Client(base_url=server.api_url, timeout=30.0) as client:
        for round_ in range(6):
            for kind, emails in tries.items():
                if round_ >= len(emails):
                    continue
                started = time.perf_counter()
                answer = client.post("/auth/login", json={"email": emails[round_], "password": "wrong horse battery"})
                times[kind].append(time.perf_counter() - started)
                answers[kind].append(answer)
    first = answers["wrong password"][0]
    for kind, replies in answers.items():
        for reply in replies:
            assert (reply.status_code, reply.json()) == (first.status_code, first.json()), kind
    assert first.status_code == 401
    # The same bcrypt work whatever the account: medians within a factor of three of each other on a busy
    # machine (without the stand-in check an unknown email is answered some hundred times faster).
    medians = {kind: statistics.median(spent) for kind, spent in times.items()}
    assert max(medians.values()) < 3 * min(medians.values()), medians


def test_failed_sign_ins_are_throttled_per_client_address(own_server) -> None:
    server, _, _ = own_server
    _, ada = sign_up(server, name="Ada")
    credentials = {"email": ada["email"], "password": PASSWORD}
    wrong = {"email": ada["email"], "password": "wrong horse battery"}
    with from_address(server, "127.0.0.2") as attacker, from_address(server, "127.0.0.3") as owner:
        assert [attacker.post("/auth/login", json=wrong).status_code for _ in range(5)] == [401] * 5
        refused = attacker.post("/auth/login", json=credentials)
        assert refused.status_code == 429, refused.text
        assert 55 <= int(refused.headers["Retry-After"]) <= 60
        assert refused.json()["error"]["code"] == "too_many_requests"
        # Another address is not held up by those failures: the owner signs in.
        assert owner.post("/auth/login", json=credentials).status_code == 200


def test_emailed_links_never_reach_the_log_and_wait_for_admin_outbox(own_server) -> None:
    server, data, logs = own_server
    token, ada = sign_up(server, name="Ada")
    guest = guest_without_password(server, data, token)
    assert httpx.post(f"{server.api_url}/auth/reset", json={"email": ada["email"]}).status_code == 202
    assert httpx.post(f"{server.api_url}/auth/link", json={"email": guest}).status_code == 202
    assert httpx.post(f"{server.api_url}/auth/link", json={"email": "nobody@example.com"}).status_code == 202

    # Printed beside the running server, links included.
    reset = emailed_link(data, ada["email"], "reset")
    sign_in = emailed_link(data, guest, "signin")
    invite = emailed_link(data, guest, "invite")
    assert reset.startswith(server.url + "/#/reset/") and sign_in.startswith(server.url + "/#/signin/")
    time.sleep(1.5)  # the log's notices come each second
    log = (logs / "stderr.log").read_text(errors="replace")
    for link in (reset, sign_in, invite):
        assert link.rsplit("/", 1)[1] not in log
    assert f"An email to {ada['email']} is waiting" in log and "kairos admin outbox --data" in log
    assert "nobody@example.com" not in log

    # The printed link works.
    back = httpx.post(f"{server.api_url}/auth/link/confirm", json={"token": sign_in.rsplit("/", 1)[1]})
    assert back.status_code == 200 and back.json()["user"]["email"] == guest


def test_admin_reset_password_sets_a_new_one_and_signs_the_account_out(own_server) -> None:
    server, data, _ = own_server
    token, ada = sign_up(server, name="Ada")
    done = subprocess.run(
        [str(server_binary()), "admin", "reset-password", ada["email"], "--data", str(data)],
        capture_output=True, text=True, timeout=30,
    )
    assert done.returncode == 0, done.stderr
    password = done.stdout.split("New password: ")[1].strip()
    assert len(password) == 16
    login = httpx.post(f"{server.api_url}/auth/login", json={"email": ada["email"], "password": password})
    assert login.status_code == 200
    assert httpx.post(f"{server.api_url}/auth/login", json={"email": ada["email"], "password": PASSWORD}).status_code == 401
    missing = subprocess.run(
        [str(server_binary()), "admin", "reset-password", "nobody@example.com", "--data", str(data)],
        capture_output=True, text=True, timeout=30,
    )
    assert missing.returncode != 0 and "No account has the email" in missing.stderr
