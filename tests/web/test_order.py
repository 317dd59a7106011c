"""Task lists in the user's order (Edit's Move buttons, dragging, Sort as a view option), lists that update in
place with Done sections, Clear all and the Completed view, and the task row's small fixes."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from .webapp import REPO, Browser, Person, signed_in

UTC = dt.timezone.utc
KAIROS = os.environ.get("KAIROS_BIN") or str(REPO / ".build/debug/kairos")


def add(person: Person, content: str, **fields) -> dict:
    answer = person.api.post("/tasks", json={"content": content, **fields})
    assert answer.status_code == 200, answer.text
    return answer.json()


def titles(browser: Browser, css: str = ".pull-area > .tasks") -> list[str]:
    return browser.driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].flatMap(l => [...l.querySelectorAll('.task .title')].map(t => t.textContent))", css)


def stored(person: Person, path: str) -> list[str]:
    return [t["content"] for t in person.api.get(path).json()["results"]]


def cli(person: Person, browser: Browser, *args: str) -> list[str]:
    env = {**os.environ, "KAIROS_SERVER": browser.base_url, "KAIROS_TOKEN": person.token, "KAIROS_CONFIG": "/nonexistent"}
    done = subprocess.run([KAIROS, *args, "--json"], env=env, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return [t["content"] for t in json.loads(done.stdout)]


def move(browser: Browser, person: Person, label: str, path: str, expected: list[str]) -> None:
    """Taps a Move button, then waits until the list and the server both show `expected`."""
    browser.labelled(label).click()
    browser.wait().until(lambda _: stored(person, path) == expected and titles(browser) == expected)


def test_inbox_keeps_the_users_order_and_edit_moves_tasks(browser: Browser, person: Person) -> None:
    for content, priority in [("Water the plants", 1), ("Pay the rent", 4), ("Call mum", 2)]:
        add(person, content, priority=priority)
    inbox = person.api.get("/projects").json()["results"][0]["id"]
    signed_in(browser, person, "#/tasks/inbox")
    browser.find(".task")
    assert titles(browser) == ["Water the plants", "Pay the rent", "Call mum"]  # not by priority

    browser.button("Edit").click()
    path = f"/tasks?project_id={inbox}"
    move(browser, person, "Move Call mum up", path, ["Water the plants", "Call mum", "Pay the rent"])
    move(browser, person, "Move Call mum up", path, ["Call mum", "Water the plants", "Pay the rent"])
    order = ["Call mum", "Pay the rent", "Water the plants"]
    move(browser, person, "Move Water the plants down", path, order)
    assert [t["child_order"] for t in person.api.get(f"/tasks?project_id={inbox}").json()["results"]] == [1, 2, 3]
    assert cli(person, browser, "inbox") == order  # the same order everywhere
    browser.screenshot("order-edit-inbox")
    browser.button("Done").click()
    browser.wait().until(lambda _: not browser.all('[aria-label="Move Call mum up"]'))

    # Sort is a view option, remembered for this list on this device; the saved order stays.
    browser.labelled("Sort: Manual").click()
    browser.sheet()
    browser.button("Priority").click()
    browser.wait().until(lambda _: titles(browser) == ["Pay the rent", "Call mum", "Water the plants"])
    assert not browser.driver.find_elements("xpath", "//button[normalize-space(.)='Edit']")  # only in the manual order
    browser.open("/#/tasks/inbox")
    browser.wait().until(lambda _: titles(browser) == ["Pay the rent", "Call mum", "Water the plants"])
    assert stored(person, f"/tasks?project_id={inbox}") == order
    browser.labelled("Sort: Priority").click()
    browser.sheet()
    browser.button("Manual").click()
    browser.wait().until(lambda _: titles(browser) == order)


def test_today_order_is_saved_as_the_days_order_and_the_cli_follows_it(browser: Browser, person: Person) -> None:
    for content, priority in [("Stretch", 1), ("Send the invoice", 4), ("Book the dentist", 3)]:
        add(person, content, due_string="today", priority=priority)
    signed_in(browser, person, "#/tasks/today")
    browser.find(".task")
    assert titles(browser) == ["Stretch", "Send the invoice", "Book the dentist"]

    browser.button("Edit").click()
    move(browser, person, "Move Book the dentist up", "/tasks/filter?query=today", ["Stretch", "Book the dentist", "Send the invoice"])
    move(browser, person, "Move Book the dentist up", "/tasks/filter?query=today", ["Book the dentist", "Stretch", "Send the invoice"])
    order = ["Book the dentist", "Send the invoice", "Stretch"]
    move(browser, person, "Move Stretch down", "/tasks/filter?query=today", order)
    assert [t["day_order"] for t in person.api.get("/tasks/filter?query=today").json()["results"]] == [0, 1, 2]
    assert cli(person, browser, "today") == order
    browser.open("/#/tasks/today")
    browser.wait().until(lambda _: titles(browser) == order)


def test_a_row_is_dragged_to_a_new_place(browser: Browser, person: Person) -> None:
    for content in ["First", "Second", "Third"]:
        add(person, content)
    inbox = person.api.get("/projects").json()["results"][0]["id"]
    signed_in(browser, person, "#/tasks/inbox")
    first = browser.labelled("Open First")
    third = browser.labelled("Open Third")
    if browser.size == "desktop":
        # A mouse drags at once.
        chain = ActionChains(browser.driver).move_to_element(first).click_and_hold()
        for _ in range(6):
            chain.move_by_offset(0, 25)
        chain.move_to_element_with_offset(third, 0, 12).pause(0.1).release().perform()
    else:
        # A finger holds the row still to lift it, then drags it.
        box = lambda el: browser.driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]", el)
        (x, y), (_, to) = box(first), box(third)
        touch = lambda kind, points: browser.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
        touch("touchStart", [{"x": x, "y": y}])
        time.sleep(0.8)
        for step in range(1, 9):
            touch("touchMove", [{"x": x, "y": y + (to + 40 - y) * step / 8}])
        touch("touchEnd", [])
    order = ["Second", "Third", "First"]
    browser.wait().until(lambda _: titles(browser) == order)
    browser.wait().until(lambda _: stored(person, f"/tasks?project_id={inbox}") == order)
    assert not browser.all(".sheet.open")  # the drag opened nothing


def test_today_updates_in_place_with_its_done_section(browser: Browser, person: Person) -> None:
    for content in ["Write the agenda", "Book the room", "Print the handouts"]:
        add(person, content, due_string="today")
    signed_in(browser, person, "#/tasks/today")
    browser.see_text(".screen-header .subtitle", "3 tasks")
    assert not browser.all(".done-section")
    browser.labelled("Complete Book the room").click()
    browser.see_text(".screen-header .subtitle", "2 tasks")
    browser.wait().until(lambda _: browser.find(".done-section summary").text.split() == ["Done", "1"])
    assert titles(browser) == ["Write the agenda", "Print the handouts"]
    browser.labelled("Complete Print the handouts").click()
    browser.see_text(".screen-header .subtitle", "1 task")
    browser.wait().until(lambda _: browser.find(".done-section summary").text.split() == ["Done", "2"])


def test_done_sections_on_lists_clear_all_and_the_completed_view(browser: Browser, person: Person) -> None:
    project = person.api.post("/projects", json={"name": "Garden"}).json()
    section = person.api.post("/sections", json={"name": "Beds", "project_id": project["id"]}).json()
    mow = add(person, "Mow the lawn", project_id=project["id"])
    add(person, "Rake the leaves", project_id=project["id"])
    weed = add(person, "Weed", project_id=project["id"], section_id=section["id"])
    plant = add(person, "Plant bulbs", project_id=project["id"], section_id=section["id"])
    milk = add(person, "Buy milk")
    for task in (mow, weed, plant, milk):
        assert person.api.post(f"/tasks/{task['id']}/close").status_code == 204

    signed_in(browser, person, f"#/projects/{project['id']}")
    browser.wait().until(lambda _: [s.text.split() for s in browser.all(".done-section summary")] == [["Done", "1"], ["Done", "2"]])
    browser.all(".done-section summary")[1].click()
    browser.see_text(".day-group .done-section .tasks", "Plant bulbs")
    browser.screenshot("order-project-done")
    clear_all = browser.find(".done-section[open] .see-all button")
    browser.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", clear_all)  # clear of the capture button
    clear_all.click()
    browser.sheet()
    browser.button("Delete 2 completed tasks").click()
    browser.wait().until(lambda _: [s.text.split() for s in browser.all(".done-section summary")] == [["Done", "1"]])
    assert person.api.get(f"/tasks/{weed['id']}").status_code == 404
    assert person.api.get(f"/tasks/{plant['id']}").status_code == 404
    assert person.api.get(f"/tasks/{mow['id']}").json()["checked"] is True

    browser.go("#/tasks/inbox")
    browser.wait().until(lambda _: browser.find(".done-section summary").text.split() == ["Done", "1"])

    browser.go("#/tasks/projects")
    browser.row("Completed").click()
    browser.see_text(".day-group .group-label", "Today")
    assert sorted(titles(browser, ".day-group")) == ["Buy milk", "Mow the lawn"]
    browser.screenshot("order-completed-view")
    browser.labelled("Reopen Buy milk").click()
    browser.wait().until(lambda _: person.api.get(f"/tasks/{milk['id']}").json()["checked"] is False)
    browser.wait().until(lambda _: titles(browser, ".day-group") == ["Mow the lawn"])


def test_row_fixes_swipe_reschedule_overdue_reminder_and_priority_colours(browser: Browser, person: Person) -> None:
    yesterday = (dt.datetime.now(UTC).date() - dt.timedelta(days=1)).isoformat()
    late = add(person, "Renew passport", due_date=yesterday, priority=4)
    soon = add(person, "Call the bank", due_string="today", priority=3)
    water = add(person, "Water the plants", due_string="today", priority=2)
    person.api.post("/reminders", json={"task_id": soon["id"], "type": "absolute", "due": {"datetime": f"{dt.datetime.now(UTC).date()}T23:00:00Z"}})
    signed_in(browser, person, "#/tasks/today")

    browser.find(".task")
    view = browser.find("#view").text
    assert view.count("Still on your list") == 1
    assert browser.all(f'.task[data-id="{soon["id"]}"] [aria-label="Reminder set"]')
    assert not browser.all(f'.task[data-id="{late["id"]}"] [aria-label="Reminder set"]')
    colours = browser.driver.execute_script(
        "return [...document.querySelectorAll('.meta .prio')].map(p => [p.textContent, getComputedStyle(p).color])")
    assert sorted(colours) == [["P1", "rgb(209, 69, 59)"], ["P2", "rgb(235, 137, 9)"], ["P3", "rgb(36, 111, 224)"]]
    browser.screenshot("order-row-fixes")

    # Swiping left shows the red Delete action under the row; let go early, nothing happens.
    row = browser.labelled("Open Call the bank")
    chain = ActionChains(browser.driver).move_to_element(row).click_and_hold()
    for _ in range(4):
        chain.move_by_offset(-15, 0)
    chain.perform()
    under = browser.driver.execute_script(
        "const s = getComputedStyle(document.querySelector('.task.swiping'), '::after'); return [s.content, s.backgroundColor]")
    assert under == ['"Delete"', "rgb(209, 69, 59)"]
    browser.screenshot("order-swipe-delete")
    ActionChains(browser.driver).move_by_offset(60, 0).release().perform()

    # Reschedule offers more than three days: a picker, Next weekend and No date.
    browser.labelled("Open Call the bank").send_keys(Keys.SHIFT, Keys.F10)  # the row's menu
    browser.sheet()
    browser.button("Reschedule…").click()
    sheet = browser.sheet()
    assert [b.text for b in sheet.find_elements("css selector", ".menu .row")] == [
        "Today", "Tomorrow", "Next weekend", "Next week", "Pick a date…", "No date"]
    browser.button("No date").click()
    browser.wait().until(lambda _: person.api.get(f"/tasks/{soon['id']}").json()["due"] is None)
    browser.wait().until(lambda _: "Call the bank" not in titles(browser))

    browser.labelled("Open Water the plants").send_keys(Keys.SHIFT, Keys.F10)
    browser.sheet()
    browser.button("Reschedule…").click()
    browser.sheet()
    browser.button("Pick a date…").click()
    sheet = browser.sheet()
    browser.driver.execute_script("arguments[0].value = '2031-05-17'", browser.labelled("Date"))
    browser.button("Reschedule").click()
    browser.wait().until(lambda _: (person.api.get(f"/tasks/{water['id']}").json()["due"] or {}).get("date") == "2031-05-17")
