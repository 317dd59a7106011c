import Testing

@testable import KairosCore

@Suite("RecurrenceRule")
struct RecurrenceRuleTests {
    static func date(_ iso: String) -> LocalDate {
        LocalDate(iso: iso)!
    }

    static func rule(_ rrule: String) -> RecurrenceRule {
        try! RecurrenceRule(rrule: rrule)
    }

    // MARK: Parsing and formatting

    @Test func parsesCanonicalRule() throws {
        let rule = try RecurrenceRule(rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE")
        #expect(rule == RecurrenceRule(frequency: .weekly, interval: 2, byDay: [.monday, .wednesday]))
        #expect(rule.rrule == "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE")
    }

    @Test(arguments: [
        ("RRULE:BYDAY=WE,MO;INTERVAL=2;FREQ=WEEKLY", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE"),
        ("rrule:freq=daily;interval=1", "FREQ=DAILY"),
        ("FREQ=MONTHLY;BYMONTHDAY=-1", "FREQ=MONTHLY;BYMONTHDAY=-1"),
        ("BYMONTHDAY=15;FREQ=MONTHLY;INTERVAL=3", "FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15"),
        ("FREQ=WEEKLY;BYDAY=FR,MO,FR;", "FREQ=WEEKLY;BYDAY=MO,FR"),
        ("  FREQ=YEARLY  ", "FREQ=YEARLY"),
    ])
    func canonicalizes(input: String, canonical: String) throws {
        let rule = try RecurrenceRule(rrule: input)
        #expect(rule.rrule == canonical)
        #expect(try RecurrenceRule(rrule: rule.rrule) == rule)
    }

    @Test(arguments: [
        ("FREQ=HOURLY", "FREQ"),
        ("FREQ=DAILY;COUNT=5", "COUNT"),
        ("FREQ=DAILY;UNTIL=20260101", "UNTIL"),
        ("FREQ=DAILY;INTERVAL=0", "INTERVAL"),
        ("FREQ=DAILY;INTERVAL=-2", "INTERVAL"),
        ("FREQ=DAILY;INTERVAL=+2", "INTERVAL"),
        ("FREQ=DAILY;INTERVAL=two", "INTERVAL"),
        ("FREQ=DAILY;INTERVAL=99999999999999999999", "INTERVAL"),
        ("FREQ=WEEKLY;BYDAY=XX", "BYDAY"),
        ("FREQ=MONTHLY;BYDAY=1MO", "BYDAY"),
        ("FREQ=WEEKLY;BYDAY=", "BYDAY"),
        ("FREQ=WEEKLY;BYDAY=MO,,WE", "BYDAY"),
        ("FREQ=MONTHLY;BYMONTHDAY=32", "BYMONTHDAY"),
        ("FREQ=MONTHLY;BYMONTHDAY=0", "BYMONTHDAY"),
        ("FREQ=MONTHLY;BYMONTHDAY=-2", "BYMONTHDAY"),
        ("FREQ=MONTHLY;BYMONTHDAY=1,15", "BYMONTHDAY"),
        ("FREQ=WEEKLY;BYMONTHDAY=3", "BYMONTHDAY"),
        ("INTERVAL=2", "FREQ"),
        ("", "FREQ"),
        ("FREQ=DAILY;FREQ=WEEKLY", "FREQ"),
        ("FREQ", "FREQ"),
    ])
    func rejectsInvalidRules(input: String, namedPart: String) {
        #expect {
            try RecurrenceRule(rrule: input)
        } throws: { error in
            (error as? RecurrenceRuleError)?.message.contains(namedPart) == true
        }
    }

    @Test func normalizesDaysInMemberwiseInit() {
        let rule = RecurrenceRule(frequency: .weekly, byDay: [.friday, .monday, .friday])
        #expect(rule.byDay == [.monday, .friday])
        #expect(rule.interval == 1 && rule.byMonthDay == nil)
    }

    // MARK: Next occurrence

    @Test func dailyRollsOverTheYear() {
        let daily = RecurrenceRule(frequency: .daily)
        #expect(
            daily.nextOccurrence(after: Self.date("2026-12-31"), start: Self.date("2026-01-01"))
                == Self.date("2027-01-01"))
        #expect(
            daily.nextOccurrence(after: Self.date("2024-02-28"), start: Self.date("2024-02-28"))
                == Self.date("2024-02-29"))
    }

    @Test func dailyIntervalIsAnchoredOnStart() {
        let everyThird = RecurrenceRule(frequency: .daily, interval: 3)
        let start = Self.date("2026-03-01")
        #expect(everyThird.nextOccurrence(after: start, start: start) == Self.date("2026-03-04"))
        #expect(everyThird.nextOccurrence(after: Self.date("2026-03-05"), start: start) == Self.date("2026-03-07"))
        #expect(everyThird.nextOccurrence(after: Self.date("2026-03-06"), start: start) == Self.date("2026-03-07"))
    }

    @Test func weeklyRepeatsTheStartWeekday() {
        let start = Self.date("2026-03-11")
        #expect(
            RecurrenceRule(frequency: .weekly).nextOccurrence(after: start, start: start) == Self.date("2026-03-18"))
        let biweekly = RecurrenceRule(frequency: .weekly, interval: 2)
        #expect(biweekly.nextOccurrence(after: start, start: start) == Self.date("2026-03-25"))
        #expect(biweekly.nextOccurrence(after: Self.date("2026-03-20"), start: start) == Self.date("2026-03-25"))
        #expect(biweekly.nextOccurrence(after: Self.date("2026-03-25"), start: start) == Self.date("2026-04-08"))
    }

    @Test func weeklyWithSeveralDays() {
        let rule = Self.rule("FREQ=WEEKLY;BYDAY=MO,WE,FR")
        let start = Self.date("2026-03-09")
        #expect(rule.nextOccurrence(after: Self.date("2026-03-11"), start: start) == Self.date("2026-03-13"))
        #expect(rule.nextOccurrence(after: Self.date("2026-03-13"), start: start) == Self.date("2026-03-16"))
        #expect(rule.nextOccurrence(after: Self.date("2026-03-15"), start: start) == Self.date("2026-03-16"))
        #expect(rule.nextOccurrence(after: Self.date("2026-12-30"), start: start) == Self.date("2027-01-01"))
    }

    @Test func biweeklyWithSeveralDaysSkipsOddWeeks() {
        let rule = Self.rule("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE")
        let start = Self.date("2026-03-11")
        #expect(rule.nextOccurrence(after: start, start: start) == Self.date("2026-03-23"))
        #expect(rule.nextOccurrence(after: Self.date("2026-03-23"), start: start) == Self.date("2026-03-25"))
        #expect(rule.nextOccurrence(after: Self.date("2026-03-25"), start: start) == Self.date("2026-04-06"))
        #expect(rule.nextOccurrence(after: Self.date("2026-03-30"), start: start) == Self.date("2026-04-06"))
    }

    @Test func monthlyKeepsTheStartDayThroughShortMonths() {
        let monthly = RecurrenceRule(frequency: .monthly)
        let start = Self.date("2026-01-31")
        #expect(monthly.nextOccurrence(after: start, start: start) == Self.date("2026-02-28"))
        #expect(monthly.nextOccurrence(after: Self.date("2026-02-28"), start: start) == Self.date("2026-03-31"))
        #expect(monthly.nextOccurrence(after: Self.date("2026-03-31"), start: start) == Self.date("2026-04-30"))
        #expect(monthly.nextOccurrence(after: Self.date("2026-12-31"), start: start) == Self.date("2027-01-31"))
    }

    @Test func monthlyOnThe31stClampsInThirtyDayMonths() {
        let rule = Self.rule("FREQ=MONTHLY;BYMONTHDAY=31")
        let start = Self.date("2026-03-31")
        #expect(rule.nextOccurrence(after: start, start: start) == Self.date("2026-04-30"))
        #expect(rule.nextOccurrence(after: Self.date("2026-04-30"), start: start) == Self.date("2026-05-31"))
        #expect(rule.nextOccurrence(after: Self.date("2024-01-31"), start: start) == start)
    }

    @Test func monthlyOnTheLastDay() {
        let rule = Self.rule("FREQ=MONTHLY;BYMONTHDAY=-1")
        let start = Self.date("2024-01-31")
        #expect(rule.nextOccurrence(after: start, start: start) == Self.date("2024-02-29"))
        #expect(rule.nextOccurrence(after: Self.date("2024-02-29"), start: start) == Self.date("2024-03-31"))
        #expect(rule.nextOccurrence(after: Self.date("2025-01-31"), start: start) == Self.date("2025-02-28"))
    }

    @Test func monthlyIntervalIsAnchoredOnStart() {
        let quarterly = Self.rule("FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15")
        let start = Self.date("2026-01-15")
        #expect(quarterly.nextOccurrence(after: Self.date("2026-02-01"), start: start) == Self.date("2026-04-15"))
        #expect(quarterly.nextOccurrence(after: Self.date("2026-10-15"), start: start) == Self.date("2027-01-15"))
    }

    @Test func monthlyIntersectsDayAndWeekday() {
        let fridayThe13th = Self.rule("FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13")
        let start = Self.date("2026-01-01")
        #expect(fridayThe13th.nextOccurrence(after: start, start: start) == Self.date("2026-02-13"))
        #expect(fridayThe13th.nextOccurrence(after: Self.date("2026-02-13"), start: start) == Self.date("2026-03-13"))
        #expect(fridayThe13th.nextOccurrence(after: Self.date("2026-03-13"), start: start) == Self.date("2026-11-13"))
    }

    @Test func monthlyByDayMeansEveryMatchingWeekday() {
        let rule = Self.rule("FREQ=MONTHLY;BYDAY=MO")
        let start = Self.date("2026-03-01")
        #expect(rule.nextOccurrence(after: Self.date("2026-03-11"), start: start) == Self.date("2026-03-16"))
        #expect(rule.nextOccurrence(after: Self.date("2026-03-30"), start: start) == Self.date("2026-04-06"))
    }

    @Test func yearlyClampsLeapDay() {
        let yearly = RecurrenceRule(frequency: .yearly)
        let start = Self.date("2024-02-29")
        #expect(yearly.nextOccurrence(after: start, start: start) == Self.date("2025-02-28"))
        #expect(yearly.nextOccurrence(after: Self.date("2027-03-01"), start: start) == Self.date("2028-02-29"))
    }

    @Test func yearlyIntervalIsAnchoredOnStart() {
        let rule = RecurrenceRule(frequency: .yearly, interval: 2)
        let start = Self.date("2026-03-12")
        #expect(rule.nextOccurrence(after: start, start: start) == Self.date("2028-03-12"))
        #expect(rule.nextOccurrence(after: Self.date("2027-05-01"), start: start) == Self.date("2028-03-12"))
    }

    @Test func dailyOnWeekdaysSkipsTheWeekend() {
        let rule = Self.rule("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR")
        let start = Self.date("2026-03-02")
        #expect(rule.nextOccurrence(after: Self.date("2026-03-13"), start: start) == Self.date("2026-03-16"))
    }

    @Test func neverReturnsADateBeforeTheStart() {
        let weekly = RecurrenceRule(frequency: .weekly)
        #expect(
            weekly.nextOccurrence(after: Self.date("2026-01-01"), start: Self.date("2026-03-11"))
                == Self.date("2026-03-11"))
    }

    @Test func unsatisfiableFiltersFallBackToTheInterval() {
        // Every 7th day from a Monday is always a Monday, so BYDAY=TU can never match.
        let rule = RecurrenceRule(frequency: .daily, interval: 7, byDay: [.tuesday])
        let start = Self.date("2026-03-09")
        #expect(rule.nextOccurrence(after: start, start: start) == Self.date("2026-03-16"))
    }

    // MARK: First occurrence

    @Test func firstOccurrenceIsOnOrAfterTheDate() {
        let wednesday = Self.date("2026-03-11")
        #expect(RecurrenceRule(frequency: .daily).firstOccurrence(onOrAfter: wednesday) == wednesday)
        #expect(RecurrenceRule(frequency: .monthly).firstOccurrence(onOrAfter: wednesday) == wednesday)
        #expect(Self.rule("FREQ=WEEKLY;BYDAY=WE").firstOccurrence(onOrAfter: wednesday) == wednesday)
        #expect(Self.rule("FREQ=WEEKLY;BYDAY=MO").firstOccurrence(onOrAfter: wednesday) == Self.date("2026-03-16"))
        #expect(Self.rule("FREQ=WEEKLY;BYDAY=MO,TU").firstOccurrence(onOrAfter: wednesday) == Self.date("2026-03-16"))
        #expect(
            Self.rule("FREQ=MONTHLY;BYMONTHDAY=10").firstOccurrence(onOrAfter: wednesday) == Self.date("2026-04-10"))
        #expect(
            Self.rule("FREQ=MONTHLY;BYMONTHDAY=31").firstOccurrence(onOrAfter: Self.date("2026-04-02"))
                == Self.date("2026-04-30"))
    }

    @Test func firstOccurrenceDoesNotSkipAnInterval() {
        let everyOtherMonday = Self.rule("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO")
        let first = everyOtherMonday.firstOccurrence(onOrAfter: Self.date("2026-03-12"))
        #expect(first == Self.date("2026-03-16"))
        #expect(everyOtherMonday.nextOccurrence(after: first, start: first) == Self.date("2026-03-30"))
    }

    // MARK: Descriptions

    @Test(arguments: [
        ("FREQ=DAILY", "every day"),
        ("FREQ=DAILY;INTERVAL=3", "every 3 days"),
        ("FREQ=WEEKLY", "every week"),
        ("FREQ=WEEKLY;INTERVAL=2", "every 2 weeks"),
        ("FREQ=WEEKLY;BYDAY=MO,WE", "every monday, wednesday"),
        ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "every weekday"),
        ("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", "every weekday"),
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE", "every 2 weeks on monday, wednesday"),
        ("FREQ=MONTHLY", "every month"),
        ("FREQ=MONTHLY;BYMONTHDAY=1", "every month on the 1st"),
        ("FREQ=MONTHLY;BYMONTHDAY=2", "every month on the 2nd"),
        ("FREQ=MONTHLY;BYMONTHDAY=3", "every month on the 3rd"),
        ("FREQ=MONTHLY;BYMONTHDAY=11", "every month on the 11th"),
        ("FREQ=MONTHLY;BYMONTHDAY=12", "every month on the 12th"),
        ("FREQ=MONTHLY;BYMONTHDAY=13", "every month on the 13th"),
        ("FREQ=MONTHLY;BYMONTHDAY=22", "every month on the 22nd"),
        ("FREQ=MONTHLY;BYMONTHDAY=31", "every month on the 31st"),
        ("FREQ=MONTHLY;BYMONTHDAY=-1", "every month on the last day"),
        ("FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15", "every 3 months on the 15th"),
        ("FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", "every month on friday the 13th"),
        ("FREQ=YEARLY", "every year"),
        ("FREQ=YEARLY;INTERVAL=2", "every 2 years"),
    ])
    func describesInEnglish(rrule: String, text: String) {
        #expect(Self.rule(rrule).humanDescription == text)
    }
}
