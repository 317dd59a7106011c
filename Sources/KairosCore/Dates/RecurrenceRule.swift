import Foundation

/// RFC 5545 RRULE subset: FREQ=DAILY|WEEKLY|MONTHLY|YEARLY, INTERVAL=n, BYDAY=MO,TU,..., BYMONTHDAY=n (1-31 or -1 last day).
///
/// Weeks run Monday to Sunday. A day of month past the end of a shorter month is clamped to its last day
/// (BYMONTHDAY=31 falls on April 30), unlike RFC 5545, which would skip that month.
public struct RecurrenceRule: Hashable, Sendable {
    /// How often the rule repeats, before INTERVAL is applied.
    public enum Frequency: String, Sendable, CaseIterable {
        case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"
    }

    /// The unit of repetition.
    public var frequency: Frequency
    /// Repeat every `interval` units; values below 1 behave as 1.
    public var interval: Int
    /// Days of the week the rule is limited to (WEEKLY: expanded within each week); empty means none.
    public var byDay: [Weekday]
    /// Day of the month, 1...31 or -1 for the last day; nil means none.
    public var byMonthDay: Int?
    /// Todoist's "every!": the next date counts from the day the task is completed, not from its due date.
    /// Not part of the RRULE.
    public var fromCompletion: Bool

    /// Creates a rule; `byDay` is sorted Monday-first and de-duplicated.
    public init(
        frequency: Frequency, interval: Int = 1, byDay: [Weekday] = [], byMonthDay: Int? = nil,
        fromCompletion: Bool = false
    ) {
        self.frequency = frequency
        self.interval = interval
        self.byDay = RecurrenceRule.normalized(byDay)
        self.byMonthDay = byMonthDay
        self.fromCompletion = fromCompletion
    }

    /// Parses an RRULE such as "FREQ=WEEKLY;BYDAY=MO,WE", with or without the "RRULE:" prefix, parts in any order.
    public init(rrule: String) throws(RecurrenceRuleError) {
        var body = Substring(rrule.trimmingCharacters(in: .whitespacesAndNewlines))
        if body.uppercased().hasPrefix("RRULE:") {
            body = body.dropFirst("RRULE:".count)
        }
        var seen: Set<String> = []
        var frequency: Frequency?
        var interval = 1
        var byDay: [Weekday] = []
        var byMonthDay: Int?
        for part in body.split(separator: ";") {
            guard let equals = part.firstIndex(of: "=") else {
                throw RecurrenceRuleError(message: "Malformed RRULE part \"\(part)\"; expected NAME=VALUE")
            }
            let name = part[..<equals].trimmingCharacters(in: .whitespaces).uppercased()
            let value = part[part.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard seen.insert(name).inserted else {
                throw RecurrenceRuleError(message: "RRULE part \(name) appears more than once")
            }
            switch name {
            case "FREQ":
                guard let parsed = Frequency(rawValue: value.uppercased()) else {
                    throw RecurrenceRuleError(
                        message: "Unsupported FREQ \"\(value)\"; expected DAILY, WEEKLY, MONTHLY or YEARLY")
                }
                frequency = parsed
            case "INTERVAL":
                guard let parsed = RecurrenceRule.unsignedInteger(value), (1...9999).contains(parsed) else {
                    throw RecurrenceRuleError(
                        message: "INTERVAL must be a whole number from 1 to 9999, got \"\(value)\"")
                }
                interval = parsed
            case "BYDAY":
                let codes = value.split(separator: ",", omittingEmptySubsequences: false)
                let days = codes.compactMap { Weekday(rruleCode: $0.trimmingCharacters(in: .whitespaces)) }
                guard !codes.isEmpty, days.count == codes.count else {
                    throw RecurrenceRuleError(
                        message: "BYDAY must list days as MO, TU, WE, TH, FR, SA or SU, got \"\(value)\"")
                }
                byDay = days
            case "BYMONTHDAY":
                if value == "-1" {
                    byMonthDay = -1
                } else if let parsed = RecurrenceRule.unsignedInteger(value), (1...31).contains(parsed) {
                    byMonthDay = parsed
                } else {
                    throw RecurrenceRuleError(
                        message:
                            "BYMONTHDAY must be a single day from 1 to 31, or -1 for the last day, got \"\(value)\"")
                }
            default:
                throw RecurrenceRuleError(
                    message: "Unsupported RRULE part \(name); supported parts are FREQ, INTERVAL, BYDAY and BYMONTHDAY")
            }
        }
        guard let frequency else {
            throw RecurrenceRuleError(message: "RRULE must include FREQ")
        }
        if frequency == .weekly, byMonthDay != nil {
            throw RecurrenceRuleError(message: "BYMONTHDAY cannot be combined with FREQ=WEEKLY")
        }
        self.init(frequency: frequency, interval: interval, byDay: byDay, byMonthDay: byMonthDay)
    }

    /// The canonical RRULE, parts in the order FREQ, INTERVAL (omitted when 1), BYDAY, BYMONTHDAY.
    public var rrule: String {
        var parts = ["FREQ=\(frequency.rawValue)"]
        if step != 1 {
            parts.append("INTERVAL=\(step)")
        }
        let days = RecurrenceRule.normalized(byDay)
        if !days.isEmpty {
            parts.append("BYDAY=" + days.map(\.rruleCode).joined(separator: ","))
        }
        if let byMonthDay {
            parts.append("BYMONTHDAY=\(byMonthDay)")
        }
        return parts.joined(separator: ";")
    }

    /// The first occurrence strictly after `date`, anchored on `start` (the series' first date, for INTERVAL and for monthly/yearly day-of-month).
    public func nextOccurrence(after date: LocalDate, start: LocalDate) -> LocalDate {
        occurrence(onOrAfter: date.adding(days: 1), start: start, stride: step)
    }

    /// The first occurrence on or after `date`, treating `date` as the start of the series.
    ///
    /// INTERVAL is not applied here: the returned date is the first of the series, from which INTERVAL counts.
    public func firstOccurrence(onOrAfter date: LocalDate) -> LocalDate {
        occurrence(onOrAfter: date, start: date, stride: 1)
    }

    /// English text such as "every day", "every 2 weeks", "every monday, wednesday", "every month on the 1st", "every weekday";
    /// "every!" for a rule that counts from completion ("every! 3 days").
    public var humanDescription: String {
        let text = patternDescription
        return fromCompletion ? "every!" + text.dropFirst("every".count) : text
    }

    /// The description of the dates alone.
    private var patternDescription: String {
        let days = RecurrenceRule.normalized(byDay)
        let isWorkweek = days == RecurrenceRule.workweek
        let limitsDays = frequency == .daily || frequency == .weekly
        if step == 1, limitsDays, byMonthDay == nil, !days.isEmpty {
            return isWorkweek ? "every weekday" : "every " + days.map(\.name).joined(separator: ", ")
        }
        let unit: String
        switch frequency {
        case .daily: unit = "day"
        case .weekly: unit = "week"
        case .monthly: unit = "month"
        case .yearly: unit = "year"
        }
        var text = step == 1 ? "every \(unit)" : "every \(step) \(unit)s"
        var qualifiers: [String] = []
        if !days.isEmpty {
            qualifiers.append(days.map(\.name).joined(separator: ", "))
        }
        if let byMonthDay {
            qualifiers.append(byMonthDay < 0 ? "the last day" : "the " + RecurrenceRule.ordinal(byMonthDay))
        }
        if !qualifiers.isEmpty {
            text += " on " + qualifiers.joined(separator: " ")
        }
        return text
    }
}

/// Why an RRULE string was rejected; `message` names the offending part.
public struct RecurrenceRuleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A human-readable explanation.
    public let message: String

    /// Creates an error with `message`.
    public init(message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

// MARK: - Occurrence search

extension RecurrenceRule {
    /// Monday to Friday.
    static let workweek: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday]

    /// Sparse combinations (e.g. BYMONTHDAY=13 with BYDAY=FR) need many periods; beyond this the rule is unsatisfiable.
    private static let searchLimit = 20_000

    /// The interval, at least 1.
    private var step: Int { max(1, interval) }

    /// The first occurrence on or after `lower` in a series starting at `start`, visiting every `stride`-th period.
    private func occurrence(onOrAfter lower: LocalDate, start: LocalDate, stride: Int) -> LocalDate {
        let lower = max(lower, start)
        let startPeriod = period(of: start)
        let offset = period(of: lower) - startPeriod
        var index = (offset + stride - 1) / stride * stride
        for _ in 0..<RecurrenceRule.searchLimit {
            if let hit = candidates(inPeriod: startPeriod + index, start: start).first(where: { $0 >= lower }) {
                return hit
            }
            index += stride
        }
        // Filters that can never match together (e.g. DAILY;INTERVAL=7;BYDAY=TU from a Monday) fall back
        // to the bare interval so callers always get a date.
        let plain = RecurrenceRule(frequency: frequency, interval: interval)
        return plain == self ? lower : plain.occurrence(onOrAfter: lower, start: start, stride: stride)
    }

    /// The index of the day, Monday-based week, month or year containing `date`.
    private func period(of date: LocalDate) -> Int {
        switch frequency {
        case .daily: date.dayNumber
        // Day 4 (1970-01-05) was a Monday.
        case .weekly: LocalDate.floorDiv(date.dayNumber - 4, 7)
        case .monthly: date.year * 12 + date.month - 1
        case .yearly: date.year
        }
    }

    /// The rule's dates within one period, ascending.
    private func candidates(inPeriod period: Int, start: LocalDate) -> [LocalDate] {
        switch frequency {
        case .daily:
            let date = LocalDate(dayNumber: period)
            return matchesFilters(date) ? [date] : []
        case .weekly:
            let monday = LocalDate(dayNumber: period * 7 + 4)
            return (byDay.isEmpty ? [start.weekday] : RecurrenceRule.normalized(byDay))
                .map { monday.adding(days: $0.rawValue - 1) }
                .filter(matchesFilters)
        case .monthly:
            let year = LocalDate.floorDiv(period, 12)
            let month = LocalDate.floorMod(period, 12) + 1
            return candidates(inMonth: month, year: year, start: start)
        case .yearly:
            if byMonthDay == nil, !byDay.isEmpty {
                return (1...12).flatMap { candidates(inMonth: $0, year: period, start: start) }
            }
            return candidates(inMonth: start.month, year: period, start: start)
        }
    }

    /// The rule's dates within one month, ascending: the BYMONTHDAY day, every BYDAY weekday, or the start's day.
    private func candidates(inMonth month: Int, year: Int, start: LocalDate) -> [LocalDate] {
        let first = LocalDate(unchecked: year, month: month, day: 1)
        if byMonthDay != nil {
            let date = LocalDate(unchecked: year, month: month, day: monthDay(in: first))
            return matchesFilters(date) ? [date] : []
        }
        let length = LocalDate.daysInMonth(year: year, month: month)
        if !byDay.isEmpty {
            return (0..<length).map { first.adding(days: $0) }.filter(matchesFilters)
        }
        return [LocalDate(unchecked: year, month: month, day: min(start.day, length))]
    }

    /// Whether `date` satisfies BYDAY and BYMONTHDAY (each when set).
    private func matchesFilters(_ date: LocalDate) -> Bool {
        if !byDay.isEmpty, !byDay.contains(date.weekday) {
            return false
        }
        if byMonthDay != nil, date.day != monthDay(in: date) {
            return false
        }
        return true
    }

    /// BYMONTHDAY resolved in the month of `date`, clamped into the month.
    private func monthDay(in date: LocalDate) -> Int {
        let length = LocalDate.daysInMonth(year: date.year, month: date.month)
        let requested = byMonthDay ?? date.day
        return requested < 0 ? max(1, length + 1 + requested) : min(max(1, requested), length)
    }

    private static func normalized(_ days: [Weekday]) -> [Weekday] {
        Set(days).sorted { $0.rawValue < $1.rawValue }
    }

    /// "1st", "2nd", "3rd", "11th", "22nd", …
    static func ordinal(_ number: Int) -> String {
        let suffix =
            switch (number % 100, number % 10) {
            case (11...13, _): "th"
            case (_, 1): "st"
            case (_, 2): "nd"
            case (_, 3): "rd"
            default: "th"
            }
        return "\(number)\(suffix)"
    }

    /// A short run of ASCII digits as a number; rejects signs, spaces and overlong input.
    private static func unsignedInteger(_ text: String) -> Int? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count <= 6 else { return nil }
        return LocalDate.digits(scalars[...])
    }
}
