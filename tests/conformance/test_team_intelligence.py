"""A launch thread on a live `kairos serve` with a model configured (a local fake of Anthropic's wire format):
the summary streams in point by point, the model proposes the thread's action items (the engine dates them),
each becomes a task assigned and linked to its message, and the next brief, sent at the brief time, opens with
the model's words and a Top 3 whose reasons are true."""

from __future__ import annotations

import datetime as dt
import json
import time
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import httpx

from conftest import sign_up
from fake_model import FakeModel, Request
from test_model_capture import serving

OPENING = "A busy launch week: the deck is yours to send first, and Ben has the venue and the press release."

# Messages 0-3 of the thread, as Ada and Ben write them.
THREAD = [
    ("ben", "@ada can you send the deck by friday"),
    ("ada", "@ben can you book the venue tomorrow"),
    ("ben", "I'll draft the press release by monday"),
    ("ada", "we decided to launch on tuesday"),
]


def answer(request: Request) -> Any:
    """The fake model's answer to whichever structured question Kairos asks."""
    wanted = set((request.schema or {}).get("properties", {}))
    if "decisions" in wanted:
        return {
            "summary": [{"text": "The launch is on Tuesday", "message": 3}],
            "decisions": [{"text": "Launch on Tuesday", "message": 3}],
            "blockers": [],
            "open_questions": [],
        }
    if "actions" in wanted:
        return {"actions": [
            {"title": "Send the deck", "assignee": "Ada", "message": 0, "quote": "can you send the deck by friday"},
            {"title": "Book the venue", "assignee": "Ben", "message": 1, "quote": "can you book the venue tomorrow"},
            {"title": "Draft the press release", "assignee": "Ben", "message": 2,
             "quote": "I'll draft the press release by monday"},
        ]}
    if "opening" in wanted:
        return {"opening": OPENING}
    raise AssertionError(f"an unexpected question: {sorted(wanted)}")


def events_of(client: httpx.Client, path: str) -> list[tuple[str, dict, float]]:
    found: list[tuple[str, dict, float]] = []
    with client.stream("POST", path, json={"last": 50}, headers={"Accept": "text/event-stream"}) as reply:
        assert reply.status_code == 200, reply.read()
        event = None
        for line in reply.iter_lines():
            if line.startswith("event: "):
                event = line.removeprefix("event: ")
            elif line.startswith("data: "):
                found.append((event, json.loads(line.removeprefix("data: ")), time.monotonic()))
    return found


def test_a_launch_thread_with_the_model(tmp_path: Path) -> None:
    with FakeModel("anthropic") as fake, serving(fake, tmp_path) as (server, ada):
        fake.respond_with(answer)
        me = ada.get("/user").json()
        ben_token, ben_user = sign_up(server, name="Ben")
        ben = httpx.Client(base_url=server.api_url, headers={"Authorization": f"Bearer {ben_token}"}, timeout=30)
        launch = ada.post("/projects", json={"name": "Launch"}).json()
        assert ada.post(f"/projects/{launch['id']}/members", json={"user_id": ben_user["id"], "role": "editor"}).status_code == 200
        group = ada.post("/conversations", json={"kind": "group", "name": "Launch", "member_ids": [ben_user["id"]]}).json()
        posted = []
        for who, text in THREAD:
            reply = (ada if who == "ada" else ben).post(f"/conversations/{group['id']}/messages", json={"text": text})
            assert reply.status_code == 200, reply.text
            posted.append(reply.json()["id"])

        # The summary streams: each point as an event, then the whole answer, written by the model.
        events = events_of(ada, f"/conversations/{group['id']}/summary")
        assert [name for name, _, _ in events][-1] == "summary"
        items = [(data["section"], data["item"]) for name, data, _ in events if name == "item"]
        assert ("decisions", {"text": "Launch on Tuesday", "message_id": posted[3], "sender_id": me["id"], "sender": "Ada"}) in items
        assert [item["title"] for section, item in items if section == "next_steps"] == [
            "Send the deck", "Book the venue", "Draft the press release"]
        assert events[-1][1]["model"] == {"used": True, "reason": None}

        # The model proposes the actions; the engine dates them from the thread.
        found = ada.post(f"/conversations/{group['id']}/actions", json={}).json()
        assert found["model"] == {"used": True, "reason": None}
        actions = {a["title"]: a for a in found["actions"]}
        assert set(actions) == {"Send the deck", "Book the venue", "Draft the press release"}
        assert [actions[t]["message_id"] for t in ("Send the deck", "Book the venue", "Draft the press release")] == posted[:3]
        assert actions["Book the venue"]["assignee_id"] == ben_user["id"]
        assert actions["Book the venue"]["placement"]["project_id"] == launch["id"]
        for action in actions.values():
            assert action["due"] and action["due"].endswith("T09:00"), action

        made = {}
        for title, action in actions.items():
            body = {"content": title, "due_datetime": action["due"]}
            if action["placement"]["project_id"]:
                body["project_id"] = action["placement"]["project_id"]
            if action["placement"]["assignee_id"]:
                body["assignee_id"] = action["placement"]["assignee_id"]
            reply = ada.post(f"/messages/{action['message_id']}/task", json=body)
            assert reply.status_code == 200, reply.text
            made[title] = reply.json()
        assert made["Book the venue"]["assignee_ids"] == [ben_user["id"]]
        assert made["Send the deck"]["assignee_ids"] == [me["id"]]
        labels = ben.get(f"/tasks/{made['Draft the press release']['id']}/sources").json()["sources"]
        assert [s["label"] for s in labels] == ["From your message in Launch"]

        # The brief comes at the brief time (the next minute, every day a workday), its opening the model's.
        zone = ZoneInfo(me["timezone"])
        at = (dt.datetime.now(zone) + dt.timedelta(minutes=1)).strftime("%H:%M")
        assert ada.post("/user", json={"workdays": [1, 2, 3, 4, 5, 6, 7], "daily_brief_time": at}).status_code == 200
        deadline = time.monotonic() + 120
        while not any(n["kind"] == "brief" for n in ada.get("/notifications").json()["results"]):
            assert time.monotonic() < deadline, "the brief did not come at its time"
            time.sleep(1)
        brief = ada.get("/brief").json()
        assert brief["opening"] == OPENING and brief["model"] == {"used": True, "reason": None}
        top = {pick["task"]["content"]: pick["reason"] for pick in brief["top3"]}
        assert "Send the deck" in top and "Book the venue" not in top  # the venue is Ben's to book
        [opening_request] = [r for r in fake.requests if "opening" in set((r.schema or {}).get("properties", {}))]
        assert "Send the deck" in opening_request.prompt
        ben.close()
