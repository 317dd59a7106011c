"""Invitations by email, delivered for real: `kairos serve` hands each email to Debian's msmtp, which
speaks SMTP to a local aiosmtpd server on loopback; the invitee joins with the link from the email."""

from __future__ import annotations

import email
import email.policy
import re
import signal
import threading
import time
from pathlib import Path
from typing import Any, Iterator

import httpx
import pytest
from aiosmtpd.controller import Controller

from conftest import KairosServer, free_port, launch, raw_client, sign_up, stop
from test_cli import kairos

LINK = re.compile(r"(http://\S+/#/invite/[A-Za-z0-9_-]{43})")


class Mailbox:
    """An aiosmtpd handler that keeps every message it is given."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.envelopes: list[Any] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        with self.lock:
            self.envelopes.append(envelope)
        return "250 Message accepted"

    def wait_for(self, count: int, timeout: float = 15.0) -> list[Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                if len(self.envelopes) >= count:
                    return list(self.envelopes)
            time.sleep(0.05)
        raise AssertionError(f"expected {count} emails within {timeout} s, got {len(self.envelopes)}")


def smtp_server(port: int, mailbox: Mailbox) -> Controller:
    controller = Controller(mailbox, hostname="127.0.0.1", port=port)
    controller.start()
    return controller


def mail_environment(tmp_path: Path, smtp_port: int, server: KairosServer) -> dict[str, str]:
    config = tmp_path / "msmtprc"
    config.write_text(
        "account default\n"
        "host 127.0.0.1\n"
        f"port {smtp_port}\n"
        "auth off\n"
        "tls off\n"
        "from kairos@example.com\n"
    )
    config.chmod(0o600)
    return {
        "KAIROS_SENDMAIL": f"msmtp --file={config} -t",
        "KAIROS_PUBLIC_URL": server.url,
        "KAIROS_MAIL_FROM": "Kairos <kairos@example.com>",
        "KAIROS_MAIL_RETRY_SECONDS": "0.3",
    }


@pytest.fixture
def mail_server(tmp_path: Path) -> Iterator[tuple[KairosServer, Mailbox]]:
    mailbox = Mailbox()
    smtp_port = free_port()
    controller = smtp_server(smtp_port, mailbox)
    server = KairosServer(host="127.0.0.1", port=free_port())
    (tmp_path / "data").mkdir()
    (tmp_path / "logs").mkdir()
    proc = launch(server, tmp_path / "data", tmp_path / "logs", env=mail_environment(tmp_path, smtp_port, server))
    try:
        yield server, mailbox
    finally:
        stop(proc)
        controller.stop()


def test_invite_by_cli_arrives_by_smtp_and_the_link_makes_a_guest(
    mail_server: tuple[KairosServer, Mailbox], tmp_path: Path
) -> None:
    server, mailbox = mail_server
    token, ada = sign_up(server, name="Ada")
    client = raw_client(server, token)
    launch_project = client.post("/projects", json={"name": "Launch"}).json()
    client.post("/tasks", json={"content": "Write the press release", "project_id": launch_project["id"]})
    ada_config = tmp_path / "ada.json"
    assert kairos("login", "--server", server.url, "--token", token, config=ada_config).returncode == 0

    invited = kairos("invite", "erin@example.com", "--project", "Launch", "--role", "commenter", config=ada_config)
    assert invited.returncode == 0, invited.stderr
    assert invited.stdout.strip() == (
        "Invited erin@example.com to Launch as commenter. The emailed link works once, for 7 days."
    )

    envelope = mailbox.wait_for(1)[0]
    assert envelope.rcpt_tos == ["erin@example.com"]
    message = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
    assert message["Subject"] == "Ada invited you to Launch on Kairos"
    assert message["From"] == "Kairos <kairos@example.com>"
    body = message.get_content()
    link = LINK.search(body).group(1)
    assert link.startswith(server.url + "/#/invite/")

    erin_config = tmp_path / "erin.json"
    joined = kairos("join", link, "--name", "Erin", config=erin_config)
    assert joined.returncode == 0, joined.stderr
    assert joined.stdout.startswith("Joined Launch as commenter, invited by Ada.")
    projects = kairos("projects", config=erin_config).stdout.splitlines()
    assert any(line.split()[1:] == ["Launch", "charcoal", "commenter"] for line in projects)
    again = kairos("join", link, config=tmp_path / "again.json")
    assert again.returncode != 0 and "already used" in again.stderr
    assert len(mailbox.envelopes) == 1
    client.close()


def test_an_email_queued_while_the_mail_server_is_down_survives_a_crash_and_is_sent_once(
    tmp_path: Path,
) -> None:
    smtp_port = free_port()
    server = KairosServer(host="127.0.0.1", port=free_port())
    environment = mail_environment(tmp_path, smtp_port, server)
    data, logs = tmp_path / "data", tmp_path / "logs"
    data.mkdir()
    logs.mkdir()
    proc = launch(server, data, logs, env=environment)
    mailbox = Mailbox()
    controller = None
    try:
        token, _ = sign_up(server, name="Ada")
        client = raw_client(server, token)
        project = client.post("/projects", json={"name": "Launch"}).json()
        answer = client.post("/invites", json={"email": "erin@example.com", "project_id": project["id"]})
        assert answer.status_code == 201, answer.text
        time.sleep(1.0)  # a few failed attempts against the closed port
        assert "not sent (attempt" in (logs / "stderr.log").read_text()
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)

        controller = smtp_server(smtp_port, mailbox)
        proc = launch(server, data, logs, env=environment)
        envelope = mailbox.wait_for(1)[0]
        assert envelope.rcpt_tos == ["erin@example.com"]
        time.sleep(1.0)
        assert len(mailbox.envelopes) == 1
        client.close()
    finally:
        stop(proc)
        if controller is not None:
            controller.stop()
