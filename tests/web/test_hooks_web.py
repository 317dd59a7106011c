"""Hooks in Settings, on a phone and a desktop, against a live `kairos serve` and receivers on the loopback address
(tests/conformance/hook_receivers.py: `http.server` in a thread, checking signatures with Python's hmac): a JSON
hook added with its secret shown once, tried, and its delivery log read after real reminders went out; an ntfy
topic whose token is never shown; a bad address and the eleventh hook told as the server words them; removing
one. And the offer of reminders on this device, after a first capture, opens once the capture's message is gone,
so the message covers none of its words."""

from __future__ import annotations

import datetime as dt
import importlib.util
import sys
import time

from .test_account import tap
from .test_push_web import capture
from .webapp import REPO, Browser, Person, signed_in

_spec = importlib.util.spec_from_file_location("hook_receivers", REPO / "tests/conformance/hook_receivers.py")
receivers = sys.modules.setdefault(_spec.name, importlib.util.module_from_spec(_spec))
_spec.loader.exec_module(receivers)

UTC = dt.timezone.utc
SHOWN_ONCE = "Copy it now: it is not shown again."


def hooks(person: Person) -> list[dict]:
    return person.api.get("/webhooks").json()["results"]


def remind_soon(person: Person, content: str) -> None:
    """A task with a reminder two seconds ahead."""
    task = person.api.post("/tasks", json={"content": content}).json()
    soon = (dt.datetime.now(UTC) + dt.timedelta(seconds=2)).strftime("%Y-%m-%dT%H:%M:%SZ")
    made = person.api.post("/reminders", json={"task_id": task["id"], "type": "absolute", "due": {"datetime": soon}})
    assert made.status_code in (200, 201), made.text


def until(check, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.1)


def add_hook(browser: Browser, url: str, ntfy_token: str | None = None) -> None:
    """Fills in the hooks form and adds it."""
    address = browser.labelled("Address")
    address.clear()
    address.send_keys(url)
    if ntfy_token is not None:
        tap(browser, browser.button("ntfy topic"))
        browser.labelled("Access token").send_keys(ntfy_token)
    tap(browser, browser.button("Add hook"))


def hook_menu(browser: Browser, url: str, choice: str) -> None:
    """Opens the hook's menu from its row and picks `choice`."""
    browser.find(".hooks button.row")
    row = next(r for r in browser.all(".hooks button.row") if url in r.text)
    tap(browser, row)
    browser.sheet()
    browser.button(choice).click()


def row_says(browser: Browser, text: str, timeout: float = 15) -> None:
    browser.wait(timeout).until(lambda _: any(text in row for row in browser.texts(".hooks button.row")))


def toast_says(browser: Browser, text: str, timeout: float = 15) -> None:
    browser.wait(timeout).until(lambda _: any(text in shown for shown in browser.texts(".toast")))


def test_a_json_hook_shows_its_secret_once_is_tried_and_logs_the_reminders_sent(browser: Browser, person: Person) -> None:
    with receivers.JSONHookReceiver() as receiver:
        signed_in(browser, person, "#/settings")
        browser.see_text("#view", "No hooks yet.")
        add_hook(browser, f"{receiver.url}/kairos")
        browser.see_text("#view", SHOWN_ONCE)
        secret = browser.labelled("Signing secret").get_attribute("value")
        assert secret.startswith("whsec_")
        [hook] = hooks(person)
        assert hook["url"] == f"{receiver.url}/kairos" and hook["format"] == "json" and "secret" not in hook
        browser.wait().until(lambda _: any("Signed JSON" in t for t in browser.texts(".hooks button.row")))
        assert browser.labelled("Address").get_attribute("value") == ""
        browser.screenshot("hooks-01-secret-shown-once")
        browser.driver.execute_script("document.documentElement.dataset.theme = 'dark'")
        browser.screenshot("hooks-01-secret-shown-once-dark")
        browser.driver.execute_script("document.documentElement.dataset.theme = 'light'")

        # A test: the receiver gets it signed with that secret, and the screen says it was delivered.
        hook_menu(browser, receiver.url, "Send a test")
        row_says(browser, "Signed JSON · Delivered (200)")
        [tried] = receiver.received
        assert receivers.signature_is_valid(secret, tried)
        assert tried.json()["notice"]["title"] == "Kairos test notice"
        receiver.status = 503
        hook_menu(browser, receiver.url, "Send a test")
        row_says(browser, "Signed JSON · Not delivered: The receiver answered 503.")

        # Drawn again, the secret is nowhere.
        browser.go("#/home")
        browser.go("#/settings")
        browser.find(".hooks button.row")
        assert SHOWN_ONCE not in browser.driver.page_source and secret not in browser.driver.page_source

        # Real notices: a reminder the receiver takes, and one it refuses for now.
        receiver.status = 200
        remind_soon(person, "Take the medicine")
        until(lambda: len(receiver.received) == 3)
        assert receivers.signature_is_valid(secret, receiver.received[-1])
        receiver.status = 503
        remind_soon(person, "Renew the passport")
        log = lambda: person.api.get(f"/webhooks/{hook['id']}/deliveries").json()["results"]  # noqa: E731
        until(lambda: len(log()) == 2 and log()[0]["attempts"] == 1)
        [waiting, delivered] = log()
        assert waiting["state"] == "waiting" and delivered["state"] == "delivered"

        hook_menu(browser, receiver.url, "Delivery log")
        sheet = browser.sheet()
        assert sheet.find_element("css selector", "h2").text == "Delivery log"
        browser.wait().until(lambda _: len(browser.texts(".sheet.open .hooks li")) == 2)
        newest, oldest = browser.texts(".sheet.open .hooks li")
        assert newest.split("\n")[0].endswith("Renew the passport") and "Waiting, next try at " in newest and "503" in newest
        assert oldest.split("\n")[0].endswith("Take the medicine") and oldest.endswith(" · Delivered")
        assert not browser.all(".sheet.open .btn:not([hidden])"), "no Show more: the log has no more"
        browser.wait(15).until(lambda _: not browser.all(".toast"))
        browser.screenshot("hooks-02-delivery-log")
        browser.driver.execute_script("document.documentElement.dataset.theme = 'dark'")
        browser.screenshot("hooks-02-delivery-log-dark")


def test_an_ntfy_token_is_never_shown_a_bad_address_keeps_nothing_and_a_hook_is_removed(browser: Browser, person: Person) -> None:
    token = "tk_web0test0token0abcdefghijkl"
    with receivers.NtfyReceiver(tokens={"ada_alerts": token}) as ntfy:
        signed_in(browser, person, "#/settings")
        add_hook(browser, ntfy.topic_url("ada_alerts"), ntfy_token=token)
        browser.wait().until(lambda _: any("ntfy, with token" in t for t in browser.texts(".hooks button.row")))
        [hook] = hooks(person)
        assert hook["format"] == "ntfy" and hook["has_token"] is True
        assert SHOWN_ONCE not in browser.driver.page_source
        hook_menu(browser, ntfy.url, "Send a test")
        row_says(browser, "ntfy, with token · Delivered (200)")
        assert ntfy.messages[0].title == "Kairos test notice"
        shown = browser.driver.execute_script(
            "return document.documentElement.outerHTML + [...document.querySelectorAll('input')].map((i) => i.value).join(' ')")
        assert token not in shown
        browser.screenshot("hooks-03-ntfy-with-token")

    # A bad address: the server's words by the form, what was typed kept, nothing stored.
    add_hook(browser, "ftp://example.com/kairos")
    browser.see_text(".form-error", "url must be an absolute http or https address")
    assert browser.labelled("Address").get_attribute("value") == "ftp://example.com/kairos"
    assert len(hooks(person)) == 1
    browser.screenshot("hooks-04-bad-address")

    # The eleventh hook: the person is told they have ten.
    for n in range(9):
        assert person.api.post("/webhooks", json={"url": f"http://127.0.0.1:9/hook{n}"}).status_code == 201
    add_hook(browser, "http://127.0.0.1:9/eleventh")
    browser.see_text(".form-error", "You have 10 hooks already")
    assert len(hooks(person)) == 10

    # Removed after a confirm: gone from the screen and from the server.
    browser.go("#/home")
    browser.go("#/settings")
    hook_menu(browser, ntfy.url, "Remove")
    browser.wait().until(lambda _: "Remove this hook?" in browser.texts(".sheet.open h2"))
    browser.settled()
    browser.screenshot("hooks-05-remove-confirm")
    browser.button("Remove").click()
    until(lambda: len(hooks(person)) == 9)
    assert hook["id"] not in [h["id"] for h in hooks(person)]
    browser.wait().until(lambda _: not any(ntfy.url in t for t in browser.texts(".hooks button.row")))

    # Offline, a test says why it did not go.
    browser.driver.set_network_conditions(offline=True, latency=0, download_throughput=-1, upload_throughput=-1)
    hook_menu(browser, "hook0", "Send a test")
    toast_says(browser, "You're offline")
    browser.driver.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)


def test_a_long_delivery_log_shows_more_on_request(browser: Browser, person: Person) -> None:
    with receivers.JSONHookReceiver() as receiver:
        hook = person.api.post("/webhooks", json={"url": f"{receiver.url}/kairos"}).json()
        for n in range(21):
            remind_soon(person, f"Reminder {n:02d}")
        log = lambda: person.api.get(f"/webhooks/{hook['id']}/deliveries?limit=50").json()["results"]  # noqa: E731
        until(lambda: len(log()) == 21 and all(e["state"] == "delivered" for e in log()), timeout=30)

        signed_in(browser, person, "#/settings")
        hook_menu(browser, receiver.url, "Delivery log")
        browser.wait().until(lambda _: len(browser.texts(".sheet.open .hooks li")) == 20)
        tap(browser, browser.button("Show more"))
        browser.wait().until(lambda _: len(browser.texts(".sheet.open .hooks li")) == 21)
        rows = browser.texts(".sheet.open .hooks li")
        assert sorted(row.split("\n")[0][-11:] for row in rows) == [f"Reminder {n:02d}" for n in range(21)]
        assert all(row.endswith(" · Delivered") for row in rows)
        assert not browser.all(".sheet.open .btn:not([hidden])")


def test_the_push_offer_opens_once_the_capture_message_has_gone(browser: Browser, person: Person) -> None:
    signed_in(browser, person)
    capture(browser, "water the ferns tomorrow")
    sheet = browser.sheet()
    assert sheet.find_element("css selector", "h2").text == "Get your reminders on this device?"
    hint = sheet.find_element("css selector", ".hint").rect
    for toast in browser.all(".toast"):
        box = toast.rect
        apart = (box["x"] + box["width"] <= hint["x"] or hint["x"] + hint["width"] <= box["x"]
                 or box["y"] + box["height"] <= hint["y"] or hint["y"] + hint["height"] <= box["y"])
        assert apart, f"the toast {toast.text!r} covers the offer's hint"
    assert browser.texts(".toast") == [], "the offer opened while the capture's message still showed"
    browser.screenshot("hooks-06-push-offer-clear")
