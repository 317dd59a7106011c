import Foundation

/// Gentle nagging: a reminder the person wants to hear until they answer it comes back at growing gaps (5, 10,
/// 20 and 40 minutes, then hourly), never in their quiet hours, and at most `dailyCap` times a day. It stops
/// when they acknowledge it, snooze it, complete the task, or it is deleted.
public enum ReminderRepeats {
    /// The first gaps, in minutes; after them, every `lastGap`.
    public static let gaps = [5, 10, 20, 40]
    public static let lastGap = 60
    /// The most times a reminder comes back in one of the person's days.
    public static let dailyCap = 8
    /// When a day's repeats start again after the cap, for someone without quiet hours (seed: morning is 9:00).
    public static let morning = LocalTime(hour: 9, minute: 0)!

    /// How many times a reminder came back since it first went off, and how many of those on `day`.
    public struct Count: Sendable, Equatable {
        public var repeats: Int
        public var today: Int
        public var day: LocalDate?

        public init(repeats: Int = 0, today: Int = 0, day: LocalDate? = nil) {
            self.repeats = repeats
            self.today = today
            self.day = day
        }
    }

    /// When a reminder that went off at `now` comes back, and its count then.
    public static func next(
        after now: Date, count: Count, quietHours: QuietHours?, timeZone: TimeZone
    ) -> (at: Date, count: Count) {
        let gap = count.repeats < gaps.count ? gaps[count.repeats] : lastGap
        var moment = now.addingTimeInterval(TimeInterval(gap * 60))
        if let quietHours, quietHours.contains(moment, in: timeZone) {
            moment = end(of: quietHours, after: moment, in: timeZone)
        }
        var day = LocalDate(moment, in: timeZone)
        if day == count.day, count.today >= dailyCap {
            day = day.adding(days: 1)
            moment = day.at(quietHours.map { $0.contains(morning) ? $0.end : morning } ?? morning, in: timeZone)
        }
        let today = day == count.day ? count.today + 1 : 1
        return (moment, Count(repeats: count.repeats + 1, today: today, day: day))
    }

    /// The first moment after `instant` that quiet hours end.
    static func end(of quietHours: QuietHours, after instant: Date, in timeZone: TimeZone) -> Date {
        let date = LocalDate(instant, in: timeZone)
        let sameDay = date.at(quietHours.end, in: timeZone)
        return sameDay > instant ? sameDay : date.adding(days: 1).at(quietHours.end, in: timeZone)
    }
}

/// When a snoozed reminder comes back: in 10 minutes, in an hour, this evening (18:00) or tomorrow morning
/// (9:00), the seed's times, in the person's zone.
public enum SnoozeChoice: String, Sendable, CaseIterable {
    case tenMinutes = "10m"
    case hour = "1h"
    case evening
    case morning

    public static let eveningTime = LocalTime(hour: 18, minute: 0)!
    /// Until this hour the night is still the day before's: "tomorrow morning" at 2:00 is this morning.
    static let nightEnds = 4

    /// What the choice is called where it is offered.
    public var label: String {
        switch self {
        case .tenMinutes: "In 10 minutes"
        case .hour: "In an hour"
        case .evening: "This evening"
        case .morning: "Tomorrow morning"
        }
    }

    /// The moment the reminder comes back, snoozed at `now`. An evening already begun means tomorrow's.
    public func moment(from now: Date, in timeZone: TimeZone) -> Date {
        let today = LocalDate(now, in: timeZone)
        switch self {
        case .tenMinutes:
            return now.addingTimeInterval(600)
        case .hour:
            return now.addingTimeInterval(3_600)
        case .evening:
            let tonight = today.at(Self.eveningTime, in: timeZone)
            return tonight > now ? tonight : today.adding(days: 1).at(Self.eveningTime, in: timeZone)
        case .morning:
            let early = LocalTime(now, in: timeZone).hour < Self.nightEnds
            return (early ? today : today.adding(days: 1)).at(ReminderRepeats.morning, in: timeZone)
        }
    }
}
