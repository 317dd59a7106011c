import Foundation
import KairosCapture
import KairosCore
import Testing

/// Capture rules 7 and 8: deadline statements and promises make tasks, corrections win, and what makes no task
/// comes back set aside.
@Suite struct NothingLostTests {
    let engine = CaptureEngine()
    /// A Wednesday morning in Berlin.
    let context = CaptureContext(
        now: LocalDateTime(iso: "2026-09-16T10:20")!, timeZone: TimeZone(identifier: "Europe/Berlin")!,
        lists: ["Inbox", "Home", "Grocery"])

    func tasks(_ text: String) -> [String] {
        engine.capture(text, context: context).tasks.map { "\($0.title) \($0.due?.iso ?? "-")" }
    }

    func setAside(_ text: String) -> [String] {
        engine.capture(text, context: context).setAside.map(\.text)
    }

    @Test func setAsideClausesKeepTheirPlaceInWhatWasSaid() throws {
        let text = "ugh this week is crazy, i need to call the dentist and the printer is out of toner, you know"
        let result = engine.capture(text, context: context)
        #expect(result.tasks.map(\.title) == ["Call the dentist"])
        #expect(result.setAside.map(\.text) == ["this week is crazy", "the printer is out of toner"])
        for clause in result.setAside {
            #expect(String(decoding: Array(text.utf16)[clause.span], as: UTF16.self) == clause.text)
        }
        #expect(setAside("um uh okay so yeah").isEmpty)
    }

    @Test func aRemarkThatDatesTheTaskBeforeIsNotSetAside() {
        #expect(tasks("pay the internet bill it's due friday") == ["Pay the internet bill 2026-09-18T09:00"])
        #expect(setAside("pay the internet bill it's due friday").isEmpty)
    }

    @Test func deadlineStatementsAreTasksNamedForWhatIsDue() {
        #expect(
            tasks("clean the garage and the quarterly report is due next tuesday") == [
                "Clean the garage -", "Quarterly report 2026-09-22T09:00",
            ])
        #expect(tasks("my library books are due back on saturday") == ["Library books 2026-09-19T09:00"])
        #expect(tasks("the milk runs out tomorrow") == ["Milk 2026-09-17T09:00"])
        #expect(tasks("our tax return has to be done by friday") == ["Tax return 2026-09-18T09:00"])
        #expect(tasks("the meeting is on friday at two") == ["Meeting 2026-09-18T14:00"])
        #expect(tasks("my passport expires in march") == ["Passport -"])
        // A verb that is also a noun is still an action; a fact with no date is set aside.
        #expect(tasks("rent the car on friday") == ["Rent the car 2026-09-18T09:00"])
        #expect(tasks("the weather is nice today").isEmpty)
        #expect(setAside("the weather is nice today") == ["the weather is nice today"])
    }

    @Test func aReportedPromiseIsATaskForThePromisedAction() throws {
        let result = engine.capture(
            "i promised sam i'd send the photos and i told the landlord i would fix the fence by friday",
            context: context)
        #expect(result.tasks.map(\.title) == ["Send the photos", "Fix the fence"])
        #expect(result.tasks.map(\.description) == ["Promised to Sam", "Promised to the landlord"])
        #expect(result.tasks.map { $0.due?.iso } == [nil, "2026-09-18T09:00"])
        #expect(tasks("we promised to repaint the shed") == ["Repaint the shed -"])
        // Telling someone else to act is not a promise of one's own.
        #expect(tasks("i told sam to call me tomorrow").isEmpty)
    }

    @Test func aCorrectedTimeOrDayReplacesOnlyThatPart() {
        #expect(tasks("call mom at five no wait six") == ["Call mom 2026-09-16T18:00"])
        #expect(tasks("buy milk tomorrow actually make that friday") == ["Buy milk 2026-09-18T09:00"])
        #expect(tasks("repot the cactus thursday at ten no wait sunday") == ["Repot the cactus 2026-09-20T10:00"])
        #expect(tasks("pick up the kids at three, wait, four") == ["Pick up the kids 2026-09-16T16:00"])
        #expect(tasks("dentist on the ninth i mean the tenth") == ["Dentist 2026-10-10T09:00"])
    }

    @Test func aCorrectionWithANewActionReplacesTheTaskBefore() {
        #expect(tasks("email bob about the invoice scratch that email alice") == ["Email alice -"])
        #expect(
            tasks("ring the plumber monday scratch that email the plumber") == ["Email the plumber 2026-09-21T09:00"])
        #expect(tasks("call bob no wait call alice") == ["Call alice -"])
        // "actually" with a new action about something else is only a lead-in.
        #expect(tasks("buy milk, actually i also need to call the bank") == ["Buy milk -", "Call the bank -"])
    }

    @Test func cancellingATaskSetsItsWordsAside() {
        let result = engine.capture("remind me to water the plants tonight never mind that", context: context)
        #expect(result.tasks.isEmpty)
        #expect(result.setAside.map(\.text) == ["water the plants tonight"])
        #expect(tasks("email the report scratch that and call the client") == ["Call the client -"])
        #expect(setAside("email the report scratch that and call the client") == ["email the report"])
    }

    @Test func wordsThatCanCorrectAreOrdinaryWordsElsewhere() {
        #expect(tasks("tell him to wait for me") == ["Tell him to wait for me -"])
        #expect(tasks("say sorry to mom") == ["Say sorry to mom -"])
        #expect(tasks("say no to the committee") == ["Say no to the committee -"])
    }
}
