"""Reach on a live `kairos serve`: a reminder goes off while the app is closed and arrives, encrypted and
signed, on each subscribed device through a local push service (push_service.py, checked by http_ece and
py_vapid), and on the person's webhook and ntfy topic (hook_receivers.py). It is snoozed from the notice,
comes back after the snooze, is acknowledged, and stops on every device."""

from __future__ import annotations

import email
import email.policy
import signal
import time
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from conftest import KairosServer, free_port, launch, sign_up, stop
from hook_receivers import JSONHookReceiver, NtfyReceiver, signature_is_valid
from push_service import PushService
from test_mail import Mailbox, mail_environment, smtp_server


@pytest.fixture
def push_server(tmp_path: Path) -> Iterator[KairosServer]:
    """A server that takes a push service on the loopback address, as a test one is."""
    server = KairosServer(host="127.0.0.1", port=free_port())
    logs = tmp_path / "logs"
    logs.mkdir()
    proc = launch(server, tmp_path / "data", logs, env={"KAIROS_PUSH_ALLOW_LOOPBACK": "1"})
    try:
        yield server
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=15)


def client(server: KairosServer, token: str | None = None) -> httpx.Client:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.Client(base_url=server.api_url, headers=headers, timeout=15)


def in_seconds(seconds: float) -> str:
    return (datetime.now(timezone.utc) + timedelta(seconds=seconds)).strftime("%Y-%m-%dT%H:%M:%SZ")


def follow(link: str, **query: str) -> httpx.Response:
    """Follows a notice's link as its button does: a POST, no session."""
    extra = "".join(f"&{name}={value}" for name, value in query.items())
    return httpx.post(link + extra, timeout=15)


def test_a_reminder_reaches_every_device_and_hook_is_snoozed_comes_back_and_stops(push_server: KairosServer) -> None:
    token, ada = sign_up(push_server)
    api = client(push_server, token)
    vapid = api.get("/push/vapid").json()["public_key"]
    with PushService(expected_key=vapid) as push, JSONHookReceiver() as hook, NtfyReceiver() as ntfy:
        phone, laptop = push.subscribe(), push.subscribe()
        for device in (phone, laptop):
            answer = api.post("/push/subscriptions", json=device.json)
            assert answer.status_code == 201, answer.text
        secret = api.post("/webhooks", json={"url": f"{hook.url}/kairos"}).json()["secret"]
        assert api.post("/webhooks", json={"url": ntfy.topic_url("ada_reminders"), "format": "ntfy"}).status_code == 201

        task = api.post("/tasks", json={"content": "Take the medicine"}).json()
        reminder = api.post(
            "/reminders", json={"task_id": task["id"], "type": "absolute", "due": {"datetime": in_seconds(2)}}).json()

        # The app is closed: the reminder reaches both devices and both hooks at its time.
        [first] = push.wait_for(1, timeout=15, subscription_id=phone.id)
        push.wait_for(1, timeout=10, subscription_id=laptop.id)
        notice = first.payload
        assert notice["kind"] == "reminder" and notice["title"] == "Take the medicine"
        assert notice["body"] == "Whenever you\u2019re ready." and "!" not in notice["body"]
        assert notice["url"] == f"{push_server.url}/#/task/{task['id']}"
        assert notice["tag"] == f"reminder-{task['id']}"
        assert [a["action"] for a in notice["actions"]] == ["done", "snooze", "open"]
        assert first.headers["urgency"] == "high" and first.headers["topic"] == notice["tag"]
        assert int(first.headers["ttl"]) > 0 and first.headers["content-encoding"] == "aes128gcm"
        assert first.claims["aud"] == push.origin and first.claims["sub"].startswith("mailto:")

        deadline = time.monotonic() + 10
        while (not hook.received or not ntfy.messages) and time.monotonic() < deadline:
            time.sleep(0.1)
        [signed] = hook.received
        assert signature_is_valid(secret, signed)
        assert signed.json()["notice"]["id"] == notice["id"]
        [published] = ntfy.messages
        assert published.title == "Take the medicine" and published.priority == 4
        assert [(a["action"], a["label"]) for a in published.actions] == [("http", "Done"), ("http", "Snooze"), ("view", "Open")]

        # Snoozed from the notification: it comes back after the snooze, to every device.
        snooze = next(a["url"] for a in notice["actions"] if a["action"] == "snooze")
        assert urlsplit(snooze).path == f"/api/v1/notices/{notice['id']}/snooze"
        assert follow(snooze, until=in_seconds(3)).status_code == 204
        snoozed = api.get(f"/reminders/{reminder['id']}").json()
        assert snoozed["again"] is True
        [_, again] = push.wait_for(2, timeout=15, subscription_id=phone.id)
        push.wait_for(2, timeout=10, subscription_id=laptop.id)
        assert again.payload["tag"] == notice["tag"] and again.payload["id"] != notice["id"]

        # Opened on the phone: acknowledged, it stops on every device and its notices are read everywhere.
        assert follow(again.payload["acknowledge_url"]).status_code == 204
        answered = api.get(f"/reminders/{reminder['id']}").json()
        assert answered["again"] is False and answered["fired_at"] is not None
        assert api.get("/notifications/unread_count").json()["unread_count"] == 0

        # A link is good for its own notice only, and never without its token.
        token_value = parse_qs(urlsplit(snooze).query)["token"][0]
        assert httpx.post(f"{push_server.api_url}/notices/{notice['id']}/done", timeout=15).status_code == 404
        other = int(notice["id"]) + 1000
        assert httpx.post(
            f"{push_server.api_url}/notices/{other}/done?token={token_value}", timeout=15).status_code == 404
        assert push.rejections == []


def test_a_device_the_push_service_says_is_gone_is_dropped_and_a_busy_one_is_tried_again(
    push_server: KairosServer,
) -> None:
    token, _ = sign_up(push_server)
    api = client(push_server, token)
    vapid = api.get("/push/vapid").json()["public_key"]
    with PushService(expected_key=vapid) as push:
        gone, busy = push.subscribe(), push.subscribe()
        for device in (gone, busy):
            assert api.post("/push/subscriptions", json=device.json).status_code == 201
        push.gone(gone.id)
        push.answer(busy.id, 503)
        task = api.post("/tasks", json={"content": "Water the plants"}).json()
        api.post("/reminders", json={"task_id": task["id"], "type": "absolute", "due": {"datetime": in_seconds(2)}})

        deadline = time.monotonic() + 15
        while len(push.attempts(gone.id)) < 1 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert [a.status for a in push.attempts(gone.id)] == [410]
        deadline = time.monotonic() + 10
        while len(api.get("/push/subscriptions").json()["results"]) != 1 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert [s["endpoint"] for s in api.get("/push/subscriptions").json()["results"]] == [busy.endpoint]
        # The busy one answered 503 and is tried again after the backoff (30 s at first): not yet.
        deadline = time.monotonic() + 10
        while not push.attempts(busy.id) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert [a.status for a in push.attempts(busy.id)] == [503]
        assert push.rejections == []


@pytest.mark.serial
def test_a_thousand_reminders_in_one_minute_each_reach_the_device_once_across_a_kill(tmp_path: Path) -> None:
    """The server is SIGKILLed while it sends; restarted, it sends the rest. A notice cut off mid-send goes
    again with the same id, topic and tag, so the device shows each reminder once."""
    data, logs = tmp_path / "data", tmp_path / "logs"
    logs.mkdir()
    server = KairosServer(host="127.0.0.1", port=free_port())
    env = {"KAIROS_PUSH_ALLOW_LOOPBACK": "1"}
    proc = launch(server, data, logs, env=env)
    try:
        token, _ = sign_up(server)
        api = client(server, token)
        with PushService(expected_key=api.get("/push/vapid").json()["public_key"]) as push:
            push.answer_delay = 0.02  # a slow push service, so the kill lands while messages are in flight
            device = push.subscribe()
            assert api.post("/push/subscriptions", json=device.json).status_code == 201
            tasks = [api.post("/tasks", json={"content": f"Errand {n}"}).json()["id"] for n in range(1000)]
            # Far enough ahead that a busy machine sets all 1,000 before it: a moment already passed would be
            # read as that time tomorrow.
            moment = in_seconds(40)
            for task in tasks:
                answer = api.post("/reminders", json={"task_id": task, "type": "absolute", "due": {"datetime": moment}})
                assert answer.status_code == 201, answer.text
                assert answer.json()["fire_at"][:19] == moment[:19], "every reminder must be set for the same moment"

            # A busy machine sends slower; the kill must still land mid-way, after 300 and before all 1,000.
            push.wait_for(300, timeout=120, subscription_id=device.id)
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=15)
            received_before = len(push.messages(device.id))
            assert received_before < 1000, "the kill came after everything was sent: nothing was tested"

            proc = launch(server, data, logs, env=env)
            # On a loaded machine a send can time out and wait out its backoff (30 s, then 60 s): what is
            # tested is that each arrives once, not how soon.
            deadline = time.monotonic() + 150
            while len({m.payload["id"] for m in push.messages(device.id)}) < 1000 and time.monotonic() < deadline:
                time.sleep(0.2)
            messages = push.messages(device.id)
            first: dict[str, object] = {}
            for message in messages:
                first.setdefault(message.payload["id"], message)
            assert len(first) == 1000, f"{1000 - len(first)} reminders never arrived"
            assert {m.payload["task_id"] for m in first.values()} == set(tasks)
            # Sent twice only what was in flight at the kill (64 at once) or answered while the last answers were
            # being written, identical for the device to show once.
            again = [m for m in messages if first[m.payload["id"]] is not m]
            assert len(again) <= 64 + 16, f"{len(again)} notices went twice"
            for message in again:
                original = first[message.payload["id"]]
                assert message.headers["topic"] == original.headers["topic"]
                assert message.payload == original.payload
            assert push.rejections == []
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=15)


def test_a_reminder_by_email_arrives_over_smtp_with_a_one_click_unsubscribe_and_hooks_keep_a_log(
    tmp_path: Path,
) -> None:
    mailbox = Mailbox()
    smtp_port = free_port()
    controller = smtp_server(smtp_port, mailbox)
    server = KairosServer(host="127.0.0.1", port=free_port())
    (tmp_path / "logs").mkdir()
    proc = launch(server, tmp_path / "data", tmp_path / "logs", env=mail_environment(tmp_path, smtp_port, server))
    try:
        token, ada = sign_up(server)
        api = client(server, token)
        assert api.post("/notifications/settings", json={"reminder": ["email", "webhook"]}).status_code == 200
        with JSONHookReceiver(status=503) as hook:
            hook_id = api.post("/webhooks", json={"url": f"{hook.url}/kairos"}).json()["id"]
            task = api.post("/tasks", json={"content": "Renew the passport"}).json()
            api.post("/reminders", json={"task_id": task["id"], "type": "absolute", "due": {"datetime": in_seconds(2)}})

            [envelope] = mailbox.wait_for(1, timeout=20)
            message = email.message_from_bytes(envelope.content, policy=email.policy.default)
            assert message["To"] == ada["email"] and message["Subject"] == "Renew the passport"
            assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
            body = message.get_content()
            assert "Whenever you\u2019re ready." in body and f"{server.url}/#/task/{task['id']}" in body
            unsubscribe = message["List-Unsubscribe"].strip("<>")
            assert unsubscribe.startswith(f"{server.url}/api/v1/unsubscribe/reminder?token=")

            # The hook answered 503: its log shows the attempt waiting to be tried again, and why.
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                log = api.get(f"/webhooks/{hook_id}/deliveries").json()["results"]
                if log and log[0]["attempts"] == 1:
                    break
                time.sleep(0.1)
            [entry] = log
            assert entry["state"] == "waiting" and entry["status"] == 503 and "503" in entry["error"]
            assert entry["kind"] == "reminder" and entry["next_attempt_at"] is not None
            assert client(server, sign_up(server, name="Bob")[0]).get(
                f"/webhooks/{hook_id}/deliveries").status_code == 404

        # The mail client's own Unsubscribe: one POST, and reminders stop coming by email.
        clicked = httpx.post(unsubscribe, content=b"List-Unsubscribe=One-Click",
                             headers={"Content-Type": "application/x-www-form-urlencoded"}, timeout=15)
        assert clicked.status_code == 200
        kinds = {k["kind"]: k["channels"] for k in api.get("/notifications/settings").json()["kinds"]}
        assert kinds["reminder"] == ["webhook"]
    finally:
        stop(proc)
        controller.stop()
