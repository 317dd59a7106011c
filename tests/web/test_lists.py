"""Managing lists in the browser: editing, archiving, deleting and reordering projects and sections, the task
counts both screens show, and what the Inbox and a commenter are not offered."""

from __future__ import annotations

from selenium.webdriver.common.by import By

from .webapp import Browser, Person, signed_in


def project(person: Person, name: str, **fields) -> dict:
    answer = person.api.post("/projects", json={"name": name, **fields})
    assert answer.status_code == 200, answer.text
    return answer.json()


def add(person: Person, content: str, **fields) -> dict:
    answer = person.api.post("/tasks", json={"content": content, **fields})
    assert answer.status_code == 200, answer.text
    return answer.json()


def section(person: Person, name: str, project_id: str) -> dict:
    answer = person.api.post("/sections", json={"name": name, "project_id": project_id})
    assert answer.status_code == 200, answer.text
    return answer.json()


def projects(person: Person, path: str = "/projects") -> dict[str, dict]:
    return {p["name"]: p for p in person.api.get(path).json()["results"]}


def route(browser: Browser) -> str:
    return browser.driver.execute_script("return document.getElementById('view').dataset.route")


def menu(browser: Browser, label: str, choice: str) -> None:
    browser.labelled(label).click()
    pick(browser, choice)


def pick(browser: Browser, choice: str) -> None:
    """Taps a choice of the open menu once it has slid in (a row tapped while it moves may be another)."""
    browser.sheet()
    browser.button(choice).click()


def test_a_project_is_renamed_recoloured_archived_and_brought_back(browser: Browser, person: Person) -> None:
    work = project(person, "Work", color="blue")
    signed_in(browser, person, f"#/projects/{work['id']}")
    menu(browser, "More for Work", "Edit project")
    sheet = browser.sheet()
    name = browser.labelled("Project name")
    name.clear()
    name.send_keys("Office")
    colours = sheet.find_elements(By.CSS_SELECTOR, '[aria-label="Colour"] [role="radio"]')
    assert len(colours) == 20  # Todoist's named colours
    browser.labelled("grape").click()
    browser.screenshot("lists-edit-project")
    browser.button("Save").click()
    browser.see_text(".large-title", "Office")
    stored = person.api.get(f"/projects/{work['id']}").json()
    assert (stored["name"], stored["color"]) == ("Office", "grape")

    menu(browser, "More for Office", "Archive")
    browser.wait().until(lambda _: route(browser) == "#/tasks/projects")
    browser.see_text(".toast", "Archived Office")
    browser.wait(8).until(lambda _: not browser.all(".toast"))  # the toast would cover the menu's rows
    assert "Office" not in browser.find(".view .list").text
    assert projects(person, "/projects/archived")["Office"]["is_archived"] is True

    browser.button("Archived projects").click()
    browser.sheet()
    browser.screenshot("lists-archived")
    pick(browser, "Office")
    pick(browser, "Unarchive")
    browser.wait().until(lambda _: "Office" in browser.find(".view .list").text)
    assert projects(person)["Office"]["is_archived"] is False


def test_deleting_a_project_asks_what_becomes_of_its_tasks(browser: Browser, person: Person) -> None:
    garden = project(person, "Garden")
    shed = project(person, "Shed")
    kept = add(person, "Plant tulips", project_id=garden["id"])
    add(person, "Oil the hinges", project_id=shed["id"])
    inbox = next(p for p in projects(person).values() if p["inbox_project"])

    signed_in(browser, person, f"#/projects/{garden['id']}")
    menu(browser, "More for Garden", "Delete")
    assert "What should happen to its tasks?" in browser.sheet().text
    browser.screenshot("lists-delete-choice")
    pick(browser, "Delete and move its tasks to the Inbox")
    browser.wait().until(lambda _: route(browser) == "#/tasks/projects")
    assert "Garden" not in projects(person)
    assert person.api.get(f"/tasks/{kept['id']}").json()["project_id"] == inbox["id"]

    browser.row("Shed").click()
    menu(browser, "More for Shed", "Delete")
    pick(browser, "Delete it with its tasks")
    browser.wait().until(lambda _: route(browser) == "#/tasks/projects")
    assert [t["content"] for t in person.api.get("/tasks").json()["results"]] == ["Plant tulips"]


def test_sections_are_renamed_reordered_and_deleted_keeping_their_tasks(browser: Browser, person: Person) -> None:
    home = project(person, "Home")
    first = section(person, "Upstairs", home["id"])
    section(person, "Garage", home["id"])
    task = add(person, "Fix the light", section_id=first["id"])
    order = lambda: [s["name"] for s in person.api.get("/sections", params={"project_id": home["id"]}).json()["results"]]

    signed_in(browser, person, f"#/projects/{home['id']}")
    menu(browser, "More for Upstairs", "Rename")
    name = browser.labelled("Section name")
    name.clear()
    name.send_keys("Attic\n")
    browser.see_text(".view", "Attic")
    assert order() == ["Attic", "Garage"]

    menu(browser, "More for Attic", "Move down")
    browser.wait().until(lambda _: order() == ["Garage", "Attic"])
    browser.wait().until(lambda _: browser.texts(".view .day-group .group-label")[0].startswith("Garage"))
    browser.screenshot("lists-sections")

    menu(browser, "More for Attic", "Delete")
    pick(browser, "Delete and keep its tasks in the project")
    browser.wait().until(lambda _: order() == ["Garage"])
    kept = person.api.get(f"/tasks/{task['id']}").json()
    assert (kept["project_id"], kept["section_id"]) == (home["id"], None)
    browser.see_text(".view .tasks", "Fix the light")

    menu(browser, "More for Garage", "Delete")
    pick(browser, "Delete it with its tasks")
    browser.wait().until(lambda _: order() == [])
    browser.wait().until(lambda _: not browser.all(".view .day-group"))
    assert [t["content"] for t in person.api.get("/tasks", params={"project_id": home["id"]}).json()["results"]] == ["Fix the light"]


def test_projects_are_arranged_with_move_buttons(browser: Browser, person: Person) -> None:
    for name in ["Work", "Home", "Errands"]:
        project(person, name)
    names = lambda: [p["name"] for p in sorted(person.api.get("/projects").json()["results"], key=lambda p: p["child_order"]) if not p["inbox_project"]]

    signed_in(browser, person, "#/tasks/projects")
    browser.button("Arrange projects").click()
    sheet = browser.sheet()
    assert "Inbox" not in sheet.text
    assert not browser.labelled("Move Work up").is_enabled()
    browser.labelled("Move Errands up").click()
    browser.wait().until(lambda _: names() == ["Work", "Errands", "Home"])
    browser.labelled("Move Errands up").click()
    browser.wait().until(lambda _: names() == ["Errands", "Work", "Home"])
    browser.screenshot("lists-arrange")
    browser.labelled("Close").click()
    browser.wait().until(lambda _: browser.texts(".view .list .grow") == ["Inbox", "Errands", "Work", "Home", "Completed"])


def test_the_projects_list_and_the_project_header_count_the_same_tasks(browser: Browser, person: Person) -> None:
    work = project(person, "Work")
    desk = section(person, "Desk", work["id"])
    parent = add(person, "Plan the launch", project_id=work["id"])
    add(person, "Book the room", parent_id=parent["id"])
    add(person, "Tidy the desk", section_id=desk["id"])
    done = add(person, "Old thing", project_id=work["id"])
    assert person.api.post(f"/tasks/{done['id']}/close").status_code == 204

    signed_in(browser, person, "#/tasks/projects")
    assert browser.row("Work").find_element(By.CSS_SELECTOR, ".count").text == "3"
    browser.row("Work").click()
    browser.see_text(".subtitle", "3 tasks")
    assert browser.find(".view .day-group .group-label span").text == "1"
    counts = person.api.get("/projects/task_counts").json()
    assert {"id": work["id"], "task_count": 3} in counts["projects"]


def test_the_inbox_offers_no_rename_or_delete(browser: Browser, person: Person) -> None:
    project(person, "Work")
    inbox = next(p for p in projects(person).values() if p["inbox_project"])
    signed_in(browser, person, "#/tasks/inbox")
    browser.see_text(".large-title", "Inbox")
    assert not browser.all(".screen-header .project-menu")
    browser.go(f"#/projects/{inbox['id']}")
    browser.see_text(".large-title", "Inbox")
    assert not browser.all(".screen-header .project-menu")
    browser.labelled("Add to Inbox").send_keys("Call the bank\n")
    browser.see_text(".view .tasks", "Call the bank")
    # The server refuses what the app does not offer.
    answer = person.api.post(f"/projects/{inbox['id']}", json={"name": "Outbox"})
    assert answer.status_code == 400 and "Inbox cannot be renamed" in answer.json()["error"]["message"]
    assert person.api.delete(f"/projects/{inbox['id']}").status_code == 400
    assert person.api.post(f"/projects/{inbox['id']}/archive").status_code == 400


def test_a_commenter_sees_no_add_fields_and_an_editor_does(browser: Browser, new_person) -> None:
    ada = new_person("Ada Lovelace")
    bob = new_person("Bob Noyce")
    launch = project(ada, "Launch")
    section(ada, "Press", launch["id"])
    add(ada, "Order the banners", project_id=launch["id"])
    share = lambda role: ada.api.post(f"/projects/{launch['id']}/members", json={"user_id": bob.user["id"], "role": role})
    assert share("commenter").status_code in (200, 201)

    signed_in(browser, bob, f"#/projects/{launch['id']}")
    browser.see_text(".view .tasks", "Order the banners")
    assert not browser.all('.view input[aria-label^="Add to"]')
    assert not browser.all('.view [aria-label="More for Press"]')
    assert "Add section" not in browser.find(".view").text
    browser.labelled("More for Launch").click()
    assert [b.text for b in browser.sheet().find_elements(By.CSS_SELECTOR, ".menu button")] == ["Mute notifications"]
    browser.screenshot("lists-commenter")
    browser.labelled("Close").click()
    refused = bob.api.post("/tasks", json={"content": "Sneaky", "project_id": launch["id"]})
    assert refused.status_code == 403

    assert share("editor").status_code in (200, 201)
    browser.driver.refresh()
    browser.labelled("Add to Launch").send_keys("Print the flyers\n")
    browser.see_text(".view .tasks", "Print the flyers")
    assert browser.labelled("More for Press") and "Add section" in browser.find(".view").text
    assert "Print the flyers" in [t["content"] for t in ada.api.get("/tasks", params={"project_id": launch["id"]}).json()["results"]]
