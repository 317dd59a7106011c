"""The `kairos` command line against a live server, as a terminal user drives it."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from conftest import DEFAULT_BIN, PASSWORD, KairosServer, sign_up

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


def test_recurring_task_moves_on(logged_in: Path) -> None:
    added = kairos("add", "Water the plants", "--due", "every day", config=logged_in)
    task_id = added.stdout.split()[1].rstrip(":")
    before = json.loads(kairos("show", task_id, "--json", config=logged_in).stdout)["due"]["date"]
    moved = kairos("done", task_id, config=logged_in)
    assert "Next:" in moved.stdout
    after = json.loads(kairos("show", task_id, "--json", config=logged_in).stdout)["due"]["date"]
    assert after > before


def test_errors_are_sentences_and_exit_non_zero(logged_in: Path, tmp_path: Path) -> None:
    missing = kairos("show", "999999", config=logged_in)
    assert missing.returncode != 0 and "not found" in missing.stderr.lower()
    bad_project = kairos("add", "x", "--project", "Nope", config=logged_in)
    assert bad_project.returncode != 0 and 'No project named "Nope"' in bad_project.stderr
    bad_due = kairos("add", "x", "--due", "someday maybe", config=logged_in)
    assert bad_due.returncode != 0 and "due_string" in bad_due.stderr
    not_logged_in = kairos("today", config=tmp_path / "absent.json")
    assert not_logged_in.returncode != 0 and "kairos login" in not_logged_in.stderr
