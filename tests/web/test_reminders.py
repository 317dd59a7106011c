"""The task sheet's history and reminders: what happened to a task, by whom, among its comments; a
reminder set from the sheet, listed with Remove, that shows on screen when it goes off."""

from __future__ import annotations

import datetime as dt

from selenium.webdriver.support.ui import Select

from .test_task_screens import add_task, open_task, tap
from .webapp import Browser, signed_in

UTC = dt.timezone.utc


def test_activity_shows_who_did_what_among_the_comments(browser: Browser, new_person) -> None:
    ada = new_person("Ada Lovelace")
    bob = new_person("Bob Noyce")
    project = ada.api.post("/projects", json={"name": "Launch", "color": "teal"}).json()
    assert ada.api.post(f"/projects/{project['id']}/members", json={"user_id": bob.user["id"], "role": "editor"}).status_code in (200, 201)
    later = (dt.datetime.now(UTC) + dt.timedelta(days=3)).strftime("%Y-%m-%dT09:00:00Z")
    task = add_task(ada, "Order the banners", project_id=project["id"], due_datetime=later)
    assert ada.api.post("/comments", json={"task_id": task["id"], "content": "Blue ones, please."}).status_code == 200
    assert bob.api.post(f"/tasks/{task['id']}", json={"due_string": "tomorrow at 10am", "priority": 4}).status_code == 200

    signed_in(browser, ada, f"#/projects/{project['id']}")
    open_task(browser, "Order the banners")
    browser.see_text(".sheet .comments", "Bob Noyce moved this to Tomorrow")
    lines = browser.texts(".sheet .comments > li")
    assert lines[0].startswith("You added this · ")
    assert "Blue ones, please." in lines[1]
    assert any(line.startswith("Bob Noyce set priority P1 · ") for line in lines[2:])
    assert all("commented" not in line for line in lines)
    browser.screenshot("30-task-activity")


def test_a_reminder_set_in_the_sheet_goes_off_on_screen(browser: Browser, person) -> None:
    task = add_task(person, "Water the ferns", due_string="tomorrow at 9am")
    signed_in(browser, person, "#/tasks/inbox")
    open_task(browser, "Water the ferns")

    picker = browser.labelled("Add a reminder")
    browser.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", picker)
    Select(picker).select_by_visible_text("10 min before")
    browser.see_text(".sheet .reminders", "10 min before")
    mine = person.api.get(f"/reminders?task_id={task['id']}").json()["results"]
    assert [(r["type"], r["minute_offset"]) for r in mine] == [("relative", 10)]

    # A moment a few seconds ahead, in the person's own zone (UTC), through the date and time field.
    Select(picker).select_by_visible_text("At a date and time\u2026")
    field = browser.labelled("Reminder date and time")
    soon = (dt.datetime.now(UTC) + dt.timedelta(seconds=4)).strftime("%Y-%m-%dT%H:%M:%S")
    browser.driver.execute_script("arguments[0].value = arguments[1]", field, soon)
    tap(browser, browser.button("Set"))
    browser.wait().until(lambda _: len(person.api.get(f"/reminders?task_id={task['id']}").json()["results"]) == 2)
    assert len(browser.all(".sheet .reminders li")) in (1, 2)  # the new one may already have gone off

    browser.see_text(".sheet .toast", "Whenever you\u2019re ready: Water the ferns", timeout=15)
    browser.screenshot("31-reminder-toast")
    assert [n["kind"] for n in person.api.get("/notifications").json()["results"]] == ["reminder"]

    tap(browser, browser.labelled("Remove reminder 10 min before"))
    browser.wait().until(lambda _: all(r["type"] == "absolute" for r in person.api.get(f"/reminders?task_id={task['id']}").json()["results"]))
    browser.wait().until(lambda _: not browser.all(".sheet .reminders li"))


def test_the_open_sheet_shows_what_happens_to_the_task_meanwhile(browser: Browser, new_person) -> None:
    ada = new_person("Ada Lovelace")
    bob = new_person("Bob Noyce")
    project = ada.api.post("/projects", json={"name": "Launch", "color": "teal"}).json()
    assert ada.api.post(f"/projects/{project['id']}/members", json={"user_id": bob.user["id"], "role": "editor"}).status_code in (200, 201)
    task = add_task(ada, "Order the banners", project_id=project["id"], due_string="tomorrow at 9am")  # who adds it follows it
    # Far enough ahead that a busy machine still opens the sheet before it goes off.
    soon = (dt.datetime.now(UTC) + dt.timedelta(seconds=20)).strftime("%Y-%m-%dT%H:%M:%SZ")
    assert ada.api.post("/reminders", json={"task_id": task["id"], "type": "absolute", "due": {"datetime": soon}}).status_code in (200, 201)

    signed_in(browser, ada, f"#/projects/{project['id']}")
    open_task(browser, "Order the banners")
    browser.see_text(".sheet .comments", "You added this")
    assert len(browser.all(".sheet .reminders li")) == 1
    comment = browser.labelled("Add a comment")
    browser.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", comment)
    comment.send_keys("Blue ones, ple")

    # The reminder goes off, then Bob completes the task on another device: the open sheet shows both.
    browser.wait(40).until(lambda _: not browser.all(".sheet .reminders li"))
    assert bob.api.post(f"/tasks/{task['id']}/close").status_code in (200, 204)
    browser.see_text(".sheet .comments", "Bob Noyce completed this")
    assert browser.all(".sheet.open") and browser.labelled("Add a comment").get_attribute("value") == "Blue ones, ple"
    browser.screenshot("32-task-sheet-live")
