"""Generated utterances through `kairos parse --jsonl`, checked against independent readings of the capture rules.

The date cases compute the expected due time with Python's zoneinfo, not with the engine's own arithmetic; the
splitting cases build run-on speech from known actions, remarks, priority clauses and list additions and expect
exactly those actions back. Both are seeded, so a failure reproduces.
"""
import datetime as dt
import json
import os
import random
import re
import subprocess
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

ROOT = Path(__file__).resolve().parents[2]
BINARY = Path(os.environ.get("KAIROS_BIN") or ROOT / ".build" / "debug" / "kairos")
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]


def parse(requests):
    if not BINARY.exists():
        pytest.skip(f"{BINARY} is not built; run swift build or set KAIROS_BIN")
    payload = "".join(json.dumps(request) + "\n" for request in requests)
    done = subprocess.run([str(BINARY), "parse", "--jsonl"], input=payload.encode(), capture_output=True,
                          timeout=120, check=True)
    lines = [json.loads(line) for line in done.stdout.decode().splitlines()]
    return {str(line["id"]): line for line in lines}


def wall(day, hour, minute):
    return f"{day.isoformat()}T{hour:02d}:{minute:02d}"


def elapsed(now, minutes, zone):
    local = (now.replace(tzinfo=ZoneInfo(zone)).astimezone(dt.timezone.utc)
             + dt.timedelta(minutes=minutes)).astimezone(ZoneInfo(zone))
    return wall(local.date(), local.hour, local.minute)


def bare_hour(hour, meridiem=None):
    if meridiem == "am":
        return 0 if hour == 12 else hour
    if meridiem == "pm":
        return hour if hour == 12 else hour + 12
    return hour + 12 if 1 <= hour <= 6 else hour


def ordinal(n):
    return f"{n}{'th' if 11 <= n <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def date_case(rng):
    """One phrase and the due time the rules give it, computed independently."""
    now = dt.datetime(2026, 1, 1) + dt.timedelta(minutes=rng.randrange(0, 365 * 24 * 60))
    zone = rng.choice(["UTC", "Asia/Tokyo", "America/Denver", "Europe/Berlin"])
    today, weekday = now.date(), now.weekday()
    monday = today - dt.timedelta(weekday)
    passed_nine = (now.hour, now.minute) > (9, 0)
    kind = rng.randrange(9)
    if kind == 0:
        day = rng.randrange(7)
        return f"on {WEEKDAYS[day]}", now, zone, wall(today + dt.timedelta((day - weekday) % 7 or 7), 9, 0)
    if kind == 1:
        day = rng.randrange(7)
        date = monday + dt.timedelta(day)
        date = date if date >= today else date + dt.timedelta(7)
        due = elapsed(now, 60, zone) if date == today and passed_nine else wall(date, 9, 0)
        return f"this {WEEKDAYS[day]}", now, zone, due
    if kind == 2:
        day = rng.randrange(7)
        return f"next {WEEKDAYS[day]}", now, zone, wall(monday + dt.timedelta(7 + day), 9, 0)
    if kind == 3:
        hour = rng.randrange(1, 13)
        return f"tomorrow at {hour}", now, zone, wall(today + dt.timedelta(1), bare_hour(hour), 0)
    if kind == 4:
        hour, minute, meridiem = rng.randrange(1, 13), rng.choice([0, 15, 30, 45]), rng.choice(["am", "pm", ""])
        wall_hour = bare_hour(hour, meridiem or None)
        date = today if (wall_hour, minute) >= (now.hour, now.minute) else today + dt.timedelta(1)
        return f"at {hour}:{minute:02d}{meridiem}", now, zone, wall(date, wall_hour, minute)
    if kind == 5:
        day = rng.randrange(1, 29)
        date = today.replace(day=day) if day >= today.day else (today.replace(day=1) + dt.timedelta(32)).replace(day=day)
        due = elapsed(now, 60, zone) if date == today and passed_nine else wall(date, 9, 0)
        return f"on the {ordinal(day)}", now, zone, due
    if kind == 6:
        month, day = rng.randrange(12), rng.randrange(1, 29)
        date = dt.date(today.year, month + 1, day)
        date = date if date >= today else dt.date(today.year + 1, month + 1, day)
        due = elapsed(now, 60, zone) if date == today and passed_nine else wall(date, 9, 0)
        return f"on {MONTHS[month]} {day}", now, zone, due
    if kind == 7:
        days = rng.randrange(2, 30)
        return f"in {days} days", now, zone, wall(today + dt.timedelta(days), 9, 0)
    hours = rng.randrange(1, 10)
    return f"in {hours} hours", now, zone, elapsed(now, 60 * hours, zone)


def test_dates_agree_with_an_independent_reading_of_the_rules():
    rng = random.Random(20261122)
    cases = [date_case(rng) for _ in range(1500)]
    requests = [{"id": str(i), "input": f"call the office {phrase}", "now": now.strftime("%Y-%m-%dT%H:%M"),
                 "tz": zone, "lists": ["Inbox"]} for i, (phrase, now, zone, _) in enumerate(cases)]
    results = parse(requests)
    wrong = []
    for i, (phrase, now, zone, due) in enumerate(cases):
        tasks = results[str(i)]["tasks"]
        got = [(task["title"], task["due"]) for task in tasks]
        if got != [("Call the office", due)]:
            wrong.append(f"{phrase!r} at {now} {zone}: {got}, expected {due}")
    assert not wrong, "\n".join(wrong[:20])


ACTIONS = ["call mom", "buy milk", "pick up the dry cleaning", "email the teacher about the field trip",
           "book a dentist appointment", "pay the water bill", "renew my passport", "water the plants",
           "take out the trash", "send the invoice to Acme", "fix the kitchen light", "text Sam about dinner",
           "buy salt and pepper", "go for a run", "reply to Jen", "update my resume", "buy eggs and bread",
           "follow up with the landlord", "back up the laptop", "pick up the kids from school", "do the thing",
           "vacuum the stairs", "wrap the presents", "clean out the fridge", "hang the new shelves",
           "sign the permission slip", "drop off the package", "iron the shirts", "repot the fern",
           "unsubscribe from the newsletters", "defrost the chicken", "empty the dishwasher"]
WHEN = ["today", "tomorrow", "tonight", "this afternoon", "on friday", "next tuesday", "this week", "next week",
        "this weekend", "by the end of the month", "in two hours", "on March 12th", "the day after tomorrow",
        "tomorrow morning", "friday at 3pm", "at five thirty pm", "at noon", "at quarter to seven",
        "in a couple of days", "by thursday", "sometime this week", "later", "every monday", "every day at 7am"]
LEAD_INS = ["", "", "I need to", "remind me to", "um I have to", "don't forget to", "I should", "can you",
            "please", "I gotta", "make sure to", "okay so", "we need to", "uh i've got to", "i wanna", "i'm gonna"]
REMARKS = ["it's been a long day", "my head is killing me", "the kids are finally asleep", "this week is insane",
           "i'm so behind", "nobody ever answers the phone anyway", "traffic was terrible today",
           "that's all i can think of"]
PRIORITY_REMARKS = ["it's urgent", "it's high priority", "that's top priority", "it's priority two"]
ITEMS = [("paper towels", "Paper towels"), ("dish soap", "Dish soap"), ("a new sponge", "New sponge"),
         ("oat milk", "Oat milk"), ("batteries", "Batteries")]
JOINERS = [" and", " and then", " oh and", " uh and", " also", " and um", ",", ", and", ". also", ";", " plus"]


def normalized(title):
    words = re.sub(r"[^a-z0-9 ]", " ", title.lower().replace("'", "")).split()
    return " ".join(word for word in words if word not in {"a", "an", "the", "my"})


def run_on(rng):
    """Run-on speech from known actions, with remarks, priority clauses and list additions in between."""
    clauses, titles = [], []
    for index in range(rng.choice([1, 2, 3, 4])):
        if rng.random() < 0.2:
            items = rng.sample(ITEMS, rng.choice([1, 2]))
            clause = "add " + " and ".join(spoken for spoken, _ in items) + " to my shopping list"
            titles += [title for _, title in items]
        else:
            action = rng.choice(ACTIONS)
            parts = [rng.choice(LEAD_INS), action, rng.choice(WHEN) if rng.random() < 0.5 else ""]
            clause = " ".join(part for part in parts if part)
            titles.append(action)
            if rng.random() < 0.2:
                clause += " " + rng.choice(PRIORITY_REMARKS)
        if rng.random() < 0.25:
            clause = f"{rng.choice(REMARKS)} {rng.choice(['um', 'uh', 'so', 'anyway', 'okay so'])} {clause}"
        clauses.append(clause if index == 0 else rng.choice(JOINERS) + " " + clause)
    return "".join(clauses), titles


def test_run_on_speech_splits_into_the_actions_said():
    rng = random.Random(7)
    cases = [run_on(rng) for _ in range(1200)]
    requests = [{"id": str(i), "input": text, "now": "2026-03-04T14:30", "tz": "America/New_York",
                 "lists": ["Inbox", "Shopping"]} for i, (text, _) in enumerate(cases)]
    results = parse(requests)
    wrong = []
    for i, (text, titles) in enumerate(cases):
        got = [task["title"] for task in results[str(i)]["tasks"]]
        if [normalized(title) for title in got] != [normalized(title) for title in titles]:
            wrong.append(f"{text!r}: {got}, expected {titles}")
    assert not wrong, "\n".join(wrong[:20])


def test_a_bad_line_gets_an_error_and_the_stream_goes_on():
    results = parse([{"id": 1, "input": "call mom tomorrow", "now": "2026-03-04T14:30", "tz": "UTC", "lists": []},
                     {"id": 2, "input": "call mom", "now": "yesterday-ish", "tz": "UTC", "lists": []},
                     {"id": 3, "input": "call mom", "now": "2026-03-04T14:30", "tz": "Mars/Olympus", "lists": []},
                     {"id": 4, "input": "buy milk", "now": "2026-03-04T14:30", "tz": "UTC", "lists": []}])
    assert results["1"]["tasks"][0]["due"] == "2026-03-05T09:00"
    assert "now" in results["2"]["error"]
    assert "Mars/Olympus" in results["3"]["error"] or "tz" in results["3"]["error"]
    assert [task["title"] for task in results["4"]["tasks"]] == ["Buy milk"]
