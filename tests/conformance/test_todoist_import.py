"""`kairos import --from todoist` against a live server, reading a second `kairos serve` as the Todoist account:
Kairos answers Todoist's API v1 shape (projects, sections, labels, tasks, comments), so it is a faithful source."""

from __future__ import annotations

import json
import os
import subprocess
import threading
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest

from conftest import DEFAULT_BIN, KairosServer, free_port, launch, raw_client, sign_up, stop

BINARY = Path(os.environ.get("KAIROS_BIN") or DEFAULT_BIN)


def kairos_import(target: KairosServer, token: str, *args: str) -> subprocess.CompletedProcess[str]:
    """`kairos import ARGS` signed in to `target` with `token` through the environment."""
    env = {**os.environ, "KAIROS_SERVER": target.url, "KAIROS_TOKEN": token}
    return subprocess.run(
        [str(BINARY), "import", *args], env=env, capture_output=True, text=True, timeout=60
    )


def every(client: httpx.Client, path: str, **params: str) -> list[dict[str, Any]]:
    """Every item of a paged list."""
    items: list[dict[str, Any]] = []
    cursor = None
    while True:
        response = client.get(path, params={**params, **({"cursor": cursor} if cursor else {})})
        assert response.status_code == 200, response.text
        body = response.json()
        items += body["results"]
        cursor = body["next_cursor"]
        if not cursor:
            return items


def created(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code in (200, 201), response.text
    return response.json()


@pytest.fixture
def todoist(tmp_path: Path) -> Iterator[KairosServer]:
    """A second server standing in for Todoist."""
    server = KairosServer(host="127.0.0.1", port=free_port())
    (tmp_path / "source-logs").mkdir()
    proc = launch(server, tmp_path / "source-data", tmp_path / "source-logs")
    try:
        yield server
    finally:
        stop(proc)


@pytest.fixture
def source(todoist: KairosServer) -> tuple[str, dict[str, str]]:
    """A filled source account: a project tree, a section, a label, a task with a subtask, a recurring due,
    a comment and an Inbox task. Returns its token and the source ids by name."""
    token, _ = sign_up(todoist, name="Tod")
    with raw_client(todoist, token) as api:
        home = created(api.post("/projects", json={
            "name": "Home", "color": "berry_red", "is_favorite": True, "view_style": "board"}))
        garden = created(api.post("/projects", json={"name": "Garden", "parent_id": home["id"], "color": "green"}))
        kitchen = created(api.post("/sections", json={"project_id": home["id"], "name": "Kitchen"}))
        created(api.post("/labels", json={"name": "errand", "color": "lime_green"}))
        oven = created(api.post("/tasks", json={
            "content": "Clean the oven", "description": "Both racks", "project_id": home["id"],
            "section_id": kitchen["id"], "labels": ["errand"], "priority": 4, "due_string": "every monday",
            "deadline_date": "2031-05-30", "duration": 45, "duration_unit": "minute"}))
        created(api.post("/tasks", json={"content": "Buy oven cleaner", "parent_id": oven["id"], "priority": 2}))
        created(api.post("/tasks", json={"content": "Wipe the hob", "parent_id": oven["id"]}))
        created(api.post("/tasks", json={"content": "Plant tulips", "project_id": garden["id"]}))
        created(api.post("/comments", json={"task_id": oven["id"], "content": "Use the blue sponge"}))
        created(api.post("/tasks", json={"content": "Call Mum"}))
    return token, {"oven_due": oven["due"]["date"]}


@pytest.fixture
def target(kairos_server: KairosServer) -> tuple[str, httpx.Client]:
    token, _ = sign_up(kairos_server, name="Kai")
    client = raw_client(kairos_server, token)
    yield token, client
    client.close()


def test_import_from_todoist_brings_the_whole_account(
    kairos_server: KairosServer, todoist: KairosServer, source: tuple[str, dict[str, str]],
    target: tuple[str, httpx.Client],
) -> None:
    source_token, facts = source
    token, api = target

    done = kairos_import(kairos_server, token, "--from", "todoist", "--token", source_token,
                         "--api", todoist.api_url)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[-1] == (
        "Imported 5 tasks, 2 projects, 1 sections, 1 labels, 1 comments, 0 reminders and 0 time entries.")
    # The stand-in Kairos speaks Todoist's Sync API too, so reminders and comments come from it: nothing is skipped.
    assert lines[:-1] == []

    projects = {p["name"]: p for p in every(api, "/projects")}
    assert sorted(projects) == ["Garden", "Home", "Inbox"]
    home, garden, inbox = projects["Home"], projects["Garden"], projects["Inbox"]
    assert home["color"] == "berry_red" and home["is_favorite"] and home["view_style"] == "board"
    assert garden["parent_id"] == home["id"] and garden["color"] == "green"
    assert [s["name"] for s in every(api, "/sections", project_id=home["id"])] == ["Kitchen"]
    kitchen = every(api, "/sections", project_id=home["id"])[0]
    assert [(label["name"], label["color"]) for label in every(api, "/labels")] == [("errand", "lime_green")]

    tasks = {t["content"]: t for t in every(api, "/tasks")}
    assert sorted(tasks) == [
        "Buy oven cleaner", "Call Mum", "Clean the oven", "Plant tulips", "Wipe the hob"]
    oven = tasks["Clean the oven"]
    assert oven["project_id"] == home["id"] and oven["section_id"] == kitchen["id"]
    assert oven["labels"] == ["errand"] and oven["priority"] == 4 and oven["description"] == "Both racks"
    assert oven["deadline"]["date"] == "2031-05-30"
    assert oven["duration"] == {"amount": 45, "unit": "minute"}
    assert oven["due"]["string"] == "every monday" and oven["due"]["is_recurring"] is True
    assert oven["due"]["date"] == facts["oven_due"]
    subtasks = sorted((t for t in tasks.values() if t["parent_id"] == oven["id"]), key=lambda t: t["child_order"])
    assert [t["content"] for t in subtasks] == ["Buy oven cleaner", "Wipe the hob"]
    assert subtasks[0]["priority"] == 2 and all(t["section_id"] == kitchen["id"] for t in subtasks)
    assert tasks["Plant tulips"]["project_id"] == garden["id"]
    assert tasks["Call Mum"]["project_id"] == inbox["id"]
    assert [c["content"] for c in every(api, "/comments", task_id=oven["id"])] == ["Use the blue sponge"]

    # The rule came along: completing the task moves it to the next Monday.
    assert api.post(f"/tasks/{oven['id']}/close").status_code == 204
    moved = api.get(f"/tasks/{oven['id']}").json()
    assert moved["checked"] is False
    assert date.fromisoformat(moved["due"]["date"]) == date.fromisoformat(facts["oven_due"]) + timedelta(days=7)


def test_a_second_import_adds_a_second_copy(
    kairos_server: KairosServer, todoist: KairosServer, source: tuple[str, dict[str, str]],
    target: tuple[str, httpx.Client],
) -> None:
    source_token, _ = source
    token, api = target
    for _ in range(2):
        done = kairos_import(kairos_server, token, "--from", "todoist", "--token", source_token,
                             "--api", todoist.api_url)
        assert done.returncode == 0, done.stderr
    names = sorted(p["name"] for p in every(api, "/projects"))
    assert names == ["Garden", "Garden", "Home", "Home", "Inbox"]
    assert sorted(t["content"] for t in every(api, "/tasks")).count("Call Mum") == 2
    assert [label["name"] for label in every(api, "/labels")] == ["errand"]


def test_a_wrong_token_says_what_to_do_and_imports_nothing(
    kairos_server: KairosServer, todoist: KairosServer, source: tuple[str, dict[str, str]],
    target: tuple[str, httpx.Client],
) -> None:
    token, api = target
    done = kairos_import(kairos_server, token, "--from", "todoist", "--token", "not-a-token",
                         "--api", todoist.api_url)
    assert done.returncode != 0
    assert "Todoist did not accept this token: copy it again from Todoist's Settings › Integrations › Developer" in (
        done.stderr)
    assert [p["name"] for p in every(api, "/projects")] == ["Inbox"]
    assert every(api, "/tasks") == []


def test_a_wrong_api_address_says_so_and_imports_nothing(
    kairos_server: KairosServer, todoist: KairosServer, source: tuple[str, dict[str, str]],
    target: tuple[str, httpx.Client],
) -> None:
    source_token, _ = source
    token, api = target
    done = kairos_import(kairos_server, token, "--from", "todoist", "--token", source_token,
                         "--api", f"{todoist.url}/nowhere")
    assert done.returncode != 0
    assert "the address given with --api" in done.stderr
    assert every(api, "/tasks") == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "Give the export FILE, or --from todoist --token TOKEN."),
        (("--from", "todoist"), "--from todoist needs --token"),
        (("export.json", "--from", "todoist", "--token", "t"), "Give either a FILE or --from todoist, not both."),
        (("export.json", "--token", "t"), "--token goes with --from todoist."),
        (("--from", "todoist-csv"), "--from todoist-csv needs the CSV FILE Todoist exported."),
        (("export.csv", "--from", "todoist-csv", "--token", "t"), "--token goes with --from todoist."),
        (("--from", "todoist", "--token", "t", "--api", "not a url"), "--api must be an address"),
        (("--from", "asana", "--token", "t"), "--from"),
    ],
)
def test_import_options_are_checked_before_anything_is_read(
    kairos_server: KairosServer, target: tuple[str, httpx.Client], args: tuple[str, ...], message: str,
) -> None:
    token, api = target
    done = kairos_import(kairos_server, token, *args)
    assert done.returncode != 0
    assert message in done.stderr
    assert every(api, "/tasks") == []


@contextmanager
def sync_front(source: KairosServer, token: str, answer: dict[str, Any]) -> Iterator[
        tuple[str, list[dict[str, Any]]]]:
    """A stand-in for Todoist in front of `source`: it answers `POST /api/v1/sync` itself with `answer`, as
    Todoist's Sync API does, and passes every other request on. Yields its address and the sync calls it took."""
    calls: list[dict[str, Any]] = []

    class Front(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def reply(self, status: int, body: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self) -> None:
            form = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode()
            calls.append({"path": self.path, "form": form, "authorization": self.headers.get("Authorization")})
            if self.path != "/api/v1/sync" or self.headers.get("Authorization") != f"Bearer {token}":
                return self.reply(404 if self.path != "/api/v1/sync" else 401, b"{}")
            self.reply(200, json.dumps({**answer, "sync_token": "s1", "full_sync": True}).encode())

        def do_GET(self) -> None:
            answer = httpx.get(f"{source.url}{self.path}", headers={"Authorization": self.headers["Authorization"]})
            self.reply(answer.status_code, answer.content)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Front)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/api/v1", calls
    finally:
        server.shutdown()
        server.server_close()


def test_reminders_come_from_todoists_sync_api(
    kairos_server: KairosServer, todoist: KairosServer, source: tuple[str, dict[str, str]],
    target: tuple[str, httpx.Client],
) -> None:
    source_token, _ = source
    token, api = target
    with raw_client(todoist, source_token) as source_api:
        rent = created(source_api.post("/tasks", json={
            "content": "Pay rent", "due_datetime": "2031-06-01T09:00:00Z"}))
        bins = created(source_api.post("/tasks", json={"content": "Bins out"}))
    later = {"date": "2031-06-02T07:15:00.000000Z", "timezone": None, "string": "jun 2 7:15",
             "lang": "en", "is_recurring": False}
    reminders = [
        {"id": "r1", "item_id": rent["id"], "type": "relative", "minute_offset": 30, "due": None,
         "is_deleted": False},
        {"id": "r2", "item_id": bins["id"], "type": "absolute", "due": later, "is_deleted": False},
        {"id": "r3", "item_id": bins["id"], "type": "location", "name": "Home", "loc_lat": "48.85",
         "loc_long": "2.35", "loc_trigger": "on_enter", "radius": 100, "is_deleted": False},
        {"id": "r4", "item_id": bins["id"], "type": "absolute", "due": later, "is_deleted": True},
    ]

    notes = [
        {"id": "n1", "item_id": rent["id"], "content": "Pay by transfer", "posted_at": "2026-01-03T08:00:00.000000Z",
         "file_attachment": None, "is_deleted": False},
        {"id": "n2", "item_id": rent["id"], "content": "A deleted note", "is_deleted": True},
    ]
    project_notes = [{"id": "p1", "project_id": rent["project_id"], "content": "Inbox rules", "is_deleted": False}]

    answer = {"reminders": reminders, "notes": notes, "project_notes": project_notes}
    with sync_front(todoist, source_token, answer) as (front, calls):
        done = kairos_import(kairos_server, token, "--from", "todoist", "--token", source_token, "--api", front)
    assert done.returncode == 0, done.stderr
    assert [(c["path"], c["authorization"]) for c in calls] == [("/api/v1/sync", f"Bearer {source_token}")]
    assert urllib.parse.parse_qs(calls[0]["form"]) == {
        "sync_token": ["*"], "resource_types": ['["reminders","notes","project_notes"]']}
    lines = done.stdout.strip().splitlines()
    assert lines == [
        "Left out 1 reminders Kairos cannot keep (location, past, or before a due time the task does not have).",
        "Imported 7 tasks, 2 projects, 1 sections, 1 labels, 2 comments, 2 reminders and 0 time entries.",
    ]

    tasks = {t["content"]: t for t in every(api, "/tasks")}
    kept = {r["task_id"]: r for r in every(api, "/reminders")}
    assert sorted(kept) == sorted([tasks["Pay rent"]["id"], tasks["Bins out"]["id"]])
    before = kept[tasks["Pay rent"]["id"]]
    assert before["type"] == "relative" and before["minute_offset"] == 30
    assert datetime.fromisoformat(before["fire_at"]) == datetime.fromisoformat("2031-06-01T08:30:00+00:00")
    at = kept[tasks["Bins out"]["id"]]
    assert at["type"] == "absolute"
    assert datetime.fromisoformat(at["due"]["datetime"]) == datetime.fromisoformat("2031-06-02T07:15:00+00:00")
    # With the Sync API, comments come from it: all of them in one call, deleted ones left out.
    assert [c["content"] for c in every(api, "/comments", task_id=tasks["Pay rent"]["id"])] == ["Pay by transfer"]
    inbox = next(p for p in every(api, "/projects") if p["name"] == "Inbox")
    assert [c["content"] for c in every(api, "/comments", project_id=inbox["id"])] == ["Inbox rules"]


def test_a_failing_sync_api_imports_nothing(
    kairos_server: KairosServer, todoist: KairosServer, source: tuple[str, dict[str, str]],
    target: tuple[str, httpx.Client],
) -> None:
    source_token, _ = source
    token, api = target
    with sync_front(todoist, "another-token", {}) as (front, _):
        done = kairos_import(kairos_server, token, "--from", "todoist", "--token", source_token, "--api", front)
    assert done.returncode != 0
    assert "Todoist did not accept this token" in done.stderr
    assert every(api, "/tasks") == [] and [p["name"] for p in every(api, "/projects")] == ["Inbox"]


TODOIST_CSV = (
    "\ufeffTYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,"
    "DURATION_UNIT,DEADLINE,DEADLINE_LANG\r\n"
    'task,Clean the oven @errand,"Both racks, and the door",1,1,Ada (1),,every monday,en,Europe/Paris,45,'
    "minute,2031-05-30,en\r\n"
    "task,Buy oven cleaner,,3,2,Ada (1),,,,,,,,\r\n"
    'note,"Use the blue sponge,\nnot the green one",,,,,,,,,,,,\r\n'
    ",,,,,,,,,,,,,\r\n"
    "section,Garden,,,,,,,,,,,,\r\n"
    "task,Plant tulips,,4,1,,,,,,,,,\r\n"
)


def test_a_todoist_csv_export_becomes_a_project(
    kairos_server: KairosServer, target: tuple[str, httpx.Client], tmp_path: Path,
) -> None:
    token, api = target
    exported = tmp_path / "Home Jobs.csv"
    exported.write_text(TODOIST_CSV, encoding="utf-8", newline="")
    done = kairos_import(kairos_server, token, "--from", "todoist-csv", str(exported))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == (
        "Imported 3 tasks, 1 projects, 1 sections, 1 labels, 1 comments, 0 reminders and 0 time entries.")

    home = next(p for p in every(api, "/projects") if p["name"] == "Home Jobs")
    garden = every(api, "/sections", project_id=home["id"])
    assert [s["name"] for s in garden] == ["Garden"]
    tasks = {t["content"]: t for t in every(api, "/tasks")}
    oven, cleaner, tulips = tasks["Clean the oven"], tasks["Buy oven cleaner"], tasks["Plant tulips"]
    assert oven["project_id"] == home["id"] and oven["labels"] == ["errand"] and oven["priority"] == 4
    assert oven["description"] == "Both racks, and the door" and oven["deadline"]["date"] == "2031-05-30"
    assert oven["due"]["is_recurring"] is True and oven["due"]["string"] == "every monday"
    assert date.fromisoformat(oven["due"]["date"]).weekday() == 0
    assert oven["duration"] == {"amount": 45, "unit": "minute"}
    assert cleaner["parent_id"] == oven["id"] and cleaner["priority"] == 2
    assert tulips["section_id"] == garden[0]["id"] and tulips["parent_id"] is None and tulips["priority"] == 1
    assert [c["content"] for c in every(api, "/comments", task_id=cleaner["id"])] == [
        "Use the blue sponge,\nnot the green one"]


def test_a_todoist_csv_with_a_bad_row_names_its_line_and_imports_nothing(
    kairos_server: KairosServer, target: tuple[str, httpx.Client], tmp_path: Path,
) -> None:
    token, api = target
    exported = tmp_path / "Broken.csv"
    exported.write_text("TYPE,CONTENT,PRIORITY,INDENT,DATE\ntask,Fine,1,1,\ntask,Odd,1,1,someday maybe\n")
    done = kairos_import(kairos_server, token, "--from", "todoist-csv", str(exported))
    assert done.returncode != 0
    assert 'line 3 DATE "someday maybe" is not a due date Kairos can read' in done.stderr
    assert every(api, "/tasks") == [] and [p["name"] for p in every(api, "/projects")] == ["Inbox"]
