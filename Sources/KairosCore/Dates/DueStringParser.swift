import Foundation

/// A due date understood from a `due_string`: an all-day date when `time` is nil.
public struct ParsedDue: Hashable, Sendable {
    /// The (first) due date.
    public var date: LocalDate
    /// The wall-clock time in the user's time zone, or nil for an all-day due date.
    public var time: LocalTime?
    /// The repetition, when the due date recurs.
    public var recurrence: RecurrenceRule?

    /// Creates a parsed due date.
    public init(date: LocalDate, time: LocalTime? = nil, recurrence: RecurrenceRule? = nil) {
        self.date = date
        self.time = time
        self.recurrence = recurrence
    }
}

/// Why a `due_string` was not understood; `message` lists forms that are.
public struct DueStringError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A human-readable explanation with examples.
    public let message: String

    /// Creates an error with `message`.
    public init(message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// The one entry point for turning a Todoist-style `due_string` into a due date. (A fuller natural-language engine replaces its internals later; keep the signature.)
public enum DueStringParser {
    /// Parses `text` relative to the instant `now` seen in `timeZone`; nil means "no date".
    public static func parse(_ text: String, now: Date, timeZone: TimeZone) throws(DueStringError) -> ParsedDue? {
        let tokens = tokenize(text)
        if tokens.isEmpty || tokens == ["no", "date"] || tokens == ["no", "due", "date"] {
            return nil
        }
        var reader = Reader(tokens: tokens, now: now, timeZone: timeZone)
        guard let due = reader.readDue(), reader.isAtEnd, due.date.year <= 9999 else {
            let shown = text.trimmingCharacters(in: .whitespacesAndNewlines)
            throw DueStringError(
                message: "Could not understand due_string \"\(shown)\". Try \"today\", \"tomorrow\", \"friday\", "
                    + "\"next week\", \"2026-03-12\", \"March 12 at 5pm\" or \"every monday\".")
        }
        return due
    }

    /// Lowercase words; commas separate like spaces and trailing dots ("mar.", "p.m.") are dropped.
    private static func tokenize(_ text: String) -> [String] {
        text.lowercased()
            .split(whereSeparator: { $0.isWhitespace || $0 == "," })
            .map { word in
                var token = Substring(word)
                while token.count > 1, token.hasSuffix(".") {
                    token = token.dropLast()
                }
                return String(token)
            }
    }
}

// MARK: - Grammar

extension DueStringParser {
    /// What an "every …" phrase repeats on, before the first date is chosen.
    private enum Pattern {
        case rule(RecurrenceRule)
        /// "every march 12": yearly on a fixed month and day.
        case yearlyOn(month: Int, day: Int)
    }

    /// A cursor over the tokens; each `read…` consumes its phrase or leaves the cursor where it was.
    private struct Reader {
        let tokens: [String]
        let now: Date
        let timeZone: TimeZone
        let today: LocalDate
        var position = 0

        init(tokens: [String], now: Date, timeZone: TimeZone) {
            self.tokens = tokens
            self.now = now
            self.timeZone = timeZone
            self.today = LocalDate.today(in: timeZone, now: now)
        }

        var isAtEnd: Bool { position == tokens.count }

        var current: String? { position < tokens.count ? tokens[position] : nil }

        var next: String? { position + 1 < tokens.count ? tokens[position + 1] : nil }

        /// Consumes the current token when it is one of `words`.
        mutating func accept(_ words: String...) -> Bool {
            guard let current, words.contains(current) else { return false }
            position += 1
            return true
        }

        // MARK: Whole due strings

        /// `[time] (recurrence | date)`, `(recurrence | date) [time]`, or a time alone (today).
        mutating func readDue() -> ParsedDue? {
            let start = position
            if let time = readTime() {
                if isAtEnd {
                    return ParsedDue(date: today, time: time)
                }
                if let due = readDateOrRecurrence(leadingTime: time) {
                    return due
                }
                position = start
            }
            return readDateOrRecurrence(leadingTime: nil)
        }

        private mutating func readDateOrRecurrence(leadingTime: LocalTime?) -> ParsedDue? {
            if let due = readRecurrence(leadingTime: leadingTime) {
                return due
            }
            guard let (date, relativeTime) = readDate() else { return nil }
            var time = relativeTime ?? leadingTime
            if time == nil {
                time = readTime()
            } else if relativeTime != nil, leadingTime != nil {
                return nil
            }
            return ParsedDue(date: date, time: time)
        }

        // MARK: Recurrence

        /// A pattern, then in any order an optional time and an optional "starting <date>".
        private mutating func readRecurrence(leadingTime: LocalTime?) -> ParsedDue? {
            let start = position
            guard let pattern = readPattern() else { return nil }
            var time = leadingTime
            var seriesStart: LocalDate?
            while !isAtEnd {
                if time == nil, let parsed = readTime() {
                    time = parsed
                } else if seriesStart == nil, accept("starting", "starts", "from", "beginning") {
                    guard let (date, dateTime) = readDate(), dateTime == nil else {
                        position = start
                        return nil
                    }
                    seriesStart = date
                } else {
                    break
                }
            }
            let base = seriesStart ?? today
            let rule: RecurrenceRule
            var first: LocalDate
            switch pattern {
            case .rule(let patternRule):
                rule = patternRule
                first = rule.firstOccurrence(onOrAfter: base)
            case .yearlyOn(let month, let day):
                rule = RecurrenceRule(frequency: .yearly)
                guard let date = upcoming(month: month, day: day, onOrAfter: base) else {
                    position = start
                    return nil
                }
                first = date
            }
            // A time already past today means the series starts at its next occurrence.
            if let time, first == today, now >= first.at(time, in: timeZone) {
                first = rule.nextOccurrence(after: first, start: first)
            }
            return ParsedDue(date: first, time: time, recurrence: rule)
        }

        private mutating func readPattern() -> Pattern? {
            if accept("daily", "everyday") {
                return .rule(RecurrenceRule(frequency: .daily))
            }
            if accept("weekly") {
                return .rule(RecurrenceRule(frequency: .weekly))
            }
            if accept("fortnightly", "biweekly") {
                return .rule(RecurrenceRule(frequency: .weekly, interval: 2))
            }
            if accept("monthly") {
                return .rule(RecurrenceRule(frequency: .monthly))
            }
            if accept("yearly", "annually") {
                return .rule(RecurrenceRule(frequency: .yearly))
            }
            let start = position
            guard accept("every", "ev") else { return nil }
            if let pattern = readEveryBody() {
                return pattern
            }
            position = start
            return nil
        }

        /// What follows "every".
        private mutating func readEveryBody() -> Pattern? {
            if let (month, day, year) = readMonthNameDate(), year == nil {
                return .yearlyOn(month: month, day: day)
            }
            // A bare number here is a count ("every 2 weeks"); a day of month needs "the", a suffix or "last".
            if accept("the") || current == "last" || current.map(DueStringParser.isOrdinal) == true {
                guard let monthDay = readMonthDay() else { return nil }
                return .rule(RecurrenceRule(frequency: .monthly, byMonthDay: monthDay))
            }
            var interval = 1
            if accept("other") {
                interval = 2
            } else if let count = readCount(allowArticle: false) {
                guard count >= 1 else { return nil }
                interval = count
            }
            if accept("day", "days") {
                return .rule(RecurrenceRule(frequency: .daily, interval: interval))
            }
            if accept("week", "weeks") {
                var days: [Weekday] = []
                if accept("on") {
                    guard let listed = readWeekdayList() else { return nil }
                    days = listed
                }
                return .rule(RecurrenceRule(frequency: .weekly, interval: interval, byDay: days))
            }
            if accept("month", "months") {
                var monthDay: Int?
                if accept("on") {
                    _ = accept("the")
                    guard let day = readMonthDay() else { return nil }
                    monthDay = day
                }
                return .rule(RecurrenceRule(frequency: .monthly, interval: interval, byMonthDay: monthDay))
            }
            if accept("year", "years") {
                return .rule(RecurrenceRule(frequency: .yearly, interval: interval))
            }
            if accept("weekday", "weekdays", "workday", "workdays") {
                return .rule(RecurrenceRule(frequency: .weekly, interval: interval, byDay: RecurrenceRule.workweek))
            }
            if accept("weekend", "weekends") {
                return .rule(RecurrenceRule(frequency: .weekly, interval: interval, byDay: [.saturday, .sunday]))
            }
            if let days = readWeekdayList() {
                return .rule(RecurrenceRule(frequency: .weekly, interval: interval, byDay: days))
            }
            return nil
        }

        /// "15th", "15" or "last [day]" as a BYMONTHDAY value.
        private mutating func readMonthDay() -> Int? {
            if accept("last") {
                _ = accept("day")
                return -1
            }
            guard let day = current.flatMap(DueStringParser.dayOfMonth) else { return nil }
            position += 1
            return day
        }

        /// "monday", "mon wed", "monday and wednesday", "mondays".
        private mutating func readWeekdayList() -> [Weekday]? {
            guard let first = current.flatMap(DueStringParser.weekday) else { return nil }
            position += 1
            var days = [first]
            while true {
                let mark = position
                _ = accept("and", "&")
                guard let day = current.flatMap(DueStringParser.weekday) else {
                    position = mark
                    break
                }
                position += 1
                days.append(day)
            }
            return days
        }

        // MARK: Dates

        /// A single date; relative-hour phrases ("in 2 hours") also yield a time.
        private mutating func readDate() -> (LocalDate, LocalTime?)? {
            let start = position
            _ = accept("on")
            if let date = readDateBody() {
                return date
            }
            position = start
            return nil
        }

        private mutating func readDateBody() -> (LocalDate, LocalTime?)? {
            if accept("today", "tod") {
                return (today, nil)
            }
            if accept("tomorrow", "tmr", "tmrw", "tmw") {
                return (today.adding(days: 1), nil)
            }
            if accept("yesterday") {
                return (today.adding(days: -1), nil)
            }
            if accept("next") {
                return readNext().map { ($0, nil) }
            }
            if accept("this") {
                return readThis().map { ($0, nil) }
            }
            if accept("weekend") {
                return (thisWeekend, nil)
            }
            if accept("in") {
                return readIn()
            }
            if let day = current.flatMap(DueStringParser.weekday) {
                position += 1
                // A bare weekday never means today: "friday" said on a Friday is a week away.
                let ahead = (day.rawValue - today.weekday.rawValue + 6) % 7 + 1
                return (today.adding(days: ahead), nil)
            }
            if let token = current, let date = LocalDate(iso: token) ?? slashDate(token) {
                position += 1
                return (date, nil)
            }
            if let (month, day, year) = readMonthNameDate() {
                let date =
                    year.map { LocalDate(year: $0, month: month, day: day) }
                    ?? upcoming(month: month, day: day, onOrAfter: today)
                return date.map { ($0, nil) }
            }
            return nil
        }

        /// After "next": week (its Monday), month (its 1st), year (Jan 1), weekend, or a weekday of next week.
        private mutating func readNext() -> LocalDate? {
            let nextMonday = today.startOfWeek.adding(days: 7)
            if accept("week") {
                return nextMonday
            }
            if accept("month") {
                let next = today.adding(months: 1)
                return LocalDate(year: next.year, month: next.month, day: 1)
            }
            if accept("year") {
                return LocalDate(year: today.year + 1, month: 1, day: 1)
            }
            if accept("weekend") {
                return nextMonday.adding(days: Weekday.saturday.rawValue - 1)
            }
            if let day = current.flatMap(DueStringParser.weekday) {
                position += 1
                return nextMonday.adding(days: day.rawValue - 1)
            }
            return nil
        }

        /// After "this": a weekday (on or after today) or the weekend.
        private mutating func readThis() -> LocalDate? {
            if accept("weekend") {
                return thisWeekend
            }
            if let day = current.flatMap(DueStringParser.weekday) {
                position += 1
                return today.adding(days: (day.rawValue - today.weekday.rawValue + 7) % 7)
            }
            return nil
        }

        /// This week's Saturday, or today when today is Sunday.
        private var thisWeekend: LocalDate {
            max(today, today.startOfWeek.adding(days: Weekday.saturday.rawValue - 1))
        }

        /// After "in": N days, weeks, months, years, hours or minutes.
        private mutating func readIn() -> (LocalDate, LocalTime?)? {
            guard let count = readCount(allowArticle: true) else { return nil }
            if accept("day", "days") {
                return (today.adding(days: count), nil)
            }
            if accept("week", "weeks") {
                return (today.adding(days: 7 * count), nil)
            }
            if accept("month", "months") {
                return (today.adding(months: count), nil)
            }
            if accept("year", "years") {
                return (today.adding(months: 12 * count), nil)
            }
            let seconds: Int
            if accept("hour", "hours", "hr", "hrs") {
                seconds = count * 3_600
            } else if accept("minute", "minutes", "min", "mins") {
                seconds = count * 60
            } else {
                return nil
            }
            let instant = now.addingTimeInterval(TimeInterval(seconds))
            let clock = LocalTime(instant, in: timeZone)
            return (LocalDate(instant, in: timeZone), LocalTime(unchecked: clock.hour, minute: clock.minute, second: 0))
        }

        /// "march 12", "mar 12th", "12 march", "12th of march", each with an optional 4-digit year.
        private mutating func readMonthNameDate() -> (month: Int, day: Int, year: Int?)? {
            let start = position
            if let month = current.flatMap(DueStringParser.month) {
                position += 1
                _ = accept("the")
                if let day = current.flatMap(DueStringParser.dayOfMonth) {
                    position += 1
                    return (month, day, readYear())
                }
            } else if let day = current.flatMap(DueStringParser.dayOfMonth) {
                position += 1
                _ = accept("of")
                if let month = current.flatMap(DueStringParser.month) {
                    position += 1
                    return (month, day, readYear())
                }
            }
            position = start
            return nil
        }

        private mutating func readYear() -> Int? {
            guard let token = current, token.count == 4, let year = DueStringParser.number(token) else { return nil }
            position += 1
            return year
        }

        /// "3/12" (month/day), "3/12/2027" or "3/12/27".
        private func slashDate(_ token: String) -> LocalDate? {
            let parts = token.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 || parts.count == 3, parts[0].count <= 2, parts[1].count <= 2,
                let month = DueStringParser.number(parts[0]), let day = DueStringParser.number(parts[1])
            else { return nil }
            guard parts.count == 3 else {
                return upcoming(month: month, day: day, onOrAfter: today)
            }
            guard parts[2].count == 2 || parts[2].count == 4, let year = DueStringParser.number(parts[2]) else {
                return nil
            }
            return LocalDate(year: parts[2].count == 2 ? 2000 + year : year, month: month, day: day)
        }

        /// The first `month`/`day` on or after `date`; Feb 29 waits for a leap year.
        private func upcoming(month: Int, day: Int, onOrAfter date: LocalDate) -> LocalDate? {
            (date.year...date.year + 8).lazy
                .compactMap { LocalDate(year: $0, month: month, day: day) }
                .first { $0 >= date }
        }

        /// A count in digits or words ("3", "three"; "a"/"an" when `allowArticle`).
        private mutating func readCount(allowArticle: Bool) -> Int? {
            guard let token = current else { return nil }
            let value: Int?
            if allowArticle, token == "a" || token == "an" {
                value = 1
            } else if token.count <= 4 {
                value = DueStringParser.number(token) ?? DueStringParser.numberWords.firstIndex(of: token)
            } else {
                value = nil
            }
            if value != nil {
                position += 1
            }
            return value
        }

        // MARK: Times

        /// `[at] (noon | midnight | H[:MM[:SS]] [am|pm])`; a bare hour needs "at", am/pm or a colon.
        mutating func readTime() -> LocalTime? {
            let start = position
            let hasAt = accept("at", "@")
            if accept("noon", "midday") {
                return LocalTime(unchecked: 12, minute: 0, second: 0)
            }
            if accept("midnight") {
                return LocalTime(unchecked: 0, minute: 0, second: 0)
            }
            if let token = current, let time = clockTime(token, hasAt: hasAt) {
                return time
            }
            position = start
            return nil
        }

        /// Reads one clock token, plus a following "am"/"pm" token when the clock has no suffix.
        private mutating func clockTime(_ token: String, hasAt: Bool) -> LocalTime? {
            let digitsEnd = token.firstIndex { !$0.isNumber && $0 != ":" } ?? token.endIndex
            let clock = token[..<digitsEnd]
            var suffix = String(token[digitsEnd...])
            var consumed = 1
            // A lone "a" or "p" is too ambiguous as a separate word; it only counts attached ("5p").
            if suffix.isEmpty, let following = next, following.count > 1, DueStringParser.meridiem(following) != nil {
                suffix = following
                consumed = 2
            }
            let fields = clock.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard (1...3).contains(fields.count), (1...2).contains(fields[0].count),
                fields.dropFirst().allSatisfy({ $0.count == 2 }),
                var hour = DueStringParser.number(fields[0])
            else { return nil }
            let minute = fields.count > 1 ? DueStringParser.number(fields[1]) : 0
            let second = fields.count > 2 ? DueStringParser.number(fields[2]) : 0
            guard let minute, let second else { return nil }
            if suffix.isEmpty {
                guard hasAt || fields.count > 1 else { return nil }
            } else {
                guard let isPM = DueStringParser.meridiem(suffix), (1...12).contains(hour) else { return nil }
                hour = hour % 12 + (isPM ? 12 : 0)
            }
            guard let time = LocalTime(hour: hour, minute: minute, second: second) else { return nil }
            position += consumed
            return time
        }
    }
}

// MARK: - Words

extension DueStringParser {
    /// Index = value; index 0 is unused so "zero" is not a count.
    private static let numberWords = [
        "", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    ]

    private static let monthNames: [[String]] = [
        ["january", "jan"], ["february", "feb"], ["march", "mar"], ["april", "apr"], ["may"], ["june", "jun"],
        ["july", "jul"], ["august", "aug"], ["september", "sep", "sept"], ["october", "oct"],
        ["november", "nov"], ["december", "dec"],
    ]

    /// A whole token of ASCII digits.
    private static func number(_ token: String) -> Int? {
        let scalars = Array(token.unicodeScalars)
        guard scalars.count <= 9 else { return nil }
        return LocalDate.digits(scalars[...])
    }

    /// A month name or abbreviation as 1...12.
    private static func month(_ token: String) -> Int? {
        monthNames.firstIndex { $0.contains(token) }.map { $0 + 1 }
    }

    /// "12" or "12th" as a day of the month, 1...31.
    private static func dayOfMonth(_ token: String) -> Int? {
        var digits = Substring(token)
        for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) {
            digits = digits.dropLast(suffix.count)
        }
        guard digits.count <= 2, let day = number(String(digits)), (1...31).contains(day) else { return nil }
        return day
    }

    /// Whether `token` is a suffixed day of the month such as "15th".
    private static func isOrdinal(_ token: String) -> Bool {
        token.last?.isLetter == true && dayOfMonth(token) != nil
    }

    /// A weekday name, abbreviation or plural ("mondays").
    private static func weekday(_ token: String) -> Weekday? {
        Weekday(name: token) ?? (token.hasSuffix("s") ? Weekday(name: String(token.dropLast())) : nil)
    }

    /// true for "pm"/"p.m", false for "am"/"a.m", nil otherwise.
    private static func meridiem(_ token: String) -> Bool? {
        switch token.replacingOccurrences(of: ".", with: "") {
        case "am", "a": false
        case "pm", "p": true
        default: nil
        }
    }
}
