import Foundation

/// When a task is due: an all-day date, or a date and time, possibly recurring.
///
/// On the wire it has the Todoist shape: `date` is `YYYY-MM-DD` for all-day dues,
/// `YYYY-MM-DDTHH:MM:SSZ` (UTC) for a time fixed to `timezone`, and
/// `YYYY-MM-DDTHH:MM:SS` for a floating time.
public struct Due: Hashable, Sendable {
    /// The local calendar date the task is due on (in `timezone` when set).
    public var date: LocalDate
    /// The local wall time, or nil for an all-day due date.
    public var time: LocalTime?
    /// The IANA zone a timed due is fixed to; nil for all-day and floating dues.
    public var timezone: String?
    /// The human text the due date was given as ("every monday", "tomorrow at 5pm").
    public var string: String
    public var lang: String
    public var recurrence: RecurrenceRule?

    public init(
        date: LocalDate, time: LocalTime? = nil, timezone: String? = nil, string: String,
        lang: String = "en", recurrence: RecurrenceRule? = nil
    ) {
        self.date = date
        self.time = time
        self.timezone = time == nil ? nil : timezone
        self.string = string
        self.lang = lang
        self.recurrence = recurrence
    }

    public var isRecurring: Bool { recurrence != nil }

    /// The exact moment a timed due falls on; floating times are read in `fallback`.
    public func instant(fallback: TimeZone) -> Date? {
        guard let time else { return nil }
        let zone = timezone.flatMap(TimeZone.init(identifier:)) ?? fallback
        return date.at(time, in: zone)
    }

    /// The same due moved to another date, keeping its time, zone, text and rule.
    public func moved(to newDate: LocalDate) -> Due {
        var copy = self
        copy.date = newDate
        return copy
    }
}

extension Due: Decodable {
    enum CodingKeys: String, CodingKey {
        case date, string, timezone, lang, rrule
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let raw = try c.decode(String.self, forKey: .date)
        let zoneName = try c.decodeIfPresent(String.self, forKey: .timezone)
        guard let parsed = Due.parseWireDate(raw, timezone: zoneName) else {
            throw DecodingError.dataCorruptedError(
                forKey: .date, in: c, debugDescription: "Expected YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS[Z], got \(raw)")
        }
        let string = try c.decodeIfPresent(String.self, forKey: .string) ?? raw
        var rule = try c.decodeIfPresent(String.self, forKey: .rrule).map { try RecurrenceRule(rrule: $0) }
        // As in Todoist, only the text tells a rule that counts from completion ("every! 3 days").
        rule?.fromCompletion = string.lowercased().hasPrefix("every!") || string.lowercased().hasPrefix("ev!")
        self.init(
            date: parsed.date, time: parsed.time, timezone: zoneName,
            string: string,
            lang: try c.decodeIfPresent(String.self, forKey: .lang) ?? "en",
            recurrence: rule)
    }

    /// The `date` field as Todoist clients expect it.
    public var wireDate: String {
        guard let time else { return date.iso }
        if let zone = timezone.flatMap(TimeZone.init(identifier:)) {
            return APITimestamp.utcSeconds(date.at(time, in: zone))
        }
        return "\(date.iso)T\(time.iso)"
    }

    /// Reads a wire date: all-day, floating, or a UTC instant shown in `timezone` (UTC if none).
    public static func parseWireDate(_ raw: String, timezone: String?) -> (date: LocalDate, time: LocalTime?)? {
        if let day = LocalDate(iso: raw) { return (day, nil) }
        guard raw.count >= 19, let day = LocalDate(iso: String(raw.prefix(10))) else { return nil }
        let timePart = raw.dropFirst(11)
        if timePart.hasSuffix("Z") {
            guard let instant = APITimestamp.parse(raw) else { return nil }
            let zone = timezone.flatMap(TimeZone.init(identifier:)) ?? .gmt
            return (LocalDate(instant, in: zone), LocalTime(instant, in: zone))
        }
        guard raw[raw.index(raw.startIndex, offsetBy: 10)] == "T", let time = LocalTime(iso: String(timePart.prefix(8)))
        else { return nil }
        return (day, time)
    }
}

extension Due: JSONWritable {
    public func write(to json: inout JSONWriter) {
        let wire = wireDate
        json.object { json in
            json.key("date"); json.string(wire)
            json.key("datetime"); json.string(time == nil ? nil : wire)
            json.key("string"); json.string(string)
            json.key("timezone"); json.string(timezone)
            json.key("lang"); json.string(lang)
            json.key("is_recurring"); json.bool(isRecurring)
            json.key("rrule"); json.string(recurrence?.rrule)
        }
    }
}

/// How long a task is expected to take (its estimate).
public struct TaskDuration: Decodable, Hashable, Sendable, JSONWritable {
    public enum Unit: String, Decodable, Sendable { case minute, day }
    public var amount: Int
    public var unit: Unit

    public init(amount: Int, unit: Unit) {
        self.amount = amount
        self.unit = unit
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("amount"); json.int(amount)
            json.key("unit"); json.string(unit.rawValue)
        }
    }
}

/// A hard date by which a task must be finished, separate from when it is planned.
public struct Deadline: Decodable, Hashable, Sendable, JSONWritable {
    public var date: LocalDate
    public var lang: String

    public init(date: LocalDate, lang: String = "en") {
        self.date = date
        self.lang = lang
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("date"); json.string(date.iso)
            json.key("lang"); json.string(lang)
        }
    }
}
