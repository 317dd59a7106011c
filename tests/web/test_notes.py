"""Communications > Notes on a phone and a desktop: the Notes segment beside Messages, a note written and
searched, and a note's "Extract tasks" opening capture's review, whose added tasks are linked to the note."""

from __future__ import annotations

from selenium.webdriver.common.keys import Keys

from .webapp import Browser, signed_in


def route_is(browser: Browser, hash_route: str) -> None:
    browser.wait().until(lambda d: d.execute_script("return document.getElementById('view').dataset.route") == hash_route)


def shown_notes(browser: Browser) -> list[str]:
    return browser.texts(".note-row .note-text")


def test_a_note_is_written_searched_and_its_tasks_extracted_and_linked(browser: Browser, new_person) -> None:
    person = new_person(timezone="Europe/Paris")
    signed_in(browser, person, "#/messages")
    browser.button("Notes").click()
    route_is(browser, "#/notes")
    browser.see_text(".notes", "No notes yet")
    assert browser.find('.segmented [aria-current="page"]').text == "Notes"
    browser.screenshot("notes-01-empty")

    text = "Call the plumber tomorrow at 9am and book the venue friday"
    browser.labelled("New note").send_keys(text)
    browser.button("Save note").click()
    browser.wait().until(lambda _: shown_notes(browser) == [text])
    [note] = person.api.get("/notes").json()["results"]
    assert (note["text"], note["source"], note["task_ids"]) == (text, "typed", [])
    assert browser.labelled("New note").get_attribute("value") == ""

    other = person.api.post("/notes", json={"text": "Ideas for the <b>offsite</b>", "source": "voice"}).json()
    browser.labelled("Search notes").send_keys("offsite")
    browser.wait().until(lambda _: shown_notes(browser) == ["Ideas for the <b>offsite</b>"])
    search = browser.labelled("Search notes")
    search.send_keys(Keys.CONTROL, "a")
    search.send_keys(Keys.BACKSPACE)
    browser.wait().until(lambda _: shown_notes(browser) == [other["text"], text])

    browser.labelled(f"Extract tasks from note {note['id']}").click()
    sheet = browser.sheet()
    titles = [field.get_attribute("value") for field in sheet.find_elements("css selector", '[aria-label="Task title"]')]
    assert titles == ["Call the plumber", "Book the venue"]
    assert sheet.find_elements("xpath", ".//button[normalize-space(.)='Edit text']") == []
    assert person.api.get("/tasks").json()["results"] == []  # nothing is made before Add
    browser.screenshot("notes-02-review")

    browser.button("Add 2 tasks").click()
    browser.see_text(f'.note-row[data-note="{note["id"]}"]', "2 tasks")
    tasks = person.api.get("/tasks").json()["results"]
    assert sorted(t["content"] for t in tasks) == ["Book the venue", "Call the plumber"]
    linked = person.api.get(f"/notes/{note['id']}").json()["task_ids"]
    assert sorted(linked) == sorted(t["id"] for t in tasks)
    browser.screenshot("notes-03-linked")

    browser.button("Messages").click()
    route_is(browser, "#/messages")
