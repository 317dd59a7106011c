"""A project's icon: picked in the project sheet, stored by the server, and shown tinted with the project's colour
in the Projects list and the project's header; "no icon" brings back the colour dot."""

from __future__ import annotations

from selenium.webdriver.common.by import By

from .webapp import Browser, Person, signed_in

RED = "rgba(220, 76, 62, 1)"  # Todoist's "red" as the web app draws it


def edit(browser: Browser, name: str):
    browser.labelled(f"More for {name}").click()
    browser.sheet()
    browser.button("Edit project").click()
    return browser.sheet()


def icon_row(browser: Browser, name: str):
    """The lead icon of the Projects list row called `name`."""
    return browser.row(name).find_element(By.CSS_SELECTOR, ".lead")


def test_an_icon_picked_in_the_sheet_shows_in_the_list_and_header(browser: Browser, person: Person) -> None:
    answer = person.api.post("/projects", json={"name": "Gym", "color": "red"})
    assert answer.status_code == 200, answer.text
    gym = answer.json()
    assert gym["icon"] is None
    signed_in(browser, person, f"#/projects/{gym['id']}")
    assert not browser.all(".large-title .lead")  # the colour dot until an icon is chosen

    sheet = edit(browser, "Gym")
    icons = sheet.find_element(By.CSS_SELECTOR, '[role="radiogroup"][aria-label="Icon"]')
    radios = icons.find_elements(By.CSS_SELECTOR, '[role="radio"]')
    assert len(radios) == 16  # the plain dot and the server's fifteen icons
    assert [r.get_attribute("aria-label") for r in radios if r.get_attribute("aria-checked") == "true"] == ["no icon"]
    assert icons.value_of_css_property("color") == RED
    browser.labelled("dumbbell").click()
    assert browser.labelled("dumbbell").get_attribute("aria-checked") == "true"
    assert browser.labelled("no icon").get_attribute("aria-checked") == "false"
    browser.screenshot("project-icons-sheet")
    browser.button("Save").click()

    browser.wait().until(lambda _: browser.all(".large-title .lead svg"))
    assert browser.find(".large-title .lead").value_of_css_property("color") == RED
    assert person.api.get(f"/projects/{gym['id']}").json()["icon"] == "dumbbell"

    browser.go("#/tasks/projects")
    assert icon_row(browser, "Gym").value_of_css_property("color") == RED
    assert icon_row(browser, "Gym").find_elements(By.CSS_SELECTOR, "svg")
    assert icon_row(browser, "Inbox").value_of_css_property("color") != RED  # the Inbox keeps its own
    browser.screenshot("project-icons-list")
    browser.driver.execute_script("document.documentElement.dataset.theme = 'dark'")
    browser.screenshot("project-icons-list-dark")


def test_no_icon_brings_back_the_colour_dot(browser: Browser, person: Person) -> None:
    answer = person.api.post("/projects", json={"name": "Trip", "color": "red", "icon": "plane"})
    assert answer.status_code == 200, answer.text
    trip = answer.json()
    signed_in(browser, person, f"#/projects/{trip['id']}")
    browser.driver.execute_script("document.documentElement.dataset.theme = 'dark'")
    browser.find(".large-title .lead svg")

    edit(browser, "Trip")
    assert browser.labelled("plane").get_attribute("aria-checked") == "true"
    browser.screenshot("project-icons-sheet-dark")
    browser.labelled("no icon").click()
    browser.button("Save").click()

    browser.wait().until(lambda _: not browser.all(".large-title .lead"))
    assert browser.find(".large-title .swatch").is_displayed()
    assert person.api.get(f"/projects/{trip['id']}").json()["icon"] is None
