import Foundation

/// When a VALARM goes off (RFC 5545 3.8.6.3, RFC 4791 9.9): its TRIGGER, a moment or an offset from its
/// component's start (or end, with `RELATED=END`), then again every DURATION for REPEAT more times.
enum AlarmTrigger {
    /// Every moment `alarm` goes off for the instance `parent`; empty when the trigger cannot be read or
    /// counts from a time the instance does not have.
    static func times(of alarm: ICalendar.Component, parent: CalendarInstance?, reader: CalendarTimeReader) -> [Date] {
        guard let trigger = alarm.property("TRIGGER") else { return [] }
        let first: Date
        if trigger.parameter("VALUE")?.uppercased() == "DATE-TIME" || trigger.value.uppercased().hasSuffix("Z") {
            guard let value = ICalendar.DateValue(trigger) else { return [] }
            first = reader.instant(value)
        } else {
            guard let offset = ICalendar.durationSeconds(trigger.value), let parent else { return [] }
            let anchor: Date?
            if trigger.parameter("RELATED")?.uppercased() == "END" {
                anchor = parent.timing.effectiveEnd(reader)
            } else {
                anchor = parent.timing.start.map(reader.instant)
            }
            guard let anchor else { return [] }
            first = anchor.addingTimeInterval(TimeInterval(offset))
        }
        var times = [first]
        if let repeats = alarm.property("REPEAT").flatMap({ Int($0.value) }), repeats > 0,
            let every = alarm.property("DURATION").flatMap({ ICalendar.durationSeconds($0.value) }), every > 0
        {
            for index in 1...min(repeats, 1_000) {
                times.append(first.addingTimeInterval(TimeInterval(index * every)))
            }
        }
        return times
    }

    /// How far from its instance an alarm can go off, in seconds: its offset's size plus its repeats.
    static func reach(of alarm: ICalendar.Component) -> TimeInterval {
        let offset = alarm.property("TRIGGER").flatMap { ICalendar.durationSeconds($0.value) } ?? 0
        let repeats = alarm.property("REPEAT").flatMap { Int($0.value) } ?? 0
        let every = alarm.property("DURATION").flatMap { ICalendar.durationSeconds($0.value) } ?? 0
        return TimeInterval(abs(offset) + max(0, min(repeats, 1_000)) * abs(every))
    }
}
