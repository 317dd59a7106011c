import Foundation

extension ICalendar {
    /// A DATE or DATE-TIME value (RFC 5545 3.3.4, 3.3.5) in its three forms: UTC, fixed to a TZID, or floating.
    public enum DateValue: Hashable, Sendable {
        /// `VALUE=DATE:20260305`: a whole day.
        case date(LocalDate)
        /// `20260305T170000`: a wall time wherever the reader is.
        case floating(LocalDate, LocalTime)
        /// `20260305T160000Z`: an exact moment.
        case utc(Date)
        /// `TZID=Europe/Berlin:20260305T170000`: a wall time in the zone the TZID names.
        case zoned(LocalDate, LocalTime, tzid: String)

        /// Reads a property's value by its shape (8 characters a DATE, 15 a local DATE-TIME, 16 ending in Z a
        /// UTC one) and its TZID; nil when it is neither.
        public init?(_ property: Property) {
            let s = Array(property.value.unicodeScalars)
            guard s.count >= 8, let year = LocalDate.digits(s[0..<4]), let month = LocalDate.digits(s[4..<6]),
                let day = LocalDate.digits(s[6..<8]), let date = LocalDate(year: year, month: month, day: day)
            else { return nil }
            if s.count == 8 {
                self = .date(date)
                return
            }
            guard s.count == 15 || (s.count == 16 && (s[15] == "Z" || s[15] == "z")), s[8] == "T" || s[8] == "t",
                let hour = LocalDate.digits(s[9..<11]), let minute = LocalDate.digits(s[11..<13]),
                let second = LocalDate.digits(s[13..<15]),
                // A leap second (60) is read as the second before it.
                let time = LocalTime(hour: hour, minute: minute, second: min(second, 59))
            else { return nil }
            if s.count == 16 {
                self = .utc(date.at(time, in: .gmt))
            } else if let tzid = property.parameter("TZID") {
                self = .zoned(date, time, tzid: tzid)
            } else {
                self = .floating(date, time)
            }
        }

        /// The property `name` holding this value: `;VALUE=DATE` for a date, `;TZID=` for a zoned time.
        public func property(named name: String) -> Property {
            switch self {
            case .date(let date):
                Property(name: name, parameters: [Parameter("VALUE", "DATE")], value: DateValue.compact(date))
            case .floating(let date, let time):
                Property(name: name, value: DateValue.compact(date, time))
            case .utc(let instant):
                Property(name: name, value: DateValue.utc(instant))
            case .zoned(let date, let time, let tzid):
                Property(name: name, parameters: [Parameter("TZID", tzid)], value: DateValue.compact(date, time))
            }
        }

        /// Whether it is a DATE rather than a DATE-TIME.
        public var isDate: Bool {
            if case .date = self { return true }
            return false
        }

        /// The moment it names: a date at its start, floating times and unknown TZIDs read in `fallback`.
        public func instant(fallback: TimeZone) -> Date {
            switch self {
            case .date(let date): date.startOfDay(in: fallback)
            case .floating(let date, let time): date.at(time, in: fallback)
            case .utc(let instant): instant
            case .zoned(let date, let time, let tzid):
                date.at(time, in: ICalendar.timeZone(tzid: tzid) ?? fallback)
            }
        }

        /// "20260305".
        public static func compact(_ date: LocalDate) -> String {
            LocalDate.pad(date.year, 4) + LocalDate.pad(date.month, 2) + LocalDate.pad(date.day, 2)
        }

        /// "20260305T170000".
        public static func compact(_ date: LocalDate, _ time: LocalTime) -> String {
            compact(date) + "T" + LocalDate.pad(time.hour, 2) + LocalDate.pad(time.minute, 2)
                + LocalDate.pad(time.second, 2)
        }

        /// "20260305T160000Z".
        public static func utc(_ instant: Date) -> String {
            compact(LocalDate(instant, in: .gmt), LocalTime(instant, in: .gmt)) + "Z"
        }
    }

    /// The zone a TZID names when it is an IANA name, also behind a prefix such as Thunderbird's old
    /// `/mozilla.org/20050126_1/Europe/Berlin`; nil for other names (Windows names, custom VTIMEZONEs).
    public static func timeZone(tzid: String) -> TimeZone? {
        let parts = tzid.split(separator: "/")
        for start in parts.indices {
            let candidate = parts[start...].joined(separator: "/")
            if candidate.contains("/") || candidate == "UTC" || candidate == "GMT",
                let zone = TimeZone(identifier: candidate)
            {
                return zone
            }
        }
        return nil
    }

    /// A DURATION (RFC 5545 3.3.6) such as `-PT15M`, `P1D` or `-P1W` in seconds; nil when malformed.
    public static func durationSeconds(_ text: String) -> Int? {
        var s = Substring(text.uppercased())
        var sign = 1
        if s.first == "-" || s.first == "+" {
            sign = s.first == "-" ? -1 : 1
            s = s.dropFirst()
        }
        guard s.first == "P" else { return nil }
        s = s.dropFirst()
        var total = 0
        var number = ""
        var inTime = false
        var sawUnit = false
        for character in s {
            if character.isASCII, character.isNumber {
                number.append(character)
                continue
            }
            if character == "T", number.isEmpty, !inTime {
                inTime = true
                continue
            }
            guard number.count <= 9, let amount = Int(number) else { return nil }
            let unit: Int
            switch (character, inTime) {
            case ("W", false): unit = 604_800
            case ("D", false): unit = 86_400
            case ("H", true): unit = 3_600
            case ("M", true): unit = 60
            case ("S", true): unit = 1
            default: return nil
            }
            total += amount * unit
            number = ""
            sawUnit = true
        }
        guard sawUnit, number.isEmpty else { return nil }
        return sign * total
    }

    /// A DURATION for `seconds`, in the largest whole unit: `-PT15M`, `-PT2H`, `-P1D`, `PT0S`.
    public static func duration(seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : ""
        let size = abs(seconds)
        if size == 0 { return "PT0S" }
        if size % 86_400 == 0 { return "\(sign)P\(size / 86_400)D" }
        if size % 3_600 == 0 { return "\(sign)PT\(size / 3_600)H" }
        if size % 60 == 0 { return "\(sign)PT\(size / 60)M" }
        return "\(sign)PT\(size)S"
    }
}
