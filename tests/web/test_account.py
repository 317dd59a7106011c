"""Getting in and out of an account in a real browser: an API token at the sign-in screen, signing out
that revokes the token, a forgotten password reset from an emailed link, and Settings' password and
token cards."""

from __future__ import annotations

import httpx
from selenium.webdriver.common.by import By
from .webapp import PASSWORD, Browser, Person, server, signed_in


def stored_token(browser: Browser) -> str | None:
    return browser.driver.execute_script("return localStorage.getItem('kairos.token')")


def tap(browser: Browser, element) -> None:
    """Clicks `element` once it is scrolled clear of the tab bar."""
    browser.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def test_sign_in_with_an_api_token_then_sign_out_revokes_it(browser: Browser, person: Person) -> None:
    made = person.api.post("/tokens", json={"name": "Browser test"})
    assert made.status_code == 201, made.text
    token = made.json()["token"]

    browser.open("/#/signin")
    tap(browser, browser.find(".token-signin summary"))
    browser.labelled("API token").send_keys("kai_not_a_real_token")
    tap(browser, browser.button("Sign in with token"))
    browser.see_text(".token-signin .form-error", "not valid")
    assert stored_token(browser) is None
    field = browser.labelled("API token")
    field.clear()
    field.send_keys(token)
    browser.screenshot("30-sign-in-with-token")
    tap(browser, browser.button("Sign in with token"))
    browser.wait().until(lambda d: d.execute_script("return document.getElementById('view').dataset.route") == "#/home")
    assert stored_token(browser) == token

    browser.go("#/settings")
    # Signing out asks first: Cancel keeps the session.
    tap(browser, browser.button("Sign out"))
    browser.see_text(".sheet.open", "Sign out of Kairos on this device?")
    browser.screenshot("32-sign-out-asks")
    tap(browser, browser.sheet().find_element(By.XPATH, ".//button[normalize-space(.)='Cancel']"))
    browser.wait().until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".sheet.open"))
    assert stored_token(browser) == token
    tap(browser, browser.button("Sign out"))
    confirm = browser.sheet().find_element(By.XPATH, ".//button[normalize-space(.)='Sign out']")
    assert "danger" in confirm.get_attribute("class")
    tap(browser, confirm)
    browser.find(".auth")
    browser.wait().until(lambda d: d.execute_script("return localStorage.getItem('kairos.token')") is None)
    # The token is revoked on the server, not only forgotten by the browser.
    answer = httpx.get(f"{browser.base_url}/api/v1/user", headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 401
    assert person.api.get("/user").status_code == 200


def test_a_forgotten_password_is_reset_from_the_emailed_link(
    browser: Browser, person: Person, web_server_data
) -> None:
    browser.open("/#/signin")
    tap(browser, browser.button("Forgot password?"))
    browser.see_text(".large-title", "Forgot your password?")
    browser.labelled("Email").send_keys(person.email)
    browser.screenshot("31-forgot-password")
    tap(browser, browser.button("Email me a reset link"))
    browser.see_text(".auth [role=status]", "an email is on its way")

    link = server.emailed_link(web_server_data, person.email, "reset")
    browser.open(link.removeprefix(browser.base_url))
    browser.see_text(".large-title", "Choose a new password")
    browser.labelled("New password").send_keys("a brand new password")
    browser.screenshot("32-new-password")
    tap(browser, browser.button("Set password and sign in"))
    browser.wait().until(lambda d: d.execute_script("return document.getElementById('view').dataset.route") == "#/home")

    login = lambda password: httpx.post(  # noqa: E731
        f"{browser.base_url}/api/v1/auth/login", json={"email": person.email, "password": password})
    assert login("a brand new password").status_code == 200
    assert login(PASSWORD).status_code == 401
    # Setting it signed out the earlier token; the link works once.
    assert person.api.get("/user").status_code == 401
    browser.open(link.removeprefix(browser.base_url))
    browser.labelled("New password").send_keys("yet another password")
    tap(browser, browser.button("Set password and sign in"))
    browser.see_text(".form-error", "already used")


def test_settings_changes_the_password_and_makes_an_api_token(browser: Browser, person: Person) -> None:
    signed_in(browser, person, "#/settings")
    browser.labelled("Current password").send_keys(PASSWORD)
    browser.labelled("New password").send_keys("short")
    tap(browser, browser.button("Change password"))
    browser.see_text('form:has([aria-label="New password"]) .form-error', "8 characters")
    new = browser.labelled("New password")
    new.clear()
    new.send_keys("changed in settings")
    tap(browser, browser.button("Change password"))
    browser.see_text(".toast", "Password changed")
    answer = httpx.post(
        f"{browser.base_url}/api/v1/auth/login", json={"email": person.email, "password": "changed in settings"})
    assert answer.status_code == 200

    browser.labelled("Token name").send_keys("Laptop")
    tap(browser, browser.button("Make a token"))
    made = browser.labelled("New API token")
    token = made.get_attribute("value")
    assert token.startswith("kai_")
    assert httpx.get(f"{browser.base_url}/api/v1/user", headers={"Authorization": f"Bearer {token}"}).status_code == 200
    browser.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", made)
    browser.screenshot("33-settings-api-token")
    