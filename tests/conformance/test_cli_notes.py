"""`kairos note` and `kairos notes` against a live server: notes kept, listed and searched, and a note's tasks
extracted and added, linked back to it."""

from __future__ import annotations

import json
import re
from pathlib import Path

from test_cli import kairos, logged_in  # noqa: F401 (the fixture is used by name)


def test_note_notes_and_extract(logged_in: Path) -> None:  # noqa: F811
    kept = kairos("note", "call the plumber tomorrow at 9am and book the venue friday", config=logged_in)
    assert kept.returncode == 0, kept.stderr
    match = re.fullmatch(r"Noted (\d+)\.\n", kept.stdout)
    assert match, kept.stdout
    note_id = match.group(1)
    other = json.loads(kairos("note", "--json", "ideas for the offsite", config=logged_in).stdout)
    assert other["text"] == "ideas for the offsite" and other["source"] == "typed" and other["task_ids"] == []

    listed = kairos("notes", config=logged_in)
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert [line.split()[0] for line in lines] == [other["id"], note_id]
    found = kairos("notes", "--search", "plumb", config=logged_in)
    assert [line.split()[0] for line in found.stdout.splitlines()] == [note_id]
    assert "No note holds" in kairos("notes", "--search", "holiday", config=logged_in).stdout

    shown = kairos("note", "--extract", note_id, config=logged_in)
    assert shown.returncode == 0, shown.stderr
    assert "Call the plumber" in shown.stdout and "Book the venue" in shown.stdout
    assert f"kairos note --extract {note_id} --add" in shown.stdout
    assert json.loads(kairos("inbox", "--json", config=logged_in).stdout) == []

    added = kairos("note", "--extract", note_id, "--add", config=logged_in)
    assert added.returncode == 0, added.stderr
    assert len(re.findall(r"^Added \d+: ", added.stdout, re.M)) == 2, added.stdout
    inbox = json.loads(kairos("inbox", "--json", config=logged_in).stdout)
    assert sorted(t["content"] for t in inbox) == ["Book the venue", "Call the plumber"]
    notes = json.loads(kairos("notes", "--json", config=logged_in).stdout)
    linked = next(n for n in notes if n["id"] == note_id)
    assert sorted(linked["task_ids"]) == sorted(t["id"] for t in inbox)
    assert "(2 tasks)" in kairos("notes", config=logged_in).stdout

    missing = kairos("note", "--extract", "999999", config=logged_in)
    assert missing.returncode != 0 and "not found" in missing.stderr.lower()
    neither = kairos("note", config=logged_in)
    assert neither.returncode != 0 and "--extract" in neither.stderr
    empty = kairos("note", " ", config=logged_in)
    assert empty.returncode != 0 and "text" in empty.stderr


def test_note_summary(logged_in: Path) -> None:  # noqa: F811
    text = (
        "Launch planning. We decided to move the launch to June. Waiting for legal to approve the press release. "
        "Who writes the announcement post?"
    )
    note_id = json.loads(kairos("note", "--json", text, config=logged_in).stdout)["id"]
    shown = kairos("note", "--summary", note_id, config=logged_in)
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    assert lines[lines.index("Decisions") + 1] == "  - We decided to move the launch to June.", shown.stdout
    assert lines[lines.index("Blockers") + 1] == "  - Waiting for legal to approve the press release.", shown.stdout
    assert lines[lines.index("Open questions") + 1] == "  - Who writes the announcement post?", shown.stdout

    answer = json.loads(kairos("note", "--summary", note_id, "--json", config=logged_in).stdout)
    assert set(answer) == {"summary", "decisions", "blockers", "open_questions", "next_steps", "model"}
    assert answer["decisions"] == [{"text": "We decided to move the launch to June."}]
    assert answer["model"] == {"used": False, "reason": "off"}

    missing = kairos("note", "--summary", "999999", config=logged_in)
    assert missing.returncode != 0 and "not found" in missing.stderr.lower()
    both = kairos("note", "--summary", note_id, "--extract", note_id, config=logged_in)
    assert both.returncode != 0 and "one of" in both.stderr
