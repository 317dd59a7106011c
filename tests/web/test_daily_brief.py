"""Workdays and the daily brief's time: changed in Settings, and Home saying when the next brief comes."""

from __future__ import annotations

import datetime as dt

from .webapp import Browser, Person, pressed_days, signed_in


def test_settings_change_the_workdays_and_brief_time_and_home_says_when_the_next_brief_comes(
    browser: Browser, person: Person
) -> None:
    # Only the day after tomorrow stays a workday, so the next brief is on that day whatever the time now.
    # The person's time zone is UTC.
    day = dt.datetime.now(dt.timezone.utc).date() + dt.timedelta(days=2)
    name = day.strftime("%A")
    signed_in(browser, person, "#/settings")
    assert pressed_days(browser) == ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]
    assert browser.labelled("Brief time").get_attribute("value") == "08:00"

    # On a phone the toggles sit low on the page; bring them above the tab bar before tapping.
    browser.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", browser.labelled("Workdays"))
    if name not in pressed_days(browser):
        browser.labelled(name).click()
    for other in pressed_days(browser):
        if other != name:
            browser.labelled(other).click()
    assert pressed_days(browser) == [name]
    browser.wait().until(lambda _: person.api.get("/user").json()["workdays"] == [day.isoweekday()])
    browser.wait(8).until(lambda _: not browser.all(".toast"))  # the "Saved" notes have gone
    browser.labelled(name).click()  # the last workday stays
    browser.see_text(".toast", "Keep at least one workday.")
    assert pressed_days(browser) == [name]

    browser.set_time(browser.labelled("Brief time"), "06:45")
    browser.wait().until(lambda _: person.api.get("/user").json()["daily_brief_time"] == "06:45")
    browser.see_text(".brief", f"Your next brief arrives on {name} at 6:45")
    browser.screenshot("09-settings-daily-brief")

    browser.go("#/home")
    brief = browser.find(".brief").text
    assert brief.startswith(f"Your next brief arrives on {name} at 6:45"), brief
    browser.screenshot("02-home-brief")

    browser.go("#/settings")
    assert pressed_days(browser) == [name]
    assert browser.labelled("Brief time").get_attribute("value") == "06:45"
    assert person.api.get("/user").json()["workdays"] == [day.isoweekday()]
