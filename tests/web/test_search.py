"""Search in the browser: one word finds a task and a message, and each hit opens where it lives."""

from __future__ import annotations

from .webapp import Browser, signed_in


def test_find_a_task_and_a_message_by_a_word(browser: Browser, new_person) -> None:
    ada = new_person("Ada Lovelace")
    bob = new_person("Bob Noyce")
    task = ada.api.post("/tasks", json={"content": "Order the paper lanterns"}).json()
    ada.api.post("/tasks", json={"content": "Water the plants"})
    dm = bob.api.post("/conversations", json={"kind": "dm", "user_id": ada.user["id"]}).json()["id"]
    bob.api.post(f"/conversations/{dm}/messages", json={"text": "The lanterns <b>arrive</b> on Friday", "client_id": "s-1"})

    signed_in(browser, ada)
    browser.labelled("Search").click()
    browser.see_text(".large-title", "Search")
    browser.labelled("Search tasks and messages").send_keys("lantern")
    browser.wait().until(lambda d: len(browser.all(".search-hit")) == 2)
    kinds = sorted(el.get_attribute("data-kind") for el in browser.all(".search-hit"))
    assert kinds == ["message", "task"]
    assert {m.text.lower() for m in browser.all(".search-hit mark")} == {"lanterns"}
    message_hit = browser.find('.search-hit[data-kind="message"]')
    assert "<b>arrive</b>" in message_hit.text and not browser.all(".search-hit b")
    assert "Water the plants" not in browser.find(".view").text
    browser.screenshot("12-search")

    browser.click('.search-hit[data-kind="task"]')
    browser.sheet()
    assert browser.labelled("Title").get_attribute("value") == task["content"]
    browser.labelled("Close").click()
    browser.wait().until(lambda d: not browser.all(".sheet.open"))

    browser.click('.search-hit[data-kind="message"]')
    browser.wait().until(lambda d: d.execute_script("return document.getElementById('view').dataset.route") == f"#/messages/{dm}")
    browser.see_text(".messages", "on Friday")


def test_a_search_with_no_match_says_so(browser: Browser, person) -> None:
    signed_in(browser, person, "#/search")
    browser.labelled("Search tasks and messages").send_keys("zeppelin")
    browser.see_text(".search-results", "No matches")
