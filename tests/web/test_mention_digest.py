"""The missed-mention digest on Home: someone back after hours away opens the app and sees one card of what
they were mentioned in meanwhile, grouped by thread; a group opens its thread at the mention, and Dismiss
marks the rest read."""

from __future__ import annotations

import datetime as dt

from .webapp import Browser, signed_in


def route_is(browser: Browser, hash_route: str) -> None:
    browser.wait().until(lambda d: d.execute_script("return document.getElementById('view').dataset.route") == hash_route)


def test_back_after_hours_away_home_shows_the_mentions_by_thread(browser: Browser, new_person) -> None:
    ada = new_person("Ada Lovelace")
    bob = new_person("Bob")
    # Bob last opened Kairos three hours ago, on another device.
    three_hours_ago = (dt.datetime.now(dt.timezone.utc) - dt.timedelta(hours=3)).isoformat()
    opened = bob.api.post("/user/opened", json={"open_id": "earlier", "at": three_hours_ago})
    assert opened.status_code == 200 and opened.json()["away"] is False, opened.text

    launch = ada.api.post("/conversations", json={"kind": "group", "name": "Launch", "member_ids": [bob.user["id"]]}).json()
    dm = ada.api.post("/conversations", json={"kind": "dm", "user_id": bob.user["id"]}).json()

    def say(conversation: dict, text: str) -> dict:
        answer = ada.api.post(f"/conversations/{conversation['id']}/messages", json={"text": text})
        assert answer.status_code in (200, 201), answer.text
        return answer.json()

    first = say(launch, "@bob can you check the pricing table before we send it out?")
    say(launch, "the press kit is uploaded, nobody needs to do anything")
    latest = say(launch, "@bob the deck is ready for your review")
    in_dm = say(dm, "@bob lunch tomorrow at noon?")

    signed_in(browser, bob)
    card = browser.find(".missed")
    groups = browser.all(".missed .missed-groups a.row")
    assert [g.find_element("css selector", "strong").text for g in groups] == ["Ada Lovelace", "Launch"]
    assert "1 mention" in groups[0].text and "2 mentions" in groups[1].text
    assert browser.texts(".missed .missed-groups li:nth-child(2) .reason") == [
        "Ada Lovelace: @bob the deck is ready for your review",
        "Ada Lovelace: @bob can you check the pricing table before we send it out?",
    ]
    assert "press kit" not in card.text
    browser.screenshot("mentions-01-home-card")
    # Ada was never away: her Home has no card.
    assert ada.api.get("/mentions/digest").json()["groups"] == []

    # A group opens its thread at the earliest mention shown, and reading it takes the group off the card.
    groups[1].click()
    route_is(browser, f"#/messages/{launch['id']}/at/{first['id']}")
    focused = browser.find(".msg.focused")
    assert focused.get_attribute("data-id") == first["id"]
    assert "pricing table" in focused.text
    browser.screenshot("mentions-02-thread-at-the-mention")
    browser.wait().until(
        lambda _: [g["conversation_id"] for g in bob.api.get("/mentions/digest").json()["groups"]] == [dm["id"]]
    )

    browser.go("#/home")
    browser.wait().until(lambda _: browser.texts(".missed .missed-groups strong") == ["Ada Lovelace"])
    browser.button("Dismiss").click()
    browser.wait().until(lambda _: browser.all(".missed") == [])
    mentions = [n for n in bob.api.get("/notifications").json()["results"] if n["kind"] == "mention"]
    assert {n["message_id"] for n in mentions} == {first["id"], latest["id"], in_dm["id"]}
    assert all(n["read_at"] for n in mentions)
    assert bob.api.get("/mentions/digest").json()["groups"] == []
    browser.screenshot("mentions-03-dismissed")
