import Foundation
import Testing

@testable import KairosCore

@Suite("LocalDate")
struct LocalDateTests {
    static let newYork = TimeZone(identifier: "America/New_York")!

    static func date(_ iso: String) -> LocalDate {
        LocalDate(iso: iso)!
    }

    static func instant(_ iso: String) -> Date {
        try! Date(iso, strategy: .iso8601)
    }

    @Test func validatesLeapYears() {
        #expect(LocalDate(year: 2024, month: 2, day: 29) != nil)
        #expect(LocalDate(year: 2000, month: 2, day: 29) != nil)
        #expect(LocalDate(year: 2026, month: 2, day: 29) == nil)
        #expect(LocalDate(year: 1900, month: 2, day: 29) == nil)
    }

    @Test func rejectsOutOfRangeComponents() {
        #expect(LocalDate(year: 2026, month: 4, day: 31) == nil)
        #expect(LocalDate(year: 2026, month: 13, day: 1) == nil)
        #expect(LocalDate(year: 2026, month: 0, day: 1) == nil)
        #expect(LocalDate(year: 2026, month: 1, day: 0) == nil)
        #expect(LocalDate(year: 0, month: 1, day: 1) == nil)
        #expect(LocalDate(year: 10_000, month: 1, day: 1) == nil)
    }

    @Test func parsesStrictISO() throws {
        let parsed = try #require(LocalDate(iso: "2026-03-12"))
        #expect(parsed.year == 2026 && parsed.month == 3 && parsed.day == 12)
        for bad in [
            "2026-3-12", "2026-03-12T00:00", " 2026-03-12", "2026/03/12", "+026-03-12", "2026-02-30", "", "２０２６-03-12",
        ] {
            #expect(LocalDate(iso: bad) == nil, "\(bad)")
        }
    }

    @Test func formatsISOWithPadding() throws {
        let early = try #require(LocalDate(year: 33, month: 1, day: 5))
        #expect(early.iso == "0033-01-05")
        #expect(Self.date("2026-12-01").description == "2026-12-01")
    }

    @Test func knowsWeekdays() {
        #expect(Self.date("1970-01-01").weekday == .thursday)
        #expect(Self.date("1969-12-31").weekday == .wednesday)
        #expect(Self.date("2000-01-01").weekday == .saturday)
        #expect(Self.date("2026-03-11").weekday == .wednesday)
        #expect(Self.date("2026-03-15").weekday == .sunday)
    }

    @Test func agreesWithFoundationOverCenturies() {
        let utc = TimeZone(identifier: "UTC")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        let origin = Self.date("1970-01-01")
        for offset in stride(from: -30_000, through: 50_000, by: 37) {
            let date = origin.adding(days: offset)
            let expected = calendar.dateComponents(
                [.year, .month, .day, .weekday], from: Date(timeIntervalSince1970: Double(offset) * 86_400))
            #expect(date.year == expected.year && date.month == expected.month && date.day == expected.day)
            #expect((date.weekday.rawValue % 7) + 1 == expected.weekday)
            #expect(LocalDate.daysBetween(origin, date) == offset)
        }
    }

    @Test func addsDaysAcrossYearsAndLeapDays() {
        #expect(Self.date("2026-12-31").adding(days: 1) == Self.date("2027-01-01"))
        #expect(Self.date("2027-01-01").adding(days: -1) == Self.date("2026-12-31"))
        #expect(Self.date("2024-02-28").adding(days: 1) == Self.date("2024-02-29"))
        #expect(Self.date("2026-02-28").adding(days: 1) == Self.date("2026-03-01"))
        #expect(Self.date("2026-03-11").adding(days: 0) == Self.date("2026-03-11"))
    }

    @Test func addsMonthsClampingToMonthEnd() {
        #expect(Self.date("2026-01-31").adding(months: 1) == Self.date("2026-02-28"))
        #expect(Self.date("2024-01-31").adding(months: 1) == Self.date("2024-02-29"))
        #expect(Self.date("2026-03-31").adding(months: 1) == Self.date("2026-04-30"))
        #expect(Self.date("2026-03-31").adding(months: -1) == Self.date("2026-02-28"))
        #expect(Self.date("2024-02-29").adding(months: 12) == Self.date("2025-02-28"))
        #expect(Self.date("2026-12-15").adding(months: 1) == Self.date("2027-01-15"))
        #expect(Self.date("2026-01-15").adding(months: -13) == Self.date("2024-12-15"))
    }

    @Test func countsDaysBetween() {
        #expect(LocalDate.daysBetween(Self.date("2026-01-01"), Self.date("2027-01-01")) == 365)
        #expect(LocalDate.daysBetween(Self.date("2024-01-01"), Self.date("2025-01-01")) == 366)
        #expect(LocalDate.daysBetween(Self.date("2026-03-12"), Self.date("2026-03-01")) == -11)
    }

    @Test func comparesChronologically() {
        #expect(Self.date("2025-12-31") < Self.date("2026-01-01"))
        #expect(Self.date("2026-02-28") < Self.date("2026-03-01"))
        #expect(!(Self.date("2026-03-01") < Self.date("2026-03-01")))
        #expect([Self.date("2026-03-02"), Self.date("2025-07-09")].max() == Self.date("2026-03-02"))
    }

    @Test func codesAsISOString() throws {
        let encoded = try JSONEncoder().encode([Self.date("2026-03-12")])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["2026-03-12"]"#)
        let decoded = try JSONDecoder().decode([LocalDate].self, from: Data(#"["2024-02-29"]"#.utf8))
        #expect(decoded == [Self.date("2024-02-29")])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([LocalDate].self, from: Data(#"["2026-02-29"]"#.utf8))
        }
    }

    @Test func computesTodayInTheGivenZone() {
        let now = Self.instant("2026-03-12T03:30:00Z")
        #expect(LocalDate.today(in: Self.newYork, now: now) == Self.date("2026-03-11"))
        #expect(LocalDate.today(in: TimeZone(identifier: "Asia/Tokyo")!, now: now) == Self.date("2026-03-12"))
        #expect(LocalDate(now, in: TimeZone(identifier: "UTC")!) == Self.date("2026-03-12"))
    }

    @Test func startsDaysAcrossDSTTransitions() {
        #expect(Self.date("2026-03-07").startOfDay(in: Self.newYork) == Self.instant("2026-03-07T05:00:00Z"))
        #expect(Self.date("2026-03-08").startOfDay(in: Self.newYork) == Self.instant("2026-03-08T05:00:00Z"))
        #expect(Self.date("2026-03-09").startOfDay(in: Self.newYork) == Self.instant("2026-03-09T04:00:00Z"))
        #expect(Self.date("2026-11-01").startOfDay(in: Self.newYork) == Self.instant("2026-11-01T04:00:00Z"))
        #expect(Self.date("2026-11-02").startOfDay(in: Self.newYork) == Self.instant("2026-11-02T05:00:00Z"))
    }

    @Test func startsDayAfterASkippedMidnight() {
        // São Paulo sprang forward from 00:00 to 01:00 on 2018-11-04, so that day began at 01:00 (-02:00).
        let saoPaulo = TimeZone(identifier: "America/Sao_Paulo")!
        let start = Self.date("2018-11-04").startOfDay(in: saoPaulo)
        #expect(start == Self.instant("2018-11-04T03:00:00Z"))
        #expect(LocalDate(start.addingTimeInterval(-1), in: saoPaulo) == Self.date("2018-11-03"))
    }

    @Test func convertsWallTimesToInstants() throws {
        let nine = try #require(LocalTime(hour: 9, minute: 0))
        #expect(Self.date("2026-03-12").at(nine, in: Self.newYork) == Self.instant("2026-03-12T13:00:00Z"))
        #expect(Self.date("2026-01-12").at(nine, in: Self.newYork) == Self.instant("2026-01-12T14:00:00Z"))
        #expect(
            Self.date("2026-01-12").at(nine, in: TimeZone(identifier: "UTC")!) == Self.instant("2026-01-12T09:00:00Z"))
    }

    @Test func movesSpringForwardGapTimesForward() throws {
        let day = Self.date("2026-03-08")
        let inGap = try #require(LocalTime(iso: "02:30"))
        let result = day.at(inGap, in: Self.newYork)
        #expect(result == Self.instant("2026-03-08T07:30:00Z"))
        #expect(LocalTime(result, in: Self.newYork) == LocalTime(hour: 3, minute: 30))
        #expect(day.at(try #require(LocalTime(iso: "01:59")), in: Self.newYork) == Self.instant("2026-03-08T06:59:00Z"))
        #expect(day.at(try #require(LocalTime(iso: "02:00")), in: Self.newYork) == Self.instant("2026-03-08T07:00:00Z"))
        #expect(day.at(try #require(LocalTime(iso: "03:00")), in: Self.newYork) == Self.instant("2026-03-08T07:00:00Z"))
    }

    @Test func resolvesRepeatedFallBackTimesToTheFirst() throws {
        let repeated = try #require(LocalTime(iso: "01:30"))
        #expect(Self.date("2026-11-01").at(repeated, in: Self.newYork) == Self.instant("2026-11-01T05:30:00Z"))
        let after = try #require(LocalTime(iso: "02:00"))
        #expect(Self.date("2026-11-01").at(after, in: Self.newYork) == Self.instant("2026-11-01T07:00:00Z"))
    }
}

@Suite("LocalTime")
struct LocalTimeTests {
    @Test func validatesComponents() {
        #expect(LocalTime(hour: 23, minute: 59, second: 59) != nil)
        #expect(LocalTime(hour: 24, minute: 0) == nil)
        #expect(LocalTime(hour: 12, minute: 60) == nil)
        #expect(LocalTime(hour: 12, minute: 0, second: 60) == nil)
        #expect(LocalTime(hour: -1, minute: 0) == nil)
    }

    @Test func parsesAndFormatsISO() throws {
        #expect(try #require(LocalTime(iso: "09:05")).iso == "09:05:00")
        #expect(try #require(LocalTime(iso: "23:59:07")).iso == "23:59:07")
        for bad in ["9:05", "24:00", "12:60", "12:00:60", "12:00:", "12-00", "", "12:00:00.5"] {
            #expect(LocalTime(iso: bad) == nil, "\(bad)")
        }
    }

    @Test func comparesAndCodes() throws {
        let early = try #require(LocalTime(hour: 9, minute: 30))
        let late = try #require(LocalTime(hour: 17, minute: 0))
        #expect(early < late)
        let encoded = try JSONEncoder().encode([early])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["09:30:00"]"#)
        #expect(try JSONDecoder().decode([LocalTime].self, from: Data(#"["17:00"]"#.utf8)) == [late])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([LocalTime].self, from: Data(#"["5pm"]"#.utf8))
        }
    }

    @Test func readsWallClockOfInstant() throws {
        let instant = try Date("2026-03-12T03:30:15Z", strategy: .iso8601)
        #expect(
            LocalTime(instant, in: TimeZone(identifier: "America/New_York")!)
                == LocalTime(hour: 23, minute: 30, second: 15))
        #expect(
            LocalTime(instant, in: TimeZone(identifier: "Asia/Kolkata")!) == LocalTime(hour: 9, minute: 0, second: 15))
    }
}

@Suite("Weekday")
struct WeekdayTests {
    @Test func usesISONumbering() {
        #expect(Weekday.monday.rawValue == 1)
        #expect(Weekday.sunday.rawValue == 7)
        #expect(Weekday.allCases.count == 7)
    }

    @Test func roundTripsRRuleCodes() {
        #expect(Weekday.allCases.map(\.rruleCode) == ["MO", "TU", "WE", "TH", "FR", "SA", "SU"])
        for day in Weekday.allCases {
            #expect(Weekday(rruleCode: day.rruleCode) == day)
        }
        #expect(Weekday(rruleCode: "we") == .wednesday)
        #expect(Weekday(rruleCode: "XX") == nil)
        #expect(Weekday(rruleCode: "1MO") == nil)
    }

    @Test func parsesNamesAndAbbreviations() {
        #expect(Weekday(name: "Monday") == .monday)
        #expect(Weekday(name: "mon") == .monday)
        #expect(Weekday(name: "TUES") == .tuesday)
        #expect(Weekday(name: "tue") == .tuesday)
        #expect(Weekday(name: "thu") == .thursday)
        #expect(Weekday(name: "thurs") == .thursday)
        #expect(Weekday(name: "sun") == .sunday)
        #expect(Weekday(name: "funday") == nil)
        #expect(Weekday(name: "") == nil)
    }
}
