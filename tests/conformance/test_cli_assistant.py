"""`kairos ask` against a live server: the assistant's answer and its cards in a terminal."""

from __future__ import annotations

import json
from pathlib import Path

from test_cli import kairos, logged_in  # noqa: F401 (the fixture is used by name)


def test_ask_prints_the_answer_and_its_cards(logged_in: Path) -> None:  # noqa: F811
    asked = kairos("ask", "remind me to call the dentist tomorrow at 3pm", config=logged_in)
    assert asked.returncode == 0, asked.stderr
    lines = asked.stdout.splitlines()
    assert lines[0] == "Here's the reminder I'd set up. Add it to schedule it:"
    assert "Call the dentist" in lines[1] and "15:00" in lines[1]
    assert "kairos ask --add" in asked.stdout
    assert json.loads(kairos("today", "--json", config=logged_in).stdout) == []

    listed = kairos("ask", "--add", "make a packing list for the beach: sunscreen, towels and snacks",
                    config=logged_in)
    assert listed.returncode == 0, listed.stderr
    assert "Packing list for the beach" in listed.stdout and "(added:" in listed.stdout
    assert [line.strip() for line in listed.stdout.splitlines()[-3:]] == ["- Sunscreen", "- Towels", "- Snacks"]
    inbox = json.loads(kairos("inbox", "--json", config=logged_in).stdout)
    assert sorted(t["content"] for t in inbox) == ["Packing list for the beach", "Snacks", "Sunscreen", "Towels"]

    as_json = json.loads(kairos("ask", "--json", "what day is it", config=logged_in).stdout)
    assert as_json["type"] == "date_query" and as_json["text"].startswith("Today is ")

    empty = kairos("ask", " ", config=logged_in)
    assert empty.returncode != 0 and "text" in empty.stderr
