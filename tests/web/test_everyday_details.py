"""Details a picky user notices: a destructive choice looks destructive, the stopwatch is one tap from Home
with Pause and Stop on the Time tab, the "Saved" toast stands out in dark mode, and the Reminder control
says what is set."""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from .test_task_screens import add_task, open_task, tap
from .webapp import Browser, Person, signed_in


def luminance(css_colour: str) -> float:
    """The relative luminance (WCAG) of an `rgb(...)`/`rgba(...)` colour as the browser reports it."""
    parts = [float(p) for p in css_colour[css_colour.index("(") + 1 : -1].split(",")[:3]]
    linear = [c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in parts]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_delete_in_the_task_menu_reads_as_destructive(browser: Browser, person: Person) -> None:
    add_task(person, "Return the library books")
    signed_in(browser, person, "#/tasks/inbox")
    browser.labelled("Open Return the library books").send_keys(Keys.SHIFT, Keys.F10)
    sheet = browser.sheet()
    delete = sheet.find_element(By.XPATH, ".//button[normalize-space(.)='Delete']")
    keep = sheet.find_element(By.XPATH, ".//button[normalize-space(.)='Complete']")
    assert "danger" in delete.get_attribute("class")
    assert delete.value_of_css_property("color") != keep.value_of_css_property("color")
    browser.screenshot("70-task-menu-delete-in-red")


def test_the_stopwatch_is_one_tap_from_home_and_paused_and_stopped_on_the_time_tab(browser: Browser, person: Person) -> None:
    task = add_task(person, "Write the grant report", due_string="today")
    assert person.api.post("/time/timer/start", json={"task_id": task["id"]}).status_code == 200
    signed_in(browser, person, "#/home")
    card = browser.find("a.timer-card")
    assert "Write the grant report" in card.text
    tap(browser, card)
    browser.wait().until(lambda d: d.execute_script("return document.getElementById('view').dataset.route") == "#/time")
    browser.see_text(".view .timer-card", "Timing")
    browser.screenshot("71-time-tab-stopwatch")

    tap(browser, browser.button("Pause"))
    browser.see_text(".view .timer-card", "Paused")
    assert person.api.get("/time/timer").json()["state"] == "paused"
    tap(browser, browser.button("Resume"))
    browser.see_text(".view .timer-card", "Timing")
    assert person.api.get("/time/timer").json()["state"] == "running"

    tap(browser, browser.button("Stop"))
    browser.see_text(".toast", "Stopped.")
    browser.wait().until(lambda _: not browser.all(".view .timer-card"))
    assert person.api.get("/time/timer").json()["state"] == "stopped"


def test_the_saved_toast_stands_out_from_the_page_in_dark_mode(browser: Browser, person: Person) -> None:
    signed_in(browser, person, "#/tasks/inbox")
    browser.driver.execute_script("document.documentElement.dataset.theme = 'dark'")
    browser.driver.execute_script("import('/js/ui.js').then((ui) => ui.toast('Saved', { action: 'Undo', duration: 60000 }))")
    toast = browser.find(".toast")
    page = browser.driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    background = toast.value_of_css_property("background-color")
    lighter, darker = sorted((luminance(background), luminance(page)), reverse=True)
    contrast = (lighter + 0.05) / (darker + 0.05)
    assert contrast >= 1.8, f"the toast ({background}) barely differs from the page ({page}) in dark mode: {contrast:.2f}:1"
    browser.screenshot("72-saved-toast-dark")


def test_the_reminder_control_says_a_reminder_is_set(browser: Browser, person: Person) -> None:
    add_task(person, "Pay the rent", due_string="tomorrow at 9am")
    signed_in(browser, person, "#/tasks/upcoming")
    open_task(browser, "Pay the rent")
    picker = browser.labelled("Add a reminder")
    assert Select(picker).first_selected_option.text == "None"
    Select(picker).select_by_visible_text("10 min before")
    browser.see_text(".sheet .reminders", "10 min before")
    browser.wait().until(lambda _: Select(browser.labelled("Add a reminder")).first_selected_option.text == "1 reminder")
    assert len(person.api.get("/reminders").json()["results"]) == 1
