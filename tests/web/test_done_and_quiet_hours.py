"""Today's folded "Done" section, and quiet hours in Settings."""

from __future__ import annotations

from .webapp import Browser, Person, signed_in


def test_done_today_folds_away_and_a_task_can_be_reopened(browser: Browser, person: Person) -> None:
    kept = person.api.post("/tasks", json={"content": "Write the agenda", "due_string": "today"}).json()
    finished = person.api.post("/tasks", json={"content": "Book the room", "due_string": "today"}).json()
    person.api.post("/tasks", json={"content": "Print the handouts"})
    assert person.api.post(f"/tasks/{finished['id']}/close").status_code == 204
    other = person.api.post("/tasks", json={"content": "Email the speakers"}).json()
    person.api.post(f"/tasks/{other['id']}/close")

    signed_in(browser, person, "#/tasks/today")
    summary = browser.find(".done-section summary")
    assert summary.text.split() == ["Done", "2"]
    assert not browser.driver.execute_script("return document.querySelector('.done-section').open")
    summary.click()
    browser.see_text(".done-section .tasks", "Book the room")
    assert "Email the speakers" in browser.find(".done-section .tasks").text
    assert "Write the agenda" in browser.find(".tasks").text
    browser.screenshot("13-today-done")

    browser.labelled("Reopen Book the room").click()
    browser.wait().until(lambda d: d.execute_script("return document.querySelector('.done-section summary')?.innerText.split(/\\s+/).join(' ')") == "Done 1")
    assert browser.driver.execute_script("return document.querySelector('.done-section').open")
    assert person.api.get(f"/tasks/{finished['id']}").json()["checked"] is False
    browser.see_text(".tasks", "Book the room")
    assert kept["content"] in browser.find(".tasks").text


def test_quiet_hours_switch_on_and_off(browser: Browser, person: Person) -> None:
    signed_in(browser, person, "#/settings")
    switch = browser.labelled("Quiet hours")
    assert switch.get_attribute("role") == "switch" and not switch.is_selected()
    assert not browser.all('[aria-label="Quiet from"]')[0].is_displayed()
    switch.click()
    browser.wait().until(lambda d: person.api.get("/user").json()["quiet_hours"] == {"start": "22:00", "end": "07:00"})
    assert browser.labelled("Quiet from").get_attribute("value") == "22:00"
    assert browser.labelled("Quiet until").get_attribute("value") == "07:00"
    browser.screenshot("14-quiet-hours")

    browser.open("/#/settings")
    browser.wait().until(lambda d: browser.labelled("Quiet hours").is_selected())
    browser.labelled("Quiet hours").click()
    browser.wait().until(lambda d: person.api.get("/user").json()["quiet_hours"] is None)
