"""The web app's core flows in a real browser, at phone and desktop sizes. Each test checks what the
page shows, and where it matters, what the server stored."""

from __future__ import annotations

import datetime as dt
import time
import uuid

import httpx
from .test_task_screens import tap
from .webapp import Browser, Person, pressed_days, server, signed_in
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC


def today_utc() -> dt.date:
    return dt.datetime.now(dt.timezone.utc).date()


def add_task(person: Person, content: str, **fields) -> dict:
    answer = person.api.post("/tasks", json={"content": content, **fields})
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_sign_up_then_onboarding_keeps_the_browser_time_zone_and_lands_on_home(browser: Browser) -> None:
    browser.open("/")
    browser.find(".auth")
    browser.screenshot("01-sign-up")
    email = f"grace-{browser.size}-{id(browser)}@example.com"
    browser.labelled("Name").send_keys("Grace Hopper")
    browser.labelled("Email").send_keys(email)
    browser.labelled("Password").send_keys("correct horse battery")
    browser.button("Create account").click()

    browser.see_text(".large-title", "Welcome, Grace")
    assert browser.labelled("Time zone").get_attribute("value") == "Europe/Paris"
    assert browser.driver.execute_script("return document.getElementById('tabbar').hidden")
    assert browser.driver.execute_script("return Notification.permission") == "default"
    assert pressed_days(browser) == ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]
    assert browser.labelled("Brief time").get_attribute("value") == "08:00"
    browser.screenshot("01b-onboarding")
    browser.labelled("Friday").click()
    browser.labelled("Saturday").click()
    assert pressed_days(browser) == ["Monday", "Tuesday", "Wednesday", "Thursday", "Saturday"]
    browser.set_time(browser.labelled("Brief time"), "07:30")
    browser.button("Continue").click()

    browser.see_text(".large-title", "Grace")
    assert browser.find(".brief").text.startswith("Your next brief arrives ")
    assert " at 7:30" in browser.find(".brief").text
    assert "Good" in browser.find(".large-title").text
    browser.driver.execute_script("location.hash = '#/welcome'")
    browser.wait().until(lambda d: d.execute_script("return document.getElementById('view').dataset.route") == "#/home")
    assert browser.find(".capture-hero").is_displayed()
    assert browser.texts(".tab") == ["Home", "Tasks", "Messages", "Assistant", "Time", "Settings"]

    token = browser.driver.execute_script("return localStorage.getItem('kairos.token')")
    user = httpx.get(f"{browser.base_url}/api/v1/user", headers={"Authorization": f"Bearer {token}"}).json()
    assert user["email"] == email
    assert user["timezone"] == "Europe/Paris"
    assert user["workdays"] == [1, 2, 3, 4, 6]
    assert user["daily_brief_time"] == "07:30"


def test_wrong_password_reads_calmly(browser: Browser, person: Person) -> None:
    browser.open("/#/signin")
    browser.labelled("Email").send_keys(person.email)
    browser.labelled("Password").send_keys("not the password")
    browser.button("Sign in").click()
    browser.see_text(".form-error", "don't match")
    browser.labelled("Password").clear()
    browser.labelled("Password").send_keys("correct horse battery")
    browser.button("Sign in").click()
    browser.see_text(".large-title", "Ada")


def test_capture_shows_what_it_did_not_add_and_adds_it_with_one_tap(browser: Browser, person: Person) -> None:
    signed_in(browser, person)
    browser.click(".capture-hero")
    browser.sheet()
    browser.labelled("What's on your mind?").send_keys(
        "ugh the printer is out of toner and i need to call the plumber, order more toner scratch that")
    browser.button("Review").click()
    titles = browser.wait().until(lambda d: [el.get_attribute("value") for el in browser.all(".proposal .title")] or None)
    assert titles == ["Call the plumber"]
    skipped = [el.text.replace("Add", "").strip() for el in browser.all(".not-added")]
    assert skipped == ["the printer is out of toner", "order more toner"]
    browser.screenshot("05-capture-not-added")
    browser.labelled("Add “order more toner” as a task").click()
    browser.wait().until(lambda d: len(browser.all(".proposal .title")) == 2)
    assert [el.get_attribute("value") for el in browser.all(".proposal .title")] == ["Call the plumber", "Order more toner"]
    assert [el.text.replace("Add", "").strip() for el in browser.all(".not-added")] == ["the printer is out of toner"]
    browser.button("Add 2 tasks").click()
    browser.see_text(".toast", "Added 2 tasks")
    browser.go("#/tasks/inbox")
    browser.see_text(".tasks", "Order more toner")
    assert "printer" not in browser.find(".tasks").text


def test_capture_a_brain_dump_review_and_commit(browser: Browser, person: Person) -> None:
    signed_in(browser, person)
    browser.click(".capture-hero")
    browser.sheet()
    box = browser.labelled("What's on your mind?")
    box.send_keys("buy milk, call the dentist tomorrow at 9am and water the plants")
    browser.button("Review").click()

    titles = browser.wait().until(lambda d: [el.get_attribute("value") for el in browser.all(".proposal .title")] or None)
    assert titles == ["Buy milk", "Call the dentist", "Water the plants"]
    browser.screenshot("05-capture-review")
    browser.labelled("Remove Water the plants").click()
    first = browser.all(".proposal .title")[0]
    first.clear()
    first.send_keys("Buy oat milk")
    browser.button("Add 2 tasks").click()
    browser.see_text(".toast", "Added 2 tasks")

    browser.go("#/tasks/inbox")
    browser.see_text(".tasks", "Buy oat milk")
    assert "Call the dentist" in browser.find(".tasks").text
    browser.go("#/tasks/upcoming")
    browser.see_text(".view", "Call the dentist")
    tomorrow = browser.driver.find_element(By.XPATH, "//section[contains(@class,'day-group')][.//h2[starts-with(normalize-space(.),'Tomorrow')]]")
    assert "Call the dentist" in tomorrow.text

    stored = sorted(task["content"] for task in person.api.get("/tasks").json()["results"])
    assert stored == ["Buy oat milk", "Call the dentist"]


def test_complete_a_task_then_undo(browser: Browser, person: Person) -> None:
    add_task(person, "Send the invoice", due_string="today", priority=4)
    add_task(person, "Book flights", due_date=(today_utc() - dt.timedelta(days=2)).isoformat())
    signed_in(browser, person, "#/tasks/today")
    browser.see_text(".view", "Send the invoice")
    assert "Still on your list" in browser.find(".group-label.amber").text
    assert "OVERDUE" not in browser.find(".view").text.upper().replace("STILL ON YOUR LIST", "")

    browser.labelled("Complete Send the invoice").click()
    browser.see_text(".toast", "Done: Send the invoice")
    browser.wait().until(lambda d: "Send the invoice" not in browser.find(".view").text)
    assert person.api.get("/tasks/filter", params={"query": "today"}).json()["results"] == []

    browser.button("Undo").click()
    browser.see_text(".view", "Send the invoice")
    assert [t["content"] for t in person.api.get("/tasks/filter", params={"query": "today"}).json()["results"]] == [
        "Send the invoice"
    ]


def test_create_a_project_and_add_a_task_to_it(browser: Browser, person: Person) -> None:
    signed_in(browser, person, "#/tasks/projects")
    browser.labelled("New project").click()
    browser.sheet()
    browser.labelled("Project name").send_keys("Garden")
    browser.button("Create project").click()

    browser.see_text(".large-title", "Garden")
    browser.labelled("Add to Garden").send_keys("Plant the tulips\n")
    browser.see_text(".tasks", "Plant the tulips")
    browser.screenshot("04-project")

    projects = {p["name"]: p["id"] for p in person.api.get("/projects").json()["results"]}
    tasks = person.api.get("/tasks", params={"project_id": projects["Garden"]}).json()["results"]
    assert [t["content"] for t in tasks] == ["Plant the tulips"]
    browser.go("#/tasks/projects")
    assert browser.row("Garden").find_element(By.CSS_SELECTOR, ".count").text == "1"


def test_a_message_from_someone_else_arrives_without_reload(browser: Browser, new_person) -> None:
    ada = new_person("Ada Lovelace")
    bob = new_person("Bob Noyce")
    conversation = bob.api.post("/conversations", json={"kind": "dm", "user_id": ada.user["id"]}).json()
    bob.api.post(f"/conversations/{conversation['id']}/messages", json={"text": "Morning! Draft is in the folder.", "client_id": "b-1"})

    signed_in(browser, ada, "#/messages")
    browser.see_text(".thread-row", "Bob Noyce")
    assert "Draft is in the folder" in browser.find(".thread-row").text
    browser.click(".thread-row")
    browser.see_text(".messages", "Morning! Draft is in the folder.")
    browser.driver.execute_script("window.__sameDocument = true")

    bob.api.post(f"/conversations/{conversation['id']}/messages", json={"text": "Are you free at 3?", "client_id": "b-2"})
    browser.see_text(".messages", "Are you free at 3?", timeout=8)
    assert browser.driver.execute_script("return window.__sameDocument === true")

    composer = browser.labelled("Message")
    composer.send_keys("Yes, 3 works.")
    browser.labelled("Send").click()
    browser.wait().until(lambda d: browser.all(".msg.mine:not(.pending)"))
    browser.screenshot("07-thread")
    texts = [m["text"] for m in bob.api.get(f"/conversations/{conversation['id']}/messages").json()["results"]]
    assert texts[0] == "Yes, 3 works."


def test_start_and_stop_the_stopwatch_in_task_detail(browser: Browser, person: Person) -> None:
    add_task(person, "Write the report", due_string="today")
    signed_in(browser, person, "#/tasks/today")
    browser.labelled("Open Write the report").click()
    browser.sheet()
    browser.labelled("Start the stopwatch").click()
    browser.see_text(".stopwatch", "Running")
    browser.see_text(".stopwatch .clock", "0:00:01", timeout=5)
    browser.screenshot("06-task-detail")
    assert person.api.get("/time/timer").json()["state"] == "running"

    browser.labelled("Stop the stopwatch").click()
    browser.see_text(".stopwatch", "Recorded")
    watch = person.api.get("/time/timer").json()
    assert watch["state"] == "stopped" and watch["elapsed_seconds"] >= 1


def test_edit_a_task_in_the_detail_sheet(browser: Browser, person: Person) -> None:
    task = add_task(person, "Call mum")
    signed_in(browser, person, "#/tasks/inbox")
    browser.labelled("Open Call mum").click()
    browser.sheet()
    title = browser.labelled("Title")
    title.clear()
    title.send_keys("Call mum about Sunday")
    browser.labelled("Priority 1").click()
    browser.labelled("Labels").send_keys("family")
    browser.button("Done").click()
    browser.see_text(".tasks", "Call mum about Sunday")
    row = browser.find(f'.task[data-id="{task["id"]}"]')
    assert "P1" in row.text and "@family" in row.text
    stored = person.api.get(f"/tasks/{task['id']}").json()
    assert (stored["content"], stored["priority"], stored["labels"]) == ("Call mum about Sunday", 4, ["family"])


def test_switch_to_dark_theme_and_keep_it(browser: Browser, person: Person) -> None:
    signed_in(browser, person, "#/settings")
    tap(browser, browser.button("Dark"))  # Settings is longer than a phone's screen
    assert browser.driver.execute_script("return document.documentElement.dataset.theme") == "dark"
    background = browser.driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(0, 0, 0)"
    browser.driver.refresh()
    browser.find(".large-title")
    assert browser.driver.execute_script("return document.documentElement.dataset.theme") == "dark"
    assert browser.button("Dark").get_attribute("aria-pressed") == "true"
    tap(browser, browser.button("System"))
    assert browser.driver.execute_script("return document.documentElement.dataset.theme") == "light"
    assert browser.driver.execute_script("return localStorage.getItem('kairos.theme')") is None


def test_system_theme_follows_the_device_from_first_paint(browser: Browser, person: Person) -> None:
    browser.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    signed_in(browser, person, "#/settings")
    assert browser.driver.execute_script("return document.documentElement.dataset.theme") == "dark"
    assert browser.driver.execute_script("return getComputedStyle(document.body).backgroundColor") == "rgb(0, 0, 0)"
    assert browser.button("System").get_attribute("aria-pressed") == "true"
    browser.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
    browser.wait().until(lambda d: d.execute_script("return document.documentElement.dataset.theme") == "light")


def test_app_shell_is_installable(browser: Browser, person: Person) -> None:
    signed_in(browser, person)
    manifest = browser.driver.execute_script(
        "return fetch('/manifest.webmanifest').then(r => r.json())"
    )
    assert manifest["display"] == "standalone" and manifest["start_url"]
    browser.wait(15).until(
        lambda d: d.execute_script("return navigator.serviceWorker.getRegistration().then(r => !!(r && r.active))")
    )
    # The shell is cached under the app's version, which the server writes above the worker's script.
    version = browser.driver.execute_script("return fetch('/sw.js').then(r => r.text()).then(t => t.match(/^const VERSION = \"(\\w+)\";/)[1])")
    assert f"kairos-shell-{version}" in browser.driver.execute_script("return caches.keys()")
    shell = browser.driver.execute_script("return caches.open(arguments[0]).then(c => c.keys()).then(ks => ks.map(k => new URL(k.url).pathname))", f"kairos-shell-{version}")
    assert "/" in shell and "/js/app.js" in shell
    cache_control = browser.driver.execute_script(
        "return Promise.all(['/css/app.css','/js/app.js'].map(u => fetch(u).then(r => r.headers.get('cache-control'))))"
    )
    assert cache_control == ["no-cache", "no-cache"]


def test_an_emailed_invitation_link_opens_the_shared_project(
    browser: Browser, new_person, web_server_data, web_server_logs
) -> None:
    ada = new_person("Ada Lovelace")
    project = ada.api.post("/projects", json={"name": "Launch plan"}).json()
    ada.api.post("/tasks", json={"content": "Write the press release", "project_id": project["id"]})
    guest = f"erin-{uuid.uuid4().hex[:8]}@example.com"
    answer = ada.api.post("/invites", json={"email": guest, "project_id": project["id"], "role": "editor"})
    assert answer.status_code == 201, answer.text

    # No mail command is set for this server: the email waits for the administrator, link and all,
    # and the log says so without the link.
    link = server.emailed_link(web_server_data, guest, "invite")
    log = ""
    for _ in range(50):  # the log's notice comes within a second
        log = (web_server_logs / "stderr.log").read_text(errors="replace")
        if f"An email to {guest} is waiting" in log:
            break
        time.sleep(0.1)
    assert f"An email to {guest} is waiting" in log and link.rsplit("/", 1)[1] not in log

    browser.open(link.removeprefix(browser.base_url))
    browser.see_text(".large-title", "Join Launch plan")
    assert "Ada Lovelace invited" in browser.find(".subtitle").text
    name = browser.labelled("Your name")
    name.clear()
    name.send_keys("Erin")
    browser.screenshot("20-invitation")
    browser.button("Join Launch plan").click()
    browser.see_text(".large-title", "Launch plan")
    browser.see_text(".tasks", "Write the press release")
    members = ada.api.get(f"/projects/{project['id']}/members").json()["results"]
    assert [m["role"] for m in members] == ["owner", "editor"] and members[1]["name"] == "Erin"
