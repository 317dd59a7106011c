"""Time tracking end to end: a stopwatch that survives a crash, and a report that adds up.

These tests kill and restart `kairos serve`, so each runs its own server on a data dir it keeps.
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import time
from collections import Counter
from collections.abc import Iterator
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import pytest

from conftest import PASSWORD, KairosServer, free_port, launch, raw_client, sign_up, stop
from test_cli import kairos

ZONE = "America/New_York"


class RestartableServer:
    """A `kairos serve` of this test's own that can be killed and started again on the same data."""

    def __init__(self, tmp_path: Path) -> None:
        self.server = KairosServer(host="127.0.0.1", port=free_port())
        self.data = tmp_path / "data"
        self.logs = tmp_path / "logs"
        self.logs.mkdir()
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = launch(self.server, self.data, self.logs)

    def crash(self) -> None:
        """SIGKILL: no graceful shutdown, no chance to write anything more."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        assert self.proc.wait(timeout=10) == -signal.SIGKILL

    def restart(self) -> None:
        assert self.proc is not None
        stop(self.proc)
        self.start()


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[RestartableServer]:
    server = RestartableServer(tmp_path)
    server.start()
    yield server
    if server.proc is not None:
        stop(server.proc)


def ok(response: httpx.Response, status: int = 200) -> Any:
    assert response.status_code == status, f"{response.request.method} {response.request.url}: {response.text}"
    return response.json() if response.content else None


def test_running_stopwatch_survives_sigkill_and_stop_records_once(own_server: RestartableServer) -> None:
    token, _ = sign_up(own_server.server)
    with raw_client(own_server.server, token) as raw:
        task = ok(raw.post("/tasks", json={"content": "Survive a crash"}))
        started = ok(raw.post("/time/timer/start", json={"task_id": task["id"]}))
        assert started["state"] == "running" and started["elapsed_seconds"] == 0
        time.sleep(1.2)

        own_server.crash()
        with pytest.raises(httpx.TransportError):
            raw.get("/time/timer")
        own_server.start()

        after = ok(raw.get("/time/timer"))
        assert after["state"] == "running"
        assert after["task_id"] == task["id"]
        assert after["running_since"] == started["running_since"]
        assert after["started_at"] == started["started_at"]
        assert after["elapsed_seconds"] >= 1

        stopped = ok(raw.post("/time/timer/stop"))
        retried = ok(raw.post("/time/timer/stop"))
        assert stopped["state"] == "stopped" and stopped["elapsed_seconds"] >= after["elapsed_seconds"]
        assert retried == stopped
        sessions = ok(raw.get("/time/sessions", params={"task_id": task["id"]}))["results"]
        assert len(sessions) == 1
        assert sessions[0]["started_at"] == started["running_since"]
        assert sessions[0]["ended_at"] == stopped["stopped_at"]
        assert sessions[0]["duration_seconds"] == stopped["elapsed_seconds"]
        assert sessions[0]["source"] == "timer"


RECORDED = re.compile(r"^Stopped (.+) \((\d+)\): (\d+):(\d\d):(\d\d) recorded\.$", re.MULTILINE)
DAY_ROW = re.compile(r"^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d+ \w+  ")


def recorded(output: str) -> dict[str, int]:
    """The seconds `kairos timer start/stop` said it recorded, by task id."""
    return {m[2]: int(m[3]) * 3600 + int(m[4]) * 60 + int(m[5]) for m in RECORDED.finditer(output)}


def clock(seconds: int) -> str:
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def cli(config: Path, *args: str) -> str:
    done = kairos(*args, config=config)
    assert done.returncode == 0, f"kairos {' '.join(args)}: {done.stderr}"
    return done.stdout


def local(day: date, hour: int, minute: int) -> str:
    """An instant at a wall time of the test user's zone, as the API takes it."""
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=ZoneInfo(ZONE)).isoformat()


@pytest.fixture
def ada(own_server: RestartableServer, tmp_path: Path) -> Iterator[tuple[Path, httpx.Client]]:
    """A new user in New York, logged in with the CLI (its config file) and with a raw API client."""
    server = own_server.server
    ok(httpx.post(f"{server.api_url}/auth/signup",
                  json={"email": "ada@example.com", "password": PASSWORD, "name": "Ada", "timezone": ZONE}), 201)
    config = tmp_path / "config.json"
    login = kairos("login", "--server", server.url, "--email", "ada@example.com", config=config, stdin=PASSWORD + "\n")
    assert login.returncode == 0, login.stderr
    with raw_client(server, json.loads(config.read_text())["token"]) as raw:
        yield config, raw


def test_three_tasks_over_two_days_add_up(own_server: RestartableServer, ada: tuple[Path, httpx.Client]) -> None:
    """The issue's "done when": a new user times three tasks across two days through the CLI and the
    API, the server restarts midway, and the report's numbers add up exactly."""
    config, raw = ada
    ok(raw.post("/projects", json={"name": "Work"}))
    report_id, budget_id, email_id = (
        re.match(r"Added (\d+):", cli(config, "add", title, *extra))[1]
        for title, extra in [
            ("Write the report", ["--project", "Work"]),
            ("Review the budget", ["--project", "Work", "--label", "finance"]),
            ("Email the team", []),
        ]
    )
    ok(raw.post(f"/tasks/{report_id}", json={"duration": 90, "duration_unit": "minute"}))

    # Yesterday in the user's zone, entered by hand afterwards.
    yesterday = datetime.now(ZoneInfo(ZONE)).date() - timedelta(days=1)
    for task, start, end in [(report_id, (9, 0), (10, 30)), (budget_id, (11, 0), (11, 45)),
                             (email_id, (14, 0), (14, 20))]:
        session = {"task_id": task, "started_at": local(yesterday, *start), "ended_at": local(yesterday, *end)}
        ok(raw.post("/time/sessions", json=session), 201)
    earlier_day = (90 + 45 + 20) * 60

    # Today with the real stopwatch: the CLI switches from one task to the next, the server restarts
    # while it runs, the API pauses and resumes it, and both stop it.
    said = Counter[str]()
    assert "Timing Write the report" in cli(config, "timer", "start", report_id)
    time.sleep(1.2)
    switched = cli(config, "timer", "start", budget_id)
    assert "Timing Review the budget" in switched
    said.update(recorded(switched))
    time.sleep(1.2)
    own_server.restart()
    status = cli(config, "timer", "status")
    assert "Review the budget" in status and "running" in status
    assert re.search(r"Elapsed:\s+0:00:0[1-9]", status), status
    assert ok(raw.post("/time/timer/pause"))["state"] == "paused"
    ok(raw.post("/time/timer/resume"))
    time.sleep(1.2)
    said.update(recorded(cli(config, "timer", "stop")))
    ok(raw.post("/time/timer/start", json={"task_id": email_id}))
    time.sleep(1.2)
    by_api = ok(raw.post("/time/timer/stop"))
    assert ok(raw.post("/time/timer/stop")) == by_api
    said[email_id] += by_api["elapsed_seconds"]
    assert set(said) == {report_id, budget_id, email_id} and all(said.values())
    assert recorded(cli(config, "timer", "stop")) == {email_id: by_api["elapsed_seconds"]}  # a retry adds nothing

    today = datetime.now(ZoneInfo(ZONE)).date()
    span = {"from": yesterday.isoformat(), "to": today.isoformat()}
    report = json.loads(cli(config, "report", "--from", span["from"], "--to", span["to"], "--by", "task", "--json"))
    assert report == ok(raw.get("/time/report", params={**span, "group_by": "task"}))
    total = report["total_seconds"]
    days = {d["date"]: d["seconds"] for d in report["days"]}
    tasks = {t["task_id"]: t for t in report["tasks"]}

    # Every way of adding it up gives the same total, and today is what the stopwatch said it recorded.
    assert sum(days.values()) == total
    assert sum(t["actual_seconds"] for t in tasks.values()) == total
    assert sum(g["seconds"] for g in report["groups"]) == total
    assert days == {yesterday.isoformat(): earlier_day, today.isoformat(): sum(said.values())}
    assert {task: line["actual_seconds"] for task, line in tasks.items()} == {
        report_id: 90 * 60 + said[report_id], budget_id: 45 * 60 + said[budget_id],
        email_id: 20 * 60 + said[email_id],
    }
    assert tasks[report_id]["estimate_seconds"] == 90 * 60
    assert ok(raw.get(f"/time/tasks/{report_id}"))["total_seconds"] == tasks[report_id]["actual_seconds"]
    assert report["streak"]["current_days"] == 2

    # And it matches what was recorded, session by session.
    sessions = ok(raw.get("/time/sessions", params={**span, "limit": 200}))["results"]
    per_task, per_day = Counter[str](), Counter[str]()
    for session in sessions:
        per_task[session["task_id"]] += session["duration_seconds"]
        started = datetime.fromisoformat(session["started_at"].replace("Z", "+00:00")).astimezone(ZoneInfo(ZONE))
        per_day[started.date().isoformat()] += session["duration_seconds"]
    assert per_task == {task: line["actual_seconds"] for task, line in tasks.items()}
    assert per_day == {day: seconds for day, seconds in days.items() if seconds}
    csv_rows = raw.get("/time/sessions/export", params=span).text.splitlines()
    assert len(csv_rows) == len(sessions) + 1
    assert sum(int(row.rsplit(",", 1)[1]) for row in csv_rows[1:]) == total

    # The table says the same, with a bar for each day that has time.
    table = cli(config, "report", "--from", span["from"], "--to", span["to"]).splitlines()
    day_rows = [line for line in table if DAY_ROW.match(line)]
    assert [line.split()[3] for line in day_rows] == [clock(days[day]) for day in sorted(days)]
    assert all("█" in line or "▏" in line for line in day_rows)
    assert f"Total       {clock(total)}" in table
    report_row = next(line for line in table if line.startswith(f"{report_id} "))
    assert "Write the report" in report_row and "Work" in report_row and "1:30:00" in report_row
    assert clock(tasks[report_id]["actual_seconds"]) in report_row
    assert "Streak: 2 days in a row" in table[-1]

    # Without dates it is this week, Monday to Sunday in the user's zone.
    week = json.loads(cli(config, "report", "--json"))
    monday = today - timedelta(days=today.weekday())
    assert (week["from"], week["to"]) == (monday.isoformat(), (monday + timedelta(days=6)).isoformat())
    assert week["timezone"] == ZONE
    assert sum(d["seconds"] for d in week["days"]) == week["total_seconds"]
