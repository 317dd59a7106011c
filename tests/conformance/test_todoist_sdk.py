"""User stories run through the official Todoist SDK (todoist-api-python 4.0.0).

Each test signs up a fresh user (timezone UTC) on a live `kairos serve`; see conftest.py.
Priorities follow Todoist: 4 is the most urgent ("p1"), 1 the least ("p4").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from datetime import date, datetime, time, timedelta, timezone
from typing import Any, TypeVar

import httpx
import pytest
from todoist_api_python.api import TodoistAPI
from todoist_api_python.models import Project, Task

UTC = timezone.utc
T = TypeVar("T")


# --- helpers ---------------------------------------------------------------------------


def today() -> date:
    """The user's today; every test user lives in UTC."""
    return datetime.now(UTC).date()


def collect(pages: Iterable[list[T]]) -> list[T]:
    """Every item of a paginated SDK result, walking all pages."""
    return [item for page in pages for item in page]


def ids(items: Iterable[Any]) -> set[str]:
    return {item.id for item in items}


def active_task_ids(api: TodoistAPI, **filters: Any) -> set[str]:
    return ids(collect(api.get_tasks(**filters)))


def filtered_ids(api: TodoistAPI, query: str) -> set[str]:
    return ids(collect(api.filter_tasks(query=query)))


def inbox_of(api: TodoistAPI) -> Project:
    inboxes = [p for p in collect(api.get_projects()) if p.is_inbox_project]
    assert len(inboxes) == 1, inboxes
    return inboxes[0]


def expect_status(status: int, call: Callable[..., Any], *args: Any, **kwargs: Any) -> httpx.Response:
    """Calls the SDK (draining paginated results) and expects it to fail with `status`."""
    with pytest.raises(httpx.HTTPStatusError) as failure:
        result = call(*args, **kwargs)
        if isinstance(result, Iterator):
            collect(result)
    response = failure.value.response
    assert response.status_code == status, response.text
    return response


def is_hidden(call: Callable[..., Any], *args: Any, **kwargs: Any) -> bool:
    """True if a list call about someone else's resource fails with 404 or finds nothing."""
    try:
        return collect(call(*args, **kwargs)) == []
    except httpx.HTTPStatusError as error:
        return error.response.status_code == 404


def error_of(response: httpx.Response) -> tuple[str, str]:
    """The `{"error": {"code", "message"}}` body every failure carries."""
    body = response.json()
    assert isinstance(body, dict) and isinstance(body.get("error"), dict), body
    code, message = body["error"].get("code"), body["error"].get("message")
    assert isinstance(code, str) and code, body
    assert isinstance(message, str) and message, body
    return code, message


def is_all_day(value: date) -> bool:
    return not isinstance(value, datetime)


def wall_clock(value: datetime) -> datetime:
    """A due time as naive UTC wall-clock time, whether it came floating or with `Z`."""
    if value.tzinfo is None:
        return value
    return value.astimezone(UTC).replace(tzinfo=None)


def assert_recent(moment: datetime | None) -> None:
    assert moment is not None
    assert moment.tzinfo is not None, f"{moment!r} should be a UTC instant"
    assert abs(datetime.now(UTC) - moment) < timedelta(minutes=5), moment


# --- adding and reading tasks ----------------------------------------------------------


def test_new_user_starts_with_only_an_inbox(api: TodoistAPI) -> None:
    projects = collect(api.get_projects())
    assert len(projects) == 1
    inbox = projects[0]
    assert inbox.is_inbox_project is True
    assert inbox.name == "Inbox"
    assert inbox.is_archived is False
    assert inbox.parent_id is None
    assert_recent(inbox.created_at)
    assert collect(api.get_tasks()) == []
    assert collect(api.get_labels()) == []


def test_add_task_with_description_priority_and_labels(account, api: TodoistAPI) -> None:
    inbox = inbox_of(api)

    task = api.add_task(
        "Buy bread",
        description="Sourdough, not sliced",
        priority=4,
        labels=["errand", "shop"],
    )

    assert task.content == "Buy bread"
    assert task.description == "Sourdough, not sliced"
    assert task.priority == 4
    assert sorted(task.labels or []) == ["errand", "shop"]
    assert task.project_id == inbox.id
    assert task.section_id is None
    assert task.parent_id is None
    assert task.due is None
    assert task.deadline is None
    assert task.duration is None
    assert task.completed_at is None and not task.is_completed
    assert task.creator_id == account.user_id
    assert_recent(task.created_at)
    assert_recent(task.updated_at)


def test_a_task_reads_back_as_it_was_added(api: TodoistAPI) -> None:
    task = api.add_task("Plan trip", description="Lisbon", priority=2, labels=["travel"])

    fetched = api.get_task(task.id)

    assert fetched == task
    assert task.id in active_task_ids(api)


def test_add_task_due_tomorrow(api: TodoistAPI) -> None:
    task = api.add_task("Call the plumber", due_string="tomorrow")

    assert task.due is not None
    assert is_all_day(task.due.date)
    assert task.due.date == today() + timedelta(days=1)
    assert task.due.string == "tomorrow"
    assert task.due.is_recurring is False
    assert task.due.lang == "en"


def test_add_task_due_at_a_date_and_time(api: TodoistAPI) -> None:
    day = today() + timedelta(days=30)
    text = f"{day.isoformat()} at 15:00"

    task = api.add_task("Dentist", due_string=text)

    assert task.due is not None
    assert isinstance(task.due.date, datetime), task.due
    assert wall_clock(task.due.date) == datetime.combine(day, time(15, 0))
    assert task.due.string == text
    assert task.due.is_recurring is False


def test_add_task_with_a_due_date(api: TodoistAPI) -> None:
    day = today() + timedelta(days=11)

    task = api.add_task("Renew passport", due_date=day)

    assert task.due is not None
    assert is_all_day(task.due.date)
    assert task.due.date == day
    assert task.due.is_recurring is False


def test_add_task_with_a_due_datetime(api: TodoistAPI) -> None:
    moment = datetime.combine(today() + timedelta(days=12), time(9, 30), tzinfo=UTC)

    task = api.add_task("Standup", due_datetime=moment)  # sent as ...T09:30:00Z

    assert task.due is not None
    assert isinstance(task.due.date, datetime), task.due
    assert task.due.date.tzinfo is not None, "a due_datetime is fixed to a zone: date ends in Z"
    assert task.due.date == moment
    assert task.due.is_recurring is False


def test_add_task_with_a_duration(api: TodoistAPI) -> None:
    meeting = api.add_task("Review", duration=45, duration_unit="minute")
    retreat = api.add_task("Retreat", duration=2, duration_unit="day")

    assert meeting.duration is not None
    assert (meeting.duration.amount, meeting.duration.unit) == (45, "minute")
    assert retreat.duration is not None
    assert (retreat.duration.amount, retreat.duration.unit) == (2, "day")
    assert api.get_task(meeting.id).duration == meeting.duration


def test_add_task_with_a_deadline(api: TodoistAPI) -> None:
    day = today() + timedelta(days=32)

    task = api.add_task("Submit thesis", deadline_date=day)

    assert task.deadline is not None
    assert task.deadline.date == day
    assert task.due is None
    assert api.get_task(task.id).deadline == task.deadline


def test_quick_add_reads_list_label_priority_and_due_from_the_text(api: TodoistAPI) -> None:
    errands = api.add_project("Errands")

    task = api.add_task_quick(
        "Buy milk tomorrow at 5pm #Errands @shop p1", note="Two litres", reminder="tomorrow at 4pm"
    )

    assert task.content == "Buy milk"
    assert task.project_id == errands.id
    assert task.priority == 4
    assert task.labels == ["shop"]
    assert task.due is not None
    assert wall_clock(task.due.date) == datetime.combine(today() + timedelta(days=1), time(17, 0))
    assert [c.content for c in collect(api.get_comments(task_id=task.id))] == ["Two litres"]
    assert api.get_task(task.id).content == "Buy milk"


def test_quick_add_with_an_unknown_list_lands_in_the_inbox(api: TodoistAPI) -> None:
    task = api.add_task_quick("Water the ferns #Garden")

    assert task.project_id == inbox_of(api).id
    assert "Garden" not in {p.name for p in collect(api.get_projects())}


# --- changing tasks --------------------------------------------------------------------


def test_update_task_changes_only_the_given_fields(api: TodoistAPI) -> None:
    task = api.add_task("Draft report", description="Q4 numbers", priority=1, labels=["work"])

    updated = api.update_task(
        task.id,
        content="Draft the Q4 report",
        priority=3,
        labels=["work", "deep"],
        due_string="tomorrow",
    )

    assert updated.id == task.id
    assert updated.content == "Draft the Q4 report"
    assert updated.priority == 3
    assert sorted(updated.labels or []) == ["deep", "work"]
    assert updated.due is not None and updated.due.date == today() + timedelta(days=1)
    assert updated.description == "Q4 numbers"
    assert updated.project_id == task.project_id
    assert updated.updated_at >= task.updated_at
    assert api.get_task(task.id) == updated


def test_completing_a_task_closes_it(api: TodoistAPI) -> None:
    task = api.add_task("Take out the bins")

    assert api.complete_task(task.id) is True

    done = api.get_task(task.id)
    assert done.is_completed
    assert_recent(done.completed_at)
    assert task.id not in active_task_ids(api)


def test_uncompleting_a_task_brings_it_back(api: TodoistAPI) -> None:
    task = api.add_task("Water the plants")
    api.complete_task(task.id)

    assert api.uncomplete_task(task.id) is True

    reopened = api.get_task(task.id)
    assert reopened.completed_at is None
    assert task.id in active_task_ids(api)


def test_completing_a_parent_completes_its_subtasks(api: TodoistAPI) -> None:
    parent = api.add_task("Move house")
    child = api.add_task("Pack books", parent_id=parent.id)
    other = api.add_task("Unrelated")

    assert child.parent_id == parent.id
    assert child.project_id == parent.project_id
    assert active_task_ids(api, parent_id=parent.id) == {child.id}

    api.complete_task(parent.id)

    assert api.get_task(parent.id).is_completed
    assert api.get_task(child.id).is_completed
    assert active_task_ids(api) == {other.id}


def test_move_task_to_another_project(api: TodoistAPI) -> None:
    errands = api.add_project("Errands")
    task = api.add_task("Post the parcel")

    assert api.move_task(task.id, project_id=errands.id) is True

    moved = api.get_task(task.id)
    assert moved.project_id == errands.id
    assert moved.section_id is None
    assert active_task_ids(api, project_id=errands.id) == {task.id}


def test_move_task_to_a_section(api: TodoistAPI) -> None:
    garden = api.add_project("Garden")
    beds = api.add_section("Beds", garden.id)
    task = api.add_task("Plant tulips")

    assert api.move_task(task.id, section_id=beds.id) is True

    moved = api.get_task(task.id)
    assert moved.section_id == beds.id
    assert moved.project_id == garden.id


def test_deleted_task_is_gone(api: TodoistAPI) -> None:
    task = api.add_task("Cancel gym")
    keep = api.add_task("Keep this")

    assert api.delete_task(task.id) is True

    expect_status(404, api.get_task, task.id)
    assert active_task_ids(api) == {keep.id}


# --- listing tasks ---------------------------------------------------------------------


def test_get_tasks_pages_through_every_task_once(api: TodoistAPI) -> None:
    added = {api.add_task(f"Task {n}").id for n in range(5)}

    pages = list(api.get_tasks(limit=2))

    assert [len(page) for page in pages] == [2, 2, 1]
    seen = [task.id for page in pages for task in page]
    assert len(seen) == len(set(seen)) == 5
    assert set(seen) == added


def test_get_tasks_by_project_section_label_and_ids(api: TodoistAPI) -> None:
    home = api.add_project("Home")
    kitchen = api.add_section("Kitchen", home.id)
    in_inbox = api.add_task("Inbox thing", labels=["later"])
    in_project = api.add_task("Fix shelf", project_id=home.id, labels=["diy"])
    in_section = api.add_task("Descale kettle", section_id=kitchen.id, labels=["diy", "later"])

    assert in_section.project_id == home.id
    assert active_task_ids(api, project_id=home.id) == {in_project.id, in_section.id}
    assert active_task_ids(api, section_id=kitchen.id) == {in_section.id}
    assert active_task_ids(api, label="diy") == {in_project.id, in_section.id}
    assert active_task_ids(api, label="later") == {in_inbox.id, in_section.id}
    assert active_task_ids(api, ids=[in_inbox.id, in_section.id]) == {in_inbox.id, in_section.id}


# --- projects --------------------------------------------------------------------------


def test_add_get_and_update_a_project(api: TodoistAPI) -> None:
    project = api.add_project(
        "Renovation", description="Upstairs first", color="berry_red", is_favorite=True,
        view_style="board",
    )

    assert project.name == "Renovation"
    assert project.description == "Upstairs first"
    assert project.color == "berry_red"
    assert project.is_favorite is True
    assert project.view_style == "board"
    assert project.is_archived is False
    assert not project.is_inbox_project
    assert_recent(project.created_at)
    assert api.get_project(project.id) == project

    updated = api.update_project(
        project.id, name="Renovation 2027", color="green", is_favorite=False, view_style="list"
    )

    assert updated.id == project.id
    assert (updated.name, updated.color, updated.is_favorite, updated.view_style) == (
        "Renovation 2027", "green", False, "list",
    )
    assert updated.description == "Upstairs first"
    assert api.get_project(project.id) == updated


def test_a_new_project_defaults_to_charcoal_list(api: TodoistAPI) -> None:
    project = api.add_project("Plain")

    assert project.color == "charcoal"
    assert project.view_style == "list"
    assert project.description == ""
    assert project.is_favorite is False


def test_get_projects_lists_inbox_and_added_projects(api: TodoistAPI) -> None:
    inbox = inbox_of(api)
    work = api.add_project("Work")
    play = api.add_project("Play")

    assert ids(collect(api.get_projects())) == {inbox.id, work.id, play.id}


def test_archive_and_unarchive_a_project(api: TodoistAPI) -> None:
    project = api.add_project("Side quest")

    archived = api.archive_project(project.id)
    assert archived.id == project.id
    assert archived.is_archived is True
    assert project.id not in ids(collect(api.get_projects()))
    assert api.get_project(project.id).is_archived is True

    unarchived = api.unarchive_project(project.id)
    assert unarchived.is_archived is False
    assert project.id in ids(collect(api.get_projects()))


def test_deleting_a_project_moves_its_tasks_to_the_inbox(api: TodoistAPI) -> None:
    inbox = inbox_of(api)
    project = api.add_project("Short lived")
    section = api.add_section("Stage", project.id)
    loose = api.add_task("Loose task", project_id=project.id)
    sectioned = api.add_task("Sectioned task", section_id=section.id)

    assert api.delete_project(project.id) is True

    expect_status(404, api.get_project, project.id)
    assert project.id not in ids(collect(api.get_projects()))
    for task_id in (loose.id, sectioned.id):
        task = api.get_task(task_id)
        assert task.project_id == inbox.id
        assert task.section_id is None
        assert task.completed_at is None
    assert active_task_ids(api, project_id=inbox.id) == {loose.id, sectioned.id}


def test_the_inbox_cannot_be_deleted(api: TodoistAPI) -> None:
    inbox = inbox_of(api)

    response = expect_status(400, api.delete_project, inbox.id)

    error_of(response)
    assert api.get_project(inbox.id).is_inbox_project is True


# --- sections --------------------------------------------------------------------------


def test_sections_add_get_update_list_and_delete(api: TodoistAPI) -> None:
    kitchen = api.add_project("Kitchen")
    garage = api.add_project("Garage")

    fridge = api.add_section("Fridge", kitchen.id)
    pantry = api.add_section("Pantry", kitchen.id)
    shelves = api.add_section("Shelves", garage.id)

    assert (fridge.name, fridge.project_id, fridge.is_collapsed) == ("Fridge", kitchen.id, False)
    assert api.get_section(fridge.id) == fridge

    renamed = api.update_section(fridge.id, name="Freezer", collapsed=True)
    assert (renamed.id, renamed.name, renamed.is_collapsed) == (fridge.id, "Freezer", True)
    assert api.get_section(fridge.id) == renamed

    assert ids(collect(api.get_sections(project_id=kitchen.id))) == {fridge.id, pantry.id}
    assert ids(collect(api.get_sections())) == {fridge.id, pantry.id, shelves.id}

    assert api.delete_section(pantry.id) is True
    expect_status(404, api.get_section, pantry.id)
    assert ids(collect(api.get_sections(project_id=kitchen.id))) == {fridge.id}


# --- labels ----------------------------------------------------------------------------


def test_labels_add_get_update_list_and_delete(api: TodoistAPI) -> None:
    waiting = api.add_label("waiting", color="red", is_favorite=True)
    errand = api.add_label("errand")

    assert (waiting.name, waiting.color, waiting.is_favorite) == ("waiting", "red", True)
    assert api.get_label(waiting.id) == waiting

    renamed = api.update_label(waiting.id, name="blocked", color="blue", is_favorite=False)
    assert (renamed.id, renamed.name, renamed.color, renamed.is_favorite) == (
        waiting.id, "blocked", "blue", False,
    )
    assert api.get_label(waiting.id) == renamed

    listed = collect(api.get_labels())
    assert {(label.id, label.name) for label in listed} == {
        (waiting.id, "blocked"), (errand.id, "errand"),
    }

    assert api.delete_label(errand.id) is True
    expect_status(404, api.get_label, errand.id)
    assert ids(collect(api.get_labels())) == {waiting.id}


# --- comments --------------------------------------------------------------------------


def test_comments_on_a_task(account, api: TodoistAPI) -> None:
    task = api.add_task("Buy a bike")
    other_task = api.add_task("Sell the car")

    first = api.add_comment("Check the second-hand shop", task_id=task.id)
    second = api.add_comment("Budget 300", task_id=task.id)
    api.add_comment("Elsewhere", task_id=other_task.id)

    assert first.content == "Check the second-hand shop"
    assert first.task_id == task.id
    assert first.poster_id == account.user_id
    assert_recent(first.posted_at)
    assert api.get_comment(first.id) == first

    edited = api.update_comment(first.id, "Check the shop on Main St")
    assert (edited.id, edited.content, edited.task_id) == (
        first.id, "Check the shop on Main St", task.id,
    )
    assert api.get_comment(first.id) == edited

    assert ids(collect(api.get_comments(task_id=task.id))) == {first.id, second.id}

    assert api.delete_comment(second.id) is True
    expect_status(404, api.get_comment, second.id)
    assert ids(collect(api.get_comments(task_id=task.id))) == {first.id}


def test_comments_on_a_project(account, api: TodoistAPI) -> None:
    project = api.add_project("Book club")

    note = api.add_comment("Next up: Middlemarch", project_id=project.id)
    other = api.add_comment("Meet on Thursdays", project_id=project.id)

    assert note.project_id == project.id
    assert note.task_id is None
    assert note.poster_id == account.user_id
    assert api.get_comment(note.id) == note

    edited = api.update_comment(note.id, "Next up: Persuasion")
    assert (edited.id, edited.content, edited.project_id) == (
        note.id, "Next up: Persuasion", project.id,
    )

    assert ids(collect(api.get_comments(project_id=project.id))) == {note.id, other.id}

    assert api.delete_comment(note.id) is True
    expect_status(404, api.get_comment, note.id)
    assert ids(collect(api.get_comments(project_id=project.id))) == {other.id}


# --- filters ---------------------------------------------------------------------------


@pytest.fixture
def filter_world(api: TodoistAPI) -> dict[str, str]:
    """Tasks with known dues, priorities, projects and labels; name -> id."""
    errands = api.add_project("Errands")
    day = today()
    tasks = {
        "rent": api.add_task("Pay rent", due_date=day, priority=1),
        "taxes": api.add_task("File taxes", due_date=day - timedelta(days=3), priority=1),
        "milk": api.add_task("Buy milk", priority=4),
        "mom": api.add_task("Call mom", due_date=day + timedelta(days=10), priority=4),
        "oat": api.add_task("Oat milk for the office", project_id=errands.id, priority=1),
        "plants": api.add_task("Water plants", labels=["home"], priority=2),
    }
    return {name: task.id for name, task in tasks.items()}


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("today", {"rent"}),
        ("overdue", {"taxes"}),
        ("no date", {"milk", "oat", "plants"}),
        ("p1", {"milk", "mom"}),
        ("#Errands", {"oat"}),
        ("@home", {"plants"}),
        ("search: milk", {"milk", "oat"}),
        ("today | overdue", {"rent", "taxes"}),
        ("!no date & p1", {"mom"}),
    ],
)
def test_filter_tasks(api: TodoistAPI, filter_world: dict[str, str], query: str, expected: set[str]) -> None:
    assert filtered_ids(api, query) == {filter_world[name] for name in expected}


def test_filters_skip_completed_tasks(api: TodoistAPI) -> None:
    open_task = api.add_task("Open milk", priority=4)
    done_task = api.add_task("Done milk", priority=4)
    api.complete_task(done_task.id)

    assert filtered_ids(api, "search: milk") == {open_task.id}


# --- recurring tasks -------------------------------------------------------------------


def test_completing_a_recurring_task_moves_it_to_the_next_day(api: TodoistAPI) -> None:
    task = api.add_task("Stretch", due_string="every day")

    assert task.due is not None
    assert task.due.is_recurring is True
    assert task.due.string == "every day"
    assert is_all_day(task.due.date)
    assert task.due.date == today()

    assert api.complete_task(task.id) is True

    after = api.get_task(task.id)
    assert after.completed_at is None
    assert after.due is not None
    assert after.due.date == task.due.date + timedelta(days=1)
    assert after.due.is_recurring is True
    assert after.due.string == "every day"
    assert task.id in active_task_ids(api)


def test_every_bang_counts_the_next_date_from_completion(api: TodoistAPI) -> None:
    start = today() - timedelta(days=10)
    ferns = api.add_task("Water ferns", due_string=f"every! 3 days starting {start.isoformat()}")
    cactus = api.add_task("Water cactus", due_string=f"every 3 days starting {start.isoformat()}")
    assert ferns.due is not None and cactus.due is not None
    assert ferns.due.is_recurring is True
    assert ferns.due.date == start == cactus.due.date

    api.complete_task(ferns.id)
    api.complete_task(cactus.id)

    after = api.get_task(ferns.id)
    assert after.due is not None
    assert after.due.date == today() + timedelta(days=3)
    assert after.due.string == f"every! 3 days starting {start.isoformat()}"
    assert after.due.is_recurring is True
    # Without "!", the series keeps its own rhythm: the 12th day after the start.
    assert api.get_task(cactus.id).due.date == start + timedelta(days=12)


# --- completed tasks -------------------------------------------------------------------


def test_completed_tasks_by_completion_date(api: TodoistAPI) -> None:
    first = api.add_task("Done one")
    second = api.add_task("Done two")
    api.add_task("Still open")
    api.complete_task(first.id)
    api.complete_task(second.id)
    now = datetime.now(UTC)

    done = collect(
        api.get_completed_tasks_by_completion_date(
            since=now - timedelta(hours=1), until=now + timedelta(hours=1)
        )
    )

    assert ids(done) == {first.id, second.id}
    for task in done:
        assert_recent(task.completed_at)

    earlier = api.get_completed_tasks_by_completion_date(
        since=now - timedelta(days=3), until=now - timedelta(days=2)
    )
    assert collect(earlier) == []


def test_completed_tasks_by_due_date(api: TodoistAPI) -> None:
    day = today()
    due_today = api.add_task("Due today", due_date=day)
    due_later = api.add_task("Due later", due_date=day + timedelta(days=20))
    undated = api.add_task("No due date")
    open_today = api.add_task("Open, due today", due_date=day)
    for task in (due_today, due_later, undated):
        api.complete_task(task.id)
    start = datetime.combine(day, time.min, tzinfo=UTC)

    done = collect(
        api.get_completed_tasks_by_due_date(
            since=start, until=start + timedelta(days=1) - timedelta(seconds=1)
        )
    )

    assert ids(done) == {due_today.id}
    assert open_today.id not in ids(done)
    assert all(task.is_completed for task in done)


# --- isolation between users -----------------------------------------------------------


@pytest.fixture
def first_users_things(api: TodoistAPI) -> dict[str, str]:
    """One of everything, owned by the test's first user; kind -> id."""
    project = api.add_project("Secret plans")
    section = api.add_section("Phase 1", project.id)
    label = api.add_label("secret")
    task = api.add_task("Secret task", section_id=section.id, labels=["secret"])
    comment = api.add_comment("Secret comment", task_id=task.id)
    return {
        "project": project.id, "section": section.id, "label": label.id,
        "task": task.id, "comment": comment.id,
    }


def test_another_user_gets_404_for_my_things(new_account, first_users_things: dict[str, str]) -> None:
    other = new_account("Grace").api
    mine = first_users_things

    expect_status(404, other.get_task, mine["task"])
    expect_status(404, other.get_project, mine["project"])
    expect_status(404, other.get_section, mine["section"])
    expect_status(404, other.get_label, mine["label"])
    expect_status(404, other.get_comment, mine["comment"])


def test_another_user_does_not_see_my_things_in_lists(
    new_account, first_users_things: dict[str, str]
) -> None:
    other = new_account("Grace").api
    mine = first_users_things

    assert collect(other.get_tasks()) == []
    assert len(collect(other.get_projects())) == 1  # only their own Inbox
    assert mine["project"] not in ids(collect(other.get_projects()))
    assert collect(other.get_sections()) == []
    assert collect(other.get_labels()) == []
    assert collect(other.filter_tasks(query="search: secret")) == []
    assert is_hidden(other.get_tasks, project_id=mine["project"])
    assert is_hidden(other.get_sections, project_id=mine["project"])
    assert is_hidden(other.get_comments, task_id=mine["task"])
    assert is_hidden(other.get_comments, project_id=mine["project"])


def test_another_user_cannot_change_my_things(
    new_account, api: TodoistAPI, first_users_things: dict[str, str]
) -> None:
    other = new_account("Grace").api
    mine = first_users_things

    expect_status(404, other.update_task, mine["task"], content="Hijacked")
    expect_status(404, other.complete_task, mine["task"])
    expect_status(404, other.delete_task, mine["task"])
    expect_status(404, other.delete_project, mine["project"])
    expect_status(404, other.delete_label, mine["label"])
    expect_status(404, other.update_comment, mine["comment"], "Hijacked")
    with pytest.raises(httpx.HTTPStatusError) as failure:
        other.add_task("Sneaky", project_id=mine["project"])
    assert failure.value.response.status_code in (400, 404)

    task = api.get_task(mine["task"])
    assert task.content == "Secret task" and task.completed_at is None
    assert api.get_comment(mine["comment"]).content == "Secret comment"
    assert mine["project"] in ids(collect(api.get_projects()))
    assert mine["label"] in ids(collect(api.get_labels()))


# --- bad input and authentication ------------------------------------------------------


def test_priority_out_of_range_is_rejected_naming_the_field(api: TodoistAPI, raw: httpx.Client) -> None:
    response = raw.post("/tasks", json={"content": "Too urgent", "priority": 7})

    assert response.status_code == 400, response.text
    _, message = error_of(response)
    assert "priority" in message
    assert collect(api.get_tasks()) == []


def test_malformed_json_is_rejected(raw: httpx.Client) -> None:
    response = raw.post(
        "/tasks", content=b'{"content": "half a', headers={"Content-Type": "application/json"}
    )

    assert response.status_code == 400, response.text
    error_of(response)


def test_content_longer_than_500_characters_is_rejected(api: TodoistAPI) -> None:
    response = expect_status(400, api.add_task, "x" * 501)

    _, message = error_of(response)
    assert "content" in message
    assert api.add_task("x" * 500).content == "x" * 500


def test_a_wrong_token_is_unauthorized(sdk_for, raw_for) -> None:
    expect_status(401, sdk_for("not-a-real-token").get_projects)
    expect_status(401, sdk_for("not-a-real-token").get_task, "1")

    for client in (raw_for("not-a-real-token"), raw_for(None)):
        response = client.get("/tasks")
        assert response.status_code == 401, response.text
        error_of(response)


# --- wire shapes the SDK would silently tolerate ---------------------------------------


def test_lists_are_wrapped_in_results_and_next_cursor(api: TodoistAPI, raw: httpx.Client) -> None:
    task = api.add_task("Wire check")

    for path in ("/tasks", "/projects", "/sections", "/labels", "/tasks/filter?query=no%20date"):
        response = raw.get(path)
        assert response.status_code == 200, (path, response.text)
        body = response.json()
        assert set(body) >= {"results", "next_cursor"}, (path, body)
        assert isinstance(body["results"], list)
        assert body["next_cursor"] is None, (path, body)

    assert [t["id"] for t in raw.get("/tasks").json()["results"]] == [task.id]


def test_completed_lists_are_wrapped_in_items_and_next_cursor(api: TodoistAPI, raw: httpx.Client) -> None:
    task = api.add_task("Wire check done", due_date=today())
    api.complete_task(task.id)
    start = datetime.combine(today(), time.min, tzinfo=UTC)
    window = {
        "since": start.isoformat().replace("+00:00", "Z"),
        "until": (start + timedelta(days=1, seconds=-1)).isoformat().replace("+00:00", "Z"),
    }

    for path in ("/tasks/completed/by_completion_date", "/tasks/completed/by_due_date"):
        response = raw.get(path, params=window)
        assert response.status_code == 200, (path, response.text)
        body = response.json()
        assert set(body) >= {"items", "next_cursor"}, (path, body)
        assert [item["id"] for item in body["items"]] == [task.id], (path, body)
        assert body["next_cursor"] is None


def test_a_task_carries_every_field_the_sdk_requires(api: TodoistAPI, raw: httpx.Client) -> None:
    task = api.add_task("Shape check")

    body = raw.get(f"/tasks/{task.id}").json()

    required = {
        "id", "content", "description", "project_id", "section_id", "parent_id", "labels",
        "priority", "due", "deadline", "duration", "is_collapsed", "child_order",
        "responsible_uid", "assigned_by_uid", "completed_at", "added_by_uid", "added_at",
        "updated_at",
    }
    assert required <= set(body), sorted(required - set(body))
    assert isinstance(body["id"], str)
    assert isinstance(Task.from_dict(body), Task)
