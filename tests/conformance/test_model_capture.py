"""`POST /capture` on a live `kairos serve` pointed at each vendor's wire format (a local fake): the model
splits and words, the engine reads every date and list, and each way a model fails gives the offline answer
with the reason. A user who turns `ai_enabled` off sends the model nothing."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from conftest import KairosServer, free_port, launch, sign_up
from fake_model import FakeModel

KEY = "sk-capture-test-5b0e"
# Thursday 5 March 2026, 09:00 in Lisbon (UTC in March), the user's zone.
NOW = "2026-03-05T09:00"
TRANSCRIPT = "so um tomorrow at 5 I gotta ring the vet for errands and uh the rent is due monday"
SPLIT = {
    "tasks": [
        {"title": "Call the vet", "quote": "ring the vet for errands", "notes": ""},
        {"title": "Pay the rent", "quote": "the rent is due monday", "notes": ""},
    ]
}


@contextmanager
def serving(fake: FakeModel, tmp_path: Path) -> Iterator[tuple[KairosServer, httpx.Client]]:
    server = KairosServer(host="127.0.0.1", port=free_port())
    logs = tmp_path / "logs"
    logs.mkdir(exist_ok=True)
    proc = launch(server, tmp_path / "data", logs, env=fake.env(model="test-model", key=KEY))
    try:
        token, _ = sign_up(server)
        with httpx.Client(base_url=server.api_url, headers={"Authorization": f"Bearer {token}"}, timeout=30) as client:
            assert client.post("/projects", json={"name": "Errands"}).status_code == 200
            assert client.post("/user", json={"timezone": "Europe/Lisbon"}).status_code == 200
            yield server, client
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=15) == 0
        assert KEY not in (logs / "stderr.log").read_text() + (logs / "stdout.log").read_text()


def capture(client: httpx.Client, text: str = TRANSCRIPT) -> dict:
    answer = client.post("/capture", json={"text": text, "now": NOW})
    assert answer.status_code == 200, answer.text
    return answer.json()


def offline_titles(result: dict) -> list[str]:
    assert [task["engine"] for task in result["tasks"]] == ["offline", "offline"], result
    return [task["title"] for task in result["tasks"]]


@pytest.mark.parametrize("vendor", ["anthropic", "openai", "gemini"])
def test_the_model_words_the_tasks_and_the_engine_dates_them(vendor: str, tmp_path: Path) -> None:
    with FakeModel(vendor) as fake, serving(fake, tmp_path) as (_, client):
        fake.reply_json(SPLIT)
        result = capture(client)
        assert result["model"] == {"used": True, "reason": None}
        assert [(t["title"], t["engine"], t["due"], t["list"]) for t in result["tasks"]] == [
            ("Call the vet", "model", "2026-03-06T17:00", "Errands"),
            ("Pay the rent", "model", "2026-03-09T09:00", None),
        ]
        [request] = fake.requests
        assert request.api_key == KEY
        assert request.messages == [("user", TRANSCRIPT)]
        assert "Europe/Lisbon" in request.system and "Inbox, Errands" in request.system
        assert request.schema is not None


def test_a_rate_limit_is_waited_out_as_the_vendor_asks(tmp_path: Path) -> None:
    with FakeModel("anthropic") as fake, serving(fake, tmp_path) as (_, client):
        fake.reply_status(429, retry_after=1).reply_json(SPLIT)
        result = capture(client)
        assert result["model"]["used"] is True
        first, second = fake.requests
        assert second.received_at - first.received_at >= 0.9


@pytest.mark.parametrize(
    ("script", "reason"),
    [
        (lambda fake: [fake.reply_status(500) for _ in range(4)], "server_error"),
        (lambda fake: fake.reply_status(401), "unauthorized"),
        (lambda fake: fake.reply_malformed("truncated"), "malformed_answer"),
        (lambda fake: fake.reply_json({"tasks": [{"title": "Call the vet"}]}), "schema_violation"),
        (lambda fake: fake.reply_json({"tasks": [{"title": "Fly", "quote": "book flights", "notes": ""}]}),
         "malformed_answer"),
    ],
)
def test_a_failing_model_gives_the_offline_answer_and_says_why(script, reason: str, tmp_path: Path) -> None:
    with FakeModel("openai") as fake, serving(fake, tmp_path) as (_, client):
        script(fake)
        result = capture(client)
        assert result["model"] == {"used": False, "reason": reason}
        assert offline_titles(result) == ["Ring the vet", "Rent"]


def test_a_model_slower_than_ten_seconds_is_given_up_on(tmp_path: Path) -> None:
    with FakeModel("gemini") as fake, serving(fake, tmp_path) as (_, client):
        fake.reply_slow(14, then=SPLIT)
        result = capture(client)
        assert result["model"] == {"used": False, "reason": "timeout"}
        assert offline_titles(result) == ["Ring the vet", "Rent"]


def test_a_user_who_turns_the_model_off_sends_it_nothing(tmp_path: Path) -> None:
    with FakeModel("openai") as fake, serving(fake, tmp_path) as (_, client):
        fake.reply_json(SPLIT)
        changed = client.post("/user", json={"ai_enabled": False})
        assert changed.status_code == 200 and changed.json()["ai_enabled"] is False
        assert client.get("/user").json()["ai_enabled"] is False
        result = capture(client)
        assert result["model"] == {"used": False, "reason": "opted_out"}
        assert offline_titles(result) == ["Ring the vet", "Rent"]
        assistant = client.post("/assistant/messages", json={"text": "remind me to water the plants at 6pm"})
        assert assistant.status_code == 200, assistant.text
        assert fake.requests == []
        client.post("/user", json={"ai_enabled": True})
        assert capture(client)["model"]["used"] is True
