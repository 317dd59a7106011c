import KairosCore

/// A phrase of the text that sets a field of a task rather than belonging to its title.
struct Mention: Sendable {
    enum Kind: Sendable {
        case day(DayPhrase)
        case time(ClockTime)
        case partOfDay(PartOfDay, keepsToday: Bool)
        /// Elapsed time from now ("in 40 minutes").
        case offset(minutes: Int)
        case recurrence(RecurrenceRule, partOfDay: PartOfDay?)
        /// "later", "someday": no date, and not part of the title.
        case vague
        case priority(Int)
        case list(ListName)
        /// "my to-do list": the Inbox, which the output leaves as no list.
        case generalList
        case label(String)
        /// "/Section" of typed quick add: not a field of the rules' output, kept out of the title.
        case section(String)
    }

    var kind: Kind
    /// Token indices the phrase covers.
    var tokens: Range<Int>

    var isDate: Bool {
        switch kind {
        case .day, .time, .partOfDay, .offset, .recurrence: true
        default: false
        }
    }
}

/// A day named without a time.
enum DayPhrase: Sendable, Equatable {
    case today
    case tomorrow
    case dayAfterTomorrow
    case weekday(Weekday, WeekdayModifier)
    case thisWeek
    case nextWeek
    case thisWeekend
    case nextWeekend
    case endOfWeek(weeksAhead: Int)
    case endOfMonth
    case nextMonth
    /// "next year": January 1st of the next year.
    case nextYear
    case date(month: Int, day: Int, year: Int?)
    case dayOfMonth(Int)
    case dayOfNextMonth(Int)
    case inDays(Int)
    case inMonths(Int)

    enum WeekdayModifier: Sendable, Equatable {
        /// "friday": the next one strictly after today.
        case plain
        /// "this friday": this Monday-Sunday week's, if not past.
        case this
        /// "next friday", "friday next week": the following week's.
        case next
    }
}

/// A time of day as said: hour and minute, with am/pm when given.
struct ClockTime: Sendable, Equatable {
    var hour: Int
    var minute: Int
    enum Meridiem: Sendable { case am, pm }
    var meridiem: Meridiem?
    /// "17:30": a 24-hour time needs no am/pm guess.
    var isTwentyFourHour: Bool
    /// "9:05:30": seconds, 0...59, are rare, but a typed due string may give them. (A byte fits beside the flags.)
    var second: UInt8 = 0
    /// The hour as said, which settles am or pm: 7 in "quarter to seven" (06:45).
    var namedHour: Int

    init(hour: Int, minute: Int, meridiem: Meridiem?, isTwentyFourHour: Bool, namedHour: Int? = nil) {
        self.hour = hour
        self.minute = minute
        self.meridiem = meridiem
        self.isTwentyFourHour = isTwentyFourHour
        self.namedHour = namedHour ?? hour
    }
}

/// Parts of the day and their default times.
enum PartOfDay: Sendable, Equatable {
    case morning, noon, afternoon, endOfDay, evening, night, midnight

    var time: LocalTime {
        switch self {
        case .morning: LocalTime(hour: 9, minute: 0)!
        case .noon: LocalTime(hour: 12, minute: 0)!
        case .afternoon: LocalTime(hour: 13, minute: 0)!
        case .endOfDay: LocalTime(hour: 17, minute: 0)!
        case .evening: LocalTime(hour: 18, minute: 0)!
        case .night: LocalTime(hour: 20, minute: 0)!
        case .midnight: LocalTime(hour: 23, minute: 59)!
        }
    }

    /// Which half of the day a bare hour next to this part of day means.
    var meridiem: ClockTime.Meridiem? {
        switch self {
        case .morning: .am
        case .afternoon, .evening, .night, .endOfDay: .pm
        case .noon, .midnight: nil
        }
    }
}
