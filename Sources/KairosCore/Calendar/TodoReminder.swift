import Foundation

/// A reminder as a to-do's VALARM can hold it: some minutes before the due, or at a moment.
public enum TodoReminder: Hashable, Sendable {
    /// `TRIGGER;RELATED=END:-PT15M`: minutes before the due (a Kairos relative reminder).
    case beforeDue(minutes: Int)
    /// `TRIGGER;VALUE=DATE-TIME:20260305T090000Z`: a moment, to the second (a Kairos absolute reminder).
    case at(Date)

    /// The reminder a Kairos reminder is; nil when it lacks its offset or moment.
    public init?(_ reminder: Reminder) {
        switch reminder.type {
        case .relative:
            guard let minutes = reminder.minuteOffset else { return nil }
            self = .beforeDue(minutes: minutes)
        case .absolute:
            guard let at = reminder.at else { return nil }
            self = .at(at)
        }
    }

    /// The reminder of each of a to-do's subcomponents, nil for those Kairos cannot model, which stay in the
    /// object as they are. Only the first `Limits.maxRemindersPerTask` alarms Kairos can model are taken, as a
    /// task holds no more.
    static func mapped(in todo: ICalendar.Component, timeZone: TimeZone) -> [TodoReminder?] {
        var taken = 0
        return todo.components.map { component in
            guard component.name == "VALARM", taken < Limits.maxRemindersPerTask,
                let reminder = TodoReminder(alarm: component, in: todo, timeZone: timeZone)
            else { return nil }
            taken += 1
            return reminder.normalized
        }
    }

    /// An alarm's reminder; nil for one Kairos cannot model: an alarm that is no DISPLAY or AUDIO one, goes off
    /// after the due, not on a whole minute or further ahead than `Limits.reminderMinuteOffset`, counts from a
    /// due without a time (Kairos counts back from a due time) or from a start that is not the due.
    private init?(alarm: ICalendar.Component, in todo: ICalendar.Component, timeZone: TimeZone) {
        let action = alarm.property("ACTION")?.value.uppercased()
        guard action == "DISPLAY" || action == "AUDIO", let trigger = alarm.property("TRIGGER") else { return nil }
        if trigger.parameter("VALUE")?.uppercased() == "DATE-TIME" || ICalendar.DateValue(trigger) != nil {
            guard let moment = ICalendar.DateValue(trigger), !moment.isDate else { return nil }
            self = .at(moment.instant(fallback: timeZone))
            return
        }
        guard let due = todo.property("DUE"), ICalendar.DateValue(due)?.isDate == false,
            let seconds = ICalendar.durationSeconds(trigger.value)
        else { return nil }
        if trigger.parameter("RELATED")?.uppercased() != "END" {
            // Relative to DTSTART: the due only when the start is the same moment, as Apple Reminders writes them.
            guard let start = todo.property("DTSTART"), start.value == due.value,
                start.parameter("TZID") == due.parameter("TZID")
            else { return nil }
        }
        guard seconds <= 0, seconds % 60 == 0, Limits.reminderMinuteOffset.contains(-seconds / 60) else { return nil }
        self = .beforeDue(minutes: -seconds / 60)
    }

    /// A display alarm for this reminder, saying `summary`.
    func alarm(summary: String) -> ICalendar.Component {
        let trigger =
            switch self {
            case .beforeDue(let minutes):
                ICalendar.Property(
                    name: "TRIGGER", parameters: [ICalendar.Parameter("RELATED", "END")],
                    value: ICalendar.duration(seconds: -minutes * 60))
            case .at(let moment):
                ICalendar.Property(
                    name: "TRIGGER", parameters: [ICalendar.Parameter("VALUE", "DATE-TIME")],
                    value: ICalendar.DateValue.utc(moment))
            }
        return ICalendar.Component(
            name: "VALARM",
            properties: [
                ICalendar.Property(name: "ACTION", value: "DISPLAY"),
                ICalendar.Property(name: "DESCRIPTION", text: summary),
                trigger,
            ])
    }

    /// The same reminder with an absolute moment cut to the second, as iCalendar holds it.
    var normalized: TodoReminder {
        guard case .at(let moment) = self else { return self }
        return .at(Date(timeIntervalSince1970: moment.timeIntervalSince1970.rounded(.down)))
    }
}
