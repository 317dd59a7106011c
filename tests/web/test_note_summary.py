"""Notes' "Summarize": a note's bullets, decisions, blockers, open questions and next steps in a sheet."""

from __future__ import annotations

from .webapp import Browser, signed_in


def test_a_notes_summary_shows_its_parts(browser: Browser, person) -> None:
    text = (
        "Offsite planning. We decided to hold the offsite in Lisbon in May. Booking the venue is blocked on "
        "the budget approval from finance. Should we invite the contractors to the offsite? I need to send "
        "the agenda to the team by Friday."
    )
    note = person.api.post("/notes", json={"text": text}).json()
    signed_in(browser, person, "#/notes")
    browser.labelled(f"Summarize note {note['id']}").click()
    sheet = browser.sheet()
    assert sheet.find_element("css selector", "h2").text == "Note summary"
    parts = [el.text for el in sheet.find_elements("css selector", ".summary-part")]
    assert parts == ["Summary", "Decisions", "Blockers", "Open questions", "Next steps"]

    def items(part: str) -> list[str]:
        return [el.text for el in sheet.find_elements("css selector", f'ul[aria-label="{part}"] li')]

    assert items("Decisions") == ["We decided to hold the offsite in Lisbon in May."]
    assert items("Blockers") == ["Booking the venue is blocked on the budget approval from finance."]
    assert items("Open questions") == ["Should we invite the contractors to the offsite?"]
    [step] = items("Next steps")
    assert step.startswith("Send the agenda to the team · Ada Lovelace · "), step
    assert all(item in text for item in items("Summary"))
    browser.screenshot("notes-summary-sheet")
    # Nothing was written: the note is as it was, and no task was made.
    assert person.api.get(f"/notes/{note['id']}").json() == note
    assert person.api.get("/tasks").json()["results"] == []
