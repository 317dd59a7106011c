"""A thread's AI chips: "Summarize" shows the thread's points, each opening its message, and "Extract tasks" turns
the thread's requests into assigned, dated tasks linked back to their messages, which open the thread there."""

from __future__ import annotations

from selenium.webdriver.common.by import By

from .webapp import Browser, signed_in


def launch_thread(new_person):
    """Ada and Ben share the Launch list and talk in a Launch group."""
    ada, ben = new_person("Ada Lovelace"), new_person("Ben Shaw")
    launch = ada.api.post("/projects", json={"name": "Launch"}).json()
    shared = ada.api.post(f"/projects/{launch['id']}/members", json={"user_id": ben.user["id"], "role": "editor"})
    assert shared.status_code == 200, shared.text
    group = ada.api.post("/conversations", json={"kind": "group", "name": "Launch", "member_ids": [ben.user["id"]]}).json()
    posted = {}
    for who, text in (
        (ben, "@ada can you send the deck by friday"),
        (ada, "sure"),
        (ada, "@ben can you book the venue tomorrow"),
        (ben, "I'll draft the press release by monday"),
        (ada, "we decided to launch on tuesday"),
        (ben, "sounds good"),
    ):
        answer = who.api.post(f"/conversations/{group['id']}/messages", json={"text": text})
        assert answer.status_code == 200, answer.text
        posted[text] = answer.json()["id"]
    return ada, ben, launch, group, posted


def test_summarize_shows_the_threads_points_and_opens_their_message(browser: Browser, new_person) -> None:
    ada, _, _, group, posted = launch_thread(new_person)
    before = ada.api.get(f"/conversations/{group['id']}/messages").json()["results"]
    signed_in(browser, ada, f"#/messages/{group['id']}")
    browser.button("Summarize").click()
    sheet = browser.sheet()
    browser.see_text(".sheet .ai-part", "we decided to launch on tuesday")
    parts = {p.find_element(By.CSS_SELECTOR, "h3").text.lower(): p.text for p in browser.all(".sheet .ai-part") if p.is_displayed()}
    assert "we decided to launch on tuesday" in parts["decisions"]
    assert "Send the deck" in parts["next steps"] and "Book the venue" in parts["next steps"]
    assert "Only you see this summary." in sheet.text
    browser.screenshot("01-thread-summary")

    # Nothing was posted into the thread by asking.
    assert ada.api.get(f"/conversations/{group['id']}/messages").json()["results"] == before

    decision = next(b for b in browser.all(".sheet .ai-point") if "we decided" in b.text)
    decision.click()
    browser.wait().until(lambda d: d.find_elements(By.CSS_SELECTOR, f'.msg.focused[data-id="{posted["we decided to launch on tuesday"]}"]'))


def test_extract_tasks_makes_assigned_dated_tasks_linked_to_their_messages(browser: Browser, new_person) -> None:
    ada, ben, launch, group, posted = launch_thread(new_person)
    proposed = {a["title"]: a for a in ada.api.post(f"/conversations/{group['id']}/actions", json={}).json()["actions"]}
    assert set(proposed) == {"Send the deck", "Book the venue", "Draft the press release"}

    signed_in(browser, ada, f"#/messages/{group['id']}")
    browser.button("Extract tasks").click()
    browser.sheet()
    browser.see_text(".sheet .ai-actions", "Draft the press release")
    cards = {c.find_element(By.CSS_SELECTOR, ".title").text: c for c in browser.all(".sheet .ai-action")}
    assert set(cards) == set(proposed)
    assert "Ben Shaw" in cards["Book the venue"].text and "Launch" in cards["Book the venue"].text
    assert "% sure" in cards["Send the deck"].text
    browser.screenshot("02-thread-actions")

    for title in ("Send the deck", "Book the venue", "Draft the press release"):
        cards[title].find_element(By.CSS_SELECTOR, "button.primary").click()
        browser.wait().until(lambda _: "Added" in cards[title].text)
    browser.screenshot("03-thread-actions-added")

    tasks = {t["content"]: t for t in ada.api.get("/tasks").json()["results"]}
    inbox = next(p for p in ada.api.get("/projects").json()["results"] if p["inbox_project"])
    for title, action in proposed.items():
        task = tasks[title]
        # Ada's own task goes to her Inbox; Ben's go to Launch, the list they share.
        assert task["project_id"] == (inbox["id"] if action["assignee_id"] == ada.user["id"] else launch["id"])
        assert task["assignee_ids"] == [action["assignee_id"]]
        assert task["due"]["date"][:10] == action["due"][:10]
    assert tasks["Book the venue"]["assignee_ids"] == [ben.user["id"]]
    assert tasks["Send the deck"]["assignee_ids"] == [ada.user["id"]]
    sources = ada.api.get(f"/tasks/{tasks['Book the venue']['id']}/sources").json()["sources"]
    assert [(s["label"], s["message_id"]) for s in sources] == [("From your message in Launch", posted["@ben can you book the venue tomorrow"])]
    # Ben sees where his task came from, in his words.
    bens = ben.api.get(f"/tasks/{tasks['Book the venue']['id']}/sources").json()["sources"]
    assert [s["label"] for s in bens] == ["From Ada Lovelace's message in Launch"]

    # The task says where it came from, and that line opens the thread at the message.
    cards["Send the deck"].find_element(By.XPATH, ".//button[normalize-space()='Open']").click()
    browser.see_text(".sheet .task-source", "From Ben Shaw's message in Launch")
    browser.screenshot("04-task-from-message")
    browser.find(".sheet .task-source a").click()
    message_id = posted["@ada can you send the deck by friday"]
    browser.wait().until(lambda d: d.find_elements(By.CSS_SELECTOR, f'.msg.focused[data-id="{message_id}"]'))
    assert browser.driver.current_url.endswith(f"#/messages/{group['id']}/at/{message_id}")
