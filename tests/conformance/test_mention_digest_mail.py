"""The missed-mention digest on a live `kairos serve`: someone who stays away while they are mentioned gets
one email of what they missed, over SMTP, with a one-click unsubscribe from digests; restarts send it once."""

from __future__ import annotations

import email
import email.policy
import sqlite3
import time
from pathlib import Path

import httpx

from conftest import KairosServer, free_port, launch, sign_up, stop
from test_mail import Mailbox, mail_environment, smtp_server

HOUR_MICROS = 3_600_000_000


def client(server: KairosServer, token: str) -> httpx.Client:
    return httpx.Client(base_url=server.api_url, headers={"Authorization": f"Bearer {token}"}, timeout=15)


def two_hours_pass(data: Path) -> None:
    """Moves what the stopped server kept two hours into the past, as if it had been left alone that long."""
    with sqlite3.connect(data / "kairos.sqlite") as db:
        db.execute("UPDATE notifications SET created_at = created_at - ?", (2 * HOUR_MICROS,))
        db.execute("UPDATE app_opens SET opened_at = opened_at - ?", (3 * HOUR_MICROS,))


def test_someone_away_is_emailed_the_mentions_they_missed_once(tmp_path: Path) -> None:
    mailbox = Mailbox()
    smtp_port = free_port()
    controller = smtp_server(smtp_port, mailbox)
    server = KairosServer(host="127.0.0.1", port=free_port())
    data, logs = tmp_path / "data", tmp_path / "logs"
    logs.mkdir()
    env = mail_environment(tmp_path, smtp_port, server)
    proc = launch(server, data, logs, env=env)
    try:
        ada_token, _ = sign_up(server, name="Ada")
        bob_token, bob = sign_up(server, name="Bob")
        ada, bob_api = client(server, ada_token), client(server, bob_token)
        assert bob_api.post("/user/opened", json={"open_id": "phone-1"}).status_code == 200
        kinds = {k["kind"]: k for k in bob_api.get("/notifications/settings").json()["kinds"]}
        assert kinds["digest"]["channels"] == ["email"] and kinds["digest"]["label"] == "Mentions you missed"

        launch_thread = ada.post(
            "/conversations", json={"kind": "group", "name": "Launch", "member_ids": [bob["id"]]}).json()
        for text in ["@Bob can you send the deck", "nothing for Bob here", "@Bob and the pricing table"]:
            sent = ada.post(f"/conversations/{launch_thread['id']}/messages", json={"text": text})
            assert sent.status_code in (200, 201), sent.text
        # Mentioned a moment ago: no digest yet.
        time.sleep(1)
        assert mailbox.envelopes == []

        stop(proc)
        two_hours_pass(data)
        proc = launch(server, data, logs, env=env)

        [envelope] = mailbox.wait_for(1, timeout=30)
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert message["To"] == bob["email"] and message["Subject"] == "While you were away"
        body = message.get_content()
        assert "You were mentioned 2 times while you were away" in body
        assert "Ada in Launch: \u201c@Bob and the pricing table\u201d (and 1 more)" in body
        assert f"{server.url}/#/messages/{launch_thread['id']}/at/" in body
        assert message["List-Unsubscribe"].strip("<>").startswith(f"{server.url}/api/v1/unsubscribe/digest?token=")

        feed = bob_api.get("/notifications").json()["results"]
        assert [n["kind"] for n in feed if n["kind"] == "digest"] == ["digest"]
        assert all(n["kind"] != "digest" for n in ada.get("/notifications").json()["results"])

        # Restarted again, the server remembers what it sent: no second email.
        stop(proc)
        proc = launch(server, data, logs, env=env)
        time.sleep(3)
        assert len(mailbox.envelopes) == 1
    finally:
        stop(proc)
        controller.stop()
