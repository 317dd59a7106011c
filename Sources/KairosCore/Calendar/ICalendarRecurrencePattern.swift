import Foundation

extension ICalendar {
    /// An RRULE as RFC 5545 3.3.10 defines it, read from other clients' objects to find their instances.
    ///
    /// Unlike `RecurrenceRule` (the repeat patterns Kairos itself offers), this takes every frequency, COUNT,
    /// UNTIL, lists of BYMONTH, BYMONTHDAY, BYYEARDAY, BYDAY (with ordinals such as `-1FR`), BYHOUR, BYMINUTE,
    /// BYSECOND and BYSETPOS, and WKST; a day that does not exist in a month (the 31st of April) is skipped, as
    /// RFC 5545 says. BYWEEKNO is not read: a rule using it is refused, and its component counts as a single
    /// instance.
    public struct RecurrencePattern: Hashable, Sendable {
        /// How often the rule repeats, before INTERVAL is applied; ordered from the finest to the coarsest.
        public enum Frequency: Int, Comparable, Sendable {
            case secondly, minutely, hourly, daily, weekly, monthly, yearly

            public static func < (lhs: Frequency, rhs: Frequency) -> Bool { lhs.rawValue < rhs.rawValue }
        }

        /// A BYDAY entry: a weekday, with an ordinal (`2MO`, `-1FR`) when it means one of the month's or
        /// year's weekdays rather than every one.
        public struct WeekdayEntry: Hashable, Sendable {
            public var weekday: Weekday
            /// 1 the first, -1 the last; nil for every such weekday in the period.
            public var ordinal: Int?
        }

        public var frequency: Frequency
        /// Every `interval`-th period, at least 1.
        public var interval: Int
        /// How many occurrences the rule makes, nil when it does not say.
        public var count: Int?
        /// The last moment an occurrence may start, inclusive.
        public var until: DateValue?
        public var byMonth: [Int]
        public var byMonthDay: [Int]
        public var byYearDay: [Int]
        public var byDay: [WeekdayEntry]
        public var byHour: [Int]
        public var byMinute: [Int]
        public var bySecond: [Int]
        public var bySetPosition: [Int]
        /// The day weeks start on, for WEEKLY rules with an INTERVAL above 1.
        public var weekStart: Weekday

        /// Reads an RRULE value such as `FREQ=MONTHLY;BYDAY=-1FR;COUNT=5`; nil when it is malformed or uses
        /// BYWEEKNO.
        public init?(_ value: String) {
            var frequency: Frequency?
            interval = 1
            byMonth = []
            byMonthDay = []
            byYearDay = []
            byDay = []
            byHour = []
            byMinute = []
            bySecond = []
            bySetPosition = []
            weekStart = .monday
            for part in value.split(separator: ";") {
                let pieces = part.split(separator: "=", maxSplits: 1)
                guard pieces.count == 2 else { return nil }
                let name = pieces[0].uppercased()
                let text = String(pieces[1])
                switch name {
                case "FREQ":
                    let names: [String: Frequency] = [
                        "SECONDLY": .secondly, "MINUTELY": .minutely, "HOURLY": .hourly, "DAILY": .daily,
                        "WEEKLY": .weekly, "MONTHLY": .monthly, "YEARLY": .yearly,
                    ]
                    guard let parsed = names[text.uppercased()] else { return nil }
                    frequency = parsed
                case "INTERVAL":
                    guard let parsed = Int(text), parsed >= 1 else { return nil }
                    interval = parsed
                case "COUNT":
                    guard let parsed = Int(text), parsed >= 1 else { return nil }
                    count = parsed
                case "UNTIL":
                    guard let parsed = DateValue(Property(name: "UNTIL", value: text)) else { return nil }
                    until = parsed
                case "BYMONTH":
                    guard let list = Self.numbers(text, in: 1...12, signed: false) else { return nil }
                    byMonth = list
                case "BYMONTHDAY":
                    guard let list = Self.numbers(text, in: 1...31, signed: true) else { return nil }
                    byMonthDay = list
                case "BYYEARDAY":
                    guard let list = Self.numbers(text, in: 1...366, signed: true) else { return nil }
                    byYearDay = list
                case "BYHOUR":
                    guard let list = Self.numbers(text, in: 0...23, signed: false) else { return nil }
                    byHour = list.sorted()
                case "BYMINUTE":
                    guard let list = Self.numbers(text, in: 0...59, signed: false) else { return nil }
                    byMinute = list.sorted()
                case "BYSECOND":
                    // A leap second (60) is read as the second before it.
                    guard let list = Self.numbers(text, in: 0...60, signed: false) else { return nil }
                    bySecond = Array(Set(list.map { min($0, 59) })).sorted()
                case "BYSETPOS":
                    guard let list = Self.numbers(text, in: 1...366, signed: true) else { return nil }
                    bySetPosition = list
                case "BYDAY":
                    var entries: [WeekdayEntry] = []
                    for item in text.split(separator: ",") {
                        let code = String(item.suffix(2))
                        guard let weekday = Weekday(rruleCode: code) else { return nil }
                        let prefix = item.dropLast(2)
                        if prefix.isEmpty {
                            entries.append(WeekdayEntry(weekday: weekday, ordinal: nil))
                        } else {
                            guard let ordinal = Int(prefix), ordinal != 0, abs(ordinal) <= 53 else { return nil }
                            entries.append(WeekdayEntry(weekday: weekday, ordinal: ordinal))
                        }
                    }
                    byDay = entries
                case "WKST":
                    guard let parsed = Weekday(rruleCode: text) else { return nil }
                    weekStart = parsed
                case "BYWEEKNO":
                    return nil
                default:
                    // Extension parts (X-NAME) do not change the instances.
                    continue
                }
            }
            guard let frequency else { return nil }
            self.frequency = frequency
        }

        private static func numbers(_ text: String, in range: ClosedRange<Int>, signed: Bool) -> [Int]? {
            var list: [Int] = []
            for item in text.split(separator: ",") {
                guard let number = Int(item), range.contains(abs(number)), signed || number >= 0 else { return nil }
                list.append(number)
            }
            return list.isEmpty ? nil : list
        }
    }
}

/// A wall-clock moment as a day number (days since 1970-01-01) and the seconds into that day.
struct WallTime: Hashable, Comparable, Sendable {
    var day: Int
    var second: Int

    init(day: Int, second: Int) {
        self.day = day
        self.second = second
    }

    init(_ date: LocalDate, _ time: LocalTime) {
        self.init(day: date.dayNumber, second: time.secondsSinceMidnight)
    }

    /// The wall time of `instant` in `zone`.
    init(_ instant: Date, in zone: TimeZone) {
        let wall = Int(instant.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: instant)
        day = LocalDate.floorDiv(wall, 86_400)
        second = wall - day * 86_400
    }

    var date: LocalDate { LocalDate(dayNumber: day) }
    var time: LocalTime { LocalTime(unchecked: second / 3_600, minute: second % 3_600 / 60, second: second % 60) }

    static func < (lhs: WallTime, rhs: WallTime) -> Bool {
        (lhs.day, lhs.second) < (rhs.day, rhs.second)
    }
}

extension ICalendar.RecurrencePattern {
    /// The most periods one search visits, so a rule that can never match (BYMONTHDAY=30;BYMONTH=2) ends.
    static let periodLimit = 100_000

    /// The occurrences of this rule for a series starting at `start`, ascending, as wall times in the series'
    /// own zone; DATE series (`isDate`) have every time at 0.
    ///
    /// `until` is UNTIL already read as a wall time of the series. Without COUNT, the search may begin at the
    /// period holding `notBefore`, skipping earlier ones: occurrences before it may then be missing, never
    /// ones after it, so a far-future range costs no more than a near one.
    func occurrences(start: WallTime, isDate: Bool, until: WallTime?, notBefore: Int?) -> Occurrences {
        Occurrences(pattern: self, start: start, isDate: isDate, until: until, notBefore: notBefore)
    }

    /// Walks a rule's periods in order, yielding each period's occurrences.
    struct Occurrences: IteratorProtocol, Sequence {
        let pattern: ICalendar.RecurrencePattern
        let start: WallTime
        let isDate: Bool
        let until: WallTime?
        private let startPeriod: Int
        private var offset: Int
        private var buffer: [WallTime] = []
        private var bufferIndex = 0
        private var produced = 0
        private var visited = 0
        private var finished = false
        // The parts RFC 5545 takes from DTSTART when the rule does not give them.
        private let months: [Int]
        private let monthDays: [Int]
        private let days: [ICalendar.RecurrencePattern.WeekdayEntry]

        init(pattern: ICalendar.RecurrencePattern, start: WallTime, isDate: Bool, until: WallTime?, notBefore: Int?) {
            self.pattern = pattern
            self.start = start
            self.isDate = isDate
            self.until = until
            let startDate = start.date
            var months = pattern.byMonth
            var monthDays = pattern.byMonthDay
            var days = pattern.byDay
            if pattern.byYearDay.isEmpty, pattern.byMonthDay.isEmpty, pattern.byDay.isEmpty {
                switch pattern.frequency {
                case .yearly:
                    if months.isEmpty { months = [startDate.month] }
                    monthDays = [startDate.day]
                case .monthly: monthDays = [startDate.day]
                case .weekly: days = [.init(weekday: startDate.weekday, ordinal: nil)]
                default: break
                }
            }
            self.months = months
            self.monthDays = monthDays
            self.days = days
            startPeriod = Self.period(of: start, pattern: pattern)
            offset = 0
            if pattern.count == nil, let notBefore {
                let target = Self.period(of: WallTime(day: notBefore, second: 0), pattern: pattern)
                let step = pattern.interval
                offset = Swift.max(0, LocalDate.floorDiv(target - startPeriod, step) * step)
            }
        }

        mutating func next() -> WallTime? {
            while !finished {
                if bufferIndex < buffer.count {
                    let candidate = buffer[bufferIndex]
                    bufferIndex += 1
                    if let until, candidate > until {
                        finished = true
                        return nil
                    }
                    if let count = pattern.count, produced >= count {
                        finished = true
                        return nil
                    }
                    produced += 1
                    return candidate
                }
                guard visited < ICalendar.RecurrencePattern.periodLimit else {
                    finished = true
                    return nil
                }
                visited += 1
                let period = startPeriod + offset
                offset += pattern.interval
                buffer = candidates(inPeriod: period).filter { $0 >= start }
                bufferIndex = 0
                // A period wholly past UNTIL, or past the year 9999, ends the walk even when it holds no
                // occurrence.
                if let first = firstDay(ofPeriod: period), first > until?.day ?? Self.lastDay {
                    finished = true
                }
            }
            return nil
        }

        /// 9999-12-31, the last day a DATE can name.
        private static let lastDay = LocalDate(unchecked: 9999, month: 12, day: 31).dayNumber

        /// The index of the period holding `time`: its year, month, week, day, hour, minute or second.
        private static func period(of time: WallTime, pattern: ICalendar.RecurrencePattern) -> Int {
            let date = time.date
            switch pattern.frequency {
            case .yearly: return date.year
            case .monthly: return date.year * 12 + date.month - 1
            case .weekly:
                // Day 4 (1970-01-05) was a Monday; weeks begin on WKST.
                return LocalDate.floorDiv(time.day - 4 - (pattern.weekStart.rawValue - 1), 7)
            case .daily: return time.day
            case .hourly: return time.day * 24 + time.second / 3_600
            case .minutely: return time.day * 1_440 + time.second / 60
            case .secondly: return time.day * 86_400 + time.second
            }
        }

        private func firstDay(ofPeriod period: Int) -> Int? {
            switch pattern.frequency {
            case .yearly: LocalDate(unchecked: period, month: 1, day: 1).dayNumber
            case .monthly:
                LocalDate(
                    unchecked: LocalDate.floorDiv(period, 12), month: LocalDate.floorMod(period, 12) + 1, day: 1
                ).dayNumber
            case .weekly: period * 7 + 4 + pattern.weekStart.rawValue - 1
            case .daily: period
            case .hourly: LocalDate.floorDiv(period, 24)
            case .minutely: LocalDate.floorDiv(period, 1_440)
            case .secondly: LocalDate.floorDiv(period, 86_400)
            }
        }

        /// The rule's occurrences in one period, ascending, BYSETPOS applied.
        private func candidates(inPeriod period: Int) -> [WallTime] {
            let frequency = pattern.frequency
            var dayRanges: [Range<Int>]
            var slotSecond: Int?
            switch frequency {
            case .yearly:
                guard (1...9999).contains(period) else { return [] }
                // Only the rule's months need looking at, when it names them.
                dayRanges = (months.isEmpty ? Array(1...12) : months.sorted()).map { month in
                    let first = LocalDate(unchecked: period, month: month, day: 1).dayNumber
                    return first..<(first + LocalDate.daysInMonth(year: period, month: month))
                }
            case .monthly:
                let year = LocalDate.floorDiv(period, 12)
                let month = LocalDate.floorMod(period, 12) + 1
                guard (1...9999).contains(year) else { return [] }
                let first = LocalDate(unchecked: year, month: month, day: 1).dayNumber
                dayRanges = [first..<(first + LocalDate.daysInMonth(year: year, month: month))]
            case .weekly:
                let first = firstDay(ofPeriod: period)!
                dayRanges = [first..<(first + 7)]
            case .daily:
                dayRanges = [period..<(period + 1)]
            case .hourly, .minutely, .secondly:
                let unit = frequency == .hourly ? 3_600 : frequency == .minutely ? 60 : 1
                let seconds = period * unit
                let day = LocalDate.floorDiv(seconds, 86_400)
                dayRanges = [day..<(day + 1)]
                slotSecond = seconds - day * 86_400
            }
            let matchingDays = dayRanges.flatMap { $0.filter(matchesDayRules) }
            if matchingDays.isEmpty { return [] }
            let times = secondsOfDay(slot: slotSecond)
            var found: [WallTime] = []
            found.reserveCapacity(matchingDays.count * times.count)
            for day in matchingDays {
                for second in times { found.append(WallTime(day: day, second: second)) }
            }
            guard !pattern.bySetPosition.isEmpty else { return found }
            var picked = Set<Int>()
            for position in pattern.bySetPosition {
                let index = position > 0 ? position - 1 : found.count + position
                if found.indices.contains(index) { picked.insert(index) }
            }
            return picked.sorted().map { found[$0] }
        }

        /// The seconds into a day the rule's occurrences fall at: BYHOUR, BYMINUTE and BYSECOND expand a day,
        /// and limit a sub-daily slot; the rest comes from DTSTART.
        private func secondsOfDay(slot: Int?) -> [Int] {
            if isDate { return [0] }
            let hour = start.second / 3_600
            let minute = start.second % 3_600 / 60
            let second = start.second % 60
            var hours = pattern.byHour.isEmpty ? [hour] : pattern.byHour
            var minutes = pattern.byMinute.isEmpty ? [minute] : pattern.byMinute
            var seconds = pattern.bySecond.isEmpty ? [second] : pattern.bySecond
            if let slot {
                let limit = { (list: [Int], value: Int) -> [Int] in
                    list.isEmpty || list.contains(value) ? [value] : []
                }
                hours = limit(pattern.byHour, slot / 3_600)
                if pattern.frequency <= .minutely { minutes = limit(pattern.byMinute, slot % 3_600 / 60) }
                if pattern.frequency == .secondly { seconds = limit(pattern.bySecond, slot % 60) }
            }
            var result: [Int] = []
            for h in hours {
                for m in minutes {
                    for s in seconds { result.append(h * 3_600 + m * 60 + s) }
                }
            }
            return result
        }

        /// Whether a day passes BYMONTH, BYYEARDAY, BYMONTHDAY and BYDAY (each when it applies).
        private func matchesDayRules(_ day: Int) -> Bool {
            let date = LocalDate(dayNumber: day)
            if !months.isEmpty, !months.contains(date.month) { return false }
            if !pattern.byYearDay.isEmpty {
                let first = LocalDate(unchecked: date.year, month: 1, day: 1).dayNumber
                let length = LocalDate.isLeapYear(date.year) ? 366 : 365
                let index = day - first + 1
                guard pattern.byYearDay.contains(where: { $0 == index || $0 == index - length - 1 }) else {
                    return false
                }
            }
            if !monthDays.isEmpty {
                let length = LocalDate.daysInMonth(year: date.year, month: date.month)
                guard monthDays.contains(where: { $0 == date.day || $0 == date.day - length - 1 }) else {
                    return false
                }
            }
            if !days.isEmpty {
                let weekday = date.weekday
                return days.contains { entry in
                    guard entry.weekday == weekday else { return false }
                    guard let ordinal = entry.ordinal else { return true }
                    return matchesOrdinal(ordinal, date: date)
                }
            }
            return true
        }

        /// Whether `date` is the `ordinal`-th of its weekday in the month (MONTHLY, or YEARLY with BYMONTH) or
        /// the year (YEARLY); other frequencies ignore ordinals.
        private func matchesOrdinal(_ ordinal: Int, date: LocalDate) -> Bool {
            let inMonth: Bool
            switch pattern.frequency {
            case .monthly: inMonth = true
            case .yearly: inMonth = !pattern.byMonth.isEmpty
            default: return true
            }
            let (index, length) =
                inMonth
                ? (date.day, LocalDate.daysInMonth(year: date.year, month: date.month))
                : (
                    date.dayNumber - LocalDate(unchecked: date.year, month: 1, day: 1).dayNumber + 1,
                    LocalDate.isLeapYear(date.year) ? 366 : 365
                )
            let fromStart = (index - 1) / 7 + 1
            let fromEnd = -((length - index) / 7 + 1)
            return ordinal == fromStart || ordinal == fromEnd
        }
    }
}
