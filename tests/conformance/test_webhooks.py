"""Outgoing hooks on a live `kairos serve`: hooks added through the API, and test notices sent with
`POST /webhooks/{id}/test` to independent receivers (see hook_receivers.py): a JSON receiver that checks the
signature with Python's hmac, and an ntfy-like server that validates the JSON publish as ntfy does."""

from __future__ import annotations

import time
from collections.abc import Callable

from conftest import Account, free_port
from hook_receivers import JSONHookReceiver, NtfyReceiver, signature_is_valid


def add_hook(account: Account, **body: str) -> dict:
    answer = account.raw.post("/webhooks", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def test_a_json_hook_gets_a_test_notice_signed_with_its_secret(new_account: Callable[..., Account]) -> None:
    ada = new_account()
    with JSONHookReceiver() as receiver:
        hook = add_hook(ada, url=f"{receiver.url}/api/webhook/kairos")
        secret = hook["secret"]
        assert secret.startswith("whsec_") and hook["format"] == "json" and hook["has_token"] is False
        assert "secret" not in ada.raw.get("/webhooks").json()["results"][0]

        before = int(time.time())
        answer = ada.raw.post(f"/webhooks/{hook['id']}/test")
        assert answer.status_code == 200, answer.text
        assert answer.json() == {"status": 200, "delivered": True}

        [request] = receiver.received
        assert request.path == "/api/webhook/kairos"
        assert request.headers["content-type"] == "application/json"
        assert request.headers["user-agent"] == "Kairos-Webhook/1"
        assert signature_is_valid(secret, request), request.headers
        assert not signature_is_valid(secret[:-1] + ("A" if secret[-1] != "A" else "B"), request)
        assert before - 1 <= int(request.headers["kairos-timestamp"]) <= int(time.time()) + 1

        payload = request.json()
        assert set(payload) == {"type", "delivery_id", "sent_at", "notice"}
        assert payload["type"] == "reminder"
        assert payload["delivery_id"].startswith("test-")
        assert request.headers["kairos-delivery"] == payload["delivery_id"]
        notice = payload["notice"]
        assert notice["title"] == "Kairos test notice" and notice["kind"] == "reminder"
        assert notice["url"].endswith("/#/settings")

        receiver.status = 503
        failed = ada.raw.post(f"/webhooks/{hook['id']}/test").json()
        assert failed["delivered"] is False and failed["status"] == 503 and "503" in failed["error"]


def test_an_ntfy_topic_gets_a_publish_ntfy_accepts(new_account: Callable[..., Account]) -> None:
    ada = new_account()
    token = "tk_kairos0test0token0abcdefghij"
    with NtfyReceiver(prefix="/ntfy/", tokens={"ada_alerts": token}) as ntfy:
        hook = add_hook(ada, url=ntfy.topic_url("ada_alerts"), format="ntfy", token=token)
        assert hook["has_token"] is True and "secret" not in hook and token not in str(hook)
        answer = ada.raw.post(f"/webhooks/{hook['id']}/test")
        assert answer.status_code == 200, answer.text
        assert answer.json() == {"status": 200, "delivered": True}, ntfy.received[-1].body

        [message] = ntfy.messages
        assert message.topic == "ada_alerts"
        assert message.title == "Kairos test notice"
        assert message.message
        assert message.priority == 4
        assert message.tags == ["alarm_clock"]
        assert message.click.endswith("/#/settings")
        assert [(a["action"], a["label"], a["url"]) for a in message.actions] == [("view", "Open", message.click)]

        # A token the topic does not take: ntfy refuses it, and the test says so.
        wrong = add_hook(ada, url=ntfy.topic_url("ada_alerts"), format="ntfy", token="tk_wrong")
        refused = ada.raw.post(f"/webhooks/{wrong['id']}/test").json()
        assert refused["delivered"] is False and refused["status"] == 403 and "403" in refused["error"]
        assert token not in ada.raw.get("/webhooks").text


def test_a_wrong_address_is_a_clear_400_and_nothing_is_kept(new_account: Callable[..., Account]) -> None:
    ada = new_account()
    for body, field in [
        ({"url": "localhost:8123/hook"}, "url"),
        ({"url": "https://ada:secret@hooks.example.com/x"}, "url"),
        ({"url": "https://ntfy.sh/not.a.topic", "format": "ntfy"}, "url"),
        ({"url": "https://hooks.example.com/x", "format": "yaml"}, "format"),
        ({"url": "https://hooks.example.com/x", "token": "tk_abc"}, "token"),
    ]:
        answer = ada.raw.post("/webhooks", json=body)
        assert answer.status_code == 400, (body, answer.text)
        error = answer.json()["error"]
        assert error["code"] == "invalid_field" and field in error["message"], error
    assert ada.raw.get("/webhooks").json() == {"results": [], "next_cursor": None}


def test_an_unreachable_receiver_is_reported_not_delivered(new_account: Callable[..., Account]) -> None:
    ada = new_account()
    hook = add_hook(ada, url=f"http://127.0.0.1:{free_port()}/hook")
    result = ada.raw.post(f"/webhooks/{hook['id']}/test", timeout=30).json()
    assert result["delivered"] is False and result["status"] is None
    assert "refused the connection" in result["error"]
