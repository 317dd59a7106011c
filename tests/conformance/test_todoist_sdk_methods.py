"""Every public method of the official Todoist SDK (todoist-api-python 4.0.0), one test each.

Each test calls one method against a live `kairos serve` and checks what it returned and what the server
then holds. Location reminders are the one thing Kairos does not have: their methods get a 400 that says so.
`test_every_public_method_has_a_test` keeps this file complete when the SDK grows.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from datetime import date, datetime, time, timedelta, timezone
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import pytest
from todoist_api_python.api import TodoistAPI
from todoist_api_python.models import Collaborator, Label, Project, Reminder, Section, Task

from test_todoist_sdk import collect, ids, today

UTC = timezone.utc


def inbox_of(api: TodoistAPI) -> Project:
    return next(p for p in collect(api.get_projects()) if p.is_inbox_project)


def expect_status(status: int, call: Callable[..., Any], *args: Any, **kwargs: Any) -> str:
    """Calls the SDK (walking paginated results) and expects `status`; returns the error message."""
    with pytest.raises(httpx.HTTPStatusError) as failure:
        result = call(*args, **kwargs)
        if inspect.isgenerator(result) or hasattr(result, "__next__"):
            collect(result)
    response = failure.value.response
    assert response.status_code == status, response.text
    return response.json()["error"]["message"]


def share(owner, project_id: str, member, role: str = "editor") -> None:
    response = owner.raw.post(
        f"/projects/{project_id}/members", json={"user_id": member.user["id"], "role": role}
    )
    assert response.status_code == 200, response.text


def in_two_days_at_nine() -> datetime:
    return datetime.combine(today() + timedelta(days=2), time(9, 0), tzinfo=UTC)


def timed_task(api: TodoistAPI, content: str = "Call the bank") -> Task:
    return api.add_task(content, due_datetime=datetime.combine(today() + timedelta(days=3), time(15, 0), tzinfo=UTC))


def test_every_public_method_has_a_test() -> None:
    methods = {
        name for name, member in inspect.getmembers(TodoistAPI, inspect.isfunction) if not name.startswith("_")
    }
    assert len(methods) >= 51, sorted(methods)
    missing = sorted(name for name in methods if f"test_{name}" not in globals())
    assert missing == []


# --- tasks -----------------------------------------------------------------------------


def test_get_task(api: TodoistAPI) -> None:
    added = api.add_task("Plan trip", description="Lisbon", labels=["travel"])

    task = api.get_task(added.id)

    assert task == added
    assert (task.content, task.description, task.labels) == ("Plan trip", "Lisbon", ["travel"])
    expect_status(404, api.get_task, "999999999")


def test_get_tasks(api: TodoistAPI) -> None:
    garden = api.add_project("Garden")
    weeds = api.add_task("Pull weeds", project_id=garden.id, labels=["outside"])
    seeds = api.add_task("Buy seeds", project_id=garden.id)
    elsewhere = api.add_task("Elsewhere", labels=["outside"])

    assert ids(collect(api.get_tasks(project_id=garden.id))) == {weeds.id, seeds.id}
    assert ids(collect(api.get_tasks(label="outside"))) == {weeds.id, elsewhere.id}
    assert ids(collect(api.get_tasks(ids=[seeds.id, elsewhere.id]))) == {seeds.id, elsewhere.id}
    assert ids(collect(api.get_tasks(limit=1))) == {weeds.id, seeds.id, elsewhere.id}


def test_filter_tasks(api: TodoistAPI) -> None:
    due = api.add_task("Pay rent", due_date=today())
    undated = api.add_task("Someday")

    assert ids(collect(api.filter_tasks(query="today"))) == {due.id}
    assert ids(collect(api.filter_tasks(query="no date & added by: me"))) == {undated.id}
    expect_status(400, api.filter_tasks, query="banana")


def test_add_task(account, api: TodoistAPI) -> None:
    task = api.add_task("Buy bread", description="Sourdough", priority=4, labels=["shop"], due_string="tomorrow")

    assert (task.content, task.description, task.priority, task.labels) == ("Buy bread", "Sourdough", 4, ["shop"])
    assert task.due is not None and task.due.date == today() + timedelta(days=1)
    assert task.project_id == inbox_of(api).id
    assert task.creator_id == account.user_id
    assert api.get_task(task.id) == task


def test_add_task_quick(api: TodoistAPI) -> None:
    errands = api.add_project("Errands")

    task = api.add_task_quick("Buy milk tomorrow at 5pm #Errands @shop p1", note="Two litres", reminder="tomorrow at 4pm")

    assert (task.content, task.project_id, task.priority, task.labels) == ("Buy milk", errands.id, 4, ["shop"])
    assert task.due is not None
    assert [c.content for c in collect(api.get_comments(task_id=task.id))] == ["Two litres"]
    reminders = collect(api.get_reminders(task_id=task.id))
    at_four = datetime.combine(today() + timedelta(days=1), time(16, 0), tzinfo=UTC)
    assert sorted((r.type, r.minute_offset, r.due.date if r.due else None) for r in reminders) == [
        ("absolute", None, at_four),
        ("relative", 0, None),
    ]

    quiet = api.add_task_quick("Water plants tomorrow at 6pm", auto_reminder=False)
    assert collect(api.get_reminders(task_id=quiet.id)) == []


def test_update_task(api: TodoistAPI) -> None:
    task = api.add_task("Draft", priority=1)

    updated = api.update_task(task.id, content="Final", priority=3, labels=["work"], due_string="today")

    assert (updated.id, updated.content, updated.priority, updated.labels) == (task.id, "Final", 3, ["work"])
    assert updated.due is not None and updated.due.date == today()
    assert api.get_task(task.id) == updated


def test_complete_task(api: TodoistAPI) -> None:
    task = api.add_task("Take out bins")

    assert api.complete_task(task.id) is True

    assert task.id not in ids(collect(api.get_tasks()))
    assert api.get_task(task.id).completed_at is not None


def test_uncomplete_task(api: TodoistAPI) -> None:
    task = api.add_task("Reopen me")
    api.complete_task(task.id)

    assert api.uncomplete_task(task.id) is True

    assert api.get_task(task.id).completed_at is None
    assert task.id in ids(collect(api.get_tasks()))


def test_move_task(api: TodoistAPI) -> None:
    home = api.add_project("Home")
    kitchen = api.add_section("Kitchen", home.id)
    parent = api.add_task("Clean house", project_id=home.id)
    task = api.add_task("Wipe counters")

    assert api.move_task(task.id, project_id=home.id) is True
    assert (api.get_task(task.id).project_id, api.get_task(task.id).section_id) == (home.id, None)
    assert api.move_task(task.id, section_id=kitchen.id) is True
    assert api.get_task(task.id).section_id == kitchen.id
    assert api.move_task(task.id, parent_id=parent.id) is True
    moved = api.get_task(task.id)
    assert (moved.parent_id, moved.project_id) == (parent.id, home.id)


def test_delete_task(api: TodoistAPI) -> None:
    task = api.add_task("Delete me")

    assert api.delete_task(task.id) is True

    expect_status(404, api.get_task, task.id)
    assert collect(api.get_tasks()) == []


def test_get_completed_tasks_by_due_date(api: TodoistAPI) -> None:
    due_today = api.add_task("Due today", due_date=today())
    undated = api.add_task("Undated")
    for task in (due_today, undated):
        api.complete_task(task.id)
    start = datetime.combine(today(), time.min, tzinfo=UTC)

    done = collect(api.get_completed_tasks_by_due_date(since=start, until=start + timedelta(days=1, seconds=-1)))

    assert ids(done) == {due_today.id}
    assert all(task.is_completed for task in done)


def test_get_completed_tasks_by_completion_date(api: TodoistAPI) -> None:
    done = api.add_task("Done")
    api.add_task("Open")
    api.complete_task(done.id)
    now = datetime.now(UTC)

    found = collect(api.get_completed_tasks_by_completion_date(since=now - timedelta(hours=1), until=now + timedelta(hours=1)))

    assert ids(found) == {done.id}
    assert found[0].completed_at is not None


# --- projects --------------------------------------------------------------------------


def test_get_project(api: TodoistAPI) -> None:
    project = api.add_project("Garden", color="green")

    assert api.get_project(project.id) == project
    expect_status(404, api.get_project, "999999999")


def test_get_projects(api: TodoistAPI) -> None:
    garden = api.add_project("Garden")
    house = api.add_project("House")

    assert ids(collect(api.get_projects(limit=1))) == {inbox_of(api).id, garden.id, house.id}


def test_search_projects(new_account, api: TodoistAPI) -> None:
    garden = api.add_project("Garden plans")
    shed = api.add_project("The garden shed")
    api.add_project("Kitchen")
    stranger = new_account("Grace").api
    stranger.add_project("Garden of Grace")

    found = collect(api.search_projects("GARDEN"))

    assert all(isinstance(p, Project) for p in found)
    assert ids(found) == {garden.id, shed.id}
    assert ids(collect(api.search_projects("garden", limit=1))) == {garden.id, shed.id}
    assert collect(api.search_projects("nothing like it")) == []


def test_add_project(api: TodoistAPI) -> None:
    parent = api.add_project("Work")

    project = api.add_project("Launch", color="blue", parent_id=parent.id, is_favorite=True, view_style="board")

    assert (project.name, project.color, project.parent_id, project.is_favorite) == ("Launch", "blue", parent.id, True)
    assert project.view_style == "board"
    assert api.get_project(project.id) == project


def test_update_project(api: TodoistAPI) -> None:
    project = api.add_project("Draft")

    updated = api.update_project(project.id, name="Final", color="red", is_favorite=True)

    assert (updated.id, updated.name, updated.color, updated.is_favorite) == (project.id, "Final", "red", True)
    assert api.get_project(project.id) == updated


def test_archive_project(api: TodoistAPI) -> None:
    project = api.add_project("Old stuff")

    archived = api.archive_project(project.id)

    assert (archived.id, archived.is_archived) == (project.id, True)
    assert project.id not in ids(collect(api.get_projects()))


def test_unarchive_project(api: TodoistAPI) -> None:
    project = api.add_project("Back again")
    api.archive_project(project.id)

    restored = api.unarchive_project(project.id)

    assert (restored.id, restored.is_archived) == (project.id, False)
    assert project.id in ids(collect(api.get_projects()))


def test_delete_project(api: TodoistAPI) -> None:
    project = api.add_project("Gone")

    assert api.delete_project(project.id) is True

    expect_status(404, api.get_project, project.id)


def test_get_collaborators(new_account) -> None:
    owner, editor, stranger = new_account("Ada"), new_account("Bob"), new_account("Grace")
    launch = owner.api.add_project("Launch")
    share(owner, launch.id, editor)

    people = collect(owner.api.get_collaborators(launch.id))

    assert all(isinstance(p, Collaborator) for p in people)
    assert {(p.id, p.email, p.name) for p in people} == {
        (owner.user_id, owner.user["email"], "Ada"),
        (editor.user_id, editor.user["email"], "Bob"),
    }
    assert ids(collect(editor.api.get_collaborators(launch.id))) == {owner.user_id, editor.user_id}
    expect_status(404, stranger.api.get_collaborators, launch.id)


# --- sections --------------------------------------------------------------------------


def test_get_section(api: TodoistAPI) -> None:
    project = api.add_project("Kitchen")
    section = api.add_section("Fridge", project.id)

    assert api.get_section(section.id) == section
    expect_status(404, api.get_section, "999999999")


def test_get_sections(api: TodoistAPI) -> None:
    kitchen = api.add_project("Kitchen")
    garage = api.add_project("Garage")
    fridge = api.add_section("Fridge", kitchen.id)
    shelves = api.add_section("Shelves", garage.id)

    assert ids(collect(api.get_sections(project_id=kitchen.id))) == {fridge.id}
    assert ids(collect(api.get_sections(limit=1))) == {fridge.id, shelves.id}


def test_search_sections(new_account, api: TodoistAPI) -> None:
    kitchen = api.add_project("Kitchen")
    garage = api.add_project("Garage")
    top = api.add_section("Top shelf", kitchen.id)
    api.add_section("Fridge", kitchen.id)
    low = api.add_section("Low SHELF", garage.id)
    stranger = new_account("Grace").api
    stranger.add_section("Shelf of Grace", stranger.add_project("Grace's").id)

    found = collect(api.search_sections("shelf"))

    assert all(isinstance(s, Section) for s in found)
    assert ids(found) == {top.id, low.id}
    assert ids(collect(api.search_sections("shelf", project_id=garage.id))) == {low.id}
    assert ids(collect(api.search_sections("shelf", limit=1))) == {top.id, low.id}
    expect_status(404, stranger.search_sections, "shelf", project_id=kitchen.id)


def test_add_section(api: TodoistAPI) -> None:
    project = api.add_project("Kitchen")

    section = api.add_section("Pantry", project.id)

    assert (section.name, section.project_id, section.is_collapsed) == ("Pantry", project.id, False)
    assert api.get_section(section.id) == section


def test_update_section(api: TodoistAPI) -> None:
    project = api.add_project("Kitchen")
    section = api.add_section("Fridge", project.id)

    updated = api.update_section(section.id, name="Freezer", collapsed=True)

    assert (updated.id, updated.name, updated.is_collapsed) == (section.id, "Freezer", True)
    assert api.get_section(section.id) == updated


def test_delete_section(api: TodoistAPI) -> None:
    project = api.add_project("Kitchen")
    section = api.add_section("Gone", project.id)

    assert api.delete_section(section.id) is True

    expect_status(404, api.get_section, section.id)


# --- comments --------------------------------------------------------------------------


def test_get_comment(api: TodoistAPI) -> None:
    task = api.add_task("Buy a bike")
    comment = api.add_comment("Second-hand", task_id=task.id)

    assert api.get_comment(comment.id) == comment
    expect_status(404, api.get_comment, "999999999")


def test_get_comments(api: TodoistAPI) -> None:
    task = api.add_task("Buy a bike")
    project = api.add_project("Book club")
    first = api.add_comment("Second-hand", task_id=task.id)
    second = api.add_comment("Budget 300", task_id=task.id)
    note = api.add_comment("Middlemarch next", project_id=project.id)

    assert ids(collect(api.get_comments(task_id=task.id))) == {first.id, second.id}
    assert ids(collect(api.get_comments(project_id=project.id))) == {note.id}


def test_add_comment(account, api: TodoistAPI) -> None:
    task = api.add_task("Buy a bike")

    comment = api.add_comment("Check the shop", task_id=task.id)

    assert (comment.content, comment.task_id, comment.poster_id) == ("Check the shop", task.id, account.user_id)
    assert api.get_comment(comment.id) == comment


def test_update_comment(api: TodoistAPI) -> None:
    task = api.add_task("Buy a bike")
    comment = api.add_comment("Check the shop", task_id=task.id)

    updated = api.update_comment(comment.id, "Check the shop on Main St")

    assert (updated.id, updated.content) == (comment.id, "Check the shop on Main St")
    assert api.get_comment(comment.id) == updated


def test_delete_comment(api: TodoistAPI) -> None:
    task = api.add_task("Buy a bike")
    comment = api.add_comment("Gone", task_id=task.id)

    assert api.delete_comment(comment.id) is True

    expect_status(404, api.get_comment, comment.id)


# --- personal labels -------------------------------------------------------------------


def test_get_label(api: TodoistAPI) -> None:
    label = api.add_label("waiting", color="red")

    assert api.get_label(label.id) == label
    expect_status(404, api.get_label, "999999999")


def test_get_labels(api: TodoistAPI) -> None:
    waiting = api.add_label("waiting")
    errand = api.add_label("errand")

    assert ids(collect(api.get_labels(limit=1))) == {waiting.id, errand.id}


def test_search_labels(new_account, api: TodoistAPI) -> None:
    home = api.add_label("home")
    homework = api.add_label("Homework")
    api.add_label("errand")
    new_account("Grace").api.add_label("home-of-grace")

    found = collect(api.search_labels("HOME"))

    assert all(isinstance(label, Label) for label in found)
    assert ids(found) == {home.id, homework.id}
    assert ids(collect(api.search_labels("home", limit=1))) == {home.id, homework.id}


def test_add_label(api: TodoistAPI) -> None:
    label = api.add_label("waiting", color="red", is_favorite=True)

    assert (label.name, label.color, label.is_favorite) == ("waiting", "red", True)
    assert api.get_label(label.id) == label


def test_update_label(api: TodoistAPI) -> None:
    label = api.add_label("waiting")

    updated = api.update_label(label.id, name="blocked", color="blue", is_favorite=True)

    assert (updated.id, updated.name, updated.color, updated.is_favorite) == (label.id, "blocked", "blue", True)
    assert api.get_label(label.id) == updated


def test_delete_label(api: TodoistAPI) -> None:
    label = api.add_label("gone")

    assert api.delete_label(label.id) is True

    expect_status(404, api.get_label, label.id)


# --- shared labels ---------------------------------------------------------------------


@pytest.fixture
def shared_launch(new_account) -> dict[str, Any]:
    """Ada's "Launch" shared with Bob (editor); Bob labels a task there with a name Ada has no label for."""
    ada, bob, grace = new_account("Ada"), new_account("Bob"), new_account("Grace")
    launch = ada.api.add_project("Launch")
    share(ada, launch.id, bob)
    ada.api.add_label("home")
    return {
        "ada": ada, "bob": bob, "grace": grace, "launch": launch,
        "bobs": bob.api.add_task("Book the hall", project_id=launch.id, labels=["venue", "urgent"]),
        "adas": ada.api.add_task("Own errand", labels=["venue"]),
        "graces": grace.api.add_task("Grace's own", labels=["venue"]),
    }


def test_get_shared_labels(shared_launch: dict[str, Any]) -> None:
    ada, grace = shared_launch["ada"], shared_launch["grace"]

    assert collect(ada.api.get_shared_labels()) == ["home", "urgent", "venue"]
    assert collect(ada.api.get_shared_labels(omit_personal=True)) == ["urgent", "venue"]
    assert collect(ada.api.get_shared_labels(limit=1)) == ["home", "urgent", "venue"]
    assert collect(grace.api.get_shared_labels()) == []


def test_rename_shared_label(shared_launch: dict[str, Any]) -> None:
    ada, bob, grace = shared_launch["ada"], shared_launch["bob"], shared_launch["grace"]

    assert ada.api.rename_shared_label("venue", "location") is True

    assert bob.api.get_task(shared_launch["bobs"].id).labels == ["location", "urgent"]
    assert ada.api.get_task(shared_launch["adas"].id).labels == ["location"]
    assert grace.api.get_task(shared_launch["graces"].id).labels == ["venue"]
    assert collect(ada.api.get_shared_labels(omit_personal=True)) == ["location", "urgent"]
    expect_status(400, ada.api.rename_shared_label, "location", "has,comma")


def test_remove_shared_label(shared_launch: dict[str, Any]) -> None:
    ada, bob, grace = shared_launch["ada"], shared_launch["bob"], shared_launch["grace"]

    assert bob.api.remove_shared_label("venue") is True

    assert bob.api.get_task(shared_launch["bobs"].id).labels == ["urgent"]
    assert ada.api.get_task(shared_launch["adas"].id).labels == ["venue"]  # Bob cannot see Ada's own task
    assert grace.api.get_task(shared_launch["graces"].id).labels == ["venue"]
    assert collect(bob.api.get_shared_labels()) == ["urgent"]


# --- reminders -------------------------------------------------------------------------


def test_get_reminder(new_account, api: TodoistAPI) -> None:
    task = timed_task(api)
    added = api.add_reminder(task.id, reminder_type="relative", minute_offset=30)

    reminder = api.get_reminder(added.id)

    assert reminder == added
    assert (reminder.task_id, reminder.type, reminder.minute_offset) == (task.id, "relative", 30)
    expect_status(404, new_account("Grace").api.get_reminder, added.id)


def test_get_reminders(account, api: TodoistAPI) -> None:
    task = timed_task(api)
    other = timed_task(api, "Other")
    before = api.add_reminder(task.id, minute_offset=10)
    at = api.add_reminder(task.id, reminder_type="absolute", due_datetime=in_two_days_at_nine())
    elsewhere = api.add_reminder(other.id, minute_offset=0)

    listed = collect(api.get_reminders(task_id=task.id))

    assert all(isinstance(r, Reminder) for r in listed)
    assert ids(listed) == {before.id, at.id}
    assert all((r.notify_uid, r.is_deleted, r.is_urgent) == (account.user_id, False, False) for r in listed)
    assert ids(collect(api.get_reminders(limit=1))) == {before.id, at.id, elsewhere.id}


def test_add_reminder(account, api: TodoistAPI) -> None:
    task = timed_task(api)
    moment = in_two_days_at_nine()

    relative = api.add_reminder(task.id, reminder_type="relative", minute_offset=15, service="push")
    absolute = api.add_reminder(task.id, reminder_type="absolute", due_datetime=moment)
    floating = api.add_reminder(
        task.id, reminder_type="absolute", due_datetime=moment.replace(tzinfo=None, hour=10),
        due_timezone="Europe/Paris", due_lang="en",
    )
    spoken = api.add_reminder(task.id, reminder_type="absolute", due_string="tomorrow at 8am")

    assert (relative.type, relative.minute_offset, relative.due, relative.service) == ("relative", 15, None, "push")
    assert (relative.task_id, relative.notify_uid) == (task.id, account.user_id)
    assert absolute.type == "absolute" and absolute.due is not None and absolute.due.date == moment
    paris_ten = datetime.combine(moment.date(), time(10, 0), tzinfo=ZoneInfo("Europe/Paris")).astimezone(UTC)
    assert floating.due is not None and floating.due.date == paris_ten
    assert spoken.due is not None
    assert spoken.due.date == datetime.combine(today() + timedelta(days=1), time(8, 0), tzinfo=UTC)
    assert ids(collect(api.get_reminders(task_id=task.id))) == {relative.id, absolute.id, floating.id, spoken.id}

    assert "service" in expect_status(400, api.add_reminder, task.id, minute_offset=5, service="email")
    assert "due.date" in expect_status(400, api.add_reminder, task.id, reminder_type="absolute", due_date=today())
    assert "due.timezone" in expect_status(
        400, api.add_reminder, task.id, reminder_type="absolute", due_datetime=moment.replace(tzinfo=None),
        due_timezone="Mars/Olympus",
    )
    assert len(collect(api.get_reminders(task_id=task.id))) == 4


def test_update_reminder(new_account, api: TodoistAPI) -> None:
    task = timed_task(api)
    reminder = api.add_reminder(task.id, minute_offset=15)

    later = api.update_reminder(reminder.id, minute_offset=60)
    assert (later.id, later.type, later.minute_offset) == (reminder.id, "relative", 60)

    moment = in_two_days_at_nine()
    fixed = api.update_reminder(reminder.id, due_datetime=moment)
    assert (fixed.id, fixed.type, fixed.minute_offset) == (reminder.id, "absolute", None)
    assert fixed.due is not None and fixed.due.date == moment
    assert api.get_reminder(reminder.id) == fixed

    expect_status(404, new_account("Grace").api.update_reminder, reminder.id, minute_offset=5)
    assert "minute_offset" in expect_status(400, api.update_reminder, reminder.id, minute_offset=-1)
    assert api.get_reminder(reminder.id) == fixed


def test_delete_reminder(api: TodoistAPI) -> None:
    task = timed_task(api)
    reminder = api.add_reminder(task.id, minute_offset=15)

    assert api.delete_reminder(reminder.id) is True

    expect_status(404, api.get_reminder, reminder.id)
    assert collect(api.get_reminders(task_id=task.id)) == []


# --- location reminders: Kairos has none, and says so ----------------------------------


def expect_no_location_reminders(call: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
    message = expect_status(400, call, *args, **kwargs)
    assert "location reminders" in message and "/reminders" in message


def test_get_location_reminder(api: TodoistAPI) -> None:
    expect_no_location_reminders(api.get_location_reminder, "1")


def test_get_location_reminders(api: TodoistAPI) -> None:
    expect_no_location_reminders(api.get_location_reminders)


def test_add_location_reminder(api: TodoistAPI) -> None:
    task = api.add_task("Buy milk")

    expect_no_location_reminders(api.add_location_reminder, task.id, "Shop", "52.52", "13.40", "on_enter")

    assert collect(api.get_reminders(task_id=task.id)) == []


def test_update_location_reminder(api: TodoistAPI) -> None:
    expect_no_location_reminders(api.update_location_reminder, "1", name="Shop")


def test_delete_location_reminder(api: TodoistAPI) -> None:
    expect_no_location_reminders(api.delete_location_reminder, "1")
