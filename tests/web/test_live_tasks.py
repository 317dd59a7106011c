"""A teammate's changes show live: in the open task sheet (without touching what is being typed) and in
the open list; and a message never covers an open sheet's header."""

from __future__ import annotations

from .test_task_screens import add_task, open_task
from .webapp import Browser, signed_in


def test_an_open_task_sheet_shows_a_teammates_comment_and_new_title_live(browser: Browser, new_person) -> None:
    ada = new_person("Ada Lovelace")
    bob = new_person("Bob Noyce")
    project = ada.api.post("/projects", json={"name": "Launch", "color": "teal"}).json()
    assert ada.api.post(f"/projects/{project['id']}/members", json={"user_id": bob.user["id"], "role": "editor"}).status_code == 200
    task = add_task(ada, "Order the banners", project_id=project["id"])

    signed_in(browser, bob, f"#/projects/{project['id']}")
    open_task(browser, "Order the banners")
    notes = browser.labelled("Notes")
    notes.send_keys("Ask for blue ones")
    assert ada.api.post("/comments", json={"task_id": task["id"], "content": "The printer needs them by Friday."}).status_code == 200
    assert ada.api.post(f"/tasks/{task['id']}", json={"content": "Order the big banners"}).status_code == 200

    browser.see_text(".sheet .comments", "The printer needs them by Friday.")
    browser.see_text(".sheet .comments", "Ada Lovelace renamed this")
    browser.wait().until(lambda _: browser.labelled("Title").get_property("value") == "Order the big banners")
    assert notes.get_property("value") == "Ask for blue ones"
    browser.screenshot("40-live-task-sheet")

    # Saving sends only what Bob changed, so Ada's new title stays.
    browser.button("Done").click()
    browser.wait().until(lambda _: ada.api.get(f"/tasks/{task['id']}").json()["description"] == "Ask for blue ones")
    assert ada.api.get(f"/tasks/{task['id']}").json()["content"] == "Order the big banners"
    browser.see_text(".view .tasks", "Order the big banners")

    # The project's list shows a task Ada adds, where Bob left it.
    add_task(ada, "Hang the banners", project_id=project["id"])
    browser.see_text(".view .tasks", "Hang the banners")
    ada.api.post(f"/projects/{project['id']}", json={"name": "Big launch"})
    browser.see_text(".view h1", "Big launch")


def test_a_message_never_covers_an_open_sheets_header(browser: Browser, person) -> None:
    add_task(person, "Water the ferns")
    signed_in(browser, person, "#/tasks/inbox")
    open_task(browser, "Water the ferns")
    browser.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "import('/js/ui.js').then((ui) => { ui.toast('Something didn\u2019t work. Try again? This one runs long enough to wrap.', { action: 'Undo' }); done(); });"
    )
    browser.find(".sheet.open .toast")
    for theme in ("light", "dark"):
        browser.driver.execute_script("document.documentElement.dataset.theme = arguments[0]", theme)
        for place in ("top", "middle"):
            browser.driver.execute_script(
                "const s = document.querySelector('.sheet.open'); s.scrollTop = arguments[0] === 'top' ? 0 : s.scrollHeight / 3", place
            )
            browser.settled()
            toast, head = (
                browser.driver.execute_script(f"const r = document.querySelector('{css}').getBoundingClientRect(); return [r.top, r.bottom]")
                for css in (".sheet.open .toast", ".sheet.open .sheet-head")
            )
            assert toast[0] >= head[1], f"the message ({toast}) covers the sheet's header ({head}) at the {place} in {theme}"
        browser.screenshot("41-toast-under-sheet-header" + ("-dark" if theme == "dark" else ""))
