"""Where notices go, chosen in Settings on a phone and a desktop: each kind of notice (named as the server names
it) with its ways out, Devices, Email and Hooks, as the server decides them; a tap changes one and the server
keeps it."""

from __future__ import annotations

from .test_account import tap
from .webapp import Browser, Person, signed_in


def kinds(person: Person) -> dict[str, list[str]]:
    return {k["kind"]: k["channels"] for k in person.api.get("/notifications/settings").json()["kinds"]}


def pressed(browser: Browser, label: str) -> list[str]:
    group = browser.find(f'.segmented[aria-label="{label}"]')
    return [b.text for b in group.find_elements("css selector", 'button[aria-pressed="true"]')]


def test_each_kind_of_notice_goes_where_the_person_chooses(browser: Browser, person: Person) -> None:
    signed_in(browser, person, "#/settings")
    browser.find('.segmented[aria-label="Reminders"]')
    assert pressed(browser, "Reminders") == ["Devices", "Hooks"]
    assert pressed(browser, "Tasks you follow") == ["Hooks"]
    assert pressed(browser, "Your daily brief") == ["Devices", "Hooks"]

    email = browser.find('.segmented[aria-label="Reminders"]').find_element("xpath", './/button[text()="Email"]')
    tap(browser, email)
    browser.wait().until(lambda _: kinds(person)["reminder"] == ["push", "webhook", "email"])
    browser.wait().until(lambda _: pressed(browser, "Reminders") == ["Devices", "Email", "Hooks"])
    browser.screenshot("reach-01-reminders-by-email")

    hooks = browser.find('.segmented[aria-label="Tasks you follow"]').find_element("xpath", './/button[text()="Hooks"]')
    tap(browser, hooks)
    browser.wait().until(lambda _: kinds(person)["task_status"] == [])
    assert kinds(person)["mention"] == ["push", "webhook"]

    # Drawn again, the screen shows what the server kept.
    browser.go("#/home")
    browser.go("#/settings")
    browser.wait().until(lambda _: pressed(browser, "Reminders") == ["Devices", "Email", "Hooks"])
    assert pressed(browser, "Tasks you follow") == []

    # Offline, the screen still shows the choices, and a tap says why it did not take.
    browser.driver.set_network_conditions(offline=True, latency=0, download_throughput=-1, upload_throughput=-1)
    mentions = browser.find('.segmented[aria-label="Mentions"]').find_element("xpath", './/button[text()="Email"]')
    tap(browser, mentions)
    browser.see_text("#toasts", "You're offline")
    assert mentions.get_attribute("aria-pressed") == "false"
    browser.driver.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)
    assert kinds(person)["mention"] == ["push", "webhook"]
