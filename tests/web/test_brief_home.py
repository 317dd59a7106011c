"""Home's brief card: the Top 3 as the server ranks them, each with its reason, opening the task on a tap."""

from __future__ import annotations

import datetime as dt

from .webapp import Browser, signed_in


def test_home_shows_the_top_three_with_their_reasons_and_opens_one(browser: Browser, new_person) -> None:
    ada = new_person("Ada Lovelace")
    today = dt.datetime.now(dt.timezone.utc).date()
    for body in (
        {"content": "Send the deck", "priority": 4, "due_date": today.isoformat()},
        {"content": "Review the budget", "due_date": (today - dt.timedelta(days=2)).isoformat()},
        {"content": "Plan the offsite", "priority": 3},
        {"content": "Learn the cello"},
    ):
        created = ada.api.post("/tasks", json=body)
        assert created.status_code == 200, created.text
    brief = ada.api.get("/brief").json()
    expected = [(pick["task"]["content"], pick["reason"]) for pick in brief["top3"]]
    assert [content for content, _ in expected] == ["Send the deck", "Review the budget", "Plan the offsite"]

    signed_in(browser, ada)
    browser.see_text(".top-three", "Send the deck")
    # The brief opens with the server's words on the day, then the Top 3.
    assert brief["opening"].startswith("1 task is due today, and 1 is still on your list from before.")
    assert browser.find(".brief-card").text == brief["opening"]
    snapshot = browser.texts(".icons .row .grow")
    assert snapshot == ["Tasks to sort", "New mentions", "Unread messages", "Notes"]
    picks = browser.all(".top-three .pick")
    assert [(p.find_element("css selector", ".text").text, p.find_element("css selector", ".reason").text) for p in picks] == expected
    assert "Learn the cello" not in browser.find(".top-three").text
    browser.screenshot("02-home-top-three")

    picks[0].click()
    sheet = browser.sheet()
    assert sheet.find_element("css selector", "textarea, input").get_attribute("value") == "Send the deck" or "Send the deck" in sheet.text
