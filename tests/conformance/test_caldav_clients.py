"""Round trips as Apple Reminders, Tasks.org (through DAVx5) and Thunderbird make them, with the `caldav` client
doing the HTTP: each app stores its own kind of object under a name it chose, edits, completes, reopens,
reorders, makes subtasks, completes a repeating to-do and deletes, while the same tasks change in Kairos in
between. Nothing is lost or duplicated, what Kairos does not model comes back as the app wrote it, and a sync
names exactly what changed."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta

import caldav
import pytest

from conftest import Account, KairosServer
from test_caldav_discovery import app_password

BERLIN = """BEGIN:VTIMEZONE
TZID:Europe/Berlin
BEGIN:DAYLIGHT
TZOFFSETFROM:+0100
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
DTSTART:19810329T020000
TZNAME:CEST
TZOFFSETTO:+0200
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:+0200
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
DTSTART:19961027T030000
TZNAME:CET
TZOFFSETTO:+0100
END:STANDARD
END:VTIMEZONE"""


@dataclass
class Todo:
    """What an app knows of one to-do; each app writes it in its own way."""

    uid: str
    summary: str
    due: str | None = None  # YYYYMMDD or YYYYMMDDTHHMMSS (Berlin)
    done: bool = False
    parent: str | None = None
    order: int | None = None
    rrule: str | None = None


def apple(todo: Todo) -> str:
    """Apple Reminders (iOS 18): zoned times with a VTIMEZONE, RELATED-TO without RELTYPE, its sort order, a
    default alarm it keeps for itself."""
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iOS 18.1//EN", "CALSCALE:GREGORIAN", BERLIN,
             "BEGIN:VTODO", "CREATED:20260301T080000Z", "DTSTAMP:20260301T080512Z", f"UID:{todo.uid}",
             f"SUMMARY:{todo.summary}", "SEQUENCE:0"]
    if todo.due:
        value = f";TZID=Europe/Berlin:{todo.due}" if "T" in todo.due else f";VALUE=DATE:{todo.due}"
        lines += [f"DTSTART{value}", f"DUE{value}"]
    if todo.rrule:
        lines.append(f"RRULE:{todo.rrule}")
    lines += ["STATUS:COMPLETED", "COMPLETED:20260305T174512Z"] if todo.done else ["STATUS:NEEDS-ACTION"]
    if todo.parent:
        lines.append(f"RELATED-TO:{todo.parent}")
    if todo.order is not None:
        lines.append(f"X-APPLE-SORT-ORDER:{todo.order}")
    lines += ["BEGIN:VALARM", "ACTION:NONE", "TRIGGER;VALUE=DATE-TIME:19760401T005545Z",
              "X-APPLE-DEFAULT-ALARM:TRUE", "END:VALARM", "END:VTODO", "END:VCALENDAR"]
    return "\r\n".join("\n".join(lines).split("\n")) + "\r\n"


def tasks_org(todo: Todo) -> str:
    """Tasks.org through DAVx5: all-day dates, RELTYPE=PARENT, X-APPLE-SORT-ORDER, PERCENT-COMPLETE."""
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:+//IDN tasks.org//android-140201//EN", "BEGIN:VTODO",
             "DTSTAMP:20260302T101500Z", f"UID:{todo.uid}", "CREATED:20260302T101200Z",
             "LAST-MODIFIED:20260302T101500Z", f"SUMMARY:{todo.summary}", "PRIORITY:5"]
    lines += (["STATUS:COMPLETED", "COMPLETED:20260305T180000Z", "PERCENT-COMPLETE:100"] if todo.done
              else ["STATUS:NEEDS-ACTION"])
    if todo.order is not None:
        lines.append(f"X-APPLE-SORT-ORDER:{todo.order}")
    if todo.parent:
        lines.append(f"RELATED-TO;RELTYPE=PARENT:{todo.parent}")
    if todo.due:
        lines += [f"DTSTART;VALUE=DATE:{todo.due[:8]}", f"DUE;VALUE=DATE:{todo.due[:8]}"]
    if todo.rrule:
        lines.append(f"RRULE:{todo.rrule}")
    lines += ["END:VTODO", "END:VCALENDAR"]
    return "\r\n".join(lines) + "\r\n"


def thunderbird(todo: Todo) -> str:
    """Thunderbird: X-MOZ bookkeeping, done as PERCENT-COMPLETE:100 with COMPLETED and no STATUS."""
    lines = ["BEGIN:VCALENDAR", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN", "VERSION:2.0", BERLIN,
             "BEGIN:VTODO", "CREATED:20260303T120000Z", "LAST-MODIFIED:20260306T183000Z",
             "DTSTAMP:20260306T183000Z", f"UID:{todo.uid}", f"SUMMARY:{todo.summary}", "X-MOZ-GENERATION:3"]
    if todo.due:
        value = f";TZID=Europe/Berlin:{todo.due}" if "T" in todo.due else f";VALUE=DATE:{todo.due}"
        lines.append(f"DUE{value}")
    if todo.rrule:
        lines += [f"DTSTART{value}", f"RRULE:{todo.rrule}"]
    if todo.parent:
        lines.append(f"RELATED-TO;RELTYPE=PARENT:{todo.parent}")
    if todo.done:
        lines += ["PERCENT-COMPLETE:100", "COMPLETED:20260306T183000Z"]
    lines += ["CLASS:PUBLIC", "END:VTODO", "END:VCALENDAR"]
    return "\r\n".join("\n".join(lines).split("\n")) + "\r\n"


APPS: dict[str, Callable[[Todo], str]] = {"apple": apple, "tasks.org": tasks_org, "thunderbird": thunderbird}
# What each app keeps in its objects that Kairos does not model.
OWN_LINES = {"apple": "X-APPLE-DEFAULT-ALARM:TRUE", "tasks.org": "PRIORITY:5", "thunderbird": "X-MOZ-GENERATION:3"}


class App:
    """One app's view of one list: the objects it stored by name, kept current by sync tokens."""

    def __init__(self, server: KairosServer, account: Account, project_id: str, write: Callable[[Todo], str]):
        self.client = caldav.DAVClient(url=server.url + "/dav/", username=account.user["email"],
                                       password=app_password(account, "app"))
        self.base = f"{server.url}/dav/calendars/{account.user['id']}/{project_id}/"
        self.calendar = caldav.Calendar(client=self.client, url=self.base)
        self.write = write
        self.etags: dict[str, str] = {}
        self.token = self.calendar.objects_by_sync_token(load_objects=False).sync_token

    def put(self, name: str, todo: Todo, *, new: bool = False) -> int:
        headers = {"Content-Type": "text/calendar; charset=utf-8"}
        if new:
            headers["If-None-Match"] = "*"
        elif name in self.etags:
            headers["If-Match"] = self.etags[name]
        response = self.client.put(self.base + name, self.write(todo), headers)
        if response.headers.get("ETag"):
            self.etags[name] = response.headers["ETag"]
        else:
            self.etags.pop(name, None)
        return response.status

    def delete(self, name: str) -> int:
        return self.client.delete(self.base + name).status

    def sync(self) -> tuple[dict[str, str], list[str]]:
        """The objects changed since the last sync, by name with their text, and the names that left."""
        result = self.calendar.objects_by_sync_token(sync_token=self.token, load_objects=True)
        self.token = result.sync_token
        changed, gone = {}, []
        for obj in result:
            name = str(obj.url).rsplit("/", 1)[-1]
            if obj.data:
                changed[name] = obj.data
                if obj.props.get("{DAV:}getetag"):
                    self.etags[name] = obj.props["{DAV:}getetag"]
            else:
                gone.append(name)
        return changed, gone


@pytest.mark.parametrize("app_name", list(APPS))
def test_an_apps_everyday_changes_and_kairos_changes_meet_with_nothing_lost(
    kairos_server: KairosServer, new_account: Callable[..., Account], app_name: str
) -> None:
    ada = new_account("Ada")
    raw = ada.raw
    project = raw.post("/projects", json={"name": f"Home ({app_name})"}).json()
    app = App(kairos_server, ada, project["id"], APPS[app_name])

    def tasks() -> dict[str, dict]:
        listed = raw.get("/tasks", params={"project_id": project["id"]}).json()["results"]
        return {t["content"]: t for t in listed}

    # Create.
    letter = Todo(uid=str(uuid.uuid4()).upper(), summary="Post the letter", due="20260310T090000", order=1)
    name = f"{letter.uid}.ics"
    assert app.put(name, letter, new=True) == 201
    assert app.put(name, letter, new=True) == 412  # a second create at that name changes nothing
    made = tasks()
    assert list(made) == ["Post the letter"]
    assert made["Post the letter"]["due"]["date"].startswith("2026-03-10")
    changed, gone = app.sync()
    assert list(changed) == [name] and gone == []
    assert OWN_LINES[app_name] in changed[name]

    # Kairos renames it and adds a label; the app sees exactly that object change, its own lines kept.
    task_id = made["Post the letter"]["id"]
    assert raw.post(f"/tasks/{task_id}", json={"content": "Post the letter to Ben", "labels": ["errand"]}).status_code == 200
    changed, gone = app.sync()
    assert list(changed) == [name] and gone == []
    assert "SUMMARY:Post the letter to Ben" in changed[name] and "CATEGORIES:errand" in changed[name]
    assert OWN_LINES[app_name] in changed[name]

    # The app edits its copy (keeping Kairos' title and label, as an app does once it synced) and moves the due.
    letter.summary = "Post the letter to Ben"
    letter.due = "20260311T090000"
    body_with_label = APPS[app_name](letter).replace("END:VTODO", "CATEGORIES:errand\r\nEND:VTODO")
    response = app.client.put(app.base + name, body_with_label,
                              {"Content-Type": "text/calendar", "If-Match": app.etags.get(name, "*")})
    assert response.status == 204
    assert tasks()["Post the letter to Ben"]["due"]["date"].startswith("2026-03-11")
    assert tasks()["Post the letter to Ben"]["labels"] == ["errand"]
    app.sync()

    # Complete, then reopen.
    letter.done = True
    assert app.put(name, letter) == 204
    assert "Post the letter to Ben" not in tasks()
    assert raw.get(f"/tasks/{task_id}").json()["checked"] is True
    letter.done = False
    assert app.put(name, letter) == 204
    assert raw.get(f"/tasks/{task_id}").json()["checked"] is False
    assert raw.get(f"/tasks/{task_id}").json()["labels"] == []  # the app's copy had no label any more
    app.sync()

    # A subtask, stored before the app's parent to-do is seen by Kairos' side: linked by UID.
    stamps = Todo(uid=str(uuid.uuid4()), summary="Buy stamps", parent=letter.uid, order=11)
    assert app.put(f"{stamps.uid}.ics", stamps, new=True) == 201
    assert tasks()["Buy stamps"]["parent_id"] == task_id

    # Reorder (apps that keep a sort order, which Kairos gives as the place in the list, from 1).
    if app_name != "thunderbird":
        rent = Todo(uid=str(uuid.uuid4()), summary="Pay the rent", order=2)
        assert app.put(f"{rent.uid}.ics", rent, new=True) == 201
        assert [t["content"] for t in sorted(tasks().values(), key=lambda t: t["child_order"])
                if t["parent_id"] is None] == ["Post the letter to Ben", "Pay the rent"]
        letter.order = 3
        assert app.put(name, letter) == 204
        assert [t["content"] for t in sorted(tasks().values(), key=lambda t: t["child_order"])
                if t["parent_id"] is None] == ["Pay the rent", "Post the letter to Ben"]
        changed, _ = app.sync()
        assert "X-APPLE-SORT-ORDER:2" in changed[name]
        assert app.delete(f"{rent.uid}.ics") == 204
        app.sync()

    # A repeating to-do completed: each app's own way; Kairos keeps one task, at its next date.
    today = date.today()
    thursday = today + timedelta(days=7 + (3 - today.weekday()) % 7)
    following = thursday + timedelta(days=7)
    bins = Todo(uid=str(uuid.uuid4()), summary="Bins out", due=thursday.strftime("%Y%m%d"), rrule="FREQ=WEEKLY;BYDAY=TH")
    bins_name = f"{bins.uid}.ics"
    assert app.put(bins_name, bins, new=True) == 201
    app.sync()
    if app_name == "tasks.org":
        bins.due = following.strftime("%Y%m%d")  # Tasks.org moves a repeating task on itself
    else:
        bins.done = True
    assert app.put(bins_name, bins) == 204
    repeating = tasks()["Bins out"]
    assert repeating["due"]["date"] == following.isoformat() and repeating["checked"] is False
    changed, gone = app.sync()
    assert list(changed) == [bins_name] and gone == []
    assert "STATUS:NEEDS-ACTION" in changed[bins_name]
    assert following.strftime("%Y%m%d") in changed[bins_name].split("\nDUE", 1)[1].split("\r\n", 1)[0]

    # Kairos adds a task; the app deletes one; each side sees the other's change once.
    raw.post("/tasks", json={"content": "Water the plants", "project_id": project["id"]})
    assert app.delete(f"{stamps.uid}.ics") == 204
    changed, gone = app.sync()
    assert [text for text in changed.values() if "SUMMARY:Water the plants" in text]
    assert gone == [] or gone == [f"{stamps.uid}.ics"]
    assert set(tasks()) == {"Post the letter to Ben", "Bins out", "Water the plants"}
    assert app.sync() == ({}, [])
