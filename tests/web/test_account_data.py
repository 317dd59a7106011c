"""Settings > Privacy & Data and Settings > Account > Delete account in the browser."""

from __future__ import annotations

from selenium.webdriver.support.ui import Select

from .webapp import PASSWORD, Browser, signed_in


def test_export_and_delete_account(browser: Browser, new_person) -> None:
    ada = new_person("Ada Lovelace")
    bob = new_person("Bob Noyce")
    project = ada.api.post("/projects", json={"name": "Launch", "color": "teal"}).json()
    ada.api.post("/tasks", json={"content": "Order the banners", "project_id": project["id"]})
    shared = ada.api.post(f"/projects/{project['id']}/members", json={"user_id": bob.user["id"], "role": "editor"})
    assert shared.status_code in (200, 201), shared.text

    signed_in(browser, ada, "#/settings")
    assert "Privacy & Data" in browser.driver.execute_script("return [...document.querySelectorAll('.group-label')].map((e) => e.textContent)")
    browser.driver.execute_script("document.querySelector('[data-export=json]').scrollIntoView({block: 'center'})")
    browser.button("Export my data").click()
    browser.see_text("#toasts", "Saved kairos-export.json")
    browser.button("Export tasks as calendar (.ics)").click()
    browser.see_text("#toasts", "Saved kairos-tasks.ics")
    browser.driver.execute_script("document.querySelector('[data-export=json]').scrollIntoView({block: 'center'})")
    browser.screenshot("17-privacy-and-data")

    delete = browser.button("Delete account")
    # The "Saved" toast sits over the bottom of a phone screen for a few seconds; the user waits it out.
    browser.wait().until(lambda d: not d.find_elements("css selector", "#toasts .toast"))
    delete.click()
    sheet = browser.sheet()
    assert "Deleted user" in sheet.text and "Launch" in sheet.text
    choice = Select(browser.labelled("Shared projects"))
    assert choice.first_selected_option.text == "Give each to its longest-standing editor"
    browser.labelled("Password").send_keys("not my password")
    browser.button("Delete my account").click()
    browser.see_text(".sheet .form-error", "password is wrong")
    assert ada.api.get("/user").status_code == 200
    browser.screenshot("17-delete-account")

    password = browser.labelled("Password")
    password.clear()
    password.send_keys(PASSWORD)
    browser.button("Delete my account").click()
    browser.wait().until(lambda d: d.execute_script("return location.hash") == "#/signin")
    assert ada.api.get("/user").status_code == 401
    members = bob.api.get(f"/projects/{project['id']}/members").json()["results"]
    assert [(m["user_id"], m["role"]) for m in members] == [(bob.user["id"], "owner")]
    assert [t["content"] for t in bob.api.get("/tasks", params={"project_id": project["id"]}).json()["results"]] == ["Order the banners"]
