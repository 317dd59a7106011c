"""The Assistant tab on a phone and a desktop: a reminder or a list proposed in the chat is added with one tap
(the server makes the task with its due and reminder, or a task with subtasks) or dismissed; "What's due this
week" lists the user's own tasks, which open on a tap; the chat comes back after a reload; words stream into
the answer as they arrive, read across any chunk boundary; what anyone typed is shown as text, never as HTML;
a message that was not answered stays in the composer and, sent again, is answered once; and the Settings
switches that let the assistant add without asking and, on a server with a model, keep the user's data from it."""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Iterator
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from selenium.webdriver.common.keys import Keys

from .test_task_screens import add_task, sign_up_on
from .webapp import REPO, Browser, KairosServer, Person, server, signed_in

ZONE = "Europe/Paris"
HTML_ECHO = "<b>x</b> https://example.com"


def today(person: Person) -> dt.date:
    return dt.datetime.now(ZoneInfo(person.user["timezone"])).date()


def composer(browser: Browser):
    return browser.labelled("Message the assistant")


def say(browser: Browser, text: str) -> None:
    """Types `text` into the composer and sends it with Enter."""
    field = composer(browser)
    field.send_keys(text)
    field.send_keys(Keys.ENTER)


def chip(browser: Browser, label: str):
    """The empty chat's prompt chip `label` (which may hold an apostrophe)."""
    return browser.wait().until(lambda _: next(c for c in browser.all(".chat-empty .chip") if c.text == label))


def bubbles(browser: Browser) -> list[str]:
    """The bubbles of the chat, in order, the user's and the assistant's."""
    return browser.texts(".messages .bubble")


def card(browser: Browser, label: str):
    """The answer card labelled `label` ("Reminder: Call mom", "List: Shopping list")."""
    return browser.find(f'.ai-card[aria-label="{label}"]')


def history(person: Person) -> list[dict]:
    """The user's chat as the server keeps it, oldest first."""
    return list(reversed(person.api.get("/assistant/messages", params={"limit": 200}).json()["results"]))


def test_a_reminder_is_added_with_one_tap_with_its_due_and_a_reminder(browser: Browser, new_person) -> None:
    person = new_person(timezone=ZONE)
    signed_in(browser, person, "#/assistant")
    assert browser.texts(".tab") == ["Home", "Tasks", "Messages", "Assistant", "Time", "Settings"]
    browser.see_text(".chat-empty", "Ask the assistant")
    browser.screenshot("assistant-01-empty")

    say(browser, "Remind me to call mom tomorrow at 5pm")
    reminder = card(browser, "Reminder: Call mom")
    assert "Tomorrow" in reminder.text and "Inbox" in reminder.text
    assert bubbles(browser)[0] == "Remind me to call mom tomorrow at 5pm"
    assert composer(browser).get_attribute("value") == ""
    assert not browser.driver.find_element("css selector", ".chat-empty").is_displayed()
    assert person.api.get("/tasks").json()["results"] == []  # nothing is made before the tap
    browser.screenshot("assistant-02-proposed")

    reminder.find_element("xpath", ".//button[normalize-space(.)='Add']").click()
    browser.see_text('.ai-card[aria-label="Reminder: Call mom"] .ai-actions', "Added")
    [task] = person.api.get("/tasks").json()["results"]
    assert task["content"] == "Call mom"
    due = dt.datetime.fromisoformat(task["due"]["datetime"].replace("Z", "+00:00")).astimezone(ZoneInfo(ZONE))
    assert (due.date(), due.strftime("%H:%M")) == (today(person) + dt.timedelta(days=1), "17:00")
    [reminded] = person.api.get("/reminders", params={"task_id": task["id"]}).json()["results"]
    assert reminded["minute_offset"] == 0
    assert history(person)[-1]["cards"][0]["task_ids"] == [task["id"]]
    browser.screenshot("assistant-03-added")

    # Added, the card opens its task.
    browser.labelled("Open Call mom").click()
    assert browser.sheet().find_element("css selector", '[aria-label="Title"]').get_attribute("value") == "Call mom"


def test_a_list_chip_is_finished_in_the_composer_and_adds_a_task_with_subtasks(browser: Browser, new_person) -> None:
    person = new_person(timezone=ZONE)
    signed_in(browser, person, "#/assistant")
    chip(browser, "Make a shopping list").click()
    field = composer(browser)
    assert field.get_attribute("value") == "Make a shopping list: "
    assert history(person) == []  # the chip only starts the message
    field.send_keys("milk, eggs and bread", Keys.ENTER)
    shopping = card(browser, "List: Shopping list")
    assert browser.texts('.ai-card[aria-label="List: Shopping list"] .ai-items li') == ["Milk", "Eggs", "Bread"]
    shopping.find_element("xpath", ".//button[normalize-space(.)='Add']").click()
    browser.see_text('.ai-card[aria-label="List: Shopping list"] .ai-actions', "Added")

    [parent] = [t for t in person.api.get("/tasks").json()["results"] if t["parent_id"] is None]
    assert parent["content"] == "Shopping list"
    subtasks = person.api.get("/tasks", params={"parent_id": parent["id"]}).json()["results"]
    assert [t["content"] for t in sorted(subtasks, key=lambda t: t["child_order"])] == ["Milk", "Eggs", "Bread"]
    browser.screenshot("assistant-04-list-added")


def test_a_dismissed_card_is_greyed_and_makes_nothing(browser: Browser, new_person) -> None:
    person = new_person(timezone=ZONE)
    signed_in(browser, person, "#/assistant")
    say(browser, "Remind me to water the plants on friday")
    plants = card(browser, "Reminder: Water the plants")
    plants.find_element("xpath", ".//button[normalize-space(.)='Dismiss']").click()
    browser.see_text('.ai-card[aria-label="Reminder: Water the plants"] .ai-actions', "Dismissed")
    dismissed = card(browser, "Reminder: Water the plants")
    assert "dismissed" in dismissed.get_attribute("class")
    assert float(dismissed.value_of_css_property("opacity")) < 1
    assert dismissed.find_elements("css selector", "button") == []
    assert person.api.get("/tasks").json()["results"] == []
    assert history(person)[-1]["cards"][0]["state"] == "dismissed"


def test_whats_due_this_week_lists_the_users_tasks_which_open_on_a_tap(browser: Browser, new_person) -> None:
    person = new_person(timezone=ZONE)
    add_task(person, "Send the invoice", due_date=today(person).isoformat())
    add_task(person, "Renew passport", due_date=(today(person) + dt.timedelta(days=60)).isoformat())
    signed_in(browser, person, "#/assistant")
    chip(browser, "What's due this week").click()
    browser.see_text(".messages", "You have 1 task due this week")
    assert bubbles(browser)[0] == "What's due this week?"
    rows = browser.all('.ai-card[aria-label="Your tasks"] .row')
    assert browser.texts('.ai-card[aria-label="Your tasks"] .row span') == ["Send the invoice", "Today"]
    assert not browser.all('.ai-card[aria-label="Your tasks"] button.btn')  # nothing to add or dismiss
    browser.screenshot("assistant-05-due-this-week")
    rows[0].click()
    assert browser.sheet().find_element("css selector", '[aria-label="Title"]').get_attribute("value") == "Send the invoice"


def test_the_chat_comes_back_after_a_reload_with_its_cards_as_they_are(browser: Browser, new_person) -> None:
    person = new_person(timezone=ZONE)
    signed_in(browser, person, "#/assistant")
    say(browser, "Remind me to book the dentist tomorrow at 10")
    card(browser, "Reminder: Book the dentist").find_element("xpath", ".//button[normalize-space(.)='Add']").click()
    browser.see_text(".ai-actions", "Added")
    say(browser, "thanks")
    browser.see_text(".messages", "You're welcome!")
    browser.driver.execute_script("localStorage.setItem('kairos.theme', 'dark')")
    browser.driver.refresh()
    browser.see_text(".messages", "You're welcome!")
    assert bubbles(browser) == [
        "Remind me to book the dentist tomorrow at 10",
        "Here's the reminder I'd set up. Add it to schedule it:",
        "thanks",
        "You're welcome!",
    ]
    assert card(browser, "Reminder: Book the dentist").find_element("css selector", ".ai-actions").text == "Added"
    assert browser.driver.find_element("css selector", ".chat-empty").get_attribute("hidden") is not None
    browser.screenshot("assistant-09-reloaded-dark")
    # The newest message is at the bottom, in view above the composer.
    assert browser.driver.execute_script(
        """const last = [...document.querySelectorAll('.messages .msg')].at(-1).getBoundingClientRect();
        return last.bottom <= document.querySelector('.assistant .composer').getBoundingClientRect().top + 1"""
    )


def test_older_messages_come_as_the_chat_is_scrolled_up(browser: Browser, new_person) -> None:
    person = new_person(timezone=ZONE)
    for n in range(30):
        assert person.api.post("/assistant/messages", json={"text": f"What day is March {n + 1}"}).status_code == 200
    signed_in(browser, person, "#/assistant")
    browser.see_text(".messages", "What day is March 30")
    assert "What day is March 5" not in browser.find(".messages").text  # 50 of 60 messages drawn at first
    browser.driver.execute_script("scrollTo(0, 0)")
    browser.wait().until(lambda _: browser.texts(".messages .bubble")[0] == "What day is March 1")
    assert len(browser.all(".messages .msg")) == 60


def test_what_was_typed_and_what_tasks_say_is_shown_as_text_never_html(browser: Browser, new_person) -> None:
    person = new_person(timezone=ZONE)
    add_task(person, HTML_ECHO, due_date=today(person).isoformat())
    signed_in(browser, person, "#/assistant")
    say(browser, f"Remind me to read {HTML_ECHO} tomorrow")
    browser.find(".ai-card")
    say(browser, "What's due today?")
    browser.see_text(".messages", "You have 1 task due today")
    chat = browser.find(".messages")
    assert f"Remind me to read {HTML_ECHO} tomorrow" in bubbles(browser)
    assert browser.all('.ai-card[aria-label="Your tasks"] .grow')[0].text == HTML_ECHO
    assert chat.find_elements("css selector", "b, a, [href]") == []


def test_an_offline_send_keeps_the_text_and_sent_again_is_answered_once(browser: Browser, new_person) -> None:
    person = new_person(timezone=ZONE)
    signed_in(browser, person, "#/assistant")
    browser.driver.set_network_conditions(offline=True, latency=0, download_throughput=-1, upload_throughput=-1)
    try:
        say(browser, "Remind me to pay rent on monday")
        browser.see_text(".composer-note", "You're offline")
        assert composer(browser).get_attribute("value") == "Remind me to pay rent on monday"
        assert browser.all(".messages .msg") == []
        browser.screenshot("assistant-06-offline")
    finally:
        browser.driver.delete_network_conditions()
    assert history(person) == []
    composer(browser).send_keys(Keys.ENTER)
    card(browser, "Reminder: Pay rent")
    assert not browser.find(".assistant").find_elements("css selector", ".composer-note:not([hidden])")
    assert [m["text"] for m in history(person)] == ["Remind me to pay rent on monday", "Here's the reminder I'd set up. Add it to schedule it:"]


# Loses the first answer on its way back, as a dropped connection would: the server has answered, the app hears
# nothing. Records each message's client_id.
LOSE_FIRST_ANSWER = """
const send = window.fetch;
window.sentIds = [];
window.fetch = async (url, options = {}) => {
  const answer = await send(url, options);
  if (options.method === "POST" && String(url).endsWith("/assistant/messages")) {
    window.sentIds.push(JSON.parse(options.body).client_id);
    if (window.sentIds.length === 1) throw new TypeError("The answer was lost");
  }
  return answer;
};
"""


def test_a_message_whose_answer_was_lost_is_answered_once_when_sent_again(browser: Browser, new_person) -> None:
    person = new_person(timezone=ZONE)
    signed_in(browser, person, "#/assistant")
    browser.driver.execute_script(LOSE_FIRST_ANSWER)
    say(browser, "Remind me to renew the insurance next week")
    browser.see_text(".composer-note", "The assistant didn't answer")
    assert composer(browser).get_attribute("value") == "Remind me to renew the insurance next week"
    composer(browser).send_keys(Keys.ENTER)
    card(browser, "Reminder: Renew the insurance")
    first, again = browser.driver.execute_script("return window.sentIds")
    assert first == again
    assert [m["role"] for m in history(person)] == ["user", "assistant"]


# Answers the next message with a stream the test writes itself, chunk by chunk, as a model's server would.
HELD_STREAM = """
const send = window.fetch;
window.fetch = async (url, options = {}) => {
  if (options.method !== "POST" || !String(url).endsWith("/assistant/messages")) return send(url, options);
  const body = new ReadableStream({ start(controller) {
    const bytes = (text) => new TextEncoder().encode(text);
    window.push = (text) => controller.enqueue(bytes(text));
    // Two chunks that split one character between them.
    window.pushSplit = (text, at) => { const b = bytes(text); controller.enqueue(b.slice(0, at)); controller.enqueue(b.slice(at)); };
    window.end = () => controller.close();
  } });
  return new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream" } });
};
"""


def test_words_stream_into_the_answer_as_they_arrive(browser: Browser, person: Person) -> None:
    signed_in(browser, person, "#/assistant")
    browser.driver.execute_script(HELD_STREAM)
    say(browser, "Say hello")
    browser.find(".dots")
    push = lambda text: browser.driver.execute_script("window.push(arguments[0])", text)  # noqa: E731
    push('event: delta\ndata: {"text": "Bon')
    push('jour"}\n')
    assert browser.all(".dots")  # an event is read only once its blank line has come
    push("\n")
    browser.wait().until(lambda _: bubbles(browser) == ["Say hello", "Bonjour"])
    assert not browser.all(".dots")
    delta = 'event: delta\r\ndata: {"text": ", café ☕"}\r\n\r\n'
    browser.driver.execute_script("window.pushSplit(arguments[0], arguments[1])", delta, len(delta.encode()) - 6)
    browser.wait().until(lambda _: bubbles(browser) == ["Say hello", "Bonjour, café ☕"])
    message = '{"id":"900","role":"assistant","type":"conversation","text":"Bonjour, café ☕!","cards":[],"client_id":null,"created_at":"2026-03-04T14:30:00Z"}'
    push(f"event: message\ndata: {message}\n\n")
    browser.driver.execute_script("window.end()")
    browser.wait().until(lambda _: bubbles(browser) == ["Say hello", "Bonjour, café ☕!"])
    assert composer(browser).get_attribute("value") == ""


def test_add_without_asking_is_a_settings_switch_the_assistant_follows(browser: Browser, new_person) -> None:
    person = new_person(timezone=ZONE)
    signed_in(browser, person, "#/settings")
    switch = browser.labelled("Add tasks without asking")
    assert not switch.is_selected()
    browser.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", switch)
    switch.click()
    browser.see_text(".toast", "Saved")
    assert person.api.get("/user").json()["assistant_adds_without_asking"] is True
    browser.screenshot("assistant-07-settings")
    browser.driver.refresh()
    assert browser.labelled("Add tasks without asking").is_selected()

    # This server has no model: there is nothing to send data to, and no switch for it.
    assert not browser.all('[aria-label="Use the server\'s AI model with my data"]')

    browser.go("#/assistant")
    say(browser, "Remind me to take out the bins tomorrow at 8pm")
    browser.see_text('.ai-card[aria-label="Reminder: Take out the bins"] .ai-actions', "Added")
    assert [t["content"] for t in person.api.get("/tasks").json()["results"]] == ["Take out the bins"]


@pytest.fixture
def server_with_a_model(tmp_path: Path) -> Iterator[KairosServer]:
    """A server configured with a language model (one nobody answers at: only the setting matters here)."""
    address = KairosServer(host="127.0.0.1", port=server.free_port())
    (tmp_path / "data").mkdir()
    (tmp_path / "logs").mkdir()
    model = ("--ai-provider", "openai", "--ai-base-url", f"http://127.0.0.1:{server.free_port()}/v1", "--ai-model", "llama3.2")
    proc = server.launch(address, tmp_path / "data", tmp_path / "logs", extra_args=("--web", str(REPO / "web"), *model))
    try:
        yield address
    finally:
        server.stop(proc)


def test_with_a_model_on_the_server_a_switch_keeps_the_users_data_from_it(browser: Browser, server_with_a_model) -> None:
    person = sign_up_on(server_with_a_model)
    assert person.api.get("/ai").json()["enabled"] is True
    browser.base_url = server_with_a_model.url
    signed_in(browser, person, "#/settings")
    switch = browser.labelled("Use the server's AI model with my data")
    assert switch.is_selected()  # on at first
    browser.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", switch)
    browser.see_text(".view", "Off: nothing of yours is sent to the model")
    switch.click()
    browser.see_text(".toast", "Saved")
    assert person.api.get("/user").json()["ai_enabled"] is False
    browser.screenshot("assistant-08-settings-model")
    browser.driver.refresh()
    assert not browser.labelled("Use the server's AI model with my data").is_selected()
    person.api.close()


@pytest.fixture
def fake_model() -> Iterator:
    sys.path.insert(0, str(REPO / "tests" / "conformance"))
    from fake_model import FakeModel

    with FakeModel("anthropic") as fake:
        yield fake


@pytest.fixture
def server_answered_by(fake_model, tmp_path: Path) -> Iterator[KairosServer]:
    """A server whose language model is the local fake vendor."""
    address = KairosServer(host="127.0.0.1", port=server.free_port())
    (tmp_path / "data").mkdir()
    (tmp_path / "logs").mkdir()
    proc = server.launch(address, tmp_path / "data", tmp_path / "logs", extra_args=("--web", str(REPO / "web")),
                         env=fake_model.env(model="claude-test", key="sk-web-test"))
    try:
        yield address
    finally:
        server.stop(proc)


def test_a_models_reply_shows_as_it_streams_and_its_list_suggestions_are_kept_or_dropped(
    browser: Browser, fake_model, server_answered_by
) -> None:
    person = sign_up_on(server_answered_by)
    browser.base_url = server_answered_by.url
    signed_in(browser, person, "#/assistant")
    pieces = ["Start with the invoice, ", "then <b>call</b> https://example.com back."]
    fake_model.reply_text("".join(pieces), chunks=pieces, delay_between=1.5)
    say(browser, "how should I plan my afternoon?")
    # The first piece shows while the model is still writing the rest.
    browser.wait().until(lambda _: bubbles(browser)[-1].strip() == pieces[0].strip())
    browser.wait().until(lambda _: bubbles(browser)[-1] == "".join(pieces))
    assert not browser.all(".messages b, .messages a")
    fake_model.reply_json({"items": [
        {"title": "Flour", "note": "500 g", "group": "Pantry"},
        {"title": "Eggs", "note": "", "group": "Dairy"},
    ]})
    say(browser, "make a shopping list for pancakes: milk")
    list_card = card(browser, "List: Shopping list for pancakes")
    assert [row.text for row in list_card.find_elements("css selector", ".ai-suggested li")] == [
        "Flour\nPantry · 500 g", "Eggs\nDairy"]
    browser.screenshot("assistant-10-suggestions")
    browser.labelled("Keep Flour").click()
    list_card.find_element("css selector", ".btn.primary").click()
    browser.wait().until(lambda _: "Added" in card(browser, "List: Shopping list for pancakes").text)
    subtasks = [t["content"] for t in person.api.get("/tasks").json()["results"] if t.get("parent_id")]
    assert subtasks == ["Milk", "Eggs"]
    person.api.close()
