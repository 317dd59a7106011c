"""`kairos actions` against a live server: a thread's action items listed with who, when and where, and added as
tasks assigned, dated and linked back to their messages."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import raw_client, sign_up
from test_cli import kairos, logged_in  # noqa: F401 (the fixture is used by name)


def test_actions_of_a_thread_become_linked_tasks(logged_in: Path, kairos_server) -> None:  # noqa: F811
    config = json.loads(logged_in.read_text())
    ada = raw_client(kairos_server, config["token"])
    bob_token, bob_user = sign_up(kairos_server, name="Bob")
    bob = raw_client(kairos_server, bob_token)
    launch = ada.post("/projects", json={"name": "Launch"}).json()
    assert ada.post(f"/projects/{launch['id']}/members", json={"user_id": bob_user["id"], "role": "editor"}).status_code == 200
    group = ada.post("/conversations", json={"kind": "group", "name": "Launch", "member_ids": [bob_user["id"]]}).json()
    ask = ada.post(f"/conversations/{group['id']}/messages", json={"text": "@bob can you book the venue by friday"}).json()
    bob.post(f"/conversations/{group['id']}/messages", json={"text": "sure, and I'll order the flyers tomorrow"})

    listed = kairos("actions", group["id"], config=logged_in)
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    venue = next(line for line in lines if "Book the venue" in line)
    assert re.match(r"1\. Book the venue: Bob, due \d{4}-\d\d-\d\d 09:00, into Launch, \d+% sure$", venue), venue
    assert lines[1] == f"   From Ada's message {ask['id']}"
    assert any("Order the flyers" in line for line in lines)
    assert lines[-1] == f"Add them with kairos actions {group['id']} --add N, or all with --add-all."

    added = kairos("actions", group["id"], "--add", "1", config=logged_in)
    assert added.returncode == 0, added.stderr
    match = re.fullmatch(r"Added (\d+): Book the venue\n", added.stdout)
    assert match, added.stdout
    task = ada.get(f"/tasks/{match.group(1)}").json()
    assert task["project_id"] == launch["id"] and task["assignee_ids"] == [bob_user["id"]]
    sources = ada.get(f"/tasks/{task['id']}/sources").json()["sources"]
    assert [s["message_id"] for s in sources] == [ask["id"]]
    assert "(added: task" in kairos("actions", group["id"], config=logged_in).stdout

    everything = kairos("actions", group["id"], "--add-all", config=logged_in)
    assert everything.returncode == 0, everything.stderr
    assert re.fullmatch(r"Added \d+: Order the flyers\n", everything.stdout), everything.stdout

    wrong = kairos("actions", group["id"], "--add", "9", config=logged_in)
    assert wrong.returncode != 0 and "no action 9" in wrong.stderr
    as_json = json.loads(kairos("actions", group["id"], "--json", config=logged_in).stdout)
    assert all(action["task_id"] for action in as_json["actions"])
    assert as_json["model"] == {"used": False, "reason": "off"}
    ada.close()
    bob.close()
