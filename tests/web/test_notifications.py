"""Notifications in the browser: the bell on Home, the feed, opening one, marking all read."""

from __future__ import annotations

from .webapp import Browser, signed_in


def test_a_mention_shows_under_the_bell_and_opens_its_thread(browser: Browser, new_person) -> None:
    ada = new_person("Ada Lovelace")
    bob = new_person("Bob Noyce")
    dm = bob.api.post("/conversations", json={"kind": "dm", "user_id": ada.user["id"]}).json()["id"]
    handle = ada.email.split("@")[0]
    sent = bob.api.post(f"/conversations/{dm}/messages", json={"text": f"@{handle} can you check the launch slides?", "client_id": "n-1"})
    assert sent.status_code in (200, 201), sent.text
    assert ada.api.get("/notifications/unread_count").json()["unread_count"] >= 1

    signed_in(browser, ada)
    bell = browser.find("a.bell")
    assert bell.get_attribute("aria-label").startswith("Notifications, ") and "unread" in bell.get_attribute("aria-label")
    assert not browser.all(".badge.bell-count")
    browser.screenshot("10-home-bell")
    bell.click()
    browser.see_text(".large-title", "Notifications")
    browser.see_text(".notifications", "Bob")
    assert "unread" in browser.find(".subtitle").text
    assert browser.all(".notification.unread")
    browser.screenshot("10-notifications")

    browser.click(".notification.unread")
    browser.wait().until(lambda d: d.execute_script("return document.getElementById('view').dataset.route") == f"#/messages/{dm}")
    browser.see_text(".messages", "can you check the launch slides?")

    browser.go("#/notifications")
    if browser.all(".notification.unread"):  # the message itself may also have notified
        browser.button("Mark all read").click()
    browser.see_text(".subtitle", "All caught up")
    assert not browser.all(".notification.unread")
    assert ada.api.get("/notifications/unread_count").json()["unread_count"] == 0
    browser.go("#/home")
    assert browser.find("a.bell").get_attribute("aria-label") == "Notifications"
    assert not browser.all(".bell-count")


def test_mark_all_read(browser: Browser, new_person) -> None:
    ada = new_person("Ada Lovelace")
    bob = new_person("Bob Noyce")
    dm = bob.api.post("/conversations", json={"kind": "dm", "user_id": ada.user["id"]}).json()["id"]
    handle = ada.email.split("@")[0]
    for i in range(3):
        bob.api.post(f"/conversations/{dm}/messages", json={"text": f"@{handle} note {i}", "client_id": f"m-{i}"})
    assert ada.api.get("/notifications/unread_count").json()["unread_count"] >= 3
    signed_in(browser, ada, "#/notifications")
    browser.see_text(".subtitle", "unread")
    assert len(browser.all(".notification.unread")) >= 3
    browser.button("Mark all read").click()
    browser.see_text(".subtitle", "All caught up")
    assert ada.api.get("/notifications/unread_count").json()["unread_count"] == 0
