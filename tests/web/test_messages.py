"""Messages in the browser: live arrivals over the WebSocket (and after it drops), typing, read ticks,
@mentions, attachments, the message menu, task cards, and the threads list kept current.

A second person (Bob, sometimes Carol) acts through the API, and through a WebSocket of their own for
typing. A script injected before the app loads keeps the page's sockets in ``window.__sockets`` and,
while ``window.__blockSockets`` is true, points new ones at a closed port, so a test can drop the
connection or keep it from opening."""

from __future__ import annotations

import json
import struct
import time
import zlib
from pathlib import Path

import pytest
import websocket
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.interaction import POINTER_TOUCH
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from .webapp import Browser, KairosServer, Person, signed_in

SOCKET_TRACKER = """
(() => {
  const Native = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      // A blocked socket asks the same server for an address that upgrades nothing, so it fails as a
      // dropped connection does, within the content security policy.
      super(window.__blockSockets ? String(url).replace("/api/v1/ws", "/api/v1/no-socket-here") : url, protocols);
      window.__sockets.push(this);
    }
  };
})();
"""


def track_sockets(browser: Browser, blocked: bool = False) -> None:
    source = ("window.__blockSockets = true;" if blocked else "") + SOCKET_TRACKER
    browser.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": source})


def dm(ada: Person, other: Person) -> str:
    return ada.api.post("/conversations", json={"kind": "dm", "user_id": other.user["id"]}).json()["id"]


def say(person: Person, conversation: str, text: str, **fields) -> dict:
    answer = person.api.post(f"/conversations/{conversation}/messages", json={"text": text, **fields})
    assert answer.status_code == 200, answer.text
    return answer.json()


def open_thread(browser: Browser, person: Person, conversation: str) -> None:
    signed_in(browser, person, f"#/messages/{conversation}")
    browser.find(".composer")


def bubbles(browser: Browser) -> list[str]:
    return browser.texts(".messages .bubble")


def tick(browser: Browser) -> str | None:
    """The read state of the user's newest message, as its ticks say."""
    return browser.driver.execute_script(
        "const marks = document.querySelectorAll('.msg.mine .ticks'); return marks.length ? marks[marks.length - 1].getAttribute('aria-label') : null"
    )


def png(width: int = 64, height: int = 48) -> bytes:
    rows = b"".join(b"\x00" + bytes((x * 4 % 256, y * 5 % 256, 200)[c] for x in range(width) for c in range(3)) for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


PDF = b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"


def realtime(server: KairosServer, person: Person) -> websocket.WebSocket:
    """`person`'s own realtime socket, signed in and ready."""
    ws = websocket.create_connection(f"ws://{server.host}:{server.port}/api/v1/ws", timeout=5)
    ws.send(json.dumps({"type": "auth", "token": person.token}))
    assert json.loads(ws.recv())["type"] == "ready"
    return ws


def test_messages_arrive_live_and_after_the_connection_drops(browser: Browser, new_person) -> None:
    ada, bob = new_person("Ada Lovelace"), new_person("Bob Noyce")
    conversation = dm(ada, bob)
    say(bob, conversation, "Morning!")
    track_sockets(browser)
    open_thread(browser, ada, conversation)
    browser.see_text(".messages", "Morning!")
    browser.wait().until(lambda d: d.execute_script("return window.__sockets.some(s => s.readyState === 1)"))

    say(bob, conversation, "Draft is in the folder.")
    browser.see_text(".messages", "Draft is in the folder.", timeout=2)

    browser.driver.execute_script("window.__blockSockets = true; window.__sockets.forEach(s => s.close())")
    say(bob, conversation, "Sent while you were away.")
    time.sleep(1)
    assert "Sent while you were away." not in bubbles(browser)
    browser.driver.execute_script("window.__blockSockets = false")
    browser.see_text(".messages", "Sent while you were away.", timeout=8)
    assert bubbles(browser) == ["Morning!", "Draft is in the folder.", "Sent while you were away."]

    say(bob, conversation, "And now live again.")
    browser.see_text(".messages", "And now live again.", timeout=2)
    assert bubbles(browser).count("And now live again.") == 1


@pytest.mark.parametrize("browser", ["desktop"], indirect=True)
def test_messages_still_arrive_by_polling_when_the_socket_cannot_open(browser: Browser, new_person) -> None:
    ada, bob = new_person("Ada Lovelace"), new_person("Bob Noyce")
    conversation = dm(ada, bob)
    track_sockets(browser, blocked=True)
    open_thread(browser, ada, conversation)
    say(bob, conversation, "Can you hear me?")
    browser.see_text(".messages", "Can you hear me?", timeout=12)
    assert browser.driver.execute_script("return window.__sockets.every(s => s.readyState === 3)")


def test_typing_shows_who_is_writing(browser: Browser, new_person, web_server: KairosServer) -> None:
    ada, bob = new_person("Ada Lovelace"), new_person("Bob Noyce")
    conversation = dm(ada, bob)
    bobs_socket = realtime(web_server, bob)
    try:
        open_thread(browser, ada, conversation)

        def bob_types(driver) -> bool:
            # As a client does while someone writes: a typing frame every so often.
            bobs_socket.send(json.dumps({"type": "typing", "conversation_id": conversation}))
            return browser.all(".typing")[0].text == "Bob is typing…"

        browser.wait(5).until(bob_types)

        say(bob, conversation, "Here it is.")
        browser.see_text(".messages", "Here it is.")
        browser.wait(2).until(lambda d: browser.all(".typing")[0].text == "")

        browser.labelled("Message").send_keys("On my way")
        frames = []
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not any(f.get("type") == "typing" for f in frames):
            frames.append(json.loads(bobs_socket.recv()))
        typing = next(f for f in frames if f.get("type") == "typing")
        assert typing == {"type": "typing", "conversation_id": conversation, "user_id": ada.user["id"]}
    finally:
        bobs_socket.close()


@pytest.mark.parametrize("browser", ["phone"], indirect=True)
def test_read_ticks_follow_delivery_and_reading(browser: Browser, new_person) -> None:
    ada, bob, carol = new_person("Ada Lovelace"), new_person("Bob Noyce"), new_person("Carol Shaw")
    with_bob = dm(ada, bob)
    open_thread(browser, ada, with_bob)
    browser.labelled("Message").send_keys("Lunch at noon?", Keys.ENTER)
    browser.wait().until(lambda d: tick(browser) == "Sent")

    sent = bob.api.get(f"/conversations/{with_bob}/messages").json()["results"][0]
    assert sent["text"] == "Lunch at noon?"
    browser.wait(12).until(lambda d: tick(browser) == "Delivered")
    bob.api.post(f"/conversations/{with_bob}/read", json={"message_id": sent["id"]})
    browser.wait(3).until(lambda d: tick(browser) == "Read")
    browser.screenshot("07-thread-read-ticks")

    assert carol.api.post("/user", json={"hide_read_receipts": True}).status_code == 200
    with_carol = dm(ada, carol)
    browser.go(f"#/messages/{with_carol}")
    browser.labelled("Message").send_keys("Lunch too?", Keys.ENTER)
    browser.wait().until(lambda d: carol.api.get(f"/conversations/{with_carol}/messages").json()["results"])
    sent = carol.api.get(f"/conversations/{with_carol}/messages").json()["results"][0]
    carol.api.post(f"/conversations/{with_carol}/read", json={"message_id": sent["id"]})
    browser.wait(12).until(lambda d: tick(browser) == "Delivered")
    time.sleep(2)
    assert tick(browser) == "Delivered"
    assert not browser.all('.ticks[aria-label="Read"]')


def test_mention_a_member_and_share_the_task_they_cannot_open(browser: Browser, new_person) -> None:
    ada, bob = new_person("Ada Lovelace"), new_person("Bob Noyce")
    work = ada.api.post("/projects", json={"name": "Work"}).json()["id"]
    task = ada.api.post("/tasks", json={"content": "Draft the launch post", "project_id": work, "due_string": "tomorrow"}).json()
    conversation = dm(ada, bob)
    open_thread(browser, ada, conversation)

    browser.labelled("Share a task").click()
    browser.sheet()
    browser.labelled("Find a task").send_keys("launch")
    browser.button("Draft the launch post · Tomorrow").click()
    browser.find(".task-card")
    assert "Draft the launch post" in browser.find(".task-card").text

    composer = browser.labelled("Message")
    composer.send_keys("@Bo")
    option = browser.find('.mention-list [role="option"]')
    assert option.text.splitlines()[-1] == "Bob Noyce"
    browser.screenshot("07-thread-mention-suggestions")
    if browser.size == "phone":
        option.click()
    else:
        composer.send_keys(Keys.ARROW_DOWN, Keys.ENTER)
    assert composer.get_attribute("value") == "@Bob "
    composer.send_keys("can you look at this?")
    browser.labelled("Send").click()
    browser.see_text(".composer-note", "Bob can't open “Draft the launch post” yet.")
    browser.screenshot("07-thread-share-offer")
    browser.button("Share Work with Bob").click()
    browser.see_text(".toast", "Bob can now open Work.")
    members = ada.api.get(f"/projects/{work}/members").json()["results"]
    assert {m["email"]: m["role"] for m in members}[bob.email] == "commenter"
    mention = browser.all(".msg.mine .mention")[-1]
    assert mention.text == "@Bob"

    browser.find(f'.task-card [aria-label="Complete Draft the launch post"]').click()
    browser.wait().until(lambda d: ada.api.get(f"/tasks/{task['id']}").json()["checked"])
    browser.see_text(".messages", "completed")


def test_attach_a_photo_and_a_pdf(browser: Browser, new_person, tmp_path: Path) -> None:
    ada, bob = new_person("Ada Lovelace"), new_person("Bob Noyce")
    conversation = dm(ada, bob)
    (tmp_path / "garden.png").write_bytes(png())
    (tmp_path / "plan.pdf").write_bytes(PDF)
    (tmp_path / "notes.txt").write_text("just text")
    (tmp_path / "fake.png").write_text("not really a picture")
    with open(tmp_path / "huge.pdf", "wb") as huge:
        huge.truncate(26 * 1024 * 1024)
    open_thread(browser, ada, conversation)
    picker = browser.driver.find_element(By.CSS_SELECTOR, '.composer input[type="file"]')

    picker.send_keys(str(tmp_path / "notes.txt"))
    browser.see_text(".composer-note", "notes.txt can't be attached. Photos and PDFs can.")
    picker.send_keys(str(tmp_path / "huge.pdf"))
    browser.see_text(".composer-note", "huge.pdf is larger than 25 MB. Try a smaller file.")
    picker.send_keys(str(tmp_path / "fake.png"))
    browser.see_text(".composer-note", "fake.png can't be attached. Photos and PDFs can.")
    assert not browser.all(".tray-item")

    picker.send_keys(str(tmp_path / "garden.png"))
    picker.send_keys(str(tmp_path / "plan.pdf"))
    browser.wait().until(lambda d: len(browser.all(".tray-item")) == 2 and "Uploading" not in browser.find(".tray").text)
    browser.labelled("Message").send_keys("The plan and a photo")
    browser.labelled("Send").click()
    browser.wait().until(lambda d: browser.all(".msg.mine:not(.pending) .att-file"))
    assert "plan.pdf" in browser.find(".msg.mine .att-file").text
    browser.wait().until(lambda d: d.execute_script(
        "const img = document.querySelector('.msg.mine .att-img'); return img && img.complete && img.naturalWidth === 64"))

    sent = bob.api.get(f"/conversations/{conversation}/messages").json()["results"][0]
    assert [a["name"] for a in sent["attachments"]] == ["garden.png", "plan.pdf"]
    assert sent["text"] == "The plan and a photo"

    say(bob, conversation, "", attachment_ids=[bob.api.post("/attachments", params={"name": "reply.png"}, content=png(32, 32)).json()["id"]])
    browser.wait().until(lambda d: d.execute_script(
        "const imgs = document.querySelectorAll('.msg:not(.mine) .att-img'); return imgs.length === 1 && imgs[0].src.startsWith('blob:') && imgs[0].naturalWidth === 32"))
    browser.screenshot("07-thread-attachments")


def test_make_a_task_from_a_message_from_its_menu(browser: Browser, new_person) -> None:
    ada, bob = new_person("Ada Lovelace"), new_person("Bob Noyce")
    conversation = dm(ada, bob)
    say(bob, conversation, "Please book the meeting room for Friday")
    open_thread(browser, ada, conversation)
    bubble = browser.find(".msg:not(.mine) .bubble")
    if browser.size == "phone":
        touch = ActionBuilder(browser.driver, mouse=PointerInput(POINTER_TOUCH, "finger"))
        touch.pointer_action.move_to(bubble).pointer_down().pause(0.8).pointer_up()
        touch.perform()
    else:
        ActionChains(browser.driver).context_click(bubble).perform()
    browser.sheet()
    browser.see_text(".sheet", "Please book the meeting room for Friday")
    browser.screenshot("07-message-menu")
    browser.button("Make a task").click()
    browser.see_text(".toast", "Added to your Inbox.")
    browser.see_text(".messages", "Task created by Ada Lovelace")
    tasks = ada.api.get("/tasks").json()["results"]
    assert [t["content"] for t in tasks] == ["Please book the meeting room for Friday"]

    # Keyboard: the message's "…" button opens the same menu.
    more = browser.all('.msg:not(.mine) [aria-label="Message actions"]')[0]
    browser.driver.execute_script("arguments[0].focus()", more)
    more.send_keys(Keys.ENTER)
    browser.sheet()
    assert browser.button("Make a task").is_displayed()
    browser.labelled("Close").click()


def test_threads_list_stays_current_while_open_and_after_another_screen(browser: Browser, new_person) -> None:
    ada, bob = new_person("Ada Lovelace"), new_person("Bob Noyce")
    conversation = dm(ada, bob)
    say(bob, conversation, "First")
    signed_in(browser, ada, "#/messages")
    browser.see_text(".thread-row", "First")

    say(bob, conversation, "Second, live")
    browser.see_text(".thread-row", "Second, live", timeout=3)
    assert browser.find(".thread-row .badge").text == "2"

    browser.go("#/time")
    say(bob, conversation, "Third, while away")
    time.sleep(1.5)
    assert not browser.all(".thread-row") and "Tracked" in browser.find(".view").text
    browser.go("#/messages")
    browser.see_text(".thread-row", "Third, while away")
    say(bob, conversation, "Fourth, live again")
    browser.see_text(".thread-row", "Fourth, live again", timeout=3)
    assert len(browser.all(".thread-row")) == 1


@pytest.mark.parametrize("browser", ["phone"], indirect=True)
def test_turn_read_receipts_off_in_settings(browser: Browser, person: Person) -> None:
    signed_in(browser, person, "#/settings")
    switch = browser.labelled("Read receipts")
    assert switch.is_selected()
    browser.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", switch)
    switch.click()
    browser.see_text(".toast", "Saved")
    assert person.api.get("/user").json()["hide_read_receipts"] is True
    browser.driver.refresh()
    assert not browser.labelled("Read receipts").is_selected()


def test_thread_details_set_notifications_name_people_and_project(browser: Browser, new_person) -> None:
    ada, bob, carol = new_person("Ada Lovelace"), new_person("Bob Noyce"), new_person("Carol Shaw")
    project = ada.api.post("/projects", json={"name": "Launch"}).json()
    group = ada.api.post("/conversations", json={"kind": "group", "name": "Crew", "member_ids": [bob.user["id"]]}).json()
    # An address finds only someone Ada already works with: Carol wrote to her before.
    carol.api.post("/conversations", json={"kind": "dm", "user_id": ada.user["id"]})
    open_thread(browser, ada, group["id"])
    browser.labelled("Conversation details").click()
    sheet = browser.sheet()
    assert [e.text for e in sheet.find_elements(By.CSS_SELECTOR, ".members .name")] == ["Ada Lovelace (you)", "Bob Noyce"]
    browser.screenshot("thread-details")

    sheet.find_element(By.XPATH, ".//button[normalize-space()='Mentions']").click()
    browser.wait().until(lambda d: ada.api.get(f"/conversations/{group['id']}").json()["notification_level"] == "mentions")
    name = sheet.find_element(By.CSS_SELECTOR, "input[aria-label='Group name']")
    name.clear()
    name.send_keys("Launch crew")
    sheet.find_element(By.CSS_SELECTOR, "input[aria-label='Add someone by email']").send_keys(carol.email)
    sheet.find_element(By.CSS_SELECTOR, "select[aria-label='Linked project']").send_keys("Launch")
    browser.wait().until(lambda d: ada.api.get(f"/conversations/{group['id']}").json()["project_id"] == project["id"])
    sheet.find_element(By.XPATH, ".//button[normalize-space()='Save']").click()
    browser.see_text(".thread-head h1", "Launch crew")
    after = ada.api.get(f"/conversations/{group['id']}").json()
    assert after["name"] == "Launch crew"
    assert sorted(m["name"] for m in after["members"]) == ["Ada Lovelace", "Bob Noyce", "Carol Shaw"]

    # Bob is no owner: he sees the people and can only leave.
    open_thread(browser, bob, group["id"])
    browser.labelled("Conversation details").click()
    sheet = browser.sheet()
    assert not sheet.find_elements(By.CSS_SELECTOR, "input[aria-label='Group name']")
    assert not sheet.find_elements(By.CSS_SELECTOR, "[aria-label^='Remove']")
    sheet.find_element(By.XPATH, ".//button[normalize-space()='Leave conversation']").click()
    browser.wait().until(lambda d: d.current_url.endswith("#/messages"))
    assert bob.api.get(f"/conversations/{group['id']}").status_code == 404
