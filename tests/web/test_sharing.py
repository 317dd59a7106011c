"""Project sharing in the browser: the owner's Share sheet, a member's own view, and invitations."""

from __future__ import annotations

from selenium.webdriver.support.ui import Select

from .webapp import Browser, make_driver, signed_in


def test_owner_shares_a_project_and_the_member_sees_it(browser: Browser, new_person) -> None:
    ada = new_person("Ada Lovelace")
    bob = new_person("Bob Noyce")
    project = ada.api.post("/projects", json={"name": "Launch", "color": "teal"}).json()
    ada.api.post("/tasks", json={"content": "Order the banners", "project_id": project["id"]})
    # An address finds only someone Ada already works with: Bob wrote to her before.
    bob.api.post("/conversations", json={"kind": "dm", "user_id": ada.user["id"]})

    signed_in(browser, ada, f"#/projects/{project['id']}")
    browser.button("Share").click()
    sheet = browser.sheet()
    assert "Ada Lovelace (you)" in sheet.text and "Owner" in sheet.text
    browser.labelled("Email").send_keys(bob.email)
    Select(browser.labelled("Role")).select_by_visible_text("Can edit")
    browser.button("Add").click()
    browser.see_text(".members", "Bob Noyce")
    browser.see_text(".sharing .hint", f"{bob.email} can now see Launch.")
    assert Select(browser.labelled("Role for Bob Noyce")).first_selected_option.text == "Can edit"
    browser.screenshot("11-share-sheet")
    members = ada.api.get(f"/projects/{project['id']}/members").json()["results"]
    assert {(m["email"], m["role"]) for m in members} >= {(bob.email, "editor")}

    browser.labelled("Email").send_keys("newcomer@example.com")
    browser.button("Add").click()
    browser.see_text(".sharing .hint", "No one you work with uses newcomer@example.com. Invite them.")
    browser.button("Send an invitation").click()
    browser.see_text(".sharing .hint", "Invitation sent")
    browser.screenshot("11-invitation-sent")

    bobs = Browser(make_driver(browser.size, timezone="Europe/Paris"), browser.base_url, browser.size, browser.shots, browser.test_name)
    try:
        signed_in(bobs, bob, "#/tasks/projects")
        row = bobs.row("Launch")
        assert row.find_element("css selector", ".shared-mark").get_attribute("aria-label") == "Shared"
        bobs.screenshot("11-projects-shared-mark")
        row.click()
        bobs.see_text(".view", "Order the banners")
        bobs.button("Members").click()
        sheet = bobs.sheet()
        assert "Ada Lovelace" in sheet.text and "Bob Noyce (you)" in sheet.text and "Can edit" in sheet.text
        assert not bobs.all(".sharing select") and not bobs.all(".sharing input")
        bobs.screenshot("11-member-view")
        bobs.button("Leave project").click()
        bobs.wait().until(lambda d: d.execute_script("return document.getElementById('view').dataset.route") == "#/tasks/projects")
        assert not [p for p in bob.api.get("/projects").json()["results"] if p["id"] == project["id"]]
    finally:
        bobs.driver.quit()


def test_owner_changes_a_role_and_removes_a_member(browser: Browser, new_person) -> None:
    ada = new_person("Ada Lovelace")
    carol = new_person("Carol Shaw")
    project = ada.api.post("/projects", json={"name": "Garden", "color": "green"}).json()
    added = ada.api.post(f"/projects/{project['id']}/members", json={"user_id": carol.user["id"], "role": "editor"})
    assert added.status_code in (200, 201), added.text

    signed_in(browser, ada, f"#/projects/{project['id']}")
    browser.button("Share").click()
    browser.sheet()
    Select(browser.labelled("Role for Carol Shaw")).select_by_visible_text("Can comment")
    browser.wait().until(lambda d: [m["role"] for m in ada.api.get(f"/projects/{project['id']}/members").json()["results"] if m["user_id"] == carol.user["id"]] == ["commenter"])
    browser.labelled("Remove Carol Shaw").click()
    browser.wait().until(lambda d: "Carol Shaw" not in d.execute_script("return document.querySelector('.members')?.innerText ?? 'Carol Shaw'"))
    assert [m["user_id"] for m in ada.api.get(f"/projects/{project['id']}/members").json()["results"]] == [ada.user["id"]]


def test_task_rows_in_a_shared_project_show_who_is_assigned(browser: Browser, new_person) -> None:
    ada = new_person("Ada Lovelace")
    bob = new_person("Bob Noyce")
    carol = new_person("Carol Shaw")
    project = ada.api.post("/projects", json={"name": "Launch", "color": "teal"}).json()
    for member in (bob, carol):
        answer = ada.api.post(f"/projects/{project['id']}/members", json={"user_id": member.user["id"], "role": "editor"})
        assert answer.status_code == 200, answer.text
    everyone = [ada.user["id"], bob.user["id"], carol.user["id"]]
    long_title = "Confirm the caterer, the sound check and who collects the banners from the printer"
    for content, assignees, extra in [
        ("Plan the launch", everyone, {}),
        ("Book the venue", [bob.user["id"]], {"due_string": "tomorrow at 10am", "priority": 4, "labels": ["calls"]}),
        ("Write the blurb", [], {}),
        (long_title, everyone, {"due_string": "friday", "labels": ["errands", "venue"]}),
    ]:
        answer = ada.api.post("/tasks", json={"content": content, "project_id": project["id"], "assignee_ids": assignees, **extra})
        assert answer.status_code == 200, answer.text
    bob.api.post("/tasks", json={"content": "Renew my passport", "assignee_ids": [bob.user["id"]]})

    signed_in(browser, bob, f"#/projects/{project['id']}")
    browser.see_text(".tasks", "Write the blurb")
    browser.wait().until(lambda _: len(avatars(browser, "Plan the launch")) == 3)
    assert avatars(browser, "Plan the launch") == [("AL", "Ada Lovelace"), ("BN", "Bob Noyce"), ("+1", "and Carol Shaw")]
    assert avatars(browser, "Book the venue") == [("BN", "Bob Noyce")]
    assert avatars(browser, "Write the blurb") == []
    # Screen readers hear who is assigned with the row's button.
    described = browser.labelled("Open Book the venue").get_attribute("aria-describedby")
    assert browser.find(f"#{described}").find_element("css selector", "[role=img]").get_attribute("aria-label") == "Bob Noyce"
    for theme in ("light", "dark"):
        browser.driver.execute_script("document.documentElement.dataset.theme = arguments[0]", theme)
        for title in ("Plan the launch", "Book the venue", long_title):
            assert_initials_sit_clear_of_the_text(browser, title)
        browser.screenshot("11-project-assignees" if theme == "light" else "11-project-assignees-dark")
    # The project's people are fetched once for all its rows.
    fetched = "return performance.getEntriesByType('resource').filter((e) => e.name.includes('/collaborators')).length"
    assert browser.driver.execute_script(fetched) == 1

    # A task in a project nobody else sees shows no one, even when assigned.
    browser.go("#/tasks/inbox")
    browser.see_text(".tasks", "Renew my passport")
    assert avatars(browser, "Renew my passport") == []


def assert_initials_sit_clear_of_the_text(browser: Browser, title: str) -> None:
    """The row's initials sit inside its button, below the title, apart from each other and from the rest
    of the second line, so the divider above the next row runs unbroken."""
    boxes = browser.driver.execute_script(
        """
        const row = [...document.querySelectorAll('.view li.task')].find((li) => li.querySelector('.title').textContent === arguments[0]);
        const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
        return {
          main: box(row.querySelector('.task-main')),
          title: box(row.querySelector('.title')),
          avatars: [...row.querySelectorAll('.assignees [role=img]')].map(box),
          others: [...row.querySelectorAll('.meta > :not(.assignees)')].map(box),
        };
        """,
        title,
    )
    overlap = lambda a, b: a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5
    main = boxes["main"]
    assert boxes["avatars"], title
    for i, avatar in enumerate(boxes["avatars"]):
        assert main[0] <= avatar[0] and avatar[2] <= main[2] + 0.5 and main[1] <= avatar[1] and avatar[3] <= main[3] + 0.5, (title, avatar, main)
        assert avatar[1] >= boxes["title"][3] - 0.5, (title, "initials beside the title")
        assert not any(overlap(avatar, other) for other in boxes["avatars"][i + 1 :] + boxes["others"]), (title, boxes)


def avatars(browser: Browser, title: str) -> list[tuple[str, str]]:
    """The initials and accessible names of the avatars on the task row titled `title`."""
    found = browser.driver.execute_script(
        """
        const row = [...document.querySelectorAll('.view li.task')].find((li) => li.querySelector('.title').textContent === arguments[0]);
        return [...row.querySelectorAll('.assignees [role=img]')].map((a) => [a.textContent, a.getAttribute('aria-label')]);
        """,
        title,
    )
    return [tuple(avatar) for avatar in found]


def test_filter_chips_show_tasks_by_who_made_assigned_and_follows_them(browser: Browser, new_person) -> None:
    ada = new_person("Ada Lovelace")
    bob = new_person("Bob Noyce")
    project = ada.api.post("/projects", json={"name": "Launch", "color": "teal"}).json()
    added = ada.api.post(f"/projects/{project['id']}/members", json={"user_id": bob.user["id"], "role": "editor"})
    assert added.status_code in (200, 201), added.text
    ada.api.post("/tasks", json={"content": "Order the banners", "project_id": project["id"], "assignee_id": bob.user["id"]})
    bob.api.post("/tasks", json={"content": "Write the copy", "project_id": project["id"], "assignee_id": ada.user["id"]})
    watched = bob.api.post("/tasks", json={"content": "Book the hall", "project_id": project["id"]}).json()
    assert ada.api.post(f"/tasks/{watched['id']}/follow").status_code == 204

    signed_in(browser, ada, "#/tasks/filters")
    chips = browser.find(".chips")
    assert [c.text for c in chips.find_elements("css selector", ".chip")][:3] == ["Assigned to me", "I created", "I follow"]
    assert browser.labelled("Filters").find_element("css selector", "[aria-pressed=true]").text == "Assigned to me"
    browser.wait().until(lambda d: browser.texts(".filter-results li.task .title") == ["Write the copy"])
    browser.screenshot("19-filter-assigned-to-me")

    browser.button("I created").click()
    browser.wait().until(lambda d: browser.texts(".filter-results li.task .title") == ["Order the banners"])
    browser.button("I follow").click()
    browser.wait().until(lambda d: sorted(browser.texts(".filter-results li.task .title")) == ["Book the hall", "Order the banners", "Write the copy"])
    assert browser.labelled("Filters").find_element("css selector", "[aria-pressed=true]").text == "I follow"
    browser.screenshot("19-filter-i-follow")
