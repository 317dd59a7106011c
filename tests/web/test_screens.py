"""A tour of the main screens with a lived-in account, saving a screenshot of each (light, and the
main ones dark) and checking what each screen shows."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from .test_messages import png
from .test_task_screens import tap
from .webapp import Browser, Person, signed_in

PARIS = ZoneInfo("Europe/Paris")


def lived_in_account(new_person) -> tuple[Person, dict[str, str]]:
    ada = new_person("Ada Lovelace", timezone="Europe/Paris")
    bob = new_person("Bob Noyce", timezone="Europe/Paris")
    carol = new_person("Carol Shaw", timezone="Europe/Paris")
    api = ada.api
    projects = {}
    for name, color in (("Work", "blue"), ("Home", "green"), ("Errands", "orange")):
        projects[name] = api.post("/projects", json={"name": name, "color": color}).json()["id"]
    this_week = api.post("/sections", json={"name": "This week", "project_id": projects["Work"]}).json()["id"]
    later = api.post("/sections", json={"name": "Later", "project_id": projects["Work"]}).json()["id"]
    today = dt.datetime.now(PARIS).date()

    def task(content: str, **fields) -> str:
        answer = api.post("/tasks", json={"content": content, **fields})
        assert answer.status_code == 200, answer.text
        return answer.json()["id"]

    ids = {
        "report": task("Send the quarterly report", due_string="today at 10am", priority=4, project_id=projects["Work"], section_id=this_week),
        "dentist": task("Call the dentist", due_string="today at 2:30pm", priority=3),
        "milk": task("Buy oat milk", due_string="today", project_id=projects["Errands"], labels=["shop"]),
        "passport": task("Renew passport", due_date=(today - dt.timedelta(days=3)).isoformat()),
    }
    task("Read the design doc")
    task("Plan Sam's birthday", priority=2)
    task("Prepare the offsite agenda", due_string="tomorrow at 9am", priority=3, project_id=projects["Work"], section_id=this_week)
    task("Water the plants", due_string="every thursday", project_id=projects["Home"])
    task("Pay rent", due_date=(today + dt.timedelta(days=5)).isoformat(), project_id=projects["Home"])
    task("Review hiring plan", project_id=projects["Work"], section_id=later)
    task("Pick up dry cleaning", due_date=(today + dt.timedelta(days=2)).isoformat(), project_id=projects["Errands"])

    for days_ago, minutes in ((6, 50), (5, 95), (4, 30), (3, 140), (2, 75), (1, 110)):
        start = dt.datetime.combine(today - dt.timedelta(days=days_ago), dt.time(9, 0), tzinfo=PARIS)
        end = start + dt.timedelta(minutes=minutes)
        answer = api.post("/time/sessions", json={"task_id": ids["report"], "started_at": start.isoformat(), "ended_at": end.isoformat()})
        assert answer.status_code in (200, 201), answer.text
    api.post(f"/tasks/{ids['report']}", json={"duration": 90, "duration_unit": "minute"})

    dm = bob.api.post("/conversations", json={"kind": "dm", "user_id": ada.user["id"]}).json()["id"]
    bob.api.post(f"/conversations/{dm}/messages", json={"text": "Morning! The draft is in the shared folder.", "client_id": "s1"})
    api.post(f"/conversations/{dm}/messages", json={"text": "Thanks, I'll read it before lunch.", "client_id": "s2"})
    card = api.post(f"/conversations/{dm}/tasks", json={"task_id": ids["report"]}).json()
    bob.api.post(f"/conversations/{dm}/read", json={"message_id": card["id"]})
    photo = bob.api.post("/attachments", params={"name": "whiteboard.png"}, content=png(240, 160)).json()
    bob.api.post(f"/conversations/{dm}/messages", json={"text": "", "attachment_ids": [photo["id"]], "client_id": "s3a"})
    bob.api.post(f"/conversations/{dm}/messages", json={"text": "Great. Are you free at 3 to go through it?", "client_id": "s3"})
    group = api.post("/conversations", json={"kind": "group", "name": "Launch team", "member_ids": [bob.user["id"], carol.user["id"]]}).json()["id"]
    carol.api.post(f"/conversations/{group}/messages", json={"text": "Slides are ready for review @Ada", "client_id": "s4"})
    return ada, {"dm": dm, "group": group, "work": projects["Work"], **ids}


def test_tour_of_the_main_screens(browser: Browser, new_person) -> None:
    ada, ids = lived_in_account(new_person)
    signed_in(browser, ada)
    browser.see_text(".view", "Send the quarterly report")
    home = browser.find(".view").text
    assert "Good" in home and "Ada" in home and "What's on your mind?" in home
    assert "1 still on your list" in home
    browser.screenshot("02-home")

    browser.go("#/tasks/today")
    browser.see_text(".large-title", "Today")
    titles = browser.texts(".task .title")
    assert titles[:1] == ["Renew passport"] and titles[1:3] == ["Send the quarterly report", "Call the dentist"]
    browser.screenshot("03-today")

    browser.go("#/tasks/upcoming")
    browser.see_text(".view", "Prepare the offsite agenda")
    assert browser.texts(".day-group .group-label")[0].startswith("Today")
    browser.screenshot("03-upcoming")

    browser.go("#/tasks/inbox")
    browser.see_text(".view", "Read the design doc")
    browser.screenshot("03-inbox")

    browser.go("#/tasks/projects")
    browser.see_text(".view", "Errands")
    assert browser.texts(".list .row .grow")[:1] == ["Inbox"]
    browser.screenshot("04-projects")

    browser.row("Work").click()
    browser.see_text(".view", "This week")
    assert "Later" in browser.find(".view").text
    browser.screenshot("04-project-sections")

    browser.go("#/tasks/today")
    browser.labelled("Open Send the quarterly report").click()
    browser.sheet()
    browser.see_text(".sheet .est-actual", "Estimate 1h 30m")
    browser.screenshot("06-task-detail-sheet")
    browser.labelled("Add a subtask").send_keys("Attach the charts\n")
    browser.see_text(".sheet .subtasks", "Attach the charts")
    browser.labelled("Add a comment").send_keys("Numbers are final.")
    browser.labelled("Post comment").click()
    browser.see_text(".sheet .comments", "Numbers are final.")
    browser.driver.execute_script("document.querySelector('.sheet .comments').scrollIntoView({block: 'center'})")
    browser.screenshot("06-task-detail-subtasks-comments")
    browser.labelled("Close").click()

    browser.go("#/calendar")
    browser.find(".cal-day[aria-current='date']")
    browser.see_text(".view", "Send the quarterly report")
    browser.screenshot("12-calendar")

    browser.go("#/home")
    browser.click(".capture-hero")
    browser.sheet()
    browser.labelled("What's on your mind?").send_keys(
        "call mum tomorrow at 6pm, buy stamps #Errands and every monday water the ferns p2"
    )
    browser.screenshot("05-capture-text")
    browser.button("Review").click()
    browser.find(".proposal")
    browser.screenshot("05-capture-review-lived-in")
    browser.labelled("Close").click()

    browser.go("#/messages")
    browser.see_text(".view", "Launch team")
    assert "Bob Noyce" in browser.find(".view").text
    browser.screenshot("07-messages")
    browser.go(f"#/messages/{ids['dm']}")
    browser.see_text(".messages", "Are you free at 3")
    assert any(t.is_displayed() for t in browser.all('.ticks[aria-label="Read"]')) and "Send the quarterly report" in browser.find(".task-card").text
    browser.wait().until(lambda d: d.execute_script("return document.querySelector('.att-img')?.naturalWidth === 240"))
    browser.screenshot("07-thread-lived-in")

    browser.go("#/time")
    browser.see_text(".view", "Tracked in 7 days")
    assert len(browser.all(".bar")) == 7
    browser.screenshot("08-time")

    browser.go("#/settings")
    browser.see_text(".view", "Sign out")
    browser.screenshot("09-settings")

    tap(browser, browser.button("Dark"))  # Settings is longer than a phone's screen
    for route, name, text in (
        ("#/home", "02-home-dark", "What's on your mind?"),
        ("#/tasks/today", "03-today-dark", "Renew passport"),
        (f"#/messages/{ids['dm']}", "07-thread-dark", "Are you free at 3"),
        ("#/settings", "09-settings-dark", "Quiet hours"),
        ("#/notifications", "10-notifications-dark", "Notifications"),
        ("#/calendar", "12-calendar-dark", "Send the quarterly report"),
    ):
        browser.go(route)
        browser.see_text(".view", text)
        browser.screenshot(name)
    browser.go("#/tasks/today")
    browser.labelled("Open Send the quarterly report").click()
    browser.see_text(".sheet", "Actual")
    browser.screenshot("06-task-detail-dark")
    browser.labelled("Close").click()
    browser.go(f"#/projects/{ids['work']}")
    browser.button("Share").click()
    browser.sheet()
    browser.see_text(".members", "Ada Lovelace (you)")
    browser.screenshot("11-share-sheet-dark")
