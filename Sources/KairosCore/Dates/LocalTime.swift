import Foundation

/// A wall-clock time of day without a date or time zone, to the second.
public struct LocalTime: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The hour, 0...23.
    public let hour: Int
    /// The minute, 0...59.
    public let minute: Int
    /// The second, 0...59.
    public let second: Int

    /// Creates a time, or nil when a component is out of range.
    public init?(hour: Int, minute: Int, second: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        self.init(unchecked: hour, minute: minute, second: second)
    }

    /// Parses "HH:MM" or "HH:MM:SS" (two digits each).
    public init?(iso: String) {
        let scalars = Array(iso.unicodeScalars)
        guard scalars.count == 5 || scalars.count == 8, scalars[2] == ":",
            let hour = LocalDate.digits(scalars[0..<2]),
            let minute = LocalDate.digits(scalars[3..<5])
        else { return nil }
        var second = 0
        if scalars.count == 8 {
            guard scalars[5] == ":", let parsed = LocalDate.digits(scalars[6..<8]) else { return nil }
            second = parsed
        }
        self.init(hour: hour, minute: minute, second: second)
    }

    /// The wall-clock time of `instant` in `timeZone`.
    public init(_ instant: Date, in timeZone: TimeZone) {
        let parts = LocalDate.calendar(in: timeZone).dateComponents([.hour, .minute, .second], from: instant)
        self.init(unchecked: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0)
    }

    /// "HH:MM:SS".
    public var iso: String {
        LocalDate.pad(hour, 2) + ":" + LocalDate.pad(minute, 2) + ":" + LocalDate.pad(second, 2)
    }

    /// "HH:MM", for times set to the minute.
    public var hourMinute: String {
        LocalDate.pad(hour, 2) + ":" + LocalDate.pad(minute, 2)
    }

    /// The ISO form, "HH:MM:SS".
    public var description: String { iso }

    public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool {
        lhs.secondsSinceMidnight < rhs.secondsSinceMidnight
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = LocalTime(iso: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected a time as HH:MM:SS, got \"\(text)\"")
        }
        self = time
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }
}

extension LocalTime {
    /// Builds a time from components already known to be valid.
    init(unchecked hour: Int, minute: Int, second: Int) {
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Seconds elapsed since 00:00:00.
    var secondsSinceMidnight: Int {
        hour * 3_600 + minute * 60 + second
    }
}
