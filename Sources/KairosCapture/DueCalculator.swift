import Foundation
import KairosCore

/// The date phrases of one task, and the due wall time they mean at a given moment.
struct DatePhrases: Sendable {
    var day: DayPhrase?
    var time: ClockTime?
    var partOfDay: PartOfDay?
    var partKeepsToday = false
    var offsetMinutes: Int?
    var recurrence: RecurrenceRule?
    var recurrencePart: PartOfDay?

    var isEmpty: Bool {
        day == nil && time == nil && partOfDay == nil && offsetMinutes == nil && recurrence == nil
    }

    /// Adds a phrase; the first of each kind wins.
    mutating func add(_ kind: Mention.Kind) {
        switch kind {
        case .day(let phrase):
            switch (day, phrase) {
            case (nil, _): day = phrase
            // "saturday the 23rd": the date says more than the weekday.
            case (.weekday?, .date), (.weekday?, .dayOfMonth): day = phrase
            default: break
            }
        case .time(let clock): if time == nil { time = clock }
        case .partOfDay(let part, let keeps):
            if partOfDay == nil {
                partOfDay = part
                partKeepsToday = keeps
            }
        case .offset(let minutes): if offsetMinutes == nil { offsetMinutes = minutes }
        case .recurrence(let rule, let part):
            if recurrence == nil {
                recurrence = rule
                recurrencePart = part
            }
        default: break
        }
    }
}

/// Applies the capture rules' date arithmetic: default times, rollovers, "now + 60 minutes", DST.
struct DueCalculator: Sendable {
    let now: LocalDateTime
    let timeZone: TimeZone

    private var today: LocalDate { now.date }
    private static let nine = LocalTime(hour: 9, minute: 0)!

    func due(for phrases: DatePhrases) -> LocalDateTime? {
        if let minutes = phrases.offsetMinutes {
            return now.adding(seconds: minutes * 60, in: timeZone)
        }
        let time = resolvedTime(phrases)
        if let rule = phrases.recurrence {
            return firstOccurrence(of: rule, at: time ?? Self.nine)
        }
        guard let day = phrases.day else {
            guard let time else { return nil }
            let candidate = LocalDateTime(date: today, time: time)
            if candidate >= now { return normalized(candidate) }
            // "tonight", "this evening", "end of day" keep today's date; "at 5pm", "this morning" move to tomorrow.
            return phrases.partKeepsToday
                ? inAnHour : normalized(LocalDateTime(date: today.adding(days: 1), time: time))
        }
        if day == .today {
            if let time {
                let candidate = LocalDateTime(date: today, time: time)
                if candidate >= now { return normalized(candidate) }
                if phrases.partKeepsToday { return inAnHour }
                return normalized(LocalDateTime(date: today.adding(days: 1), time: time))
            }
            return now.time.hour >= 20 ? LocalDateTime(date: today.adding(days: 1), time: Self.nine) : inAnHour
        }
        guard let date = date(of: day) else { return nil }
        let candidate = LocalDateTime(date: date, time: time ?? defaultTime(of: day))
        // A day phrase that lands on today after its time has passed keeps today: an hour from now.
        return candidate < now ? inAnHour : normalized(candidate)
    }

    private var inAnHour: LocalDateTime { now.adding(seconds: 3600, in: timeZone) }

    private func normalized(_ wall: LocalDateTime) -> LocalDateTime { wall.normalized(in: timeZone) }

    /// The explicit time with am/pm settled, else the part of day's time.
    private func resolvedTime(_ phrases: DatePhrases) -> LocalTime? {
        let context = phrases.partOfDay ?? phrases.recurrencePart
        if let clock = phrases.time {
            return Self.wallTime(clock, nextTo: context)
        }
        return context?.time
    }

    /// A bare hour next to "morning" is am, next to "afternoon", "evening" or "night" pm; otherwise 1-6 pm,
    /// 7-11 am and 12 noon. The hour decides even for "quarter to seven" (06:45).
    static func wallTime(_ clock: ClockTime, nextTo part: PartOfDay?) -> LocalTime? {
        if clock.isTwentyFourHour {
            return LocalTime(hour: clock.hour, minute: clock.minute, second: Int(clock.second))
        }
        let namedHour = clock.namedHour
        let meridiem: ClockTime.Meridiem? =
            clock.meridiem ?? part?.meridiem
            ?? ((1...6).contains(namedHour) ? .pm : (7...11).contains(namedHour) ? .am : nil)
        var hour = clock.hour
        switch meridiem {
        case .am: if hour == 12 && namedHour == 12 { hour = 0 }
        case .pm: if hour < 12 { hour += 12 }
        case nil: break
        }
        return LocalTime(hour: hour % 24, minute: clock.minute, second: Int(clock.second))
    }

    private func defaultTime(of day: DayPhrase) -> LocalTime {
        switch day {
        case .thisWeek: LocalTime(hour: 10, minute: 0)!
        case .endOfWeek, .endOfMonth: LocalTime(hour: 17, minute: 0)!
        default: Self.nine
        }
    }

    func date(of day: DayPhrase) -> LocalDate? {
        let weekday = today.weekday.rawValue
        let monday = today.adding(days: 1 - weekday)
        switch day {
        case .today: return today
        case .tomorrow: return today.adding(days: 1)
        case .dayAfterTomorrow: return today.adding(days: 2)
        case .weekday(let target, .plain):
            let ahead = (target.rawValue - weekday + 7) % 7
            return today.adding(days: ahead == 0 ? 7 : ahead)
        case .weekday(let target, .this):
            let inWeek = monday.adding(days: target.rawValue - 1)
            return inWeek >= today ? inWeek : inWeek.adding(days: 7)
        case .weekday(let target, .next):
            return monday.adding(days: 7 + target.rawValue - 1)
        case .thisWeek:
            var day = today.adding(days: 1)
            while day.weekday.rawValue > 5 { day = day.adding(days: 1) }
            return day
        case .nextWeek: return monday.adding(days: 7)
        case .thisWeekend: return weekday >= 6 ? today : monday.adding(days: 5)
        case .nextWeekend: return monday.adding(days: 12)
        case .endOfWeek(let weeksAhead):
            let friday = weekday >= 6 ? monday.adding(days: 11) : monday.adding(days: 4)
            return friday.adding(days: 7 * weeksAhead)
        case .endOfMonth:
            return LocalDate(year: today.year, month: today.month, day: 1)!.adding(months: 1).adding(days: -1)
        case .nextMonth:
            return LocalDate(year: today.year, month: today.month, day: 1)!.adding(months: 1)
        case .nextYear: return LocalDate(year: today.year + 1, month: 1, day: 1)
        case .date(let month, let dayOfMonth, let year):
            if let year { return LocalDate(year: year, month: month, day: dayOfMonth) }
            if let thisYear = LocalDate(year: today.year, month: month, day: dayOfMonth), thisYear >= today {
                return thisYear
            }
            for ahead in 1...8 {
                if let later = LocalDate(year: today.year + ahead, month: month, day: dayOfMonth) { return later }
            }
            return nil
        case .dayOfMonth(let dayOfMonth):
            for ahead in 0...12 {
                let first = LocalDate(year: today.year, month: today.month, day: 1)!.adding(months: ahead)
                if let candidate = LocalDate(year: first.year, month: first.month, day: dayOfMonth), candidate >= today
                {
                    return candidate
                }
            }
            return nil
        case .dayOfNextMonth(let dayOfMonth):
            let first = LocalDate(year: today.year, month: today.month, day: 1)!.adding(months: 1)
            return LocalDate(year: first.year, month: first.month, day: dayOfMonth)
        case .inDays(let days): return today.adding(days: days)
        case .inMonths(let months): return today.adding(months: months)
        }
    }

    /// The first occurrence strictly after now, at `time`.
    private func firstOccurrence(of rule: RecurrenceRule, at time: LocalTime) -> LocalDateTime? {
        for ahead in 0..<400 {
            let day = today.adding(days: ahead)
            let matches: Bool
            if !rule.byDay.isEmpty {
                matches = rule.byDay.contains(day.weekday)
            } else if let monthDay = rule.byMonthDay {
                matches = day.day == monthDay
            } else {
                matches = true
            }
            guard matches else { continue }
            let candidate = LocalDateTime(date: day, time: time)
            if candidate > now { return normalized(candidate) }
        }
        return nil
    }
}
