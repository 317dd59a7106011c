"""The offline assistant through `kairos parse --mode assistant --jsonl`, scored as score-assistant.py scores it.

The worked cases are the repository's copies (Tests/KairosCaptureTests/Fixtures), so a clean clone runs them. The
generated date questions compute the expected date with Python's datetime, not with the engine's own arithmetic;
they are seeded, so a failure reproduces.
"""
import datetime as dt
import json
import os
import random
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BINARY = Path(os.environ.get("KAIROS_BIN") or ROOT / ".build" / "debug" / "kairos")
FIXTURES = ROOT / "Tests" / "KairosCaptureTests" / "Fixtures"
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]


def assistant(lines, *extra):
    if not BINARY.exists():
        pytest.skip(f"{BINARY} is not built; run swift build or set KAIROS_BIN")
    payload = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)
    done = subprocess.run([str(BINARY), "parse", "--mode", "assistant", *extra, "--jsonl"], input=payload.encode(),
                          capture_output=True, timeout=120, check=True)
    return [json.loads(line) for line in done.stdout.decode().splitlines()]


def normalized(title):
    words = re.sub(r"[^a-z0-9 ]", " ", str(title).lower().replace("'", "").replace("\u2019", "")).split()
    return " ".join(word for word in words if word not in {"a", "an", "the", "my"})


def rule(text):
    return None if not text else sorted(part for part in text.upper().replace("RRULE:", "").split(";")
                                        if part != "INTERVAL=1")


def tasks_match(expected, got):
    if not isinstance(got, list) or len(got) != len(expected):
        return False
    return all(normalized(task.get("title")) in {normalized(title) for title in want["title"]}
               and task.get("due") == want["due"]
               and (task.get("list") or "").lower() == (want["list"] or "").lower()
               and task.get("priority") == want["priority"]
               and {label.lower() for label in task.get("labels") or []} == {label.lower() for label in want["labels"]}
               and rule(task.get("recurrence")) == rule(want["recurrence"])
               for want, task in zip(expected, got))


def case_exact(expected, answer):
    kind = expected["type"]
    if answer.get("type") != kind:
        return False
    if kind == "reminder":
        return tasks_match(expected["tasks"], answer.get("tasks"))
    if kind == "todo_list":
        items = answer.get("subtasks") or []
        return (normalized(answer.get("title")) in {normalized(title) for title in expected["title"]}
                and len(items) == len(expected["subtasks"])
                and all(normalized(item) in {normalized(title) for title in accepted}
                        for accepted, item in zip(expected["subtasks"], items)))
    if kind == "date_query":
        return (answer.get("date") == expected["date"]
                and str(answer.get("weekday", "")).lower() == expected["weekday"].lower())
    return True


@pytest.mark.parametrize("fixture", ["assistant-dev", "assistant-more"])
def test_worked_cases_meet_the_bar_through_the_binary(fixture):
    cases = [json.loads(line) for line in (FIXTURES / f"{fixture}.jsonl").read_text().splitlines() if line.strip()]
    answers = assistant({key: case[key] for key in ("id", "input", "now", "tz", "lists")} for case in cases)
    by_id = {answer["id"]: answer for answer in answers}
    assert len(by_id) == len(cases)
    right_type = [case["id"] for case in cases if by_id[case["id"]].get("type") == case["expected"]["type"]]
    exact = [case["id"] for case in cases if case_exact(case["expected"], by_id[case["id"]])]
    wrong = [f"{case['id']} {case['input']!r}: {by_id[case['id']]}" for case in cases if case["id"] not in exact]
    assert len(right_type) / len(cases) >= 0.98, "\n".join(wrong)
    assert len(exact) / len(cases) >= 0.95, "\n".join(wrong)


def date_question(rng):
    """A date question and the date the rules give it, computed independently."""
    now = dt.datetime(2026, 1, 1) + dt.timedelta(minutes=rng.randrange(0, 365 * 24 * 60))
    today, weekday = now.date(), now.weekday()
    monday = today - dt.timedelta(weekday)
    frame = rng.choice(["what date is {}", "what day of the week is {}", "what's the date {}", "which day is {}",
                        "hey what day will it be {}", "can you tell me the date {}", "when is {}"])
    kind = rng.randrange(8)
    if kind == 0:
        day = rng.randrange(7)
        return frame.format(f"next {WEEKDAYS[day]}"), now, monday + dt.timedelta(7 + day)
    if kind == 1:
        day = rng.randrange(7)
        date = monday + dt.timedelta(day)
        return frame.format(f"this {WEEKDAYS[day]}"), now, date if date >= today else date + dt.timedelta(7)
    if kind == 2:
        days = rng.randrange(2, 40)
        return frame.format(f"in {days} days"), now, today + dt.timedelta(days)
    if kind == 3:
        weeks = rng.randrange(1, 6)
        return frame.format(f"{weeks} weeks from today"), now, today + dt.timedelta(7 * weeks)
    if kind == 4:
        month, day = rng.randrange(12), rng.randrange(1, 29)
        date = dt.date(today.year, month + 1, day)
        return frame.format(f"{MONTHS[month]} {day}"), now, date if date >= today else dt.date(
            today.year + 1, month + 1, day)
    if kind == 5:
        return frame.format("tomorrow"), now, today + dt.timedelta(1)
    if kind == 6:
        return frame.format("the day after tomorrow"), now, today + dt.timedelta(2)
    return frame.format("next week"), now, monday + dt.timedelta(7)


def test_date_questions_agree_with_an_independent_reading_of_the_rules():
    rng = random.Random(20261127)
    cases = [date_question(rng) for _ in range(600)]
    answers = assistant({"id": i, "input": text, "now": now.strftime("%Y-%m-%dT%H:%M"), "tz": "Europe/Berlin",
                         "lists": ["Inbox"]} for i, (text, now, _) in enumerate(cases))
    wrong = [f"{text!r} at {now}: {answers[i]}, expected {date}" for i, (text, now, date) in enumerate(cases)
             if (answers[i].get("type"), answers[i].get("date"), answers[i].get("weekday"))
             != ("date_query", date.isoformat(), date.strftime("%A"))]
    assert not wrong, "\n".join(wrong[:20])


def test_a_bad_line_gets_an_error_and_one_message_prints_one_answer():
    answers = assistant([{"id": "a", "input": "what's the date tomorrow", "now": "2026-03-04T14:30", "tz": "UTC"},
                         "not json",
                         {"id": "b", "input": "call mom", "now": "2026-03-04T14:30", "tz": "Mars/Olympus"},
                         {"id": "c"}])
    assert answers[0] == {"id": "a", "type": "date_query", "date": "2026-03-05", "weekday": "Thursday"}
    assert answers[1]["id"] is None and "JSON" in answers[1]["error"]
    assert answers[2]["id"] == "b" and "tz" in answers[2]["error"] and "type" not in answers[2]
    assert "input" in answers[3]["error"]
    one = subprocess.run([str(BINARY), "parse", "--mode", "assistant", "--now", "2026-03-04T14:30", "--tz", "UTC",
                          "make a packing list: towels and sunscreen"], capture_output=True, text=True, timeout=30)
    assert one.returncode == 0, one.stderr
    assert json.loads(one.stdout) == {"type": "todo_list", "title": "Packing list", "subtasks": ["Towels", "Sunscreen"]}


LIST_VERBS = ["make", "create", "can you make", "could you put together", "please start", "I need", "give me",
              "hey, write up", "um make me", "I'd like"]
LIST_NAMES = ["packing list", "shopping list", "checklist", "to-do list", "grocery list", "party checklist",
              "camping checklist", "list", "wish list", "reading list"]
PURPOSES = ["camping", "tacos", "the weekend", "the beach", "monday", "the party"]
THINGS = ["sunscreen", "towels", "snacks", "ground beef", "tortillas", "paper towels", "water bottle", "batteries",
          "a flashlight", "dish soap", "bread", "eggs", "oat milk", "a bag of ice", "peanut butter", "candles"]
ACTIONS_TO_LIST = ["call mom", "pay rent", "book the van", "pack the kitchen", "water the plants", "email the landlord"]


def list_request(rng):
    """A list request built from known parts, with the name and items the rules give it."""
    verb, name = rng.choice(LIST_VERBS), rng.choice(LIST_NAMES)
    purpose = rng.choice(PURPOSES) if rng.random() < 0.6 else None
    items = rng.sample(THINGS if rng.random() < 0.7 else ACTIONS_TO_LIST, rng.choice([0, 2, 3, 4]))
    title = name + (f" for {purpose}" if purpose else "")
    text = f"{verb} a {title}"
    if items:
        spoken = purpose is None or len(purpose.split()) == 1 or purpose.startswith("the ")
        style = rng.choice(["typed", "with", "spoken"] if spoken else ["typed", "with"])
        listed = " and ".join([", ".join(items[:-1]), items[-1]]) if style == "typed" else (
            " ".join(items[:-1]) + " and " + items[-1])
        text += {"typed": ": ", "with": " with ", "spoken": " "}[style] + listed
    return text, title, items


def test_list_requests_agree_with_the_parts_they_were_built_from():
    rng = random.Random(20261128)
    cases = [list_request(rng) for _ in range(400)]
    answers = assistant({"id": i, "input": text, "now": "2026-03-04T14:30", "tz": "UTC", "lists": ["Inbox"]}
                        for i, (text, _, _) in enumerate(cases))
    wrong = [f"{text!r}: {answers[i]}" for i, (text, title, items) in enumerate(cases)
             if (answers[i].get("type"), normalized(answers[i].get("title")),
                 [normalized(item) for item in answers[i].get("subtasks") or []])
             != ("todo_list", normalized(title), [normalized(item) for item in items])]
    assert not wrong, "\n".join(wrong[:20])
