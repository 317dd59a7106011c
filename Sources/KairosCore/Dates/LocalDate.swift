import Foundation

/// A calendar date without a time or time zone, in the proleptic Gregorian calendar.
public struct LocalDate: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The year, 1...9999 for dates built from validated input.
    public let year: Int
    /// The month, 1...12.
    public let month: Int
    /// The day of the month, 1...31.
    public let day: Int

    /// Creates a date, or nil when the components do not name a real day (e.g. February 29 of a common year).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...LocalDate.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly "YYYY-MM-DD".
    public init?(iso: String) {
        let scalars = Array(iso.unicodeScalars)
        guard scalars.count == 10, scalars[4] == "-", scalars[7] == "-",
            let year = LocalDate.digits(scalars[0..<4]),
            let month = LocalDate.digits(scalars[5..<7]),
            let day = LocalDate.digits(scalars[8..<10])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date of `instant` as seen on a wall calendar in `timeZone`.
    public init(_ instant: Date, in timeZone: TimeZone) {
        let parts = LocalDate.calendar(in: timeZone).dateComponents([.year, .month, .day], from: instant)
        self.init(unchecked: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// The date it is at `now` in `timeZone`.
    public static func today(in timeZone: TimeZone, now: Date) -> LocalDate {
        LocalDate(now, in: timeZone)
    }

    /// "YYYY-MM-DD".
    public var iso: String {
        LocalDate.pad(year, 4) + "-" + LocalDate.pad(month, 2) + "-" + LocalDate.pad(day, 2)
    }

    /// The ISO form, "YYYY-MM-DD".
    public var description: String { iso }

    /// The day of the week.
    public var weekday: Weekday {
        // Day 0 (1970-01-01) was a Thursday, ISO weekday 4.
        Weekday(rawValue: LocalDate.floorMod(dayNumber + 3, 7) + 1)!
    }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> LocalDate {
        LocalDate(dayNumber: dayNumber + days)
    }

    /// The same day `months` months later, clamped to the last day of a shorter month (Jan 31 + 1 month = Feb 28/29).
    public func adding(months: Int) -> LocalDate {
        let total = year * 12 + (month - 1) + months
        let newYear = LocalDate.floorDiv(total, 12)
        let newMonth = LocalDate.floorMod(total, 12) + 1
        let newDay = min(day, LocalDate.daysInMonth(year: newYear, month: newMonth))
        return LocalDate(unchecked: newYear, month: newMonth, day: newDay)
    }

    /// The number of days from `a` to `b` (positive when `b` is later).
    public static func daysBetween(_ a: LocalDate, _ b: LocalDate) -> Int {
        b.dayNumber - a.dayNumber
    }

    /// The first instant of this date in `timeZone`, which is not always 00:00 on DST-switch days.
    public func startOfDay(in timeZone: TimeZone) -> Date {
        // Noon exists on every real-world day, so anchor there and let the calendar find the day's start.
        let noon = at(LocalTime(unchecked: 12, minute: 0, second: 0), in: timeZone)
        return LocalDate.calendar(in: timeZone).startOfDay(for: noon)
    }

    /// The instant this date shows `time` on a wall clock in `timeZone`.
    ///
    /// A time skipped by a spring-forward transition moves forward by the gap (02:30 becomes 03:30);
    /// a time repeated by a fall-back transition resolves to its first occurrence.
    public func at(_ time: LocalTime, in timeZone: TimeZone) -> Date {
        // Seconds since the epoch as if the wall time were UTC; subtracting the zone offset gives the instant.
        let wall = TimeInterval(dayNumber * 86_400 + time.secondsSinceMidnight)
        let offsetBefore = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall - 86_400))
        let offsetAfter = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall + 86_400))
        let valid = [offsetBefore, offsetAfter]
            .map { wall - TimeInterval($0) }
            .filter { TimeInterval(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: $0))) == wall - $0 }
        if let earliest = valid.min() {
            return Date(timeIntervalSince1970: earliest)
        }
        // In a gap no offset fits; reading the wall time with the pre-transition offset lands past the gap by its length.
        return Date(timeIntervalSince1970: wall - TimeInterval(offsetBefore))
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = LocalDate(iso: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected a date as YYYY-MM-DD, got \"\(text)\"")
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }
}

// MARK: - Internal arithmetic

extension LocalDate {
    /// Builds a date from components already known to be valid.
    init(unchecked year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01 (negative before it).
    var dayNumber: Int {
        // Count years from March so the leap day falls at the end of the counted year.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = LocalDate.floorDiv(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `dayNumber` days after 1970-01-01.
    init(dayNumber: Int) {
        let shifted = dayNumber + 719_468
        let era = LocalDate.floorDiv(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.init(unchecked: year, month: month, day: day)
    }

    /// The Monday on or before this date.
    var startOfWeek: LocalDate {
        adding(days: 1 - weekday.rawValue)
    }

    static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// A Gregorian calendar fixed to `timeZone`.
    static func calendar(in timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    static func floorDiv(_ a: Int, _ b: Int) -> Int {
        let quotient = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
    }

    static func floorMod(_ a: Int, _ b: Int) -> Int {
        a - floorDiv(a, b) * b
    }

    /// Zero-pads a non-negative number to `width` digits.
    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// The value of a run of ASCII digits, or nil if any scalar is not a digit.
    static func digits(_ scalars: ArraySlice<Unicode.Scalar>) -> Int? {
        guard !scalars.isEmpty else { return nil }
        var value = 0
        for scalar in scalars {
            guard ("0"..."9").contains(scalar) else { return nil }
            value = value * 10 + Int(scalar.value - 48)
        }
        return value
    }
}
