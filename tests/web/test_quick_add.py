"""Quick add on every screen and the capture review, in a real browser at phone and desktop sizes: what the
user types or picks, what the page shows, and what the server stored."""

from __future__ import annotations

import datetime as dt

from .webapp import Browser, Person, signed_in
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select


def today_utc() -> dt.date:
    return dt.datetime.now(dt.timezone.utc).date()


def said_today() -> dt.date:
    """The day a bare "today" names for a UTC user: from 20:00 on, capture reads it as the next morning."""
    now = dt.datetime.now(dt.timezone.utc)
    return now.date() + dt.timedelta(days=1 if now.hour >= 20 else 0)


def made(person: Person, kind: str, **fields) -> dict:
    answer = person.api.post(f"/{kind}", json=fields)
    assert answer.status_code == 200, answer.text
    return answer.json()


def stored(person: Person, **query) -> dict[str, dict]:
    return {task["content"]: task for task in person.api.get("/tasks", params=query).json()["results"]}


def test_quick_add_in_a_section_reads_the_text_and_keeps_the_keyboard_for_the_next_task(browser: Browser, person: Person) -> None:
    work = made(person, "projects", name="Work")
    home = made(person, "projects", name="Home")
    planning = made(person, "sections", name="Planning", project_id=work["id"])
    signed_in(browser, person, f"#/projects/{work['id']}")
    field = browser.labelled("Add to Planning")
    field.click()
    field.send_keys("Draft Q1 plan today p2")
    # Return, then straight on with the next task: no tap in between.
    ActionChains(browser.driver).send_keys(Keys.RETURN).send_keys("Fix the tap tomorrow #Home" + Keys.RETURN).perform()
    browser.wait().until(lambda d: "Fix the tap" in stored(person, project_id=home["id"]))
    browser.see_text(".day-group", "Draft Q1 plan")
    assert browser.driver.switch_to.active_element.get_attribute("aria-label") == "Add to Planning"
    assert browser.labelled("Add to Planning").get_attribute("value") == ""
    browser.screenshot("quick-add-chained")

    draft = stored(person, project_id=work["id"])["Draft Q1 plan"]
    assert draft["section_id"] == planning["id"]
    assert draft["due"]["date"][:10] == said_today().isoformat()
    assert draft["priority"] == 3
    tap = stored(person, project_id=home["id"])["Fix the tap"]
    assert tap["section_id"] is None
    assert tap["due"]["date"][:10] == (today_utc() + dt.timedelta(days=1)).isoformat()


def test_quick_add_marks_what_it_reads_as_the_user_types(browser: Browser, person: Person) -> None:
    made(person, "projects", name="Work")
    signed_in(browser, person, "#/tasks/inbox")
    field = browser.labelled("Add to Inbox")
    field.click()
    field.send_keys("Send the invoice tomorrow at 3pm p1 #Work")
    browser.wait().until(lambda _: len(browser.all(".phrase-marks mark")) == 4)
    marks = [(m.get_attribute("class"), m.get_attribute("textContent")) for m in browser.all(".phrase-marks mark")]
    assert marks == [("due", "tomorrow"), ("due", "at 3pm"), ("priority", "p1"), ("list", "#Work")]
    # Each mark sits right under the words it marks.
    due = browser.driver.execute_script(
        "const m = document.querySelector('.phrase-marks mark.due').getBoundingClientRect();"
        "const i = arguments[0].getBoundingClientRect(); return [m.left - i.left, m.width, i.width]", field)
    assert 0 < due[0] < due[2] and due[1] > 0
    browser.screenshot("60-quick-add-marks")
    for theme in ("dark",):
        browser.driver.execute_script("document.documentElement.dataset.theme = arguments[0]", theme)
        browser.screenshot("60-quick-add-marks-dark")
    field.send_keys(Keys.RETURN)
    browser.wait().until(lambda _: not browser.all(".phrase-marks mark") and person.api.get("/tasks").json()["results"])
    task = person.api.get("/tasks").json()["results"][0]
    assert task["content"] == "Send the invoice" and task["priority"] == 4


def test_quick_add_on_today_and_on_a_calendar_day_dates_the_task(browser: Browser, person: Person) -> None:
    signed_in(browser, person, "#/tasks/today")
    field = browser.labelled("Add to Today")
    field.send_keys("Call the bank" + Keys.RETURN)
    browser.see_text(".tasks", "Call the bank")
    assert stored(person)["Call the bank"]["due"]["date"] == today_utc().isoformat()

    day = today_utc() + dt.timedelta(days=2)
    browser.go("#/calendar")
    if day.month != today_utc().month:
        browser.labelled("Next month").click()
    browser.click(f'.cal-day[data-day="{day.isoformat()}"]')
    browser.wait().until(lambda d: browser.find(".cal-day[aria-pressed='true']").get_attribute("data-day") == day.isoformat())
    field = browser.find(".cal-day-title ~ .quick-add input")
    field.send_keys("Water the ferns" + Keys.RETURN)
    browser.wait().until(lambda d: "Water the ferns" in stored(person))
    ActionChains(browser.driver).send_keys("Pay rent tomorrow" + Keys.RETURN).perform()
    browser.wait().until(lambda d: "Pay rent" in stored(person))
    browser.see_text(".view", "Water the ferns")
    tasks = stored(person)
    assert tasks["Water the ferns"]["due"]["date"] == day.isoformat()
    assert tasks["Pay rent"]["due"]["date"][:10] == (today_utc() + dt.timedelta(days=1)).isoformat()


def test_capture_review_edits_each_field_shows_what_was_said_and_makes_a_task_of_selected_words(
    browser: Browser, person: Person
) -> None:
    work = made(person, "projects", name="Work")
    signed_in(browser, person)
    browser.click(".capture-hero")
    browser.sheet()
    said = "buy milk tomorrow at 9am and call the dentist. honestly my bike needs new brakes"
    browser.labelled("What's on your mind?").send_keys(said)
    browser.button("Review").click()
    titles = browser.wait().until(lambda d: [el.get_attribute("value") for el in browser.all(".proposal .title")] or None)
    assert titles == ["Buy milk", "Call the dentist"]
    assert browser.texts(".proposal .said") == ["buy milk tomorrow at 9am", "call the dentist"]
    assert browser.driver.execute_script("return document.querySelector('.sheet.open').scrollTop") == 0
    browser.screenshot("capture-review-cards")

    milk, dentist = browser.all(".proposal")
    field = lambda card, label: card.find_element("css selector", f'[aria-label="{label}"]')  # noqa: E731
    tomorrow = (today_utc() + dt.timedelta(days=1)).isoformat()
    assert field(milk, "Due date").get_attribute("value") == tomorrow
    assert field(milk, "Due time").get_attribute("value") == "09:00"
    day = today_utc() + dt.timedelta(days=3)
    browser.set_time(field(milk, "Due date"), day.isoformat())
    browser.set_time(field(milk, "Due time"), "14:30")
    field(milk, "List").send_keys("work")
    Select(field(milk, "Priority")).select_by_visible_text("P1")
    field(milk, "Labels").send_keys("@shop errands" + Keys.TAB)
    field(dentist, "List").send_keys("Health" + Keys.TAB)
    browser.screenshot("capture-review-fields")

    # Words selected in the transcript offer to become a task.
    browser.driver.execute_script(
        """const node = document.querySelector('.transcript').firstChild;
        const start = node.data.indexOf(arguments[0]);
        getSelection().setBaseAndExtent(node, start, node, start + arguments[0].length);""",
        "bike needs new brakes",
    )
    create = browser.button("Create task from “bike needs new brakes”")
    browser.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", create)
    create.click()
    browser.wait().until(lambda d: len(browser.all(".proposal")) == 3)
    assert browser.texts(".proposal .said")[2] == "bike needs new brakes"
    extra = browser.all(".proposal .title")[-1].get_attribute("value")
    browser.button("Add 3 tasks").click()
    browser.see_text(".toast", "Added 3 tasks")

    tasks = stored(person)
    milk = tasks["Buy milk"]
    assert milk["project_id"] == work["id"]
    assert milk["due"]["date"][:16] == f"{day.isoformat()}T14:30"
    assert milk["priority"] == 4
    assert sorted(milk["labels"]) == ["errands", "shop"]
    health = [p for p in person.api.get("/projects").json()["results"] if p["name"] == "Health"]
    assert len(health) == 1 and tasks["Call the dentist"]["project_id"] == health[0]["id"]
    assert tasks["Call the dentist"]["due"] is None
    assert extra in tasks
