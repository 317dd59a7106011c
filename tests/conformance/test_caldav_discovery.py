"""Adding Kairos as a CalDAV account, with the `caldav` client standing in for Apple Reminders and DAVx5: it
signs in with the account's email and an app password, finds the principal from the server's address, and
lists one to-do calendar per project, shared projects included."""

from __future__ import annotations

from collections.abc import Callable

import caldav
import pytest
from caldav.lib import error

from conftest import Account, KairosServer


def app_password(account: Account, name: str = "iPhone") -> str:
    made = account.raw.post("/tokens", json={"name": name})
    assert made.status_code == 201, made.text
    return made.json()["token"]


def test_a_client_given_the_servers_address_lists_the_projects_as_task_lists(
    kairos_server: KairosServer, new_account: Callable[..., Account]
) -> None:
    ada, bob = new_account("Ada"), new_account("Bob")
    groceries = ada.raw.post("/projects", json={"name": "Groceries", "color": "green"}).json()
    launch = bob.raw.post("/projects", json={"name": "Launch"}).json()
    shared = bob.raw.post(f"/projects/{launch['id']}/members", json={"user_id": ada.user["id"], "role": "commenter"})
    assert shared.status_code in (200, 201), shared.text

    client = caldav.DAVClient(url=kairos_server.url + "/", username=ada.user["email"], password=app_password(ada))
    principal = client.principal()
    assert principal.url.path == f"/dav/principals/{ada.user['id']}/"
    calendars = {calendar.get_display_name(): calendar for calendar in principal.calendars()}
    assert set(calendars) == {"Inbox", "Groceries", "Launch"}
    assert calendars["Groceries"].url.path == f"/dav/calendars/{ada.user['id']}/{groceries['id']}/"
    assert calendars["Groceries"].get_supported_components() == ["VTODO"]
    # Bob sees his own lists only.
    bobs = caldav.DAVClient(url=kairos_server.url + "/", username=bob.user["email"], password=app_password(bob))
    assert {c.get_display_name() for c in bobs.principal().calendars()} == {"Inbox", "Launch"}


def test_a_wrong_app_password_or_another_persons_is_refused(
    kairos_server: KairosServer, new_account: Callable[..., Account]
) -> None:
    ada, bob = new_account("Ada"), new_account("Bob")
    for password in ["kai_not-a-token", app_password(bob)]:
        client = caldav.DAVClient(url=kairos_server.url + "/", username=ada.user["email"], password=password)
        with pytest.raises(error.AuthorizationError):
            client.principal()


def test_the_client_reads_the_tasks_and_follows_changes_made_in_kairos(
    kairos_server: KairosServer, new_account: Callable[..., Account]
) -> None:
    ada = new_account("Ada")
    groceries = ada.raw.post("/projects", json={"name": "Groceries"}).json()
    milk = ada.raw.post("/tasks", json={"content": "Milk", "project_id": groceries["id"], "due_string": "tomorrow",
                                        "priority": 4, "labels": ["shop"]}).json()
    eggs = ada.raw.post("/tasks", json={"content": "Eggs", "project_id": groceries["id"], "parent_id": milk["id"]}).json()
    client = caldav.DAVClient(url=kairos_server.url + "/", username=ada.user["email"], password=app_password(ada))
    [calendar] = [c for c in client.principal().calendars() if c.get_display_name() == "Groceries"]

    todos = {t.icalendar_component["SUMMARY"]: t.icalendar_component for t in calendar.todos(include_completed=True)}
    assert set(todos) == {"Milk", "Eggs"}
    assert todos["Milk"]["PRIORITY"] == 1 and todos["Milk"]["CATEGORIES"].cats == ["shop"]
    assert todos["Milk"]["DUE"].dt.isoformat() == milk["due"]["date"]
    assert str(todos["Eggs"]["RELATED-TO"]) == f"task-{milk['id']}@kairos"

    synced = calendar.objects_by_sync_token(load_objects=True)
    assert len(list(synced)) == 2
    assert ada.raw.post(f"/tasks/{milk['id']}", json={"content": "Oat milk"}).status_code == 200
    assert ada.raw.delete(f"/tasks/{eggs['id']}").status_code == 204
    changed = calendar.objects_by_sync_token(sync_token=synced.sync_token, load_objects=True)
    summaries = [o.icalendar_component["SUMMARY"] for o in changed if o.data]
    assert summaries == ["Oat milk"]
    assert [str(o.url.path) for o in changed if not o.data] == [
        f"/dav/calendars/{ada.user['id']}/{groceries['id']}/task-{eggs['id']}.ics"]
