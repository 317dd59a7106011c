import Testing

@testable import KairosCore

@Suite("RecurrenceRule: where a completed recurring task moves")
struct RecurrenceRuleCompletionTests {
    static func date(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    @Test func aRuleFromCompletionCountsFromTheDayItIsDone() {
        let rule = RecurrenceRule(frequency: .daily, interval: 3, fromCompletion: true)
        #expect(
            rule.nextDue(after: Self.date("2026-03-04"), completedOn: Self.date("2026-03-06"))
                == Self.date("2026-03-09"))
        // Done early, it still counts from the day it was done.
        #expect(
            rule.nextDue(after: Self.date("2026-03-10"), completedOn: Self.date("2026-03-06"))
                == Self.date("2026-03-09"))
        let weekly = RecurrenceRule(frequency: .weekly, fromCompletion: true)
        #expect(
            weekly.nextDue(after: Self.date("2026-03-02"), completedOn: Self.date("2026-03-05"))
                == Self.date("2026-03-12"))
    }

    @Test func anyOtherRuleKeepsItsRhythmAndSkipsMissedDates() {
        let rule = RecurrenceRule(frequency: .daily, interval: 3)
        #expect(
            rule.nextDue(after: Self.date("2026-03-04"), completedOn: Self.date("2026-03-06"))
                == Self.date("2026-03-07"))
        #expect(
            rule.nextDue(after: Self.date("2026-03-04"), completedOn: Self.date("2026-03-12"))
                == Self.date("2026-03-13"))
    }

    @Test func theFlagStaysOutOfTheRRuleButShowsInTheDescription() throws {
        let rule = RecurrenceRule(frequency: .daily, interval: 3, fromCompletion: true)
        #expect(rule.rrule == "FREQ=DAILY;INTERVAL=3")
        #expect(rule.humanDescription == "every! 3 days")
        #expect(try RecurrenceRule(rrule: rule.rrule).fromCompletion == false)
    }
}
