"""Search answers "what did I promise Ben" on a phone: each task and commitment with why it was found, a task
opening its sheet and a commitment opening the thread at the message it was said in."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .webapp import Browser, KairosServer, make_driver, policy_violations, signed_in


@pytest.fixture
def phone(web_server: KairosServer, screenshot_dir: Path, request: pytest.FixtureRequest) -> Iterator[Browser]:
    driver = make_driver("phone", timezone="UTC")
    try:
        yield Browser(driver, web_server.url, "phone", screenshot_dir, request.node.name)
        assert policy_violations(driver) == []
    finally:
        driver.quit()


def test_what_did_i_promise_ben_shows_why_and_opens_each_answer(phone: Browser, new_person) -> None:
    ada = new_person("Ada Lovelace")
    ben = new_person("Ben Adams")
    project = ben.api.post("/projects", json={"name": "Launch"}).json()
    shared = ben.api.post(f"/projects/{project['id']}/members", json={"user_id": ada.user["id"], "role": "editor"})
    assert shared.status_code in (200, 201), shared.text
    banners = ben.api.post("/tasks", json={"content": "Order the banners", "project_id": project["id"]}).json()
    assigned = ben.api.post(f"/tasks/{banners['id']}", json={"assignee_id": ada.user["id"]})
    assert assigned.status_code == 200, assigned.text
    dm = ada.api.post("/conversations", json={"kind": "dm", "user_id": ben.user["id"]}).json()["id"]
    for person, text in [
        (ada, "I'll send the deck by friday"),
        *[(ben, f"filler message {n}") for n in range(40)],
        (ben, "thanks, see you then"),
    ]:
        assert person.api.post(f"/conversations/{dm}/messages", json={"text": text}).status_code == 200
    deck = next(m for m in ada.api.get(f"/conversations/{dm}/messages", params={"limit": 100}).json()["results"]
                if m["text"] == "I'll send the deck by friday")

    signed_in(phone, ada)
    phone.labelled("Search").click()
    phone.labelled("Search tasks and messages").send_keys("what did I promise Ben")
    phone.wait().until(lambda d: len(phone.all(".answer .search-hit")) == 2)
    rows = [(hit.get_attribute("data-kind"), hit.find_element("css selector", ".text").text,
             hit.find_element("css selector", ".reason").text) for hit in phone.all(".answer .search-hit")]
    assert sorted(rows) == [
        ("commitment", "Send the deck", "You told Ben you'd send the deck today"),
        ("task", "Order the banners", "Assigned to you by Ben"),
    ]
    phone.screenshot("40-promise-search")

    phone.click('.answer .search-hit[data-kind="task"]')
    sheet = phone.sheet()
    assert sheet.find_element("css selector", "textarea, input").get_attribute("value") == "Order the banners"
    phone.labelled("Close").click()
    phone.wait().until(lambda d: not phone.all(".sheet.open"))

    phone.click('.answer .search-hit[data-kind="commitment"]')
    route = f"#/messages/{dm}/at/{deck['id']}"
    phone.wait().until(lambda d: d.execute_script("return document.getElementById('view').dataset.route") == route)
    found = phone.find(f'.msg.focused[data-id="{deck["id"]}"]')
    assert "send the deck" in found.text
    # The message is on screen although forty newer ones came after it.
    phone.wait().until(lambda d: d.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight", found))
    phone.screenshot("41-promise-search-thread")

    # A plain search still lists tasks and messages as before.
    phone.go("#/search")
    phone.labelled("Search tasks and messages").send_keys("banners")
    phone.wait().until(lambda d: len(phone.all(".search-hit")) == 1 and not phone.all(".answer"))
