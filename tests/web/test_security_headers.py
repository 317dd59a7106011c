"""The web app runs under a strict content security policy: its pages carry the security headers, and
every screen works without inline scripts, eval or foreign sources."""

from __future__ import annotations

import httpx

from .webapp import Browser, KairosServer, Person, policy_violations, signed_in


def test_pages_carry_the_security_headers(web_server: KairosServer) -> None:
    for path in ("/", "/js/app.js", "/manifest.webmanifest", "/api/v1/user"):
        headers = httpx.get(f"{web_server.url}{path}", timeout=10.0).headers
        policy = headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy, path
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy, path
        assert headers["referrer-policy"] == "no-referrer", path
        assert headers["x-content-type-options"] == "nosniff", path
        assert headers["x-frame-options"] == "DENY", path


def test_every_screen_works_under_the_policy(browser: Browser, person: Person) -> None:
    project = person.api.post("/projects", json={"name": "Garden"}).json()
    person.api.post("/tasks", json={"content": "Plant tulips", "project_id": project["id"], "due_string": "today"})
    signed_in(browser, person)
    for route in (
        "#/home", "#/notifications", "#/search", "#/tasks/inbox", "#/tasks/today", "#/tasks/upcoming",
        "#/tasks/projects", f"#/projects/{project['id']}", "#/calendar", "#/messages", "#/time", "#/settings",
    ):
        browser.go(route)
    browser.go("#/tasks/today")
    browser.labelled("Open Plant tulips").click()
    browser.sheet()
    browser.screenshot("csp-task-sheet")
    assert policy_violations(browser.driver) == []
    # The theme is set before first paint by a script file, not inline: dark mode still applies at once.
    browser.driver.execute_script("localStorage.setItem('kairos.theme', 'dark')")
    browser.driver.refresh()
    assert browser.driver.execute_script("return document.documentElement.dataset.theme") == "dark"
    assert policy_violations(browser.driver) == []
