import Foundation

/// One instance of a calendar component: a component that does not recur, an overridden instance as written
/// (RECURRENCE-ID), or one occurrence of a recurring master, which is the master's component with the
/// occurrence's start.
struct CalendarInstance {
    /// The component whose properties the instance has.
    var component: ICalendar.Component
    /// The times RFC 4791 9.9 reads, moved to this occurrence for an instance of a master.
    var timing: ComponentTiming
    /// The occurrence's original start, for an occurrence of a master or an override; nil otherwise.
    var recurrenceID: ICalendar.DateValue?
    /// True for an occurrence made from a master's rule rather than written out.
    var isGenerated: Bool
}

/// The times of one component that decide whether it overlaps a range (RFC 4791 9.9): DTSTART, its end
/// (DTEND, or DUE for a to-do), DURATION, COMPLETED and CREATED.
struct ComponentTiming {
    var start: ICalendar.DateValue?
    var end: ICalendar.DateValue?
    /// DURATION in seconds.
    var duration: Int?
    var completed: Date?
    var created: Date?

    /// What a recurrence counts from: DTSTART, or for a to-do without one, its DUE.
    var anchor: ICalendar.DateValue? { start ?? end }

    init(_ component: ICalendar.Component, reader: CalendarTimeReader) {
        start = reader.dateValue("DTSTART", of: component)
        end = reader.dateValue(component.name == "VTODO" ? "DUE" : "DTEND", of: component)
        duration = component.property("DURATION").flatMap { ICalendar.durationSeconds($0.value) }
        completed = reader.dateValue("COMPLETED", of: component).map(reader.instant)
        created = reader.dateValue("CREATED", of: component).map(reader.instant)
    }

    /// The timing of an occurrence starting at `occurrence`: the end moves with the start, by whole days for
    /// dates and by elapsed time otherwise. A to-do with a DUE and no DTSTART recurs on its DUE, which is then
    /// what moves.
    func moved(to occurrence: ICalendar.DateValue, reader: CalendarTimeReader) -> ComponentTiming {
        var moved = self
        guard start != nil else {
            moved.end = occurrence
            return moved
        }
        moved.start = occurrence
        guard let start, let end else { return moved }
        if case .date(let from) = start, case .date(let to) = occurrence, case .date(let until) = end {
            moved.end = .date(until.adding(days: LocalDate.daysBetween(from, to)))
        } else {
            let shift = reader.instant(occurrence).timeIntervalSince(reader.instant(start))
            moved.end = .utc(reader.instant(end).addingTimeInterval(shift))
        }
        return moved
    }

    /// The moment the start plus DURATION reaches: whole days stay whole days for a date.
    func startPlusDuration(_ reader: CalendarTimeReader) -> Date? {
        guard let start, let duration else { return nil }
        if case .date(let date) = start, duration % 86_400 == 0 {
            return reader.instant(.date(date.adding(days: duration / 86_400)))
        }
        return reader.instant(start).addingTimeInterval(TimeInterval(duration))
    }

    /// When the component is over, for free-busy time and VALARM triggers related to the end: DTEND or DUE,
    /// DTSTART plus DURATION, the day after a start date, or nil for none.
    func effectiveEnd(_ reader: CalendarTimeReader) -> Date? {
        if let end { return reader.instant(end) }
        if let plus = startPlusDuration(reader) { return plus }
        if case .date(let date) = start { return reader.instant(.date(date.adding(days: 1))) }
        return nil
    }

    /// Whether a component of kind `name` with these times overlaps `range`, by RFC 4791 9.9's table for
    /// VEVENT, VTODO, VJOURNAL and VFREEBUSY; other kinds are read as events.
    func overlaps(_ range: CalendarTimeRange, kind name: String, reader: CalendarTimeReader) -> Bool {
        switch name {
        case "VTODO": return todoOverlaps(range, reader)
        case "VJOURNAL":
            guard let start else { return false }
            let begin = reader.instant(start)
            if case .date(let date) = start {
                return range.startsBefore(reader.instant(.date(date.adding(days: 1)))) && range.endsAfter(begin)
            }
            return range.startsBefore(begin, orEqual: true) && range.endsAfter(begin)
        case "VFREEBUSY":
            guard let start, let end else { return false }
            return range.startsBefore(reader.instant(end), orEqual: true) && range.endsAfter(reader.instant(start))
        default:
            guard let start else { return false }
            let begin = reader.instant(start)
            if let finish = effectiveEnd(reader), finish > begin {
                return range.startsBefore(finish) && range.endsAfter(begin)
            }
            return range.startsBefore(begin, orEqual: true) && range.endsAfter(begin)
        }
    }

    private func todoOverlaps(_ range: CalendarTimeRange, _ reader: CalendarTimeReader) -> Bool {
        if let start {
            let begin = reader.instant(start)
            if let finish = startPlusDuration(reader), end == nil {
                return range.startsBefore(finish, orEqual: true)
                    && (range.endsAfter(begin) || range.endsAfter(finish, orEqual: true))
            }
            if let end {
                let due = reader.instant(end)
                return (range.startsBefore(due) || range.startsBefore(begin, orEqual: true))
                    && (range.endsAfter(begin) || range.endsAfter(due, orEqual: true))
            }
            return range.startsBefore(begin, orEqual: true) && range.endsAfter(begin)
        }
        if let end {
            let due = reader.instant(end)
            return range.startsBefore(due) && range.endsAfter(due, orEqual: true)
        }
        switch (completed, created) {
        case (let completed?, let created?):
            return (range.startsBefore(created, orEqual: true) || range.startsBefore(completed, orEqual: true))
                && (range.endsAfter(created, orEqual: true) || range.endsAfter(completed, orEqual: true))
        case (let completed?, nil):
            return range.startsBefore(completed, orEqual: true) && range.endsAfter(completed, orEqual: true)
        case (nil, let created?):
            return range.endsAfter(created)
        case (nil, nil):
            return true
        }
    }
}
