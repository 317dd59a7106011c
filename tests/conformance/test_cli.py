"""The `kairos` command line against a live server, as a terminal user drives it."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from conftest import DEFAULT_BIN, PASSWORD, KairosServer, free_port, launch, raw_client, sign_up, stop

BINARY = Path(os.environ.get("KAIROS_BIN") or DEFAULT_BIN)


def kairos(*args: str, config: Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "KAIROS_CONFIG": str(config)}
    env.pop("KAIROS_SERVER", None)
    env.pop("KAIROS_TOKEN", None)
    return subprocess.run(
        [str(BINARY), *args], env=env, input=stdin, capture_output=True, text=True, timeout=30
    )


@pytest.fixture
def logged_in(kairos_server: KairosServer, tmp_path: Path) -> Path:
    token, user = sign_up(kairos_server)
    config = tmp_path / "config.json"
    done = kairos(
        "login", "--server", kairos_server.url, "--email", user["email"], config=config, stdin=PASSWORD + "\n"
    )
    assert done.returncode == 0, done.stderr
    assert user["email"] in done.stdout
    assert json.loads(config.read_text())["server"] == kairos_server.url
    assert oct(config.stat().st_mode & 0o777) == "0o600"
    return config


def test_add_list_show_complete(logged_in: Path) -> None:
    added = kairos("add", "Call the dentist", "--due", "today", "--priority", "p1", "--label", "health",
                   config=logged_in)
    assert added.returncode == 0, added.stderr
    task_id = added.stdout.split()[1].rstrip(":")
    kairos("add", "Buy milk", config=logged_in)

    today = kairos("today", config=logged_in)
    assert today.returncode == 0, today.stderr
    lines = today.stdout.splitlines()
    assert lines[0].split() == ["ID", "PRI", "TASK", "DUE", "PROJECT"]
    assert any("Call the dentist" in line and "p1" in line and "today" in line for line in lines)
    assert not any("Buy milk" in line for line in lines)

    as_json = json.loads(kairos("today", "--json", config=logged_in).stdout)
    assert [t["content"] for t in as_json] == ["Call the dentist"]
    assert as_json[0]["priority"] == 4 and as_json[0]["labels"] == ["health"]

    inbox = kairos("inbox", "--json", config=logged_in)
    assert sorted(t["content"] for t in json.loads(inbox.stdout)) == ["Buy milk", "Call the dentist"]
    assert "Call the dentist" in kairos("search", "dentist", config=logged_in).stdout
    shown = kairos("show", task_id, config=logged_in).stdout
    assert "Call the dentist" in shown and "@health" in shown and "Inbox" in shown

    completed = kairos("done", task_id, config=logged_in)
    assert completed.returncode == 0 and "Done: Call the dentist" in completed.stdout
    assert json.loads(kairos("today", "--json", config=logged_in).stdout) == []


def test_projects_show_each_projects_colour_and_icon(logged_in: Path, kairos_server: KairosServer) -> None:
    token = json.loads(logged_in.read_text())["token"]
    with raw_client(kairos_server, token) as client:
        assert client.post("/projects", json={"name": "Gym", "color": "red", "icon": "dumbbell"}).status_code == 200
    listed = kairos("projects", config=logged_in)
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert lines[0].split() == ["ID", "PROJECT", "COLOR", "ICON", "ROLE"]
    assert any(line.split()[1:] == ["Gym", "red", "dumbbell"] for line in lines)
    assert any(line.split()[1:] == ["Inbox", "charcoal"] for line in lines)


def test_today_follows_the_order_given_to_the_day(logged_in: Path, kairos_server: KairosServer) -> None:
    contents = ["Water the plants", "Call the dentist", "Buy stamps", "Pay the rent"]
    ids = []
    for content in contents:
        added = kairos("add", content, "--due", "today", config=logged_in)
        assert added.returncode == 0, added.stderr
        ids.append(added.stdout.split()[1].rstrip(":"))
    token = json.loads(logged_in.read_text())["token"]
    with raw_client(kairos_server, token) as client:
        # "Pay the rent" keeps no place (-1): it comes after the placed ones.
        for task_id, place in zip(ids, [3, 1, 2]):
            assert client.post(f"/tasks/{task_id}", json={"day_order": place}).status_code == 200

    expected = ["Call the dentist", "Buy stamps", "Water the plants", "Pay the rent"]
    as_json = json.loads(kairos("today", "--json", config=logged_in).stdout)
    assert [t["content"] for t in as_json] == expected
    rows = kairos("today", config=logged_in).stdout.splitlines()[1:]
    assert [next(c for c in contents if c in row) for row in rows] == expected


def test_recurring_task_moves_on(logged_in: Path) -> None:
    added = kairos("add", "Water the plants", "--due", "every day", config=logged_in)
    task_id = added.stdout.split()[1].rstrip(":")
    before = json.loads(kairos("show", task_id, "--json", config=logged_in).stdout)["due"]["date"]
    moved = kairos("done", task_id, config=logged_in)
    assert "Next:" in moved.stdout
    after = json.loads(kairos("show", task_id, "--json", config=logged_in).stdout)["due"]["date"]
    assert after > before


def test_remind_a_task_and_see_it_in_show(logged_in: Path) -> None:
    added = kairos("add", "Renew the passport", config=logged_in)
    task_id = added.stdout.split()[1].rstrip(":")
    reminded = kairos("remind", task_id, "tomorrow", "at", "9am", config=logged_in)
    assert reminded.returncode == 0, reminded.stderr
    assert reminded.stdout.strip() == "Reminder set: tomorrow 09:00"
    shown = kairos("show", task_id, config=logged_in).stdout
    assert any(line.split() == ["Reminder:", "tomorrow", "09:00"] for line in shown.splitlines()), shown
    refused = kairos("remind", task_id, "whenever", config=logged_in)
    assert refused.returncode != 0 and "due.string" in refused.stderr


def test_add_several_tasks_from_one_line(logged_in: Path) -> None:
    line = "call mom tomorrow at 5pm, buy milk #Errands p1 @shop and water the plants every monday"
    declined = kairos("add", line, config=logged_in, stdin="n\n")
    assert declined.returncode == 0, declined.stderr
    review = declined.stdout.splitlines()
    assert review[0].split() == ["#", "TASK", "DUE", "LIST", "PRI", "LABELS", "REPEATS"]
    assert review[1].startswith("1.") and "Call mom" in review[1] and "17:00" in review[1]
    assert "Buy milk" in review[2] and "Errands (new)" in review[2] and "p1" in review[2] and "@shop" in review[2]
    assert "every monday" in review[3]
    assert "Nothing added." in declined.stdout
    assert json.loads(kairos("inbox", "--json", config=logged_in).stdout) == []

    added = kairos("add", line, "--yes", config=logged_in)
    assert added.returncode == 0, added.stderr
    assert [row.split(": ", 1)[1].split(" (due")[0] for row in added.stdout.splitlines()] == [
        "Call mom", "Buy milk in Errands", "Water the plants",
    ]
    projects = {p["name"]: p["id"] for p in json.loads(kairos("projects", "--json", config=logged_in).stdout)}
    assert set(projects) == {"Inbox", "Errands"}
    inbox = {t["content"]: t for t in json.loads(kairos("inbox", "--json", config=logged_in).stdout)}
    assert set(inbox) == {"Call mom", "Water the plants"}
    tomorrow = datetime.now(timezone.utc).date() + timedelta(days=1)
    assert inbox["Call mom"]["due"]["date"] == f"{tomorrow.isoformat()}T17:00:00Z"
    assert inbox["Water the plants"]["due"]["rrule"] == "FREQ=WEEKLY;BYDAY=MO"
    search = kairos("search", "milk", "--json", config=logged_in)
    milk = json.loads(search.stdout)[0]
    assert (milk["project_id"], milk["priority"], milk["labels"]) == (projects["Errands"], 4, ["shop"])


def test_add_says_what_it_did_not_add(logged_in: Path) -> None:
    line = "ugh the printer is out of toner again and i need to order more toner, scratch that, order paper"
    added = kairos("add", line, config=logged_in)
    assert added.returncode == 0, added.stderr
    lines = added.stdout.splitlines()
    assert lines[0].split(": ", 1)[1] == "Order paper", lines
    assert lines[1:] == [
        "Not added: \u201cthe printer is out of toner again\u201d (say it as a task to add it)",
        "Not added: \u201corder more toner\u201d (say it as a task to add it)",
    ]
    assert [t["content"] for t in json.loads(kairos("inbox", "--json", config=logged_in).stdout)] == ["Order paper"]
    remark = kairos("add", "the printer is out of toner", config=logged_in)
    assert remark.returncode != 0 and "Nothing added: \u201cthe printer is out of toner\u201d reads as a remark" in remark.stderr


def test_parse_needs_no_server_and_answers_every_line(tmp_path: Path) -> None:
    one = kairos("parse", "--now", "2026-03-04T14:30", "--tz", "America/New_York", "--lists", "Inbox,Home",
                 "call the dentist this week", config=tmp_path / "absent.json")
    assert one.returncode == 0, one.stderr
    assert json.loads(one.stdout)["tasks"][0]["due"] == "2026-03-05T10:00"
    lines = [
        {"id": 7, "input": "buy milk #home", "now": "2026-03-04T14:30", "tz": "UTC", "lists": ["Home"]},
        "not json",
        {"id": {"case": "b"}, "input": "call mom", "tz": "Mars/Olympus"},
        {"id": "c"},
    ]
    stdin = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)
    streamed = kairos("parse", "--jsonl", config=tmp_path / "absent.json", stdin=stdin)
    assert streamed.returncode == 0, streamed.stderr
    answers = [json.loads(line) for line in streamed.stdout.splitlines()]
    assert [a["id"] for a in answers] == [7, None, {"case": "b"}, "c"]
    assert answers[0]["tasks"][0]["list"] == "Home" and answers[0]["tasks"][0]["list_exists"] is True
    assert "tz" in answers[2]["error"] and "input" in answers[3]["error"]


def test_parse_actions_reads_threads_and_answers_every_line(tmp_path: Path) -> None:
    thread = {"id": "t1", "tz": "America/New_York", "me": "Alice", "members": ["Alice", "Bob", "Chen"],
              "messages": [{"sender": "Alice", "ts": "2026-01-20T10:01", "text": "@bob can you send the deck by friday"},
                           {"sender": "Bob", "ts": "2026-01-20T10:03", "text": "sure"},
                           {"sender": "Chen", "ts": "2026-01-20T10:05", "text": "someone needs to update the wiki"},
                           {"sender": "Chen", "ts": "2026-01-20T10:06", "text": "what time is the demo?"}]}
    lines = [
        thread,
        "not json",
        {"id": 2, "tz": "America/New_York", "members": ["Alice"], "messages": [{"sender": "Zed", "ts": "2026-01-20T10:01",
                                                                                 "text": "hi"}]},
        {"id": 3, "tz": "UTC", "members": ["Alice"], "messages": [{"sender": "Alice", "ts": "noon", "text": "hi"}]},
        {"id": 4, "tz": "Mars/Olympus", "members": ["Alice"], "messages": []},
        {"id": 5, "tz": "UTC", "members": ["Alice"]},
        {"id": 6, "tz": "UTC", "members": ["Alice", "Bob"], "messages": []},
    ]
    stdin = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)
    streamed = kairos("parse", "--mode", "actions", "--jsonl", config=tmp_path / "absent.json", stdin=stdin)
    assert streamed.returncode == 0, streamed.stderr
    answers = [json.loads(line) for line in streamed.stdout.splitlines()]
    assert [a["id"] for a in answers] == ["t1", None, 2, 3, 4, 5, 6]
    assert answers[0] == {"id": "t1", "actions": [
        {"title": "Send the deck", "assignee": "Bob", "due": "2026-01-23T09:00", "message": 0,
         "confidence": answers[0]["actions"][0]["confidence"]},
        {"title": "Update the wiki", "assignee": None, "due": None, "message": 2,
         "confidence": answers[0]["actions"][1]["confidence"]},
    ]}
    assert all(0 <= action["confidence"] <= 1 for action in answers[0]["actions"])
    assert "JSON object" in answers[1]["error"]
    assert "messages[0].sender" in answers[2]["error"] and "Zed" in answers[2]["error"]
    assert "messages[0].ts" in answers[3]["error"]
    assert "tz" in answers[4]["error"] and "messages" in answers[5]["error"]
    assert answers[6] == {"id": 6, "actions": []}
    one_text = kairos("parse", "--mode", "actions", "@bob send the deck", config=tmp_path / "absent.json")
    assert one_text.returncode != 0 and "--jsonl" in one_text.stderr


def test_errors_are_sentences_and_exit_non_zero(logged_in: Path, tmp_path: Path) -> None:
    missing = kairos("show", "999999", config=logged_in)
    assert missing.returncode != 0 and "not found" in missing.stderr.lower()
    bad_project = kairos("add", "x", "--project", "Nope", config=logged_in)
    assert bad_project.returncode != 0 and 'No project named "Nope"' in bad_project.stderr
    bad_due = kairos("add", "x", "--due", "someday maybe", config=logged_in)
    assert bad_due.returncode != 0 and "due_string" in bad_due.stderr
    not_logged_in = kairos("today", config=tmp_path / "absent.json")
    assert not_logged_in.returncode != 0 and "kairos login" in not_logged_in.stderr


def test_threads_send_share_and_read(logged_in: Path, kairos_server: KairosServer) -> None:
    config = json.loads(logged_in.read_text())
    ada = raw_client(kairos_server, config["token"])
    bob_token, _ = sign_up(kairos_server, name="Bob")
    bob = raw_client(kairos_server, bob_token)
    ada_id = ada.get("/user").json()["id"]
    dm = bob.post("/conversations", json={"kind": "dm", "user_id": ada_id}).json()["id"]
    bob.post(f"/conversations/{dm}/messages", json={"text": "can you book the venue?"})

    threads = kairos("threads", config=logged_in)
    assert threads.returncode == 0, threads.stderr
    assert threads.stdout.splitlines()[0].split() == ["ID", "THREAD", "KIND", "UNREAD"]
    assert any(line.split()[:4] == [dm, "Bob", "dm", "1"] for line in threads.stdout.splitlines())

    sent = kairos("send", dm, "on it, @bob and @zed", config=logged_in)
    assert sent.returncode == 0, sent.stderr
    assert sent.stdout.startswith("Sent ") and "@zed" in sent.stdout and "@bob" not in sent.stdout

    task_id = kairos("add", "Book the venue", config=logged_in).stdout.split()[1].rstrip(":")
    shared = kairos("share", task_id, dm, config=logged_in)
    assert shared.returncode == 0 and "Book the venue" in shared.stdout, shared.stderr
    assert kairos("done", task_id, config=logged_in).returncode == 0

    thread = kairos("thread", dm, config=logged_in)
    assert thread.returncode == 0, thread.stderr
    lines = thread.stdout.splitlines()
    assert lines[0].startswith("Bob (")
    assert lines[1].endswith("Bob: can you book the venue?")
    assert lines[2].endswith("You: on it, @bob and @zed")
    assert "You shared [x] Book the venue" in lines[3]
    assert lines[4].endswith("\u00b7 Ada completed \u201cBook the venue\u201d")
    newest_first = json.loads(kairos("thread", dm, "--json", config=logged_in).stdout)
    assert [m["kind"] for m in newest_first] == ["system", "task_card", "text", "text"]
    assert len(bob.get(f"/conversations/{dm}/messages").json()["results"]) == 4

    missing = kairos("thread", "999999", config=logged_in)
    assert missing.returncode != 0 and "not found" in missing.stderr.lower()
    ada.close()
    bob.close()


def test_summary_of_a_thread(logged_in: Path, kairos_server: KairosServer) -> None:
    config = json.loads(logged_in.read_text())
    ada = raw_client(kairos_server, config["token"])
    bob_token, _ = sign_up(kairos_server, name="Bob")
    bob = raw_client(kairos_server, bob_token)
    ada_id = ada.get("/user").json()["id"]
    dm = bob.post("/conversations", json={"kind": "dm", "user_id": ada_id}).json()["id"]
    decided = bob.post(f"/conversations/{dm}/messages", json={"text": "we decided to launch on tuesday"}).json()
    ada.post(f"/conversations/{dm}/messages", json={"text": "I'm blocked on the pricing page until legal replies"})

    summary = kairos("summary", dm, config=logged_in)
    assert summary.returncode == 0, summary.stderr
    lines = summary.stdout.splitlines()
    assert "Decisions" in lines
    assert f'  - Bob: "we decided to launch on tuesday" (message {decided["id"]})' in lines
    assert "Blockers" in lines
    assert len(bob.get(f"/conversations/{dm}/messages").json()["results"]) == 2

    as_json = json.loads(kairos("summary", dm, "--last", "1", "--json", config=logged_in).stdout)
    assert as_json["decisions"] == []
    assert [item["text"] for item in as_json["blockers"]] == ["I'm blocked on the pricing page until legal replies"]
    assert as_json["model"] == {"used": False, "reason": "off"}

    bad = kairos("summary", dm, "--last", "0", config=logged_in)
    assert bad.returncode != 0 and "--last" in bad.stderr
    missing = kairos("summary", "999999", config=logged_in)
    assert missing.returncode != 0 and "not found" in missing.stderr.lower()
    ada.close()
    bob.close()


def test_members_share_a_project_and_remove_a_member(logged_in: Path, kairos_server: KairosServer) -> None:
    ada = raw_client(kairos_server, json.loads(logged_in.read_text())["token"])
    bob_token, bob_user = sign_up(kairos_server, name="Bob")
    bob = raw_client(kairos_server, bob_token)
    launch = ada.post("/projects", json={"name": "Launch"}).json()
    task = ada.post("/tasks", json={"content": "Write the press release", "project_id": launch["id"]}).json()

    # An address finds only someone Ada already shares something with: a stranger's is as good as none.
    stranger = kairos("members", "launch", "--add", bob_user["email"], config=logged_in)
    assert stranger.returncode != 0 and "invite them" in stranger.stderr
    bob.post("/conversations", json={"kind": "dm", "user_id": ada.get("/user").json()["id"]})

    added = kairos("members", "launch", "--add", bob_user["email"], "--role", "commenter", config=logged_in)
    assert added.returncode == 0, added.stderr
    assert added.stdout.startswith(f"Shared Launch with Bob <{bob_user['email']}> as commenter.")
    table = added.stdout.splitlines()
    assert table[2].split() == ["NAME", "EMAIL", "ROLE"]
    assert [line.split()[-1] for line in table[3:]] == ["owner", "commenter"]

    assert bob.get(f"/tasks/{task['id']}").json()["content"] == "Write the press release"
    assert bob.post(f"/tasks/{task['id']}/close").status_code == 403
    listed = kairos("projects", config=logged_in)
    assert any(line.split()[1:] == ["Launch", "charcoal", "owner"] for line in listed.stdout.splitlines())

    removed = kairos("members", launch["id"], "--remove", bob_user["email"], config=logged_in)
    assert removed.returncode == 0, removed.stderr
    assert removed.stdout.startswith("Removed Bob from Launch.")
    assert bob.get(f"/tasks/{task['id']}").status_code == 404

    unknown = kairos("members", "Nowhere", config=logged_in)
    assert unknown.returncode != 0 and "No project is called Nowhere" in unknown.stderr
    stranger = kairos("members", "Launch", "--add", "nobody@example.com", config=logged_in)
    assert stranger.returncode != 0 and "invite them" in stranger.stderr
    ada.close()
    bob.close()


def test_list_with_a_filter_prints_like_today(logged_in: Path, kairos_server: KairosServer) -> None:
    ada = raw_client(kairos_server, json.loads(logged_in.read_text())["token"])
    bob_token, bob_user = sign_up(kairos_server, name="Bob")
    bob = raw_client(kairos_server, bob_token)
    launch = ada.post("/projects", json={"name": "Launch"}).json()
    shared = ada.post(f"/projects/{launch['id']}/members", json={"user_id": bob_user["id"], "role": "editor"})
    assert shared.status_code == 200, shared.text
    mine = ada.post("/tasks", json={"content": "Groceries"}).json()
    banners = ada.post(
        "/tasks", json={"content": "Order banners", "project_id": launch["id"], "assignee_id": bob_user["id"]}
    ).json()
    copy = bob.post(
        "/tasks", json={"content": "Write copy", "project_id": launch["id"], "assignee_id": ada.get("/user").json()["id"],
                        "due_string": "today"}
    ).json()

    listed = kairos("list", "--filter", "assigned to: me", config=logged_in)
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert lines[0].split() == ["ID", "PRI", "TASK", "DUE", "PROJECT"]
    assert len(lines) == 2 and "Write copy" in lines[1] and "today" in lines[1] and "Launch" in lines[1]

    def contents(query: str) -> list[str]:
        done = kairos("list", "--filter", query, "--json", config=logged_in)
        assert done.returncode == 0, done.stderr
        return sorted(task["content"] for task in json.loads(done.stdout))

    assert contents("added by: me") == ["Groceries", "Order banners"]
    assert contents("assigned by: me") == ["Order banners"]
    assert contents("assigned to: others") == ["Order banners"]
    assert contents("assigned to: Bob") == ["Order banners"]
    assert contents("shared") == ["Order banners", "Write copy"]
    assert contents("followed & !shared") == ["Groceries"]
    assert mine["id"] and banners["id"] and copy["id"]

    refused = kairos("list", "--filter", "added by: Bob", config=logged_in)
    assert refused.returncode != 0 and "query" in refused.stderr
    ada.close()
    bob.close()


def test_notifications_show_mentions_and_mark_them_read(logged_in: Path, kairos_server: KairosServer) -> None:
    ada = raw_client(kairos_server, json.loads(logged_in.read_text())["token"])
    bob_token, _ = sign_up(kairos_server, name="Bob")
    bob = raw_client(kairos_server, bob_token)
    dm = bob.post("/conversations", json={"kind": "dm", "user_id": ada.get("/user").json()["id"]}).json()["id"]
    bob.post(f"/conversations/{dm}/messages", json={"text": "can you check the venue, @ada?"})

    shown = kairos("notifications", "--read", config=logged_in)
    assert shown.returncode == 0, shown.stderr
    line = shown.stdout.splitlines()[0]
    assert line.startswith("\u2022 ") and line.endswith(
        "Bob mentioned you in a direct message: can you check the venue, @ada?")
    unread = kairos("notifications", "--unread", config=logged_in)
    assert unread.stdout.strip() == "No unread notifications."
    assert ada.get("/notifications/unread_count").json() == {"unread_count": 0}
    ada.close()
    bob.close()


def test_mute_a_project_and_a_task(logged_in: Path, kairos_server: KairosServer) -> None:
    ada = raw_client(kairos_server, json.loads(logged_in.read_text())["token"])
    bob_token, bob_user = sign_up(kairos_server, name="Bob")
    bob = raw_client(kairos_server, bob_token)
    launch = ada.post("/projects", json={"name": "Launch"}).json()
    ada.post(f"/projects/{launch['id']}/members", json={"user_id": bob_user["id"], "role": "editor"})
    banners = ada.post("/tasks", json={"content": "Order banners", "project_id": launch["id"]}).json()
    venue = ada.post("/tasks", json={"content": "Book the venue", "project_id": launch["id"]}).json()

    muted = kairos("mute", "project", "launch", config=logged_in)
    assert muted.returncode == 0, muted.stderr
    assert muted.stdout.strip() == "Muted Launch."
    task_muted = kairos("mute", "task", venue["id"], config=logged_in)
    assert task_muted.returncode == 0 and task_muted.stdout.strip() == "Muted Book the venue."
    assert ada.get("/mutes").json() == {"project_ids": [launch["id"]], "task_ids": [venue["id"]]}

    # Bob's work in the muted project stays quiet; a task assigned to Ada there still reaches her.
    assert bob.post(f"/tasks/{banners['id']}/close").status_code == 204
    bob.post(f"/tasks/{venue['id']}", json={"assignee_id": ada.get("/user").json()["id"]})
    kinds = [n["kind"] for n in ada.get("/notifications").json()["results"]]
    assert kinds == ["assigned"]

    unmuted = kairos("unmute", "project", launch["id"], config=logged_in)
    assert unmuted.returncode == 0 and unmuted.stdout.strip() == "Unmuted Launch."
    assert kairos("unmute", "task", venue["id"], config=logged_in).returncode == 0
    assert ada.get("/mutes").json() == {"project_ids": [], "task_ids": []}
    assert bob.post(f"/tasks/{banners['id']}/reopen").status_code == 204
    assert [n["kind"] for n in ada.get("/notifications").json()["results"]][0] == "task.reopened"

    unknown = kairos("mute", "project", "Nowhere", config=logged_in)
    assert unknown.returncode != 0 and "No project is called Nowhere" in unknown.stderr
    missing = kairos("mute", "task", "424242", config=logged_in)
    assert missing.returncode != 0 and missing.stderr.strip()
    wrong = kairos("mute", "label", "x", config=logged_in)
    assert wrong.returncode != 0
    ada.close()
    bob.close()


class Watcher:
    """`kairos watch` running in the background, its output lines collected as they arrive."""

    def __init__(self, *args: str, config: Path) -> None:
        env = {**os.environ, "KAIROS_CONFIG": str(config)}
        env.pop("KAIROS_SERVER", None)
        env.pop("KAIROS_TOKEN", None)
        self.process = subprocess.Popen(
            [str(BINARY), "watch", *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def next_line(self, matching: Callable[[str], bool], timeout: float = 15.0) -> str:
        """The first line that `matching` accepts, skipping others (notifications, say)."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                break
            if matching(line):
                return line
        stderr = self.process.stderr.read() if self.process.poll() is not None and self.process.stderr else ""
        raise AssertionError(f"kairos watch printed no matching line within {timeout} s {stderr}")

    def interrupt(self) -> int:
        """Ctrl-C, and the exit status."""
        self.process.send_signal(signal.SIGINT)
        return self.process.wait(timeout=10)


def test_watch_prints_events_as_they_arrive(logged_in: Path, kairos_server: KairosServer) -> None:
    ada = raw_client(kairos_server, json.loads(logged_in.read_text())["token"])
    bob_token, _ = sign_up(kairos_server, name="Bob")
    bob = raw_client(kairos_server, bob_token)
    dm = bob.post("/conversations", json={"kind": "dm", "user_id": ada.get("/user").json()["id"]}).json()["id"]
    bob.post(f"/conversations/{dm}/messages", json={"text": "sent before you watched"})

    raw = Watcher("--json", "--after", "0", config=logged_in)
    readable = Watcher(config=logged_in)
    try:
        replayed = json.loads(raw.next_line(lambda line: '"message.created"' in line))
        assert replayed["message"]["text"] == "sent before you watched"
        time.sleep(1)  # lets the readable watcher's socket sign in, so the next message is new to it
        bob.post(f"/conversations/{dm}/messages", json={"text": "are you watching?"})

        live = json.loads(raw.next_line(lambda line: '"message.created"' in line))
        assert live["kind"] == "message.created" and live["conversation_id"] == dm
        assert live["message"]["text"] == "are you watching?" and live["seq"] > replayed["seq"]
        line = readable.next_line(lambda line: "are you watching?" in line)
        assert line.startswith("[Bob] ") and line.endswith("Bob: are you watching?")
    finally:
        assert raw.interrupt() == 0
        assert readable.interrupt() == 0
    ada.close()
    bob.close()


PNG_1x1 = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360f8cf00000301010018dd8db40000000049454e44ae426082"
)


def test_send_files_and_see_them_in_the_thread(
    logged_in: Path, kairos_server: KairosServer, tmp_path: Path
) -> None:
    config = json.loads(logged_in.read_text())
    ada = raw_client(kairos_server, config["token"])
    bob_token, bob_user = sign_up(kairos_server, name="Bob")
    bob = raw_client(kairos_server, bob_token)
    dm = ada.post("/conversations", json={"kind": "dm", "user_id": bob_user["id"]}).json()["id"]
    photo = tmp_path / "beach.png"
    photo.write_bytes(PNG_1x1)
    ticket = tmp_path / "ferry ticket.pdf"
    ticket.write_bytes(b"%PDF-1.7\n%%EOF\n")

    sent = kairos("send", dm, "the view", "--attach", str(photo), "--attach", str(ticket), config=logged_in)
    assert sent.returncode == 0, sent.stderr
    assert sent.stdout.startswith("Sent ")
    files_only = kairos("send", dm, "--attach", str(ticket), config=logged_in)
    assert files_only.returncode == 0, files_only.stderr

    disguised = tmp_path / "notes.png"
    disguised.write_text("not an image at all")
    refused = kairos("send", dm, "look", "--attach", str(disguised), config=logged_in)
    assert refused.returncode != 0
    assert "notes.png" in refused.stderr and "PDF" in refused.stderr
    missing = kairos("send", dm, "--attach", str(tmp_path / "nowhere.png"), config=logged_in)
    assert missing.returncode != 0 and "Cannot read" in missing.stderr
    assert kairos("send", dm, config=logged_in).returncode != 0

    lines = kairos("thread", dm, config=logged_in).stdout.splitlines()
    assert lines[1].endswith("You: the view")
    assert lines[2].startswith("      attached: beach.png (image/png, ")
    assert lines[3].startswith("      attached: ferry ticket.pdf (application/pdf, 15 B) #")
    assert lines[4].endswith("You sent a file")
    assert len(lines) == 6

    newest_first = json.loads(kairos("thread", dm, "--json", config=logged_in).stdout)
    assert [len(m["attachments"]) for m in newest_first] == [1, 2]
    photo_id = newest_first[1]["attachments"][0]["id"]
    download = bob.get(f"/attachments/{photo_id}")
    assert download.status_code == 200
    assert download.content == PNG_1x1
    assert download.headers["content-type"] == "image/png"
    assert len(bob.get(f"/conversations/{dm}/messages").json()["results"]) == 2
    ada.close()
    bob.close()


def piped_to_head(command: str, config: Path, head: str = "head -n 1", timeout: float = 30) -> subprocess.CompletedProcess[str]:
    """`kairos COMMAND | head` in a shell that reports kairos' own exit status (pipefail)."""
    env = {**os.environ, "KAIROS_CONFIG": str(config)}
    env.pop("KAIROS_SERVER", None)
    env.pop("KAIROS_TOKEN", None)
    script = f"set -o pipefail; {BINARY} {command} | {head}"
    return subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True, timeout=timeout)


def test_streaming_commands_end_quietly_when_the_reader_goes(
    logged_in: Path, kairos_server: KairosServer, tmp_path: Path
) -> None:
    ada = raw_client(kairos_server, json.loads(logged_in.read_text())["token"])
    bob_token, _ = sign_up(kairos_server, name="Bob")
    bob = raw_client(kairos_server, bob_token)
    dm = bob.post("/conversations", json={"kind": "dm", "user_id": ada.get("/user").json()["id"]}).json()["id"]
    for n in range(3):
        bob.post(f"/conversations/{dm}/messages", json={"text": f"message {n}"})

    # head leaves after the first event; watch must notice at its next write and end, not crash.
    def keep_sending() -> None:
        for n in range(20):
            time.sleep(0.3)
            bob.post(f"/conversations/{dm}/messages", json={"text": f"later {n}"})

    sender = threading.Thread(target=keep_sending, daemon=True)
    sender.start()
    watched = piped_to_head("watch --json --after 0", logged_in)
    sender.join()
    assert watched.returncode == 0, watched.stderr
    assert json.loads(watched.stdout)["kind"] == "message.created"
    assert watched.stderr == ""

    requests = "".join(json.dumps({"id": n, "input": "buy milk"}) + "\n" for n in range(20000))
    (tmp_path / "requests.jsonl").write_text(requests)
    parsed = piped_to_head(f"parse --jsonl < {tmp_path / 'requests.jsonl'}", logged_in)
    assert parsed.returncode == 0 and parsed.stderr == "", parsed.stderr
    assert json.loads(parsed.stdout)["id"] == 0

    task = ada.post("/tasks", json={"content": "Write the report"}).json()
    ada.post("/time/timer/start", json={"task_id": task["id"]})
    timer = piped_to_head("timer status --watch", logged_in, head="head -c 10")
    assert timer.returncode == 0 and timer.stderr == "", timer.stderr
    ada.post("/time/timer/stop")
    ada.close()
    bob.close()


def test_export_import_and_delete_account(kairos_server: KairosServer, logged_in: Path, tmp_path: Path) -> None:
    from icalendar import Calendar

    LONG = ("Book the train " * 8).strip()

    parent = kairos("add", "Plan the trip", "--due", "every friday", "--label", "travel",
                    config=logged_in)
    assert parent.returncode == 0, parent.stderr
    parent_id = parent.stdout.split()[1].rstrip(":")
    token = json.loads(logged_in.read_text())["token"]
    with raw_client(kairos_server, token) as api:
        child = api.post("/tasks", json={"content": LONG, "parent_id": parent_id})
        assert child.status_code == 200, child.text

    exported = tmp_path / "kairos.json"
    done = kairos("export", "--output", str(exported), config=logged_in)
    assert done.returncode == 0, done.stderr
    document = json.loads(exported.read_text())
    assert document["format"] == "kairos-export"
    assert sorted(t["content"] for t in document["tasks"]) == sorted(["Plan the trip", LONG])

    ics_file = tmp_path / "tasks.ics"
    ics = kairos("export", "--ics", "-o", str(ics_file), config=logged_in)
    assert ics.returncode == 0, ics.stderr
    raw = ics_file.read_bytes()
    assert raw.endswith(b"END:VCALENDAR\r\n") and b"\n" not in raw.replace(b"\r\n", b"")
    assert all(len(line) <= 75 for line in raw.split(b"\r\n"))
    calendar = Calendar.from_ical(raw)
    todos = {str(todo["SUMMARY"]): todo for todo in calendar.walk("VTODO")}
    assert set(todos) == {"Plan the trip", LONG}
    plan = todos["Plan the trip"]
    assert plan["RRULE"]["FREQ"] == ["WEEKLY"] and plan["RRULE"]["BYDAY"] == ["FR"]
    assert plan.decoded("DUE").weekday() == 4
    assert [str(c) for c in plan["CATEGORIES"].cats] == ["travel"]
    assert str(todos[LONG]["RELATED-TO"]) == str(plan["UID"])

    # Into a new account on a second server: the same tasks.
    other_server = KairosServer(host="127.0.0.1", port=free_port())
    (tmp_path / "other-logs").mkdir()
    proc = launch(other_server, tmp_path / "other-data", tmp_path / "other-logs")
    try:
        other_token, other_user = sign_up(other_server)
        other_config = tmp_path / "other.json"
        assert kairos("login", "--server", other_server.url, "--token", other_token, config=other_config).returncode == 0
        imported = kairos("import", str(exported), config=other_config)
        assert imported.returncode == 0, imported.stderr
        assert "Imported 2 tasks" in imported.stdout
        with raw_client(other_server, other_token) as api:
            tasks = {t["content"]: t for t in api.get("/tasks").json()["results"]}
        assert tasks["Plan the trip"]["due"]["rrule"] == "FREQ=WEEKLY;BYDAY=FR"
        assert tasks[LONG]["parent_id"] == tasks["Plan the trip"]["id"]
        broken = tmp_path / "broken.json"
        broken.write_text(json.dumps({**document, "format": "other"}))
        refused = kairos("import", str(broken), config=other_config)
        assert refused.returncode != 0 and "format" in refused.stderr
    finally:
        stop(proc)

    # Deleting the account asks for the password; a wrong one deletes nothing.
    wrong = kairos("account", "delete", "--yes", config=logged_in, stdin="not my password\n")
    assert wrong.returncode != 0 and "password" in wrong.stderr
    deleted = kairos("account", "delete", "--yes", config=logged_in, stdin=PASSWORD + "\n")
    assert deleted.returncode == 0, deleted.stderr
    assert "Deleted the account" in deleted.stdout
    with raw_client(kairos_server, token) as api:
        assert api.get("/user").status_code == 401
