/// A day of the week, numbered as in ISO 8601 (Monday = 1 … Sunday = 7).
public enum Weekday: Int, CaseIterable, Sendable, Codable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The two-letter RFC 5545 code, "MO" … "SU".
    public var rruleCode: String {
        switch self {
        case .monday: "MO"
        case .tuesday: "TU"
        case .wednesday: "WE"
        case .thursday: "TH"
        case .friday: "FR"
        case .saturday: "SA"
        case .sunday: "SU"
        }
    }

    /// Parses a two-letter RFC 5545 code such as "MO" (case-insensitive).
    public init?(rruleCode: String) {
        let code = rruleCode.uppercased()
        guard let match = Weekday.allCases.first(where: { $0.rruleCode == code }) else { return nil }
        self = match
    }

    /// Parses an English name or common abbreviation ("monday", "mon", "tues", "thurs"), case-insensitive.
    public init?(name: String) {
        let key = name.lowercased()
        guard let match = Weekday.allCases.first(where: { $0.name == key || $0.abbreviations.contains(key) }) else {
            return nil
        }
        self = match
    }

    /// The lowercase English name, e.g. "monday".
    public var name: String {
        switch self {
        case .monday: "monday"
        case .tuesday: "tuesday"
        case .wednesday: "wednesday"
        case .thursday: "thursday"
        case .friday: "friday"
        case .saturday: "saturday"
        case .sunday: "sunday"
        }
    }

    private var abbreviations: [String] {
        switch self {
        case .monday: ["mon"]
        case .tuesday: ["tue", "tues"]
        case .wednesday: ["wed", "weds"]
        case .thursday: ["thu", "thur", "thurs"]
        case .friday: ["fri"]
        case .saturday: ["sat"]
        case .sunday: ["sun"]
        }
    }
}
