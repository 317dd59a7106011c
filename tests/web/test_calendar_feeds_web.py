"""Calendars in Settings, on a phone and a desktop, against a live `kairos serve`: a feed of all lists made in the
app, its address shown once and serving the due tasks as a calendar; a feed of one project; after a reload the
feeds are listed but no address shows; one deleted after a confirm, its address then a 404. And the CalDAV
sign-in: this server, the person's email, and a way to the API token form; a refused feed told in the server's
words and an offline one as such."""

from __future__ import annotations

import datetime as dt

import httpx

from .test_account import tap
from .webapp import Browser, Person, signed_in

SUBSCRIBE = "Paste it into Google Calendar, Outlook or Apple Calendar as a subscription."


def feeds(person: Person) -> list[dict]:
    return person.api.get("/calendar/feeds").json()["results"]


def new_feed(browser: Browser, scope: str) -> str:
    """Makes a feed of `scope` ("All your lists" or a project's name) in the form and answers the address shown."""
    browser.driver.execute_script(
        "const s = document.querySelector('[aria-label=\"Tasks of\"]');"
        "s.value = [...s.options].find((o) => o.text === arguments[0]).value;",
        scope,
    )
    tap(browser, browser.button("New feed"))
    browser.see_text("#view", SUBSCRIBE)
    return browser.labelled("Feed address").get_attribute("value")


def feed_rows(browser: Browser) -> list[str]:
    return [row.split("\n")[0] for row in browser.texts(".cal-feeds li")]


def says(browser: Browser, css: str, text: str) -> None:
    browser.wait().until(lambda _: any(text in shown for shown in browser.texts(css)))


def shown_anywhere(browser: Browser, text: str) -> bool:
    return text in browser.driver.execute_script(
        "return document.documentElement.outerHTML + [...document.querySelectorAll('input')].map((i) => i.value).join(' ')")


def test_feeds_are_made_shown_once_listed_and_deleted(browser: Browser, person: Person) -> None:
    tomorrow = (dt.date.today() + dt.timedelta(days=1)).isoformat()
    garden = person.api.post("/projects", json={"name": "Garden"}).json()
    person.api.post("/tasks", json={"content": "Water the ferns", "due_date": tomorrow, "project_id": garden["id"]})
    person.api.post("/tasks", json={"content": "Someday, no due"})

    signed_in(browser, person, "#/settings")
    browser.see_text("#view", "No feeds yet.")
    # The CalDAV sign-in: this server and the person's email; the password link goes to the token form.
    signin = browser.texts("#view ul.list li")
    assert any(browser.base_url in row for row in signin) and any(person.email in row for row in signin)
    tap(browser, browser.button("API token"))
    browser.wait().until(lambda d: d.execute_script("return document.activeElement.getAttribute('aria-label')") == "Token name")

    # All lists: the address, once, serves the due task as a calendar.
    url = new_feed(browser, "All your lists")
    assert url.startswith(f"{browser.base_url}/feeds/") and url.endswith(".ics")
    webcal = browser.find('a[href^="webcal:"]').get_attribute("href")
    assert webcal == "webcal:" + url.split(":", 1)[1]
    [made] = feeds(person)
    assert made["project_id"] is None
    browser.wait().until(lambda _: feed_rows(browser) == ["All your lists"])
    calendar = httpx.get(url, timeout=10)
    assert calendar.status_code == 200 and calendar.headers["content-type"].startswith("text/calendar")
    assert "SUMMARY:Water the ferns" in calendar.text and "Someday" not in calendar.text
    browser.screenshot("feeds-01-address-shown-once")
    browser.driver.execute_script("document.documentElement.dataset.theme = 'dark'")
    browser.screenshot("feeds-01-address-shown-once-dark")
    browser.driver.execute_script("document.documentElement.dataset.theme = 'light'")

    # One project's feed: the server keeps its project.
    project_url = new_feed(browser, "Garden")
    assert project_url != url
    browser.wait().until(lambda _: feed_rows(browser) == ["All your lists", "Garden"])
    assert [f["project_id"] for f in feeds(person)] == [None, garden["id"]]

    # Drawn again, both are listed and neither address shows.
    browser.go("#/home")
    browser.go("#/settings")
    browser.wait().until(lambda _: feed_rows(browser) == ["All your lists", "Garden"])
    assert all("Made " in row for row in browser.texts(".cal-feeds li"))
    assert not shown_anywhere(browser, url.split("/feeds/")[1][:-4]) and not shown_anywhere(browser, project_url.split("/feeds/")[1][:-4])
    assert SUBSCRIBE not in browser.driver.page_source
    browser.driver.execute_script("document.querySelector('.cal-feeds').scrollIntoView({block: 'center'})")
    browser.screenshot("feeds-02-listed")
    browser.driver.execute_script("document.documentElement.dataset.theme = 'dark'")
    browser.screenshot("feeds-02-listed-dark")
    browser.driver.execute_script("document.documentElement.dataset.theme = 'light'")

    # Deleted after a confirm: gone from the screen and the server, its address a 404; the other still serves.
    tap(browser, browser.find('[aria-label="Delete the feed of All your lists"]'))
    browser.wait().until(lambda _: "Delete this feed?" in browser.texts(".sheet.open h2"))
    browser.settled()
    browser.screenshot("feeds-03-delete-confirm")
    browser.button("Delete").click()
    browser.wait().until(lambda _: feed_rows(browser) == ["Garden"])
    assert [f["project_id"] for f in feeds(person)] == [garden["id"]]
    assert httpx.get(url, timeout=10).status_code == 404
    assert "SUMMARY:Water the ferns" in httpx.get(project_url, timeout=10).text
    browser.driver.execute_script("document.querySelector('.cal-feeds').scrollIntoView()")
    browser.screenshot("feeds-05-caldav-sign-in")
    browser.driver.execute_script("document.documentElement.dataset.theme = 'dark'")
    browser.screenshot("feeds-05-caldav-sign-in-dark")


def test_a_refused_feed_says_why_and_offline_says_so(browser: Browser, person: Person) -> None:
    for _ in range(20):
        assert person.api.post("/calendar/feeds", json={}).status_code == 201
    signed_in(browser, person, "#/settings")
    browser.wait().until(lambda _: len(feed_rows(browser)) == 20)
    tap(browser, browser.button("New feed"))
    says(browser, ".form-error", "You have 20 calendar feeds already. Delete one you no longer use first.")
    assert len(feeds(person)) == 20 and not browser.all('[aria-label="Feed address"]')
    browser.screenshot("feeds-04-too-many")

    browser.driver.set_network_conditions(offline=True, latency=0, download_throughput=-1, upload_throughput=-1)
    tap(browser, browser.button("New feed"))
    says(browser, ".form-error", "You're offline")
    tap(browser, browser.find('[aria-label="Delete the feed of All your lists"]'))
    browser.sheet()
    browser.button("Delete").click()
    says(browser, ".toast", "You're offline")
    browser.driver.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)
    assert len(feeds(person)) == 20
