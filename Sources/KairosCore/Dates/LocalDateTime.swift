import Foundation

/// A wall-clock date and time without a time zone, to the minute, as people say and read it.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let date: LocalDate
    public let time: LocalTime

    public init(date: LocalDate, time: LocalTime) {
        self.date = date
        self.time = LocalTime(unchecked: time.hour, minute: time.minute, second: 0)
    }

    /// Parses "YYYY-MM-DDTHH:MM" (a space instead of "T" and trailing ":SS" seconds are accepted; seconds are dropped).
    public init?(iso: String) {
        let scalars = Array(iso.unicodeScalars)
        guard scalars.count == 16 || scalars.count == 19, scalars[10] == "T" || scalars[10] == " ",
            let date = LocalDate(iso: String(String.UnicodeScalarView(scalars[0..<10]))),
            let time = LocalTime(iso: String(String.UnicodeScalarView(scalars[11...])))
        else { return nil }
        self.init(date: date, time: time)
    }

    /// The wall-clock date and time of `instant` in `timeZone`.
    public init(_ instant: Date, in timeZone: TimeZone) {
        // Plain arithmetic on the zone's offset: a Calendar is far slower, and capture does this per task.
        let wall = Int((instant.timeIntervalSince1970).rounded(.down)) + timeZone.secondsFromGMT(for: instant)
        let day = LocalDate.floorDiv(wall, 86_400)
        let seconds = wall - day * 86_400
        self.init(
            date: LocalDate(dayNumber: day),
            time: LocalTime(unchecked: seconds / 3600, minute: seconds % 3600 / 60, second: 0))
    }

    /// "YYYY-MM-DDTHH:MM".
    public var iso: String {
        date.iso + "T" + LocalDate.pad(time.hour, 2) + ":" + LocalDate.pad(time.minute, 2)
    }

    public var description: String { iso }

    /// The instant this wall time names in `timeZone` (a time skipped by a DST gap moves forward by the gap).
    public func instant(in timeZone: TimeZone) -> Date {
        date.at(time, in: timeZone)
    }

    /// The wall time `seconds` of elapsed time later, across daylight-saving changes.
    public func adding(seconds: Int, in timeZone: TimeZone) -> LocalDateTime {
        LocalDateTime(instant(in: timeZone).addingTimeInterval(TimeInterval(seconds)), in: timeZone)
    }

    /// This wall time as it really shows on a clock in `timeZone`: a time skipped by a DST gap moves forward by the gap.
    public func normalized(in timeZone: TimeZone) -> LocalDateTime {
        LocalDateTime(instant(in: timeZone), in: timeZone)
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.date, lhs.time) < (rhs.date, rhs.time)
    }
}
