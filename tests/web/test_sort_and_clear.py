"""The server decides a list's sort, Clear all deletes a Done section in one request, and quick add marks what
it will save: in a real browser at phone and desktop sizes, what the user sees and what the server holds."""

from __future__ import annotations

import datetime as dt

from selenium.webdriver.common.keys import Keys

from .test_order import add, titles
from .webapp import Browser, Person, signed_in


def server_order(person: Person, path: str, **params) -> list[str]:
    answer = person.api.get(path, params={**params, "limit": 200})
    assert answer.status_code == 200, answer.text
    return [t["content"] for t in answer.json()["results"]]


def requested(browser: Browser, part: str) -> list[str]:
    """The API requests this page made whose address holds `part`."""
    return browser.driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => decodeURIComponent(e.name)).filter(n => n.includes(arguments[0]))", part)


def choose_sort(browser: Browser, current: str, choice: str) -> None:
    browser.labelled(f"Sort: {current}").click()
    browser.sheet()
    browser.button(choice).click()
    browser.labelled(f"Sort: {choice}")


def test_sort_menu_asks_the_server_for_its_order_on_a_list_and_on_today(browser: Browser, person: Person) -> None:
    later = (dt.datetime.now(dt.timezone.utc).date() + dt.timedelta(days=3)).isoformat()
    for content, priority, due in [("Water the plants", 1, {"due_string": "tomorrow"}), ("Pay the rent", 4, {"due_date": later}),
                                   ("Call mum", 2, {}), ("File taxes", 4, {"due_string": "tomorrow at 9am"}), ("Read", 1, {})]:
        add(person, content, priority=priority, **due)
    inbox = person.api.get("/projects").json()["results"][0]["id"]
    signed_in(browser, person, "#/tasks/inbox")
    manual = ["Water the plants", "Pay the rent", "Call mum", "File taxes", "Read"]
    browser.wait().until(lambda _: titles(browser) == manual)

    choose_sort(browser, "Manual", "Due date")
    by_due = ["File taxes", "Water the plants", "Pay the rent", "Call mum", "Read"]
    assert server_order(person, "/tasks", project_id=inbox, sort="due") == by_due
    browser.wait().until(lambda _: titles(browser) == by_due)
    assert requested(browser, f"/tasks?project_id={inbox}&sort=due")
    choose_sort(browser, "Due date", "Priority")
    by_priority = ["File taxes", "Pay the rent", "Call mum", "Water the plants", "Read"]
    assert server_order(person, "/tasks", project_id=inbox, sort="priority") == by_priority
    browser.wait().until(lambda _: titles(browser) == by_priority)
    browser.screenshot("sort-inbox-priority")

    # Remembered for this list on this device, and the saved order stays the user's.
    browser.open("/#/tasks/inbox")
    browser.wait().until(lambda _: titles(browser) == by_priority)
    assert requested(browser, "sort=priority")
    assert server_order(person, "/tasks", project_id=inbox) == manual

    # Today has its own sort, asked of the filter list.
    for content, priority in [("Stand-up", 1), ("Ship the release", 4), ("Lunch", 3)]:
        add(person, content, priority=priority, due_string="today")
    browser.go("#/tasks/today")
    browser.wait().until(lambda _: titles(browser) == ["Stand-up", "Ship the release", "Lunch"])
    choose_sort(browser, "Manual", "Priority")
    today = server_order(person, "/tasks/filter", query="overdue | today", sort="priority")
    assert today == ["Ship the release", "Lunch", "Stand-up"]
    browser.wait().until(lambda _: titles(browser) == today)
    assert requested(browser, "/tasks/filter?query=overdue | today&sort=priority")


def test_clear_all_deletes_the_done_section_in_one_request_all_or_nothing(browser: Browser, person: Person) -> None:
    project = person.api.post("/projects", json={"name": "Garden"}).json()
    mow = add(person, "Mow the lawn", project_id=project["id"])
    weed = add(person, "Weed", project_id=project["id"])
    plant = add(person, "Plant bulbs", project_id=project["id"])
    add(person, "Rake the leaves", project_id=project["id"])
    for task in (mow, weed, plant):
        assert person.api.post(f"/tasks/{task['id']}/close").status_code == 204

    def clear_all(count: int, meanwhile=lambda: None) -> None:
        browser.wait().until(lambda _: browser.find(".done-section summary").text.split() == ["Done", str(count)])
        if not browser.all(".done-section[open]"):
            browser.find(".done-section summary").click()
        button = browser.find(".done-section[open] .see-all button")
        browser.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)  # clear of the capture button
        button.click()
        browser.sheet()
        meanwhile()
        browser.button(f"Delete {count} completed tasks").click()

    signed_in(browser, person, f"#/projects/{project['id']}")
    # Reopened on another device while the sheet asks: the server refuses the whole request.
    clear_all(3, lambda: person.api.post(f"/tasks/{mow['id']}/reopen").raise_for_status())
    browser.see_text(".toast", "Mow the lawn")
    browser.screenshot("clear-all-refused")
    for task in (weed, plant):
        assert person.api.get(f"/tasks/{task['id']}").json()["checked"] is True

    browser.driver.refresh()
    browser.driver.execute_script("performance.clearResourceTimings()")
    clear_all(2)
    browser.wait().until(lambda _: not browser.all(".done-section"))
    for task in (weed, plant):
        assert person.api.get(f"/tasks/{task['id']}").status_code == 404
    assert person.api.get(f"/tasks/{mow['id']}").json()["checked"] is False
    assert len(requested(browser, "/tasks/completed/delete")) == 1
    assert not requested(browser, f"/tasks/{weed['id']}") and not requested(browser, f"/tasks/{plant['id']}")
    browser.wait().until(lambda _: titles(browser) == ["Mow the lawn", "Rake the leaves"])


def test_quick_add_marks_come_from_a_preview_of_what_it_saves(browser: Browser, person: Person) -> None:
    work = person.api.post("/projects", json={"name": "Work"}).json()
    planning = person.api.post("/sections", json={"name": "Planning", "project_id": work["id"]}).json()
    signed_in(browser, person, f"#/projects/{work['id']}")
    field = browser.labelled("Add to Planning")
    field.click()
    text = "Send the invoice tomorrow at 3pm p1 @billing"
    field.send_keys(text)
    preview = person.api.post("/tasks/quick/preview", json={"text": text, "project_id": work["id"], "section_id": planning["id"]})
    assert preview.status_code == 200, preview.text
    expected = [(p["field"], text[p["span"][0]:p["span"][1]]) for p in sorted(preview.json()["phrases"], key=lambda p: p["span"][0])]
    assert ("priority", "p1") in expected and ("label", "@billing") in expected
    browser.wait().until(lambda _: [(m.get_attribute("class"), m.get_attribute("textContent")) for m in browser.all(".phrase-marks mark")] == expected)
    assert requested(browser, "/tasks/quick/preview") and not requested(browser, "/api/v1/capture")
    assert person.api.get("/tasks").json()["results"] == []  # marking creates nothing
    browser.screenshot("quick-add-preview-marks")

    field.send_keys(Keys.RETURN)
    browser.wait().until(lambda _: person.api.get("/tasks").json()["results"])
    saved = person.api.get("/tasks").json()["results"][0]
    shown = preview.json()
    for key in ("content", "project_id", "section_id", "labels", "priority", "due"):
        assert saved[key] == shown[key], key
    browser.see_text(".day-group", "Send the invoice")
