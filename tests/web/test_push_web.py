"""Web Push in the web app, in headless Chromium against a live `kairos serve`: offering it after the first
capture or reminder (never on launch), Settings' switches, the service worker showing a pushed notice and
answering its buttons, the `#/task/{id}` link a notice opens, and snoozing a reminder from the feed.

Chromium here cannot reach Google's push service, so a real `pushManager.subscribe()` never answers: the
offer's test checks the app says so calmly and sends nothing, and Settings' test stands in for the push
service with a subscription made in the page. A pushed notice is the server's own: a device subscribed through
the local push service (tests/conformance/push_service.py) receives it when a reminder goes off, and DevTools'
`ServiceWorker.deliverPushMessage` hands it to the app's worker; a notification's buttons are pressed by
dispatching `notificationclick` in the worker itself, whose requests reach the server, which the test then reads.
"""

from __future__ import annotations

import base64
import datetime as dt
import importlib.util
import json
import sys
import time
from collections.abc import Iterator
from typing import Any

import httpx
import websocket
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.support.ui import Select

from .test_task_screens import add_task, open_task
from .webapp import REPO, Browser, KairosServer, Person, server, signed_in

_spec = importlib.util.spec_from_file_location("push_service", REPO / "tests/conformance/push_service.py")
push_service = sys.modules.setdefault(_spec.name, importlib.util.module_from_spec(_spec))
_spec.loader.exec_module(push_service)

UTC = dt.timezone.utc
OFFER = "Get your reminders on this device?"
NO_PUSH = "This browser couldn't set up reminders just now. You can try again later in Settings."
DENIED = "Turn on notifications in your browser settings to get reminders."


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[KairosServer]:
    """This file's server: the web suite's, also taking a push service on the loopback address, as the local one is."""
    address = KairosServer(host="127.0.0.1", port=server.free_port())
    proc = server.launch(
        address, tmp_path_factory.mktemp("push-web-data"), tmp_path_factory.mktemp("push-web-logs"),
        extra_args=("--web", str(REPO / "web"), "--public-url", address.url), env={"KAIROS_PUSH_ALLOW_LOOPBACK": "1"},
    )
    try:
        yield address
    finally:
        server.stop(proc)


class DevTools:
    """The browser's own DevTools connection: selenium's reaches the page only, not its service worker."""

    def __init__(self, browser: Browser):
        address = browser.driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        url = httpx.get(f"http://{address}/json/version", timeout=10).json()["webSocketDebuggerUrl"]
        self.socket = websocket.create_connection(url, suppress_origin=True, timeout=10)
        self.base_url = browser.base_url
        self.events: list[dict[str, Any]] = []
        self.last_id = 0

    def send(self, method: str, params: dict[str, Any] | None = None, session: str | None = None) -> dict[str, Any]:
        self.last_id += 1
        self.socket.send(json.dumps({"id": self.last_id, "method": method, "params": params or {}, **({"sessionId": session} if session else {})}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") != self.last_id:
                self.events.append(message)
                continue
            assert "error" not in message, f"{method}: {message['error']}"
            return message["result"]

    def attach(self, kind: str) -> str:
        """A session on the first target of `kind` ("page", "service_worker")."""
        target = next(t for t in self.send("Target.getTargets")["targetInfos"] if t["type"] == kind)
        return self.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})["sessionId"]

    def registration_id(self) -> str:
        """The app's service worker registration, as DevTools reports it once asked."""
        self.page = self.attach("page")
        self.send("ServiceWorker.enable", session=self.page)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            for event in self.events:
                if event.get("method") == "ServiceWorker.workerRegistrationUpdated":
                    for registration in event["params"]["registrations"]:
                        if registration["scopeURL"] == f"{self.base_url}/" and not registration["isDeleted"]:
                            return registration["registrationId"]
            self.events.append(json.loads(self.socket.recv()))
        raise AssertionError("the service worker's registration was never reported")

    def push(self, browser: Browser, data: str) -> list[dict[str, Any]]:
        """Delivers `data` as a push and returns the notifications then shown. On a busy machine DevTools now and
        then loses a message delivered to a worker it is waking, so one not shown within seconds is sent again."""
        for _ in range(3):
            self.send("ServiceWorker.deliverPushMessage", {"origin": self.base_url, "registrationId": self.registration, "data": data}, self.page)
            try:
                return browser.wait(5).until(lambda _: shown_notifications(browser))
            except TimeoutException:
                continue
        raise AssertionError("no notification showed for the push")

    def click(self, action: str = "") -> None:
        """Presses `action` (Done, Snooze) on the notification shown, or with "" its body, in the worker."""
        worker = self.attach("service_worker")
        answer = self.send("Runtime.evaluate", {"awaitPromise": True, "expression": f"""
            self.registration.getNotifications().then((shown) => {{
              self.dispatchEvent(new NotificationEvent("notificationclick", {{ notification: shown[0], action: {json.dumps(action)} }}));
              return shown.length;
            }})"""}, worker)
        assert answer["result"]["value"] == 1, answer

    def __enter__(self) -> DevTools:
        self.registration = self.registration_id()
        return self

    def __exit__(self, *_: object) -> None:
        self.socket.close()


def shown_notifications(browser: Browser) -> list[dict[str, Any]]:
    return browser.driver.execute_async_script(
        """const done = arguments[0];
        navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((shown) => done(shown.map((n) =>
          ({ title: n.title, body: n.body, tag: n.tag, actions: n.actions.map((a) => [a.action, a.title]) }))));"""
    )


def allow_notifications(browser: Browser, setting: str = "granted") -> None:
    browser.driver.execute_cdp_cmd(
        "Browser.setPermission", {"permission": {"name": "notifications"}, "setting": setting, "origin": browser.base_url}
    )


def worker_in_control(browser: Browser) -> None:
    """The service worker is active and controls the page (it claims it while activating, so both are waited for)."""
    browser.wait(20).until(lambda d: d.execute_script(
        "return !!navigator.serviceWorker.controller && navigator.serviceWorker.controller.state === 'activated'"))


def fire_reminder(person: Person, task: dict) -> tuple[dict, dict]:
    """Sets a reminder two seconds ahead and waits until it goes off; returns it and its feed entry."""
    soon = (dt.datetime.now(UTC) + dt.timedelta(seconds=2)).strftime("%Y-%m-%dT%H:%M:%SZ")
    made = person.api.post("/reminders", json={"task_id": task["id"], "type": "absolute", "due": {"datetime": soon}})
    assert made.status_code in (200, 201), made.text
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        feed = [n for n in person.api.get("/notifications").json()["results"] if n["kind"] == "reminder"]
        if feed:
            return made.json(), feed[0]
        time.sleep(0.2)
    raise AssertionError("the reminder never went off")


def reminder(person: Person, reminder_id: str) -> dict:
    return person.api.get(f"/reminders/{reminder_id}").json()


def comes_back(person: Person, reminder_id: str) -> dt.datetime:
    """When the reminder goes off next."""
    return dt.datetime.fromisoformat(reminder(person, reminder_id)["fire_at"].replace("Z", "+00:00"))


def capture(browser: Browser, said: str) -> None:
    browser.go("#/home")
    browser.click(".capture-hero")
    browser.sheet()
    browser.labelled("What's on your mind?").send_keys(said)
    browser.button("Review").click()
    browser.button("Add 1 task").click()
    toast_says(browser, "Added 1 task")


def toast_says(browser: Browser, text: str, timeout: float = 10) -> None:
    """A toast shows `text`, at the bottom or in the sheet open over it."""
    browser.wait(timeout).until(lambda _: any(text in shown for shown in browser.texts(".toast")))


def requests_to(browser: Browser, path: str) -> list[str]:
    """The page's requests whose address contains `path` (fetches show in its resource timing)."""
    return browser.driver.execute_script(
        "return performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes(arguments[0]))", path
    )


def test_reminders_are_offered_after_the_first_capture_and_a_push_service_out_of_reach_is_told_calmly(
    browser: Browser, person: Person
) -> None:
    signed_in(browser, person)
    worker_in_control(browser)
    time.sleep(1)
    assert not browser.all(".sheet"), "nothing is asked on launch"
    assert browser.driver.execute_script("return Notification.permission") == "default"

    capture(browser, "water the ferns tomorrow")
    sheet = browser.sheet()
    assert sheet.find_element("css selector", "h2").text == OFFER
    assert "even while the app is closed" in sheet.text
    browser.screenshot("push-01-offer")
    allow_notifications(browser)  # the person allows it in the browser's own prompt
    browser.button("Turn on").click()
    # Google's push service is out of reach here: the app waits a while, then says so and sends nothing.
    toast_says(browser, NO_PUSH, timeout=20)
    browser.screenshot("push-02-no-push-service")
    assert requests_to(browser, "/api/v1/push/vapid")
    assert requests_to(browser, "/api/v1/push/subscriptions") == []
    assert person.api.get("/push/subscriptions").json()["results"] == []
    assert [t["content"] for t in person.api.get("/tasks").json()["results"]] == ["Water the ferns"]

    # Asked once: the next capture asks nothing, and Settings offers the switch again.
    capture(browser, "buy milk")
    time.sleep(0.5)
    assert not browser.all(".sheet.open")
    browser.go("#/settings")
    assert not browser.labelled("Reminders on this device").get_attribute("disabled")


def test_not_now_is_remembered_and_a_denied_browser_is_explained_in_settings(browser: Browser, person: Person) -> None:
    task = add_task(person, "Book the dentist", due_string="tomorrow at 9am")
    signed_in(browser, person, "#/tasks/inbox")
    worker_in_control(browser)
    open_task(browser, "Book the dentist")
    picker = browser.labelled("Add a reminder")
    browser.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", picker)
    Select(picker).select_by_visible_text("1 h before")
    browser.wait().until(lambda _: len(person.api.get(f"/reminders?task_id={task['id']}").json()["results"]) == 1)
    time.sleep(0.5)
    assert browser.texts(".sheet.open h2") == ["Task"], "nothing is asked while the task is open"
    browser.driver.find_element("css selector", ".sheet.open [aria-label='Close']").click()
    browser.wait().until(lambda _: OFFER in browser.texts(".sheet.open h2"))
    browser.settled()
    browser.screenshot("push-03-offer-after-reminder")
    browser.button("Not now").click()
    browser.wait().until(lambda _: not browser.all(".sheet"))
    assert browser.driver.execute_script("return Notification.permission") == "default"
    assert browser.driver.execute_script("return localStorage.getItem('kairos.push-offered')") == "1"

    # Remembered across a reload: another reminder asks nothing.
    browser.driver.refresh()
    signed_in(browser, person, "#/tasks/inbox")
    open_task(browser, "Book the dentist")
    picker = browser.labelled("Add a reminder")
    browser.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", picker)
    Select(picker).select_by_visible_text("10 min before")
    browser.wait().until(lambda _: len(person.api.get(f"/reminders?task_id={task['id']}").json()["results"]) == 2)
    time.sleep(0.5)
    assert browser.texts(".sheet.open h2") == ["Task"]
    browser.driver.find_element("css selector", ".sheet.open [aria-label='Close']").click()
    browser.wait().until(lambda _: not browser.all(".sheet"))
    time.sleep(0.5)
    assert not browser.all(".sheet")

    allow_notifications(browser, "denied")
    browser.go("#/settings")
    device = browser.labelled("Reminders on this device")
    assert device.get_attribute("disabled") and not device.is_selected()
    browser.see_text(".view", DENIED)
    browser.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", device)
    browser.screenshot("push-04-settings-denied")


FAKE_PUSH_SERVICE = """
// Stands in for the browser's push service, which Chromium cannot reach here.
let current = null;
PushManager.prototype.subscribe = async function (options) {
  const key = options.applicationServerKey;
  window.subscribedWith = { userVisibleOnly: options.userVisibleOnly, key: typeof key === "string" ? key : null };
  const json = { endpoint: "https://push.example.test/send/%s", expirationTime: null, keys: { p256dh: "%s", auth: "%s" } };
  return (current = { endpoint: json.endpoint, toJSON: () => json, unsubscribe: async () => ((current = null), true) });
};
PushManager.prototype.getSubscription = async function () { return current; };
"""


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def test_settings_turn_reminders_on_this_device_on_and_off_and_keep_reminding(browser: Browser, person: Person) -> None:
    device_key = ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    browser.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {
        "source": FAKE_PUSH_SERVICE % (browser.size, b64url(device_key), b64url(b"sixteen byte key"))})
    allow_notifications(browser)
    signed_in(browser, person, "#/settings")
    worker_in_control(browser)
    device = browser.labelled("Reminders on this device")
    nag = browser.labelled("Keep reminding me until I answer")
    assert not device.is_selected() and not nag.is_selected()
    browser.see_text(".view", "less and less often and never in quiet hours")
    browser.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", device)
    browser.screenshot("push-05-settings-off")

    device.find_element("xpath", "..").click()
    toast_says(browser, "Your reminders will show on this device.")
    saved = person.api.get("/push/subscriptions").json()["results"]
    assert [s["endpoint"] for s in saved] == [f"https://push.example.test/send/{browser.size}"]
    vapid = person.api.get("/push/vapid").json()["public_key"]
    assert browser.driver.execute_script("return window.subscribedWith") == {"userVisibleOnly": True, "key": vapid}
    browser.wait().until(lambda _: device.is_selected() and device.is_enabled())

    nag.find_element("xpath", "..").click()
    browser.wait().until(lambda _: person.api.get("/user").json()["nag_reminders"] is True)
    browser.screenshot("push-06-settings-on")

    # Drawn again, the switch reads this browser's subscription and the server's record of it.
    browser.go("#/home")
    browser.go("#/settings")
    device = browser.labelled("Reminders on this device")
    browser.wait().until(lambda _: device.is_selected())
    assert browser.labelled("Keep reminding me until I answer").is_selected()

    device.find_element("xpath", "..").click()
    browser.wait().until(lambda _: person.api.get("/push/subscriptions").json()["results"] == [])
    browser.wait().until(lambda _: not device.is_selected() and device.is_enabled())
    assert browser.driver.execute_async_script(
        "const done = arguments[0]; navigator.serviceWorker.ready.then((r) => r.pushManager.getSubscription()).then((s) => done(s))"
    ) is None

    # Signing out of this browser takes the person's reminders off it.
    device.find_element("xpath", "..").click()
    browser.wait().until(lambda _: len(person.api.get("/push/subscriptions").json()["results"]) == 1)
    kept = person.api.post("/tokens", json={"name": "Laptop"}).json()["token"]  # the browser's own goes with it
    browser.wait().until(lambda _: not browser.all(".toast"))
    sign_out = browser.button("Sign out")
    browser.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", sign_out)
    sign_out.click()
    browser.click(".sheet.open .menu .danger")
    browser.wait().until(lambda d: d.execute_script("return location.hash") == "#/signin")
    laptop = httpx.get(f"{browser.base_url}/api/v1/push/subscriptions", headers={"Authorization": f"Bearer {kept}"}, timeout=10)
    assert laptop.status_code == 200 and laptop.json()["results"] == []


def test_a_pushed_reminder_shows_and_its_buttons_answer_it(browser: Browser, person: Person) -> None:
    assert person.api.post("/user", json={"nag_reminders": True}).status_code == 200
    task = add_task(person, "Call the dentist", due_string="today")
    with push_service.PushService(expected_key=person.api.get("/push/vapid").json()["public_key"]) as push:
        device = push.subscribe()
        assert person.api.post("/push/subscriptions", json=device.json).status_code == 201
        made, _ = fire_reminder(person, task)
        [message] = push.wait_for(1, timeout=15)
    pushed = message.payload
    assert (pushed["title"], pushed["tag"]) == ("Call the dentist", f"reminder-{task['id']}")
    assert reminder(person, made["id"])["again"] is True  # it comes back until answered

    allow_notifications(browser)
    signed_in(browser, person)
    worker_in_control(browser)
    with DevTools(browser) as devtools:
        # What cannot be read still shows something, as a push must, and nothing more.
        shown = devtools.push(browser, "not a notice")
        assert {(n["title"], n["body"], tuple(n["actions"])) for n in shown} == {("Kairos", "Something new in Kairos.", ())}
        devtools.click()
        browser.driver.execute_script("navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((all) => all.forEach((n) => n.close()))")
        browser.wait().until(lambda _: not shown_notifications(browser))

        # The reminder, twice (it came back): one notification, the latest.
        devtools.push(browser, json.dumps(pushed))
        devtools.push(browser, json.dumps(pushed))
        time.sleep(1)
        assert shown_notifications(browser) == [{
            "title": "Call the dentist", "body": "Whenever you\u2019re ready.", "tag": f"reminder-{task['id']}",
            "actions": [["done", "Done"], ["snooze", "Snooze"]],
        }]

        # Snooze: it comes back in ten minutes.
        before = dt.datetime.now(UTC)
        devtools.click("snooze")
        browser.wait().until(lambda _: not shown_notifications(browser))
        # (It already waits to come back in five minutes, as it repeats until answered.)
        browser.wait().until(lambda _: dt.timedelta(minutes=9) < comes_back(person, made["id"]) - before < dt.timedelta(minutes=11))
        assert reminder(person, made["id"])["again"] is True

        # A tap on the notification answers it and opens the task over Today.
        devtools.push(browser, json.dumps(pushed))
        devtools.click()
        browser.wait().until(lambda _: reminder(person, made["id"])["again"] is False)
        sheet = browser.sheet()
        assert browser.labelled("Title").get_attribute("value") == "Call the dentist"
        assert browser.driver.execute_script("return location.hash") == "#/tasks/today"
        assert "Call the dentist" in sheet.text or browser.labelled("Title").is_displayed()
        browser.screenshot("push-07-opened-from-notification")

        # Done completes the task.
        devtools.push(browser, json.dumps(pushed))
        devtools.click("done")
        browser.wait().until(lambda _: person.api.get(f"/tasks/{task['id']}").json().get("checked") is True)
        assert not shown_notifications(browser)


def test_a_notice_link_opens_the_task_over_today(browser: Browser, person: Person) -> None:
    task = add_task(person, "Renew the passport", due_string="today")
    signed_in(browser, person, f"#/task/{task['id']}")
    browser.sheet()
    assert browser.labelled("Title").get_attribute("value") == "Renew the passport"
    assert browser.driver.execute_script("return location.hash") == "#/tasks/today"
    browser.screenshot("push-08-task-link")
    browser.driver.find_element("css selector", ".sheet.open [aria-label='Close']").click()
    browser.wait().until(lambda _: not browser.all(".sheet"))
    browser.see_text(".view", "Renew the passport")

    # Someone else's task, or none: a calm word over Today.
    browser.go("#/task/999999")
    toast_says(browser, "That task is no longer there.")


def test_a_reminder_in_the_feed_offers_snooze_choices(browser: Browser, person: Person) -> None:
    task = add_task(person, "Send the invoice", due_string="today")
    made, entry = fire_reminder(person, task)
    assert reminder(person, made["id"])["again"] is False

    signed_in(browser, person, "#/notifications")
    browser.labelled(f"Snooze {entry['text']}").click()
    sheet = browser.sheet()
    assert [b.text for b in sheet.find_elements("css selector", ".menu .row")] == [
        "In 10 minutes", "In an hour", "This evening", "Tomorrow morning"]
    browser.screenshot("push-09-feed-snooze")
    before = dt.datetime.now(UTC)
    browser.button("In an hour").click()
    toast_says(browser, "Kairos will remind you in an hour.")
    snoozed = reminder(person, made["id"])
    assert snoozed["again"] is True and snoozed["fired_at"] is None
    assert dt.timedelta(minutes=59) < comes_back(person, made["id"]) - before < dt.timedelta(minutes=61)
    browser.wait().until(lambda _: not browser.all(".notification.unread"))
