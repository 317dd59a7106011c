import Foundation
import KairosCapture
import KairosCore
import Testing

@Suite("DueStringReader")
struct DueStringReaderTests {
    static let newYork = TimeZone(identifier: "America/New_York")!
    /// Wednesday 2026-03-11, 11:00 in New York.
    static let wednesdayMorning = instant("2026-03-11T15:00:00Z")

    static func instant(_ iso: String) -> Date {
        try! Date(iso, strategy: .iso8601)
    }

    static func date(_ iso: String) -> LocalDate {
        LocalDate(iso: iso)!
    }

    static func time(_ iso: String) -> LocalTime {
        LocalTime(iso: iso)!
    }

    static func parse(_ text: String, now: Date = wednesdayMorning, in zone: TimeZone = newYork) throws -> ParsedDue? {
        try DueStringReader.read(text, now: now, timeZone: zone)
    }

    /// Parses `text` and returns the date, time ("HH:MM:SS" or nil) and canonical RRULE (or nil).
    static func summary(_ text: String, now: Date = wednesdayMorning) throws -> (String, String?, String?) {
        let due = try #require(try parse(text, now: now))
        return (due.date.iso, due.time?.iso, due.recurrence?.rrule)
    }

    // MARK: No date

    @Test(arguments: ["", "   ", "no date", "No Due Date", "  no   date "])
    func meansNoDate(text: String) throws {
        #expect(try Self.parse(text) == nil)
    }

    // MARK: Relative days

    @Test(arguments: [
        ("today", "2026-03-11"), ("tod", "2026-03-11"), ("  TODAY ", "2026-03-11"),
        ("tomorrow", "2026-03-12"), ("tmr", "2026-03-12"), ("tmrw", "2026-03-12"),
        ("yesterday", "2026-03-10"),
        ("friday", "2026-03-13"), ("fri", "2026-03-13"), ("on friday", "2026-03-13"),
        ("wednesday", "2026-03-18"), ("mon", "2026-03-16"), ("Sunday", "2026-03-15"),
        ("next friday", "2026-03-20"), ("next monday", "2026-03-16"), ("next wednesday", "2026-03-18"),
        ("next sunday", "2026-03-22"),
        ("this friday", "2026-03-13"), ("this wednesday", "2026-03-11"),
        ("this weekend", "2026-03-14"), ("next weekend", "2026-03-21"),
        ("next week", "2026-03-16"), ("next month", "2026-04-01"), ("next year", "2027-01-01"),
        ("in 3 days", "2026-03-14"), ("in 0 days", "2026-03-11"), ("in 2 weeks", "2026-03-25"),
        ("in a week", "2026-03-18"), ("in one month", "2026-04-11"), ("in 10 months", "2027-01-11"),
        ("in 2 years", "2028-03-11"),
    ])
    func parsesRelativeDays(text: String, expected: String) throws {
        let due = try #require(try Self.parse(text))
        #expect(due == ParsedDue(date: Self.date(expected)))
    }

    @Test func bareWeekdayNeverMeansToday() throws {
        #expect(try Self.summary("wed") == ("2026-03-18", nil, nil))
    }

    @Test func nextWeekFromSundayIsTomorrow() throws {
        let sunday = Self.instant("2026-03-15T16:00:00Z")
        #expect(try Self.summary("next week", now: sunday).0 == "2026-03-16")
        #expect(try Self.summary("next sunday", now: sunday).0 == "2026-03-22")
        #expect(try Self.summary("this weekend", now: sunday).0 == "2026-03-15")
    }

    @Test func monthArithmeticClampsAndRollsOver() throws {
        let endOfJanuary = Self.instant("2026-01-31T15:00:00Z")
        #expect(try Self.summary("in 1 month", now: endOfJanuary).0 == "2026-02-28")
        let newYearsEve = Self.instant("2026-12-31T15:00:00Z")
        #expect(try Self.summary("next month", now: newYearsEve).0 == "2027-01-01")
        #expect(try Self.summary("tomorrow", now: newYearsEve).0 == "2027-01-01")
        #expect(try Self.summary("next week", now: newYearsEve).0 == "2027-01-04")
    }

    @Test func computesTodayInTheGivenZone() throws {
        // 03:30 UTC on March 12 is still March 11 in New York but already March 12 in Tokyo.
        let now = Self.instant("2026-03-12T03:30:00Z")
        #expect(try Self.parse("today", now: now)?.date == Self.date("2026-03-11"))
        #expect(
            try Self.parse("today", now: now, in: TimeZone(identifier: "Asia/Tokyo")!)?.date == Self.date("2026-03-12"))
    }

    @Test func yearRollsOverAtLocalMidnight() throws {
        // 23:30 on New Year's Eve in New York.
        let now = Self.instant("2027-01-01T04:30:00Z")
        #expect(try Self.summary("tomorrow", now: now).0 == "2027-01-01")
        #expect(try Self.summary("Jan 5", now: now).0 == "2027-01-05")
        #expect(try Self.summary("Dec 31", now: now).0 == "2026-12-31")
        #expect(try Self.summary("Dec 30", now: now).0 == "2027-12-30")
    }

    @Test func relativeHoursCarryATime() throws {
        #expect(try Self.summary("in 2 hours") == ("2026-03-11", "13:00:00", nil))
        #expect(try Self.summary("in 90 minutes") == ("2026-03-11", "12:30:00", nil))
        #expect(try Self.summary("in 14 hours") == ("2026-03-12", "01:00:00", nil))
    }

    // MARK: Calendar dates

    @Test(arguments: [
        ("2026-03-12", "2026-03-12"), ("2025-01-01", "2025-01-01"),
        ("March 12", "2026-03-12"), ("Mar 12", "2026-03-12"), ("mar. 12", "2026-03-12"),
        ("12 March", "2026-03-12"), ("march 12th", "2026-03-12"), ("12th of march", "2026-03-12"),
        ("on march 12", "2026-03-12"), ("3/12", "2026-03-12"),
        ("March 12 2027", "2027-03-12"), ("March 12, 2027", "2027-03-12"), ("12 march 2025", "2025-03-12"),
        ("3/12/2027", "2027-03-12"), ("3/12/27", "2027-03-12"),
        ("March 11", "2026-03-11"), ("March 10", "2027-03-10"), ("jan 1", "2027-01-01"), ("dec 31", "2026-12-31"),
        ("sept 1st", "2026-09-01"), ("May 2", "2026-05-02"),
        ("Feb 29", "2028-02-29"), ("Feb 29 2024", "2024-02-29"),
    ])
    func parsesCalendarDates(text: String, expected: String) throws {
        let due = try #require(try Self.parse(text))
        #expect(due == ParsedDue(date: Self.date(expected)))
    }

    // MARK: Times

    @Test(arguments: [
        ("tomorrow at 5pm", "2026-03-12", "17:00:00"),
        ("tomorrow 5 pm", "2026-03-12", "17:00:00"),
        ("Tomorrow at 5 P.M.", "2026-03-12", "17:00:00"),
        ("2026-03-12 at 14:30", "2026-03-12", "14:30:00"),
        ("2026-03-12 14:30", "2026-03-12", "14:30:00"),
        ("friday 9am", "2026-03-13", "09:00:00"),
        ("march 12 at 5pm", "2026-03-12", "17:00:00"),
        ("5pm tomorrow", "2026-03-12", "17:00:00"),
        ("at 9am on friday", "2026-03-13", "09:00:00"),
        ("at 17:00", "2026-03-11", "17:00:00"),
        ("17:30", "2026-03-11", "17:30:00"),
        ("5:30 pm", "2026-03-11", "17:30:00"),
        ("5:30pm", "2026-03-11", "17:30:00"),
        ("9am", "2026-03-11", "09:00:00"),
        ("at 9", "2026-03-11", "09:00:00"),
        ("today at 9:05:30", "2026-03-11", "09:05:30"),
        ("noon", "2026-03-11", "12:00:00"),
        ("tomorrow at noon", "2026-03-12", "12:00:00"),
        ("midnight", "2026-03-11", "00:00:00"),
        ("12am", "2026-03-11", "00:00:00"),
        ("12pm", "2026-03-11", "12:00:00"),
        ("12:30 am", "2026-03-11", "00:30:00"),
        ("next week at 8:15", "2026-03-16", "08:15:00"),
        ("in 3 days at 6pm", "2026-03-14", "18:00:00"),
    ])
    func parsesTimes(text: String, date: String, time: String) throws {
        let due = try #require(try Self.parse(text))
        #expect(due == ParsedDue(date: Self.date(date), time: Self.time(time)))
    }

    @Test func keepsWallTimeInsideTheSpringForwardGap() throws {
        let saturdayNoon = Self.instant("2026-03-07T17:00:00Z")
        let due = try #require(try Self.parse("tomorrow at 2:30am", now: saturdayNoon))
        #expect(due == ParsedDue(date: Self.date("2026-03-08"), time: Self.time("02:30")))
        #expect(due.date.at(try #require(due.time), in: Self.newYork) == Self.instant("2026-03-08T07:30:00Z"))
    }

    // MARK: Recurring

    @Test(
        arguments: [
            ("every day", "2026-03-11", nil, "FREQ=DAILY"),
            ("daily", "2026-03-11", nil, "FREQ=DAILY"),
            ("everyday", "2026-03-11", nil, "FREQ=DAILY"),
            ("every other day", "2026-03-11", nil, "FREQ=DAILY;INTERVAL=2"),
            ("every 3 days", "2026-03-11", nil, "FREQ=DAILY;INTERVAL=3"),
            ("every weekday", "2026-03-11", nil, "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
            ("every workday", "2026-03-11", nil, "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
            ("every weekend", "2026-03-14", nil, "FREQ=WEEKLY;BYDAY=SA,SU"),
            ("every monday", "2026-03-16", nil, "FREQ=WEEKLY;BYDAY=MO"),
            ("every mondays", "2026-03-16", nil, "FREQ=WEEKLY;BYDAY=MO"),
            ("every wednesday", "2026-03-11", nil, "FREQ=WEEKLY;BYDAY=WE"),
            ("every mon, wed", "2026-03-11", nil, "FREQ=WEEKLY;BYDAY=MO,WE"),
            ("every monday and wednesday", "2026-03-11", nil, "FREQ=WEEKLY;BYDAY=MO,WE"),
            ("every tue, thu and sat", "2026-03-12", nil, "FREQ=WEEKLY;BYDAY=TU,TH,SA"),
            ("every other monday", "2026-03-16", nil, "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO"),
            ("every week", "2026-03-11", nil, "FREQ=WEEKLY"),
            ("weekly", "2026-03-11", nil, "FREQ=WEEKLY"),
            ("every other week", "2026-03-11", nil, "FREQ=WEEKLY;INTERVAL=2"),
            ("every 2 weeks", "2026-03-11", nil, "FREQ=WEEKLY;INTERVAL=2"),
            ("every two weeks", "2026-03-11", nil, "FREQ=WEEKLY;INTERVAL=2"),
            ("every 2 weeks on monday, friday", "2026-03-13", nil, "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR"),
            ("every month", "2026-03-11", nil, "FREQ=MONTHLY"),
            ("monthly", "2026-03-11", nil, "FREQ=MONTHLY"),
            ("every 6 months", "2026-03-11", nil, "FREQ=MONTHLY;INTERVAL=6"),
            ("every month on the 15th", "2026-03-15", nil, "FREQ=MONTHLY;BYMONTHDAY=15"),
            ("every month on the 10th", "2026-04-10", nil, "FREQ=MONTHLY;BYMONTHDAY=10"),
            ("every 15th", "2026-03-15", nil, "FREQ=MONTHLY;BYMONTHDAY=15"),
            ("every 1st", "2026-04-01", nil, "FREQ=MONTHLY;BYMONTHDAY=1"),
            ("every the 31st", "2026-03-31", nil, "FREQ=MONTHLY;BYMONTHDAY=31"),
            ("every last day", "2026-03-31", nil, "FREQ=MONTHLY;BYMONTHDAY=-1"),
            ("every month on the last day", "2026-03-31", nil, "FREQ=MONTHLY;BYMONTHDAY=-1"),
            ("every year", "2026-03-11", nil, "FREQ=YEARLY"),
            ("yearly", "2026-03-11", nil, "FREQ=YEARLY"),
            ("annually", "2026-03-11", nil, "FREQ=YEARLY"),
            ("every 2 years", "2026-03-11", nil, "FREQ=YEARLY;INTERVAL=2"),
            ("every march 12", "2026-03-12", nil, "FREQ=YEARLY"),
            ("every 1 march", "2027-03-01", nil, "FREQ=YEARLY"),
            ("every day at 5pm", "2026-03-11", "17:00:00", "FREQ=DAILY"),
            ("every day at 9am", "2026-03-12", "09:00:00", "FREQ=DAILY"),
            ("9am every day", "2026-03-12", "09:00:00", "FREQ=DAILY"),
            ("every wednesday at 9am", "2026-03-18", "09:00:00", "FREQ=WEEKLY;BYDAY=WE"),
            ("every wednesday at 11:30", "2026-03-11", "11:30:00", "FREQ=WEEKLY;BYDAY=WE"),
            ("every weekday at 9am", "2026-03-12", "09:00:00", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
            ("every 2 weeks at 8am", "2026-03-25", "08:00:00", "FREQ=WEEKLY;INTERVAL=2"),
            ("every month at 10am", "2026-04-11", "10:00:00", "FREQ=MONTHLY"),
            ("every march 11 at 10am", "2027-03-11", "10:00:00", "FREQ=YEARLY"),
            ("every 15th at noon", "2026-03-15", "12:00:00", "FREQ=MONTHLY;BYMONTHDAY=15"),
            ("every day starting march 20", "2026-03-20", nil, "FREQ=DAILY"),
            ("every monday starting next month", "2026-04-06", nil, "FREQ=WEEKLY;BYDAY=MO"),
            ("every day from tomorrow at 9am", "2026-03-12", "09:00:00", "FREQ=DAILY"),
        ] as [(String, String, String?, String)])
    func parsesRecurrences(text: String, date: String, time: String?, rrule: String) throws {
        let due = try #require(try Self.parse(text))
        #expect(due.date == Self.date(date))
        #expect(due.time?.iso == time)
        #expect(due.recurrence?.rrule == rrule)
    }

    @Test func everyWeekdayFromTheWeekendStartsMonday() throws {
        let saturday = Self.instant("2026-03-14T16:00:00Z")
        #expect(
            try Self.summary("every weekday", now: saturday) == ("2026-03-16", nil, "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"))
    }

    @Test(arguments: [
        "FREQ=DAILY", "FREQ=DAILY;INTERVAL=3", "FREQ=WEEKLY", "FREQ=WEEKLY;INTERVAL=2",
        "FREQ=WEEKLY;BYDAY=MO,WE", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "FREQ=WEEKLY;INTERVAL=3;BYDAY=TU,SU",
        "FREQ=MONTHLY", "FREQ=MONTHLY;BYMONTHDAY=1", "FREQ=MONTHLY;BYMONTHDAY=-1",
        "FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=22", "FREQ=YEARLY", "FREQ=YEARLY;INTERVAL=5",
    ])
    func readsBackItsOwnDescriptions(rrule: String) throws {
        let rule = try RecurrenceRule(rrule: rrule)
        let due = try #require(try Self.parse(rule.humanDescription))
        #expect(due.recurrence == rule)
    }

    // MARK: Errors

    @Test func explainsWhatItUnderstands() {
        #expect(
            throws: DueStringError(
                message: """
                    Could not understand due_string "blah". Try "today", "tomorrow", "friday", "next week", \
                    "2026-03-12", "March 12 at 5pm" or "every monday".
                    """)
        ) {
            try Self.parse("  blah ")
        }
    }

    @Test(arguments: [
        "blah", "tomorrow blah", "every", "every 0 days", "every 2", "every blah", "every other",
        "Feb 30", "2026-02-30", "13/40", "3/12/202", "March 12 at", "tomorrow at", "at 25:00", "13pm", "0am",
        "17:60", "next", "next tuesday week", "in days", "in 3", "in 3 fortnights", "in 99999 days",
        "today tomorrow", "5pm 6pm", "in 2 hours at 5pm", "every day starting", "every day starting at 5pm",
        "no", "2026-03-12T10:00", "every 12", "every 32nd", "on", "tomorrow #work", "friday p1", "later",
        "someday", "every day starting at 5pm", "from tomorrow", "in 2 hours every day", "every last friday",
    ])
    func rejectsNonsense(text: String) {
        #expect(throws: DueStringError.self) {
            try Self.parse(text)
        }
    }

    // MARK: The capture grammar's phrases

    /// Phrases quick add and speech understood before due strings did: all-day unless they say a time.
    @Test(
        arguments: [
            ("tomorow", "2026-03-12", nil), ("tommorow", "2026-03-12", nil), ("2morrow", "2026-03-12", nil),
            ("day after tomorrow", "2026-03-13", nil), ("the 15th", "2026-03-15", nil),
            ("end of the month", "2026-03-31", nil), ("eom", "2026-03-31", nil), ("end of week", "2026-03-13", nil),
            ("this week", "2026-03-12", nil), ("christmas", "2026-12-25", nil),
            ("the third of april", "2026-04-03", nil),
            ("march third", "2027-03-03", nil), ("in a couple of days", "2026-03-13", nil),
            ("a week from today", "2026-03-18", nil), ("friday next week", "2026-03-20", nil),
            ("5 o'clock", "2026-03-11", "17:00:00"), ("at five thirty pm", "2026-03-11", "17:30:00"),
            ("tomorrow morning", "2026-03-12", "09:00:00"), ("friday at 3", "2026-03-13", "15:00:00"),
            ("tonight", "2026-03-11", "20:00:00"), ("quarter to five tomorrow", "2026-03-12", "16:45:00"),
            ("in half an hour", "2026-03-11", "11:30:00"), ("in 2 years", "2028-03-11", nil),
            ("yesterday", "2026-03-10", nil), ("next year", "2027-01-01", nil),
        ] as [(String, String, String?)])
    func readsCapturePhrases(text: String, date: String, time: String?) throws {
        let due = try #require(try Self.parse(text))
        #expect(due.date == Self.date(date))
        #expect(due.time?.iso == time)
        #expect(due.recurrence == nil)
    }

    @Test(
        arguments: [
            ("every! 3 days", "2026-03-11", nil, "FREQ=DAILY;INTERVAL=3"),
            ("every! week", "2026-03-11", nil, "FREQ=WEEKLY"),
            ("every! day at 5pm", "2026-03-11", "17:00:00", "FREQ=DAILY"),
            ("ev! 2 months", "2026-03-11", nil, "FREQ=MONTHLY;INTERVAL=2"),
        ] as [(String, String, String?, String)])
    func readsRepetitionsFromCompletion(text: String, date: String, time: String?, rrule: String) throws {
        let due = try #require(try Self.parse(text))
        #expect(due.date == Self.date(date))
        #expect(due.time?.iso == time)
        let rule = try #require(due.recurrence)
        #expect(rule.rrule == rrule)
        #expect(rule.fromCompletion)
        #expect(try Self.parse(rule.humanDescription)?.recurrence == rule)
    }

    @Test func plainEveryDoesNotCountFromCompletion() throws {
        #expect(try Self.parse("every 3 days")?.recurrence?.fromCompletion == false)
        #expect(try Self.parse("every! 3 days")?.recurrence?.humanDescription == "every! 3 days")
    }

    @Test(
        arguments: [
            ("every last day of the month", "2026-03-31", nil, "FREQ=MONTHLY;BYMONTHDAY=-1"),
            ("every last day of month", "2026-03-31", nil, "FREQ=MONTHLY;BYMONTHDAY=-1"),
            ("every month on the last day at 5pm", "2026-03-31", "17:00:00", "FREQ=MONTHLY;BYMONTHDAY=-1"),
            ("every the last day", "2026-03-31", nil, "FREQ=MONTHLY;BYMONTHDAY=-1"),
            ("every morning", "2026-03-12", "09:00:00", "FREQ=DAILY"),
            ("every evening", "2026-03-11", "18:00:00", "FREQ=DAILY"),
            ("every tuesday and thursday", "2026-03-12", nil, "FREQ=WEEKLY;BYDAY=TU,TH"),
            ("mondays and wednesdays", "2026-03-11", nil, "FREQ=WEEKLY;BYDAY=MO,WE"),
            ("on the 1st of every month", "2026-04-01", nil, "FREQ=MONTHLY;BYMONTHDAY=1"),
            ("nightly", "2026-03-11", "20:00:00", "FREQ=DAILY"),
            ("every second week", "2026-03-11", nil, "FREQ=WEEKLY;INTERVAL=2"),
        ] as [(String, String, String?, String)])
    func readsCaptureRecurrences(text: String, date: String, time: String?, rrule: String) throws {
        let due = try #require(try Self.parse(text))
        #expect(due.date == Self.date(date))
        #expect(due.time?.iso == time)
        #expect(due.recurrence?.rrule == rrule)
    }

    /// Short forms only due strings take, as before the grammars were one.
    @Test(
        arguments: [
            ("every last", "2026-03-31", "FREQ=MONTHLY;BYMONTHDAY=-1"),
            ("every month on the last", "2026-03-31", "FREQ=MONTHLY;BYMONTHDAY=-1"),
            ("every month on 15", "2026-03-15", "FREQ=MONTHLY;BYMONTHDAY=15"),
            ("every mon wed", "2026-03-11", "FREQ=WEEKLY;BYDAY=MO,WE"),
            ("every day starts march 20", "2026-03-20", "FREQ=DAILY"),
            ("every day beginning march 20", "2026-03-20", "FREQ=DAILY"),
            ("ev monday", "2026-03-16", "FREQ=WEEKLY;BYDAY=MO"),
        ] as [(String, String, String)])
    func readsDueStringShortForms(text: String, date: String, rrule: String) throws {
        #expect(try Self.summary(text) == (date, nil, rrule))
    }

    @Test func readsABareWeekendAndFarYears() throws {
        #expect(try Self.summary("weekend") == ("2026-03-14", nil, nil))
        #expect(try Self.summary("March 12 2150") == ("2150-03-12", nil, nil))
    }

    @Test func lastDayOfTheMonthFollowsShortMonths() throws {
        let rule = try #require(try Self.parse("every last day of the month")?.recurrence)
        let april = rule.nextOccurrence(after: Self.date("2026-03-31"), start: Self.date("2026-03-31"))
        #expect(april == Self.date("2026-04-30"))
        #expect(rule.nextOccurrence(after: Self.date("2027-01-31"), start: april) == Self.date("2027-02-28"))
    }
}
