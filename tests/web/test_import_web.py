"""Settings › Import, on a phone and a desktop, against a live `kairos serve` whose Todoist is a second Kairos
(Kairos speaks Todoist's API, set with `--todoist-api`): a Todoist account imported with its token, with a
progress line, then what came in and a link to each new project, the lists there; a wrong token told in the
server's words with nothing imported; a Todoist CSV export imported as a project named after its file; and a file
that is no Todoist export refused, nothing imported."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from .test_account import tap
from .webapp import REPO, Browser, KairosServer, Person, server, signed_in

TODOIST_CSV = (
    "\ufeffTYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE\r\n"
    "task,Clean the oven @errand,Both racks,1,1,Ada (1),,every monday,en,Europe/Paris\r\n"
    "task,Buy oven cleaner,,3,2,Ada (1),,,,\r\n"
    "note,Use the blue sponge,,,,,,,,\r\n"
    ",,,,,,,,,\r\n"
    "section,Garden,,,,,,,,\r\n"
    "task,Plant tulips,,4,1,,,,,\r\n"
)


@pytest.fixture(scope="module")
def todoist(tmp_path_factory: pytest.TempPathFactory) -> Iterator[KairosServer]:
    """A second server standing in for Todoist."""
    address = KairosServer(host="127.0.0.1", port=server.free_port())
    proc = server.launch(address, tmp_path_factory.mktemp("todoist-data"), tmp_path_factory.mktemp("todoist-logs"))
    try:
        yield address
    finally:
        server.stop(proc)


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory, todoist: KairosServer) -> Iterator[KairosServer]:
    """The web app's server, reading Todoist at the stand-in (this module's people sign up here)."""
    address = KairosServer(host="127.0.0.1", port=server.free_port())
    proc = server.launch(
        address, tmp_path_factory.mktemp("import-web-data"), tmp_path_factory.mktemp("import-web-logs"),
        extra_args=("--web", str(REPO / "web"), "--public-url", address.url, "--todoist-api", todoist.api_url),
    )
    try:
        yield address
    finally:
        server.stop(proc)


@pytest.fixture(scope="module")
def todoist_token(todoist: KairosServer) -> str:
    """A filled Todoist account: Home with a Kitchen section, a recurring task with two subtasks and a comment,
    Garden inside Home, a label, and an Inbox task. Returns its token."""
    token, _ = server.sign_up(todoist, name="Tod")
    with server.raw_client(todoist, token) as api:
        home = api.post("/projects", json={"name": "Home", "color": "berry_red"}).json()
        garden = api.post("/projects", json={"name": "Garden", "parent_id": home["id"]}).json()
        kitchen = api.post("/sections", json={"project_id": home["id"], "name": "Kitchen"}).json()
        api.post("/labels", json={"name": "errand"})
        oven = api.post("/tasks", json={"content": "Clean the oven", "project_id": home["id"], "section_id": kitchen["id"],
                                        "labels": ["errand"], "due_string": "every monday"}).json()
        api.post("/tasks", json={"content": "Buy oven cleaner", "parent_id": oven["id"]})
        api.post("/tasks", json={"content": "Wipe the hob", "parent_id": oven["id"]})
        api.post("/tasks", json={"content": "Plant tulips", "project_id": garden["id"]})
        api.post("/comments", json={"task_id": oven["id"], "content": "Use the blue sponge"})
        api.post("/tasks", json={"content": "Call Mum"})
    return token


def project_names(person: Person) -> list[str]:
    return sorted(p["name"] for p in person.api.get("/projects").json()["results"])


def task_names(person: Person) -> list[str]:
    return sorted(t["content"] for t in person.api.get("/tasks", params={"limit": 200}).json()["results"])


def to_import(browser: Browser) -> None:
    browser.driver.execute_script("document.getElementById('import').scrollIntoView({block: 'start'})")


def slow_imports(browser: Browser) -> None:
    """Holds each import's request for a moment, so its progress line can be seen."""
    browser.driver.execute_script(
        "const send = window.fetch;"
        "window.fetch = (url, options) => String(url).includes('/user/import/')"
        "  ? new Promise((done) => setTimeout(done, 1500)).then(() => send(url, options)) : send(url, options);")


def test_a_todoist_account_comes_in_with_its_token(browser: Browser, person: Person, todoist_token: str) -> None:
    signed_in(browser, person, "#/settings")
    to_import(browser)
    browser.screenshot("import-01-settings")
    token = browser.labelled("Todoist API token")
    assert token.get_attribute("type") == "password"
    assert browser.find('a[href$="/settings/integrations/developer"]').text == "Settings › Integrations › Developer"
    token.send_keys(todoist_token)
    slow_imports(browser)
    tap(browser, browser.button("Import from Todoist"))
    browser.see_text(".import-result", "Reading your Todoist account")
    assert browser.find("form.import-todoist").get_attribute("aria-busy") == "true"
    assert browser.find("form.import-todoist button[type=submit]").get_attribute("disabled") is not None
    browser.screenshot("import-02-reading")

    browser.see_text(".import-summary", "Imported 2 projects, 5 tasks, 1 section, 1 label, 1 comment and 0 reminders.")
    # The stand-in Kairos speaks Todoist's Sync API too, so its reminders come over and nothing is left out.
    assert browser.texts(".import-left-out li") == []
    assert browser.find(".import-result").get_attribute("role") == "status"
    assert token.get_attribute("value") == ""
    assert project_names(person) == ["Garden", "Home", "Inbox"]
    assert task_names(person) == ["Buy oven cleaner", "Call Mum", "Clean the oven", "Plant tulips", "Wipe the hob"]
    assert browser.texts(".import-projects li") == ["Home", "Garden"]
    browser.driver.execute_script("document.querySelector('.import-result').scrollIntoView({block: 'center'})")
    browser.screenshot("import-03-imported")

    # The link opens the imported list, with its tasks.
    home = next(p for p in person.api.get("/projects").json()["results"] if p["name"] == "Home")
    tap(browser, browser.find(".import-projects a"))
    browser.wait().until(lambda d: d.execute_script("return document.getElementById('view').dataset.route") == f"#/projects/{home['id']}")
    browser.see_text("#view", "Clean the oven")
    browser.see_text("#view", "Kitchen")
    browser.screenshot("import-04-home-list")


def test_a_wrong_token_says_where_to_copy_it(browser: Browser, person: Person, todoist_token: str) -> None:
    signed_in(browser, person, "#/settings")
    to_import(browser)
    browser.labelled("Todoist API token").send_keys("not-a-token")
    tap(browser, browser.button("Import from Todoist"))
    browser.see_text("form.import-todoist .form-error", "Todoist did not accept this token: copy it again from Todoist's Settings › Integrations › Developer.")
    assert browser.texts(".import-result") == [""]
    assert project_names(person) == ["Inbox"] and task_names(person) == []
    browser.driver.execute_script("document.querySelector('form.import-todoist').scrollIntoView({block: 'center'})")
    browser.screenshot("import-05-wrong-token")
    # Nothing typed: the form says so, and nothing is sent.
    tap(browser, browser.button("Import CSV file"))
    browser.see_text("form.import-csv .form-error", "Choose the CSV file Todoist exported first.")


def test_a_todoist_csv_export_becomes_a_list(browser: Browser, person: Person, tmp_path: Path) -> None:
    exported = tmp_path / "Home Jobs.csv"
    exported.write_text(TODOIST_CSV, encoding="utf-8", newline="")
    signed_in(browser, person, "#/settings")
    to_import(browser)
    browser.labelled("Todoist CSV file").send_keys(str(exported))
    slow_imports(browser)
    tap(browser, browser.button("Import CSV file"))
    browser.see_text(".import-result", "Importing the CSV file")
    browser.see_text(".import-summary", "Imported 1 project, 3 tasks, 1 section, 1 label and 1 comment.")
    assert browser.texts(".import-left-out li") == []
    assert browser.texts(".import-projects li") == ["Home Jobs"]
    assert project_names(person) == ["Home Jobs", "Inbox"]
    assert task_names(person) == ["Buy oven cleaner", "Clean the oven", "Plant tulips"]
    browser.driver.execute_script("document.querySelector('.import-result').scrollIntoView({block: 'center'})")
    browser.screenshot("import-06-csv-imported")
    tap(browser, browser.find(".import-projects a"))
    browser.see_text("#view", "Plant tulips")
    browser.see_text("#view", "Garden")
    browser.screenshot("import-07-csv-list")


def test_a_file_that_is_no_todoist_export_imports_nothing(browser: Browser, person: Person, tmp_path: Path) -> None:
    other = tmp_path / "people.csv"
    other.write_text("name,email\nAda,ada@example.com\n")
    signed_in(browser, person, "#/settings")
    to_import(browser)
    browser.labelled("Todoist CSV file").send_keys(str(other))
    tap(browser, browser.button("Import CSV file"))
    browser.see_text("form.import-csv .form-error", "The file is not a Todoist CSV export")
    assert project_names(person) == ["Inbox"] and task_names(person) == []
    browser.driver.execute_script("document.querySelector('form.import-csv').scrollIntoView({block: 'center'})")
    browser.screenshot("import-08-not-a-todoist-csv")


def test_the_server_reads_only_its_own_todoist(web_server: KairosServer, person: Person, todoist_token: str) -> None:
    """A request cannot point the server at another address (no server-side request forgery)."""
    answer = person.api.post("/user/import/todoist", json={"token": todoist_token, "api": "http://127.0.0.1:1/"})
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "invalid_field"
    assert project_names(person) == ["Inbox"]
    # Signed out, nothing is read.
    assert httpx.post(f"{web_server.api_url}/user/import/todoist", json={"token": todoist_token}).status_code == 401
