"""`kairos token` makes the app password a CalDAV app signs in with, and `kairos feeds` the private address a
calendar app subscribes to; both end when revoked or deleted."""

from __future__ import annotations

from pathlib import Path

import caldav
import httpx
import pytest
from caldav.lib import error

from conftest import KairosServer
from test_cli import kairos, logged_in  # noqa: F401  (the fixture)


def test_an_app_password_signs_a_caldav_app_in_until_it_is_revoked(logged_in: Path, kairos_server: KairosServer) -> None:
    made = kairos("token", "create", "--name", "iPhone", config=logged_in)
    assert made.returncode == 0, made.stderr
    password = made.stdout.strip().splitlines()[-1]
    assert password.startswith("kai_")
    listed = kairos("token", config=logged_in)
    assert "iPhone" in listed.stdout and password not in listed.stdout
    email = httpx.get(f"{kairos_server.api_url}/user", headers={"Authorization": f"Bearer {password}"}).json()["email"]
    client = caldav.DAVClient(url=kairos_server.url + "/", username=email, password=password)
    assert [c.get_display_name() for c in client.principal().calendars()] == ["Inbox"]

    token_id = next(line.split("\t")[0] for line in listed.stdout.splitlines() if "\tiPhone\t" in line)
    assert kairos("token", "revoke", token_id, config=logged_in).returncode == 0
    with pytest.raises(error.AuthorizationError):
        caldav.DAVClient(url=kairos_server.url + "/", username=email, password=password).principal()


def test_a_feed_is_made_read_by_a_calendar_app_and_ended(logged_in: Path, kairos_server: KairosServer) -> None:
    assert kairos("add", "Call the bank tomorrow at 3pm", config=logged_in).returncode == 0
    made = kairos("feeds", "--add", config=logged_in)
    assert made.returncode == 0, made.stderr
    url = made.stdout.strip().splitlines()[-1]
    feed = httpx.get(url)
    assert feed.status_code == 200 and feed.headers["content-type"].startswith("text/calendar")
    assert "BEGIN:VEVENT" in feed.text and "SUMMARY:Call the bank" in feed.text

    listed = kairos("feeds", config=logged_in)
    assert "all projects" in listed.stdout and url not in listed.stdout
    feed_id = listed.stdout.split("\t", 1)[0].strip()
    assert kairos("feeds", "--delete", feed_id, config=logged_in).returncode == 0
    assert httpx.get(url).status_code == 404
    wrong = kairos("feeds", "--project", "1", config=logged_in)
    assert wrong.returncode != 0 and "--project goes with --add" in wrong.stderr
