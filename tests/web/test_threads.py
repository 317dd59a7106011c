"""Threads on a phone and a desktop: a thread opens at its newest message, or at the first unread one under
a "New messages" divider, and holds there while images load; starting a group from the people directory;
search hits that name the person and the thread, in Search and inside a thread; and the Messages tab's
unread badge and the bell kept current live when the user reads on another device.

Other people (and the user's "other device") act through the API."""

from __future__ import annotations

from .test_messages import dm, png, say
from .webapp import Browser, Person, signed_in


def last_message_in_view(browser: Browser) -> bool:
    """Whether the newest message shows whole, below the thread's header and above the composer."""
    return browser.driver.execute_script(
        """
        const last = [...document.querySelectorAll('.messages .msg')].at(-1).getBoundingClientRect();
        const head = document.querySelector('.thread-head').getBoundingClientRect();
        const composer = document.querySelector('.composer').getBoundingClientRect();
        return last.top >= head.bottom && last.bottom <= composer.top + 1;
        """
    )


def images_loaded(browser: Browser) -> bool:
    return browser.driver.execute_script(
        "const imgs = [...document.querySelectorAll('.messages img')]; return imgs.length > 0 && imgs.every(i => i.complete && i.naturalHeight > 0)"
    )


def test_a_thread_with_an_image_opens_and_stays_at_its_newest_message(browser: Browser, new_person) -> None:
    ada, bob = new_person("Ada Lovelace"), new_person("Bob Stone")
    conversation = dm(ada, bob)
    for n in range(12):
        say(bob if n % 2 else ada, conversation, f"Message number {n} about the garden plans")
    photo = bob.api.post("/attachments", params={"name": "garden.png"}, content=png(600, 800)).json()
    say(bob, conversation, "Here is the garden", attachment_ids=[photo["id"]])
    last = say(bob, conversation, "And this is the newest one")
    ada.api.post(f"/conversations/{conversation}/read", json={"message_id": last["id"]})

    signed_in(browser, ada, f"#/messages/{conversation}")
    for attempt in range(5):
        browser.find(".composer")
        browser.wait().until(lambda d: images_loaded(browser))
        browser.wait(3).until(lambda d: last_message_in_view(browser), f"re-open {attempt}: the newest message is out of view")
        assert browser.all(".unread-divider") == []
        browser.go("#/messages")
        browser.row("Bob Stone").click()
        browser.wait().until(lambda d: d.execute_script("return document.getElementById('view').dataset.route") == f"#/messages/{conversation}")
    browser.find(".composer")
    browser.wait().until(lambda d: images_loaded(browser))
    browser.screenshot("threads-01-newest-in-view")
    assert last_message_in_view(browser)

    # Scrolled up to read, the thread stays where the user put it when a message arrives.
    browser.driver.execute_script("window.scrollTo(0, 0)")
    say(bob, conversation, "One more from Bob")
    browser.see_text(".messages", "One more from Bob")
    assert browser.driver.execute_script("return window.scrollY") == 0


def shown_messages(browser: Browser) -> list[str]:
    return browser.driver.execute_script("return [...document.querySelectorAll('.messages .msg .bubble')].map(b => b.textContent)")


def test_a_long_thread_opens_on_its_newest_screenful_and_draws_older_messages_as_the_user_scrolls_up(browser: Browser, new_person) -> None:
    ada, bob = new_person("Ada Lovelace"), new_person("Bob Stone")
    conversation = dm(ada, bob)
    sent = [say(bob if n % 3 else ada, conversation, f"Long thread message {n}")["text"] for n in range(130)]
    ada.api.post(f"/conversations/{conversation}/read", json={"message_id": ada.api.get(f"/conversations/{conversation}/messages", params={"limit": 1}).json()["results"][0]["id"]})

    signed_in(browser, ada, f"#/messages/{conversation}")
    browser.find(".composer")
    browser.wait(3).until(lambda d: last_message_in_view(browser), "the newest message is out of view")
    opening = shown_messages(browser)
    assert opening == sent[-len(opening):] and len(opening) < 60, f"drew {len(opening)} messages before showing the thread"
    browser.screenshot("threads-02-long-thread-newest")
    # An old message edited while the user reads the newest stays in its place, edited.
    edited = bob.api.get(f"/conversations/{conversation}/messages", params={"limit": 100}).json()["results"][-2]
    assert edited["text"] == sent[31]
    assert bob.api.post(f"/messages/{edited['id']}", json={"text": "Long thread message 31, edited"}).status_code == 200
    sent[31] = "Long thread message 31, edited"
    sent.append(say(bob, conversation, "After the edit")["text"])
    browser.wait().until(lambda d: shown_messages(browser)[-1] == "After the edit")
    assert shown_messages(browser)[-2] == sent[-2]

    # Scrolling up draws the older ones above, the fetched first and then the server's earlier page, and
    # what the user was reading stays where it was.
    for _ in range(20):
        if shown_messages(browser)[0] == sent[0]:
            break
        reading = browser.driver.execute_script(
            "const b = document.querySelector('.messages .msg .bubble'); window.scrollTo(0, 0); return [b.textContent, b.getBoundingClientRect().top]")
        browser.wait().until(
            lambda d: shown_messages(browser)[0] != reading[0],
            f"scrolling to the top from {reading[0]} drew nothing older")
        now = browser.driver.execute_script(
            "return [...document.querySelectorAll('.messages .msg .bubble')].find(b => b.textContent === arguments[0]).getBoundingClientRect().top", reading[0])
        assert abs(now - reading[1]) <= 2, f"the message being read moved from {reading[1]} to {now} when older ones were drawn above it"
    assert shown_messages(browser) == sent
    assert browser.all(".messages .older") == []
    browser.screenshot("threads-03-long-thread-oldest")


def test_a_thread_opens_at_the_first_unread_message_under_a_divider(browser: Browser, new_person) -> None:
    ada, bob = new_person("Ada Lovelace"), new_person("Bob Stone")
    conversation = dm(ada, bob)
    for n in range(20):
        say(ada, conversation, f"Old message {n} from Ada, read long ago")
    read = say(bob, conversation, "Bob's last read one")
    ada.api.post(f"/conversations/{conversation}/read", json={"message_id": read["id"]})
    first_unread = say(bob, conversation, "First unread from Bob")
    for n in range(15):
        say(bob, conversation, f"Unread {n} from Bob")

    signed_in(browser, ada, f"#/messages/{conversation}")
    divider = browser.find(".unread-divider")
    assert divider.text == "New messages"
    following = browser.driver.execute_script("return arguments[0].nextElementSibling.dataset.id", divider)
    assert following == first_unread["id"]
    # The divider sits just under the header, where reading starts.
    browser.wait(3).until(
        lambda d: d.execute_script(
            "const top = arguments[0].getBoundingClientRect().top, head = document.querySelector('.thread-head').getBoundingClientRect().bottom;"
            "return top >= head && top < head + 40",
            divider,
        )
    )
    browser.screenshot("threads-02-unread-divider")
    # Opening the thread read it: the server has Ada's read position at the newest message.
    newest = ada.api.get(f"/conversations/{conversation}/messages", params={"limit": 1}).json()["results"][0]
    browser.wait().until(lambda d: ada.api.get(f"/conversations/{conversation}").json()["last_read_message_id"] == newest["id"])


def test_new_message_picks_people_from_the_directory_and_several_make_a_named_group(browser: Browser, new_person) -> None:
    ada, bob, carol, dave = new_person("Ada Lovelace"), new_person("Bob Stone"), new_person("Carol Reyes"), new_person("Dave Outsider")
    dm(ada, bob)
    dm(ada, carol)
    signed_in(browser, ada, "#/messages")
    browser.labelled("New message").click()
    sheet = browser.sheet()
    people = lambda: [name.text for name in sheet.find_elements("css selector", ".members .name")]
    browser.wait().until(lambda d: people() == ["Bob Stone", "Carol Reyes"])
    search = browser.labelled("Name or email")
    # Dave shares nothing with Ada: the directory never offers him, by name or by email.
    search.send_keys("dave")
    browser.see_text(".sheet .members", "No one matches.")
    search.clear()
    search.send_keys(carol.email.split("@")[0])
    browser.wait().until(lambda d: people() == ["Carol Reyes"])
    sheet.find_element("css selector", ".members .row").click()
    assert not browser.all('[aria-label="Group name"]')[0].is_displayed()
    search.clear()
    search.send_keys("sto")
    browser.wait().until(lambda d: people() == ["Bob Stone"])
    sheet.find_element("css selector", ".members .row").click()
    name = browser.labelled("Group name")
    assert name.is_displayed()
    name.send_keys("Garden club")
    browser.screenshot("threads-03-new-group")
    browser.button("Start conversation").click()
    browser.wait().until(lambda d: d.execute_script("return document.getElementById('view').dataset.route").startswith("#/messages/"))
    browser.see_text(".thread-head h1", "Garden club")
    group_id = browser.driver.execute_script("return document.getElementById('view').dataset.route").split("/")[-1]
    stored = ada.api.get(f"/conversations/{group_id}").json()
    assert (stored["kind"], stored["name"]) == ("group", "Garden club")
    assert sorted(m["name"] for m in stored["members"]) == ["Ada Lovelace", "Bob Stone", "Carol Reyes"]
    assert dave.api.get(f"/conversations/{group_id}").status_code == 404

    # One person picked is a direct message with them.
    browser.go("#/messages")
    browser.labelled("New message").click()
    sheet = browser.sheet()
    browser.wait().until(lambda d: "Bob Stone" in people())
    sheet.find_element("xpath", ".//label[contains(., 'Bob Stone')]").click()
    browser.button("Start conversation").click()
    browser.see_text(".thread-head h1", "Bob Stone")
    assert [c["kind"] for c in ada.api.get("/conversations").json()["results"]].count("group") == 1


def hits(browser: Browser) -> list[tuple[str, str]]:
    return [(hit.find_element("css selector", ".text").text, hit.find_element("css selector", ".when").text) for hit in browser.all(".search-hit")]


def test_search_hits_name_the_person_and_thread_in_messages_and_inside_a_thread(browser: Browser, new_person) -> None:
    ada, bob, carol = new_person("Ada Lovelace"), new_person("Bob Stone"), new_person("Carol Reyes")
    conversation = dm(ada, bob)
    say(bob, conversation, "bring the projector and cables")
    say(ada, conversation, "the projector & screen are mine")
    band = carol.api.post("/conversations", json={"kind": "group", "name": "Band", "member_ids": [ada.user["id"]]}).json()["id"]
    say(carol, band, "our projector is broken")
    secrets = carol.api.post("/conversations", json={"kind": "group", "name": "Secrets", "member_ids": [bob.user["id"]]}).json()["id"]
    say(bob, secrets, "a projector only Carol knows about")

    signed_in(browser, ada, "#/messages")
    browser.labelled("Search messages").click()
    browser.find('input[aria-label="Search messages"]').send_keys("projector")
    browser.wait().until(lambda d: len(hits(browser)) == 3)
    assert sorted(hits(browser)) == [
        ("bring the projector and cables", "Bob Stone"),
        ("our projector is broken", "Carol Reyes · Band"),
        ("the projector & screen are mine", "You · Bob Stone"),
    ]
    browser.screenshot("threads-04-search-messages")
    found = ada.api.get("/search", params={"q": "projector"}).json()["results"]
    assert {h["conversation_id"] for h in found} == {conversation, band}
    assert {(h["author_name"], h["conversation_name"]) for h in found} == {("Bob Stone", "Bob Stone"), ("Ada Lovelace", "Bob Stone"), ("Carol Reyes", "Band")}

    # Inside the thread with Bob, search finds only that thread's messages.
    browser.go(f"#/messages/{conversation}")
    browser.labelled("Search this conversation").click()
    browser.find('input[aria-label="Search this conversation"]').send_keys("projector")
    browser.wait().until(lambda d: len(hits(browser)) == 2)
    assert sorted(text for text, _ in hits(browser)) == ["bring the projector and cables", "the projector & screen are mine"]
    browser.all(".search-hit")[0].click()
    browser.wait().until(lambda d: d.execute_script("return document.getElementById('view').dataset.route") == f"#/messages/{conversation}")


def test_unread_badge_and_bell_follow_messages_read_on_another_device(browser: Browser, new_person) -> None:
    ada, bob = new_person("Ada Lovelace"), new_person("Bob Stone")
    conversation = dm(ada, bob)
    signed_in(browser, ada, "#/home")
    browser.find(".bell")
    badge = '.tab[data-tab="messages"] .badge'
    assert not browser.all(badge)[0].is_displayed()

    say(bob, conversation, "are you coming tonight?")
    last = say(bob, conversation, "bring the projector")
    browser.see_text(badge, "2")
    browser.see_text(".bell-count", "2")
    browser.screenshot("threads-05-unread-badge")

    # Ada reads the thread on her phone: this browser's badge and bell clear without a reload.
    ada.api.post(f"/conversations/{conversation}/read", json={"message_id": last["id"]})
    browser.wait().until(lambda d: not browser.all(badge)[0].is_displayed())
    browser.wait().until(lambda d: not browser.all(".bell-count"))
    assert ada.api.get("/notifications/unread_count").json()["unread_count"] == 0
    assert ada.api.get("/conversations/unread_count").json()["unread_count"] == 0



def test_a_thread_opened_from_the_list_draws_from_what_was_fetched_ahead_and_never_misses_a_newer_message(
    browser: Browser, new_person
) -> None:
    ada, bob = new_person("Ada Lovelace"), new_person("Bob Noyce")
    conversation = dm(ada, bob)
    say(bob, conversation, "Are we on for Friday?")
    signed_in(browser, ada, "#/messages")
    browser.see_text(".threads", "Are we on for Friday?")
    history = f"/api/v1/conversations/{conversation}/messages?limit=100"
    fetched = lambda: browser.driver.execute_script("return performance.getEntriesByType('resource').filter(e => e.name.endsWith(arguments[0])).length", history)
    browser.wait().until(lambda _: fetched() == 1)
    browser.row("Bob Noyce").click()
    browser.see_text(".messages", "Are we on for Friday?")
    assert fetched() == 1, "the thread fetched its history again instead of drawing what the list fetched ahead"

    # A message that comes while the list shows is never lost to the copy fetched before it.
    browser.go("#/messages")
    browser.wait().until(lambda _: fetched() == 2)
    say(bob, conversation, "Bring the slides too.")
    browser.see_text(".threads", "Bring the slides too.")
    browser.row("Bob Noyce").click()
    browser.see_text(".messages", "Bring the slides too.")
