"""The task screens in the browser: the full detail sheet, the calendar, row gestures, pull to refresh,
and changes made offline that go out once the server is back, each once."""

from __future__ import annotations

import datetime as dt
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from zoneinfo import ZoneInfo

import httpx
import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webelement import WebElement

from .webapp import PASSWORD, REPO, Browser, KairosServer, Person, server, signed_in

UTC = dt.timezone.utc


def add_task(person: Person, content: str, **fields) -> dict:
    answer = person.api.post("/tasks", json={"content": content, **fields})
    assert answer.status_code == 200, answer.text
    return answer.json()


def open_task(browser: Browser, content: str) -> WebElement:
    # The list redraws after a save; a row found just before it is found again, as a person would.
    browser.wait().until(lambda _: browser.labelled(f"Open {content}").click() or True)
    return browser.sheet()


def tap(browser: Browser, element: WebElement) -> None:
    """Scrolls `element` to the middle of the sheet (clear of its sticky Save bar) and taps it."""
    browser.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def long_press(browser: Browser, element: WebElement) -> None:
    """Holds a finger on `element` for most of a second (real time, which WebDriver's pause is not)."""
    box = browser.driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]", element)
    point = [{"x": box[0], "y": box[1]}]
    browser.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    time.sleep(0.9)
    browser.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def touch_drag(browser: Browser, element: WebElement, dx: int, dy: int, steps: int = 8) -> None:
    """Moves a finger from the middle of `element` by (dx, dy), as a phone's touch screen reports it."""
    x, y = browser.driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]", element)
    touch = browser.driver.execute_cdp_cmd
    touch("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, steps + 1):
        touch("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x + dx * step / steps, "y": y + dy * step / steps}]})
    touch("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def drag(browser: Browser, element: WebElement, dx: int, dy: int = 0, steps: int = 6) -> None:
    chain = ActionChains(browser.driver).move_to_element(element).click_and_hold()
    for _ in range(steps):
        chain.move_by_offset(dx // steps, dy // steps)
    chain.release().perform()


def test_task_sheet_saves_as_you_go_and_nothing_typed_is_lost_on_close(browser: Browser, person: Person) -> None:
    task = add_task(person, "Call mum", description="")
    signed_in(browser, person, "#/tasks/inbox")
    stored = lambda: person.api.get(f"/tasks/{task['id']}").json()

    # Typed, then the sheet's close button: the title is kept.
    open_task(browser, "Call mum")
    title = browser.labelled("Title")
    title.clear()
    title.send_keys("Call mum about Sunday")
    browser.labelled("Close").click()
    browser.wait().until(lambda _: stored()["content"] == "Call mum about Sunday")
    browser.see_text(".tasks", "Call mum about Sunday")

    # Leaving a field saves it while the sheet stays open; Escape keeps the notes typed last.
    open_task(browser, "Call mum about Sunday")
    browser.labelled("Priority 2").click()
    browser.wait().until(lambda _: stored()["priority"] == 3)
    browser.labelled("Notes").send_keys("Ask about the train times")
    browser.labelled("Notes").send_keys(Keys.ESCAPE)
    browser.wait().until(lambda _: stored()["description"] == "Ask about the train times")

    # The Saved toast's Undo puts the title back.
    open_task(browser, "Call mum about Sunday")
    title = browser.labelled("Title")
    title.clear()
    title.send_keys("Call dad")
    browser.labelled("Notes").click()  # leaving the title saves it
    browser.wait().until(lambda _: stored()["content"] == "Call dad")
    browser.screenshot("06-task-detail-saved-as-you-go")
    browser.find(".toast").find_element("xpath", ".//button[normalize-space()='Undo']").click()
    browser.wait().until(lambda _: stored()["content"] == "Call mum about Sunday")
    assert browser.labelled("Title").get_property("value") == "Call mum about Sunday"


def test_detail_sheet_has_subtasks_comments_and_estimate_against_actual(browser: Browser, person: Person) -> None:
    task = add_task(person, "Write the launch post")
    add_task(person, "Pick a title", parent_id=task["id"])
    signed_in(browser, person, "#/tasks/inbox")
    open_task(browser, "Write the launch post")
    browser.see_text(".sheet .subtasks", "Pick a title")
    assert "You added this" in browser.find(".sheet .comments").text

    browser.labelled("Add a subtask").send_keys("Draft the intro\n")
    browser.see_text(".sheet .subtasks", "Draft the intro")
    tap(browser, browser.find(".sheet [aria-label='Complete Pick a title']"))
    browser.wait().until(lambda _: [t["content"] for t in person.api.get(f"/tasks?parent_id={task['id']}").json()["results"]] == ["Draft the intro"])

    browser.labelled("Add a comment").send_keys("Keep it under 500 words.")
    tap(browser, browser.labelled("Post comment"))
    browser.see_text(".sheet .comments", "Keep it under 500 words.")
    assert "You" in browser.find(".sheet .comment").text

    estimate = browser.labelled("Estimate in minutes")
    estimate.clear()
    estimate.send_keys("45")
    browser.button("Done").click()
    browser.see_text(".toast", "Saved")
    assert person.api.get(f"/tasks/{task['id']}").json()["duration"] == {"amount": 45, "unit": "minute"}
    comments = person.api.get(f"/comments?task_id={task['id']}").json()["results"]
    assert [c["content"] for c in comments] == ["Keep it under 500 words."]

    started = dt.datetime.now(UTC) - dt.timedelta(minutes=30)
    person.api.post("/time/sessions", json={"task_id": task["id"], "started_at": started.isoformat(), "ended_at": (started + dt.timedelta(minutes=15)).isoformat()})
    browser.settled()
    open_task(browser, "Write the launch post")
    browser.see_text(".sheet.open .est-actual", "Actual 15m · Estimate 45m")
    assert "Assigned to" not in browser.find(".sheet.open").text  # a private project has nobody to assign


def test_shared_project_task_can_be_assigned_and_followed(browser: Browser, new_person) -> None:
    ada = new_person("Ada Lovelace")
    bob = new_person("Bob Noyce")
    project = ada.api.post("/projects", json={"name": "Launch", "color": "teal"}).json()
    assert ada.api.post(f"/projects/{project['id']}/members", json={"user_id": bob.user["id"], "role": "editor"}).status_code in (200, 201)
    task = add_task(ada, "Order the banners", project_id=project["id"])

    signed_in(browser, ada, f"#/projects/{project['id']}")
    open_task(browser, "Order the banners")
    tap(browser, browser.labelled("Assign Bob Noyce"))
    browser.wait().until(lambda _: ada.api.get(f"/tasks/{task['id']}").json()["assignee_ids"] == [bob.user["id"]])
    assert browser.labelled("Assign Bob Noyce").get_attribute("aria-checked") == "true"
    assert browser.labelled("Assign Ada Lovelace").get_attribute("aria-checked") == "false"

    following = lambda: [f["id"] for f in ada.api.get(f"/tasks/{task['id']}/followers").json()["results"]]
    browser.see_text(".sheet .followers", "Ada Lovelace")  # who adds a task follows it
    tap(browser, browser.button("Unfollow"))
    browser.wait().until(lambda _: "Ada Lovelace" not in browser.find(".sheet .followers").text)
    assert ada.user["id"] not in following()
    tap(browser, browser.button("Follow"))
    browser.see_text(".sheet .followers", "Ada Lovelace")
    assert ada.user["id"] in following()
    browser.screenshot("13-detail-shared-people")


def test_a_shared_project_and_a_task_are_muted_from_their_menus(browser: Browser, new_person) -> None:
    ada = new_person("Ada Lovelace")
    bob = new_person("Bob Noyce")
    project = ada.api.post("/projects", json={"name": "Launch", "color": "teal"}).json()
    assert ada.api.post(f"/projects/{project['id']}/members", json={"user_id": bob.user["id"], "role": "editor"}).status_code in (200, 201)
    task = add_task(ada, "Order the banners", project_id=project["id"])
    mutes = lambda: ada.api.get("/mutes").json()

    signed_in(browser, ada, f"#/projects/{project['id']}")
    browser.labelled("More for Launch").click()
    browser.sheet()
    browser.button("Mute notifications").click()
    browser.wait().until(lambda _: mutes()["project_ids"] == [project["id"]])
    browser.see_text(".toast", "Muted Launch")
    browser.wait(8).until(lambda _: not browser.all(".toast"))  # the toast would cover the menu's row
    browser.labelled("More for Launch").click()
    browser.sheet()
    browser.screenshot("13-project-menu-muted")
    browser.button("Unmute notifications").click()
    browser.wait().until(lambda _: mutes()["project_ids"] == [])

    open_task(browser, "Order the banners")
    tap(browser, browser.button("Mute"))
    browser.wait().until(lambda _: mutes()["task_ids"] == [task["id"]])
    browser.wait().until(lambda _: browser.find(".sheet .followers .mute").get_attribute("aria-pressed") == "true")
    assert browser.find(".sheet .followers .mute").text == "Unmute"
    browser.screenshot("13-detail-task-muted")
    # Bob completing the muted task tells Ada nothing.
    assert bob.api.post(f"/tasks/{task['id']}/close").status_code == 204
    assert ada.api.get("/notifications").json()["results"] == []
    tap(browser, browser.button("Unmute"))
    browser.wait().until(lambda _: mutes()["task_ids"] == [])


def test_calendar_marks_days_with_tasks_and_lists_the_chosen_day(browser: Browser, new_person) -> None:
    person = new_person("Ada Lovelace", timezone="Europe/Paris")
    today = dt.datetime.now(ZoneInfo("Europe/Paris")).date()
    in_two = today + dt.timedelta(days=2)
    first_of_next = (today.replace(day=1) + dt.timedelta(days=32)).replace(day=1)
    add_task(person, "Dentist", due_date=today.isoformat())
    add_task(person, "Pay rent", due_date=in_two.isoformat())
    add_task(person, "Book flights", due_date=(first_of_next + dt.timedelta(days=4)).isoformat())

    signed_in(browser, person, "#/tasks/today")
    browser.labelled("Calendar").click()
    browser.see_text(".view", "Dentist")
    today_cell = browser.find(".cal-day[aria-current='date']")
    assert today_cell.get_attribute("aria-pressed") == "true" and "1 task" in today_cell.get_attribute("aria-label")
    assert today_cell.find_elements("css selector", ".dot")

    if in_two.month == today.month:
        browser.click(f".cal-day[data-day='{in_two.isoformat()}']")
        browser.see_text(".view", "Pay rent")
        assert "Dentist" not in browser.find(".view .tasks").text
    browser.labelled("Next month").click()
    browser.wait().until(lambda _: browser.all(f".cal-day[data-day='{first_of_next.isoformat()}']"))
    booked = browser.find(f".cal-day[data-day='{(first_of_next + dt.timedelta(days=4)).isoformat()}']")
    assert booked.find_elements("css selector", ".dot")
    booked.click()
    browser.see_text(".view", "Book flights")
    browser.screenshot("12-calendar-next-month")


def test_swipe_left_deletes_only_after_the_undo_toast(browser: Browser, person: Person) -> None:
    kept = add_task(person, "Water the plants")
    gone = add_task(person, "Old newsletter")
    signed_in(browser, person, "#/tasks/inbox")

    drag(browser, browser.labelled("Open Water the plants"), -160)
    browser.see_text(".toast", "Deleted: Water the plants")
    browser.wait().until(lambda _: not browser.all(f".task[data-id='{kept['id']}']")[0].is_displayed())
    browser.button("Undo").click()
    browser.find(f".task[data-id='{kept['id']}']")
    drag(browser, browser.labelled("Open Old newsletter"), -160)
    browser.see_text(".toast", "Deleted: Old newsletter")
    assert person.api.get(f"/tasks/{gone['id']}").status_code == 200  # not yet: Undo is still offered
    browser.wait(12).until(lambda _: person.api.get(f"/tasks/{gone['id']}").status_code == 404)
    assert person.api.get(f"/tasks/{kept['id']}").status_code == 200
    assert browser.texts(".task .title") == ["Water the plants"]


def test_swipe_right_reschedules_and_long_press_opens_more(browser: Browser, new_person) -> None:
    person = new_person("Ada Lovelace", timezone="UTC")
    task = add_task(person, "Renew passport")
    other = add_task(person, "Call the bank")
    signed_in(browser, person, "#/tasks/inbox")

    drag(browser, browser.labelled("Open Renew passport"), 160)
    browser.sheet()
    browser.button("Tomorrow").click()
    tomorrow = (dt.datetime.now(UTC).date() + dt.timedelta(days=1)).isoformat()
    browser.wait().until(lambda _: (person.api.get(f"/tasks/{task['id']}").json()["due"] or {}).get("date") == tomorrow)

    browser.settled()
    long_press(browser, browser.labelled("Open Call the bank"))
    sheet = browser.sheet()
    assert [b.text for b in sheet.find_elements("css selector", ".menu .row")] == ["Open", "Complete", "Reschedule…", "Delete"]
    browser.screenshot("14-row-actions")
    browser.button("Complete").click()
    browser.wait().until(lambda _: person.api.get(f"/tasks/{other['id']}").json()["checked"])

    browser.wait(8).until(lambda _: not browser.all(".toast"))  # "Done" with its Undo sits over the sheet
    browser.labelled("Open Renew passport").send_keys(Keys.SHIFT, Keys.F10)
    browser.sheet()
    browser.button("Open").click()
    browser.see_text(".sheet.open h2", "Task")
    if browser.size == "desktop":
        # The menu sheet is still sliding away with its own Close button; take the task sheet's.
        browser.find('.sheet.open [aria-label="Close"]').click()
        browser.settled()
        ActionChains(browser.driver).context_click(browser.labelled("Open Renew passport")).perform()
        browser.see_text(".sheet.open h2", "Renew passport")


def test_pull_down_refreshes_the_list(browser: Browser, person: Person) -> None:
    signed_in(browser, person, "#/tasks/inbox")
    browser.see_text(".view", "Inbox is clear")
    add_task(person, "Added on another device")
    touch_drag(browser, browser.find(".large-title"), 0, 160)
    browser.see_text(".view", "Added on another device")


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[tuple[KairosServer, callable]]:
    """A server of this test's own, which the test can stop and start again on the same data and port."""
    address = KairosServer(host="127.0.0.1", port=server.free_port())
    data, logs = tmp_path / "data", tmp_path / "logs"
    data.mkdir()
    logs.mkdir()
    args = ("--web", str(REPO / "web"), "--public-url", address.url)
    running = {"proc": server.launch(address, data, logs, extra_args=args)}

    def restart(up: bool) -> None:
        if up:
            running["proc"] = server.launch(address, data, logs, extra_args=args)
        else:
            server.stop(running["proc"])
            running["proc"] = None

    try:
        yield address, restart
    finally:
        if running["proc"]:
            server.stop(running["proc"])


def sign_up_on(address: KairosServer) -> Person:
    """Ada, signed up on a server of the test's own."""
    email = f"ada-{uuid.uuid4().hex[:8]}@example.com"
    body = httpx.post(f"{address.api_url}/auth/signup", json={"email": email, "password": PASSWORD, "name": "Ada Lovelace", "timezone": "UTC"}, timeout=30.0).json()
    api = httpx.Client(base_url=address.api_url, headers={"Authorization": f"Bearer {body['token']}"}, timeout=30.0)
    return Person("Ada Lovelace", email, body["token"], body["user"], api)


def test_offline_changes_wait_and_go_out_once_when_the_server_is_back(browser: Browser, own_server) -> None:
    address, restart = own_server
    person = sign_up_on(address)
    api = person.api
    finish = add_task(person, "Finish slides")
    rename = add_task(person, "Draft agenda")
    browser.base_url = address.url
    signed_in(browser, person, "#/tasks/inbox")
    browser.see_text(".view", "Draft agenda")
    browser.wait().until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"))
    browser.driver.refresh()  # now through the service worker, which keeps the answers for offline use
    browser.see_text(".view", "Draft agenda")

    restart(False)
    browser.driver.refresh()
    browser.see_text(".view", "Finish slides")  # the last data, from the service worker's copy
    browser.labelled("Add to Inbox").send_keys("Buy stamps\n")
    browser.see_text(".pending", "Buy stamps")
    browser.labelled("Complete Finish slides").click()
    browser.wait().until(lambda _: "Finish slides" not in browser.find(".view").text)
    browser.wait(8).until(lambda _: not browser.all(".toast"))
    open_task(browser, "Draft agenda")
    title = browser.labelled("Title")
    title.clear()
    title.send_keys("Draft the offsite agenda")
    browser.button("Done").click()
    browser.see_text(".outbox", "3 changes waiting")
    browser.see_text(".view", "Draft the offsite agenda")
    browser.screenshot("15-offline-waiting")

    restart(True)
    browser.wait(20).until(lambda d: d.execute_script("return document.querySelector('.outbox').hidden"))
    open_tasks = api.get("/tasks").json()["results"]
    assert sorted(t["content"] for t in open_tasks) == ["Buy stamps", "Draft the offsite agenda"]
    assert api.get(f"/tasks/{finish['id']}").json()["checked"] is True
    assert api.get(f"/tasks/{rename['id']}").json()["content"] == "Draft the offsite agenda"
    browser.see_text(".view", "Buy stamps")
    assert not browser.all(".pending")
    browser.driver.refresh()
    browser.see_text(".view", "Draft the offsite agenda")
    assert sorted(t["content"] for t in api.get("/tasks").json()["results"]) == ["Buy stamps", "Draft the offsite agenda"]
    api.close()


# Loses the answer to the first task creation on its way back, as a dropped connection would: the server
# has made the task, the app hears nothing and keeps the create for later. Records each create's client_id.
LOSE_FIRST_ANSWER = """
const send = window.fetch;
window.sentCreates = [];
window.fetch = async (url, options = {}) => {
  const answer = await send(url, options);
  if (options.method === "POST" && String(url).endsWith("/tasks/quick")) {
    window.sentCreates.push(JSON.parse(options.body).client_id);
    if (window.sentCreates.length === 1) throw new TypeError("The answer was lost");
  }
  return answer;
};
"""


def test_a_create_sent_twice_makes_one_task_and_two_alike_made_offline_make_two(browser: Browser, own_server) -> None:
    address, restart = own_server
    person = sign_up_on(address)
    api = person.api
    browser.base_url = address.url
    signed_in(browser, person, "#/tasks/inbox")
    browser.see_text(".view", "Inbox is clear")
    browser.wait().until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"))
    browser.driver.refresh()  # now through the service worker, which keeps the answers for offline use
    browser.see_text(".view", "Inbox is clear")

    browser.driver.execute_script(LOSE_FIRST_ANSWER)
    browser.labelled("Add to Inbox").send_keys("Call the bank\n")
    browser.see_text(".outbox", "1 change waiting")
    browser.wait(20).until(lambda d: d.execute_script("return document.querySelector('.outbox').hidden"))
    sent = browser.driver.execute_script("return window.sentCreates")
    assert len(sent) == 2 and sent[0] == sent[1], sent
    assert [t["content"] for t in api.get("/tasks").json()["results"]] == ["Call the bank"]
    browser.wait().until(lambda _: texts(browser, ".view .tasks .title") == ["Call the bank"])

    restart(False)
    for _ in range(2):
        browser.labelled("Add to Inbox").send_keys("Buy stamps\n")
        browser.wait().until(lambda d: d.execute_script("const box = document.querySelector('[aria-label=\"Add to Inbox\"]'); return !box.value && !box.disabled"))
    browser.see_text(".outbox", "2 changes waiting")
    browser.wait().until(lambda _: texts(browser, ".pending .title") == ["Buy stamps", "Buy stamps"])

    restart(True)
    browser.wait(20).until(lambda d: d.execute_script("return document.querySelector('.outbox').hidden"))
    assert sorted(t["content"] for t in api.get("/tasks").json()["results"]) == ["Buy stamps", "Buy stamps", "Call the bank"]
    browser.wait().until(lambda _: sorted(texts(browser, ".view .tasks .title")) == ["Buy stamps", "Buy stamps", "Call the bank"])
    creates = browser.driver.execute_script("return window.sentCreates")
    assert len(set(creates)) == 3, creates
    api.close()


def texts(browser: Browser, css: str) -> list[str]:
    """The text of every element `css` matches, read at once (rows are redrawn as changes go out)."""
    return browser.driver.execute_script("return [...document.querySelectorAll(arguments[0])].map((el) => el.textContent)", css)


def test_a_due_time_is_the_users_own_clock_time_whatever_the_browsers_zone(browser: Browser, new_person) -> None:
    # Ada lives in Tokyo; this browser runs on Paris time. 05:00 in Tokyo is the evening before in UTC.
    ada, bob = new_person("Ada Lovelace", timezone="Asia/Tokyo"), new_person("Bob Noyce")
    in_two = dt.datetime.now(ZoneInfo("Asia/Tokyo")).date() + dt.timedelta(days=2)
    task = add_task(ada, "Call the printer", due_datetime=f"{in_two.isoformat()}T05:00:00")
    conversation = ada.api.post("/conversations", json={"kind": "dm", "user_id": bob.user["id"]}).json()["id"]
    assert ada.api.post(f"/conversations/{conversation}/tasks", json={"task_id": task["id"]}).status_code in (200, 201)

    signed_in(browser, ada, "#/tasks/upcoming")
    five = browser.driver.execute_script(
        "return new Intl.DateTimeFormat(navigator.language, {hour: 'numeric', minute: '2-digit', timeZone: 'UTC'}).format(Date.UTC(2000, 0, 1, 5))"
    )
    row = browser.labelled("Open Call the printer")
    assert row.find_element("css selector", ".due").text == five
    group = row.find_element("xpath", "ancestor::section[contains(@class, 'day-group')]")
    assert group.find_element("css selector", ".group-label").text.startswith(day_words(browser, in_two.isoformat()))
    sheet = open_task(browser, "Call the printer")
    assert browser.labelled("Due date").get_attribute("value") == in_two.isoformat()
    assert browser.labelled("Due time").get_attribute("value") == "05:00"
    sheet.find_element("css selector", "[aria-label='Close']").click()

    # A floating time (no zone, no "Z") reads as the same wall-clock time in any zone.
    floating = browser.driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        import('/js/dates.js').then((dates) => done(['Pacific/Auckland', 'America/Los_Angeles', 'UTC']
          .map((zone) => dates.dueParts({ date: '2026-11-24T09:00:00' }, zone))));
        """
    )
    assert floating == [{"date": "2026-11-24", "time": "09:00"}] * 3

    # The task's card in a thread says the day in Tokyo, also once the task moves a day on.
    browser.go(f"#/messages/{conversation}")
    card = browser.find(".task-card")
    assert card.find_element("css selector", ".meta").text == day_words(browser, in_two.isoformat())
    in_three = in_two + dt.timedelta(days=1)
    assert ada.api.post(f"/tasks/{task['id']}", json={"due_datetime": f"{in_three.isoformat()}T05:00:00"}).status_code == 200
    expected = day_words(browser, in_three.isoformat())
    card_day = lambda: browser.driver.execute_script("return [...document.querySelectorAll('.task-card .meta')].pop()?.textContent")
    browser.wait().until(lambda _: card_day() == expected)
    time.sleep(1)  # the card is redrawn twice (the notice, then the task as it is now): the last one stands
    assert card_day() == expected


def day_words(browser: Browser, iso: str) -> str:
    """How the app names a day relative to today in Ada's zone ("Tomorrow", "Friday"), from its own module."""
    return browser.driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        import('/js/dates.js').then((dates) => done(dates.relativeDay(arguments[0], dates.todayIn('Asia/Tokyo'))));
        """,
        iso,
    )
