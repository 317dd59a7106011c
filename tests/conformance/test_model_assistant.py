"""The assistant on a live `kairos serve` pointed at each vendor's wire format (a local fake): a model's reply
reaches the client piece by piece as the vendor streams it, a list gets the model's suggestions, and a model
that fails midway leaves the offline answer, kept in the history."""

from __future__ import annotations

import json
import time
from pathlib import Path

import httpx
import pytest

from fake_model import FakeModel
from test_model_capture import serving


def stream(client: httpx.Client, text: str) -> list[tuple[str, dict, float]]:
    """The events of a streamed answer: (event, data, monotonic time it arrived)."""
    events: list[tuple[str, dict, float]] = []
    with client.stream(
        "POST", "/assistant/messages", json={"text": text}, headers={"Accept": "text/event-stream"}
    ) as answer:
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("text/event-stream")
        event = None
        for line in answer.iter_lines():
            if line.startswith("event: "):
                event = line.removeprefix("event: ")
            elif line.startswith("data: "):
                events.append((event, json.loads(line.removeprefix("data: ")), time.monotonic()))
    return events


@pytest.mark.parametrize("vendor", ["anthropic", "openai", "gemini"])
def test_a_reply_reaches_the_client_as_the_model_streams_it(vendor: str, tmp_path: Path) -> None:
    pieces = ["Start with ", "the vet, ", "then the rent."]
    with FakeModel(vendor) as fake, serving(fake, tmp_path) as (_, client):
        client.post("/tasks", json={"content": "Call the vet", "due_string": "today"})
        fake.reply_text("".join(pieces), chunks=pieces, delay_between=0.4)
        events = stream(client, "how should I plan my afternoon?")
        assert [event for event, _, _ in events] == ["delta", "delta", "delta", "message"]
        assert [data["text"] for _, data, _ in events[:3]] == pieces
        # Each piece arrived when the vendor sent it, not all at the end.
        assert events[1][2] - events[0][2] > 0.3 and events[2][2] - events[1][2] > 0.3
        message = events[3][1]
        assert message["type"] == "conversation" and message["text"] == "".join(pieces)
        [request] = fake.requests
        assert request.streamed
        assert "Call the vet" in request.system
        assert client.get("/assistant/messages").json()["results"][0] == message


def test_a_list_gets_the_models_suggestions_to_keep_or_drop(tmp_path: Path) -> None:
    with FakeModel("anthropic") as fake, serving(fake, tmp_path) as (_, client):
        fake.reply_json({"items": [
            {"title": "Flour", "note": "500 g", "group": "Pantry"},
            {"title": "Eggs", "note": "", "group": "Dairy"},
        ]})
        answer = client.post("/assistant/messages", json={"text": "make a shopping list for pancakes: milk"})
        message = answer.json()["message"]
        card = message["cards"][0]
        assert (card["kind"], card["items"]) == ("list", ["Milk"])
        assert card["suggestions"] == [
            {"title": "Flour", "note": "500 g", "group": "Pantry"},
            {"title": "Eggs", "note": None, "group": "Dairy"},
        ]
        added = client.post(f"/assistant/messages/{message['id']}/cards/0/add", json={"suggestions": [1]})
        assert added.status_code == 200, added.text
        parent, *subtasks = added.json()["message"]["cards"][0]["task_ids"]
        contents = {task["id"]: task["content"] for task in client.get("/tasks").json()["results"]}
        assert [contents[task] for task in subtasks] == ["Milk", "Eggs"]


def test_a_model_that_drops_midway_leaves_the_offline_answer(tmp_path: Path) -> None:
    with FakeModel("gemini") as fake, serving(fake, tmp_path) as (_, client):
        fake.reply_drop("Sure, here's a")
        events = stream(client, "tell me a joke")
        assert events[-1][0] == "message"
        final = events[-1][1]["text"]
        assert "I answer offline here" in final
        assert client.get("/assistant/messages").json()["results"][0]["text"] == final
