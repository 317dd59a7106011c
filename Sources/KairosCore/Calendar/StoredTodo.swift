import Foundation

/// A calendar client's object as Kairos keeps it and gives it back: everything the client sent, with what
/// Kairos models of its to-do rewritten from the task whenever the task says otherwise.
///
/// A property Kairos models is rewritten only when the task's value differs from what the object says, so an
/// object read back with no change on the Kairos side is the one the client stored, property for property.
/// Rewriting replaces a property where it stands (new ones go after the others) and leaves alone what Kairos
/// does not model: unknown and X- properties, VTIMEZONEs, alarms it cannot model, other components, the UID.
/// When anything is rewritten, DTSTAMP and LAST-MODIFIED become the moment the task last changed (`modified`)
/// and SEQUENCE, where present, goes up by one; the same object and task always give the same text, so an
/// object given back again without being stored keeps its ETag.
///
/// An object with no VTODO (a VEVENT, a VJOURNAL) has no fields and is kept exactly as it is. Of several
/// VTODOs (a recurring one's overridden instances), Kairos models the master, the one without RECURRENCE-ID.
public struct StoredTodo: Hashable, Sendable {
    /// The VCALENDAR.
    public private(set) var calendar: ICalendar.Component

    /// Reads a client's body; a VTODO must have a UID.
    public init(parsing text: String) throws(ICalendarError) {
        try self.init(calendar: ICalendar.parse(text))
    }

    /// Reads a client's body from its bytes (UTF-8); a VTODO must have a UID.
    public init(utf8 body: [UInt8]) throws(ICalendarError) {
        try self.init(calendar: ICalendar.parse(utf8: body))
    }

    /// Wraps a parsed VCALENDAR; a VTODO must have a UID.
    public init(calendar: ICalendar.Component) throws(ICalendarError) {
        self.calendar = calendar
        if let index = todoIndex, calendar.components[index].property("UID")?.value.isEmpty ?? true {
            throw ICalendarError(line: nil, "The VTODO has no UID. Give it a unique one, such as a UUID.")
        }
    }

    /// The object for a task made in Kairos: a VCALENDAR with one VTODO carrying `fields`.
    public static func new(_ fields: TodoFields, timeZone: TimeZone, modified: Date) -> StoredTodo {
        let todo = ICalendar.Component(
            name: "VTODO",
            properties: [
                ICalendar.Property(name: "UID", text: fields.uid),
                ICalendar.Property(name: "DTSTAMP", value: ICalendar.DateValue.utc(modified)),
                ICalendar.Property(name: "SUMMARY", value: ""),
                ICalendar.Property(name: "STATUS", value: "NEEDS-ACTION"),
            ])
        let calendar = ICalendar.Component(
            name: "VCALENDAR",
            properties: [
                ICalendar.Property(name: "VERSION", value: "2.0"),
                ICalendar.Property(name: "PRODID", value: TaskCalendar.productID),
                ICalendar.Property(name: "CALSCALE", value: "GREGORIAN"),
            ],
            components: [todo])
        return StoredTodo(trusted: calendar).updated(to: fields, timeZone: timeZone, modified: modified)
    }

    private init(trusted calendar: ICalendar.Component) {
        self.calendar = calendar
    }

    /// The object as text, as given back on GET.
    public var text: String { calendar.text }

    /// The UID of its to-do, or of its first component with one.
    public var uid: String? {
        let component =
            todoIndex.map { calendar.components[$0] }
            ?? calendar.components.first { $0.property("UID") != nil }
        return component?.property("UID")?.text
    }

    /// The fields of its to-do; nil when it holds none (a VEVENT, a VJOURNAL), so it maps to no task.
    public func fields(timeZone: TimeZone, now: Date) -> TodoFields? {
        todoIndex.map { TodoFields(todo: calendar.components[$0], timeZone: timeZone, now: now) }
    }

    /// The object with every field Kairos models that differs from `fields` rewritten, the rest kept;
    /// `modified` is when the task last changed (its `updatedAt`).
    public func updated(to fields: TodoFields, timeZone: TimeZone, modified: Date) -> StoredTodo {
        guard let index = todoIndex else { return self }
        var rewriting = TodoRewrite(
            todo: calendar.components[index], calendar: calendar, timeZone: timeZone, modified: modified)
        rewriting.apply(fields)
        var copy = self
        copy.calendar.components[index] = rewriting.todo
        return copy
    }

    /// The master VTODO: the first without RECURRENCE-ID, else the first.
    private var todoIndex: Int? {
        calendar.components.firstIndex { $0.name == "VTODO" && $0.property("RECURRENCE-ID") == nil }
            ?? calendar.components.firstIndex { $0.name == "VTODO" }
    }
}

/// One VTODO being brought in line with a task's fields.
private struct TodoRewrite {
    var todo: ICalendar.Component
    let calendar: ICalendar.Component
    let timeZone: TimeZone
    let modified: Date
    let old: TodoFields
    /// The reminder each subcomponent held when read: what Kairos took from the object.
    let oldReminders: [TodoReminder?]
    var changed = false

    init(todo: ICalendar.Component, calendar: ICalendar.Component, timeZone: TimeZone, modified: Date) {
        self.todo = todo
        self.calendar = calendar
        self.timeZone = timeZone
        self.modified = modified
        // A completion without a time compares by whether it is done alone, so `now` does not matter here.
        self.old = TodoFields(todo: todo, timeZone: timeZone, now: modified)
        self.oldReminders = TodoReminder.mapped(in: todo, timeZone: timeZone)
    }

    mutating func apply(_ fields: TodoFields) {
        if old.summary != fields.summary {
            set(ICalendar.Property(name: "SUMMARY", text: fields.summary))
        }
        if old.description != fields.description {
            // An HTML copy of the old text would be shown instead of the new one.
            remove("X-ALT-DESC")
            if fields.description.isEmpty {
                remove("DESCRIPTION")
            } else {
                set(ICalendar.Property(name: "DESCRIPTION", text: fields.description))
            }
        }
        if old.priority != fields.priority {
            if let priority = TodoFields.icalendarPriority(fields.priority) {
                set(ICalendar.Property(name: "PRIORITY", value: "\(priority)"))
            } else {
                remove("PRIORITY")
            }
        }
        if Set(old.labels) != Set(fields.labels) {
            if fields.labels.isEmpty {
                remove("CATEGORIES")
            } else {
                set(
                    ICalendar.Property(
                        name: "CATEGORIES", value: fields.labels.map(ICalendar.escape).joined(separator: ",")))
            }
        }
        if old.parentUID != fields.parentUID { setParent(fields.parentUID) }
        if let order = fields.sortOrder, order != old.sortOrder {
            set(ICalendar.Property(name: "X-APPLE-SORT-ORDER", value: "\(order)"))
        }
        applyDue(fields.due)
        applyCompletion(fields.completedAt)
        applyReminders(fields.reminders, summary: fields.summary)
        if changed {
            set(ICalendar.Property(name: "DTSTAMP", value: ICalendar.DateValue.utc(modified)))
            set(ICalendar.Property(name: "LAST-MODIFIED", value: ICalendar.DateValue.utc(modified)))
            if let sequence = todo.property("SEQUENCE").flatMap({ Int($0.value.trimmingCharacters(in: .whitespaces)) })
            {
                set(ICalendar.Property(name: "SEQUENCE", value: "\(sequence + 1)"))
            }
        }
    }

    // MARK: Due

    /// DUE, DTSTART, RRULE and X-KAIROS-FROM-COMPLETION for `due`.
    private mutating func applyDue(_ due: Due?) {
        let oldDue = todo.property("DUE")
        let oldStart = todo.property("DTSTART")
        let startMirroredDue =
            oldStart != nil && oldStart?.value == oldDue?.value
            && oldStart?.parameter("TZID") == oldDue?.parameter("TZID")
        guard let due else {
            guard old.due != nil || oldDue != nil else { return }
            for name in ["DUE", "RRULE", "RDATE", "EXDATE", "X-KAIROS-FROM-COMPLETION"] { remove(name) }
            if startMirroredDue { remove("DTSTART") }
            return
        }
        let rule = due.recurrence
        if old.due?.recurrence != rule {
            if let rule {
                set(ICalendar.Property(name: "RRULE", value: rule.rrule))
            } else if old.due?.recurrence != nil {
                remove("RRULE")
            }
            if rule?.fromCompletion == true {
                set(ICalendar.Property(name: "X-KAIROS-FROM-COMPLETION", value: "TRUE"))
            } else {
                remove("X-KAIROS-FROM-COMPLETION")
            }
        }
        let recurs = todo.property("RRULE") != nil
        let sameMoment = old.due.map { TodoFields.sameMoment($0, due) } ?? false
        if !sameMoment {
            let value = dateValue(for: due)
            set(value.property(named: "DUE"))
            // DUE and DURATION exclude each other (RFC 5545 3.6.2).
            remove("DURATION")
            let startValue = oldStart.flatMap(ICalendar.DateValue.init)
            let startIsLater = startValue.map { $0.instant(fallback: timeZone) > value.instant(fallback: timeZone) }
            if recurs || startMirroredDue
                || (startValue != nil && (startValue?.isDate != value.isDate || startIsLater == true))
            {
                set(value.property(named: "DTSTART"))
            }
        } else if recurs, oldStart == nil, let oldDue {
            // A recurrence counts from DTSTART (RFC 5545 3.8.5.3): a rule added to a due that stays gets one too.
            var start = oldDue
            start.name = "DTSTART"
            set(start)
        }
    }

    /// How a due is written: a DATE, a floating time, a time in a zone the object already describes with a
    /// VTIMEZONE, or else the UTC moment (so the object needs no VTIMEZONE of Kairos' making).
    private func dateValue(for due: Due) -> ICalendar.DateValue {
        guard let time = due.time else { return .date(due.date) }
        guard let zoneName = due.timezone, let zone = TimeZone(identifier: zoneName) else {
            return .floating(due.date, time)
        }
        let described = calendar.components(named: "VTIMEZONE").compactMap { $0.property("TZID")?.value }
        if let tzid = described.first(where: { ICalendar.timeZone(tzid: $0)?.identifier == zone.identifier }) {
            return .zoned(due.date, time, tzid: tzid)
        }
        return .utc(due.date.at(time, in: zone))
    }

    // MARK: Completion

    /// STATUS, COMPLETED and PERCENT-COMPLETE set together: done, or open again.
    private mutating func applyCompletion(_ completedAt: Date?) {
        let stated = todo.property("COMPLETED").flatMap(ICalendar.DateValue.init)?.instant(fallback: timeZone)
        switch (old.completedAt, completedAt) {
        case (nil, nil):
            return
        case (.some, .some(let moment)):
            guard let stated, Int(stated.timeIntervalSince1970) != Int(moment.timeIntervalSince1970.rounded(.down))
            else { return }
            set(ICalendar.Property(name: "COMPLETED", value: ICalendar.DateValue.utc(moment)))
        case (nil, .some(let moment)):
            set(ICalendar.Property(name: "STATUS", value: "COMPLETED"))
            set(ICalendar.Property(name: "COMPLETED", value: ICalendar.DateValue.utc(moment)))
            set(ICalendar.Property(name: "PERCENT-COMPLETE", value: "100"))
        case (.some, nil):
            remove("COMPLETED")
            set(ICalendar.Property(name: "STATUS", value: "NEEDS-ACTION"))
            if todo.property("PERCENT-COMPLETE")?.value == "100" { remove("PERCENT-COMPLETE") }
        }
    }

    // MARK: Parent and reminders

    private mutating func setParent(_ uid: String?) {
        changed = true
        let index = TodoFields.parentRelation(in: todo)
        switch (index, uid) {
        case (let index?, let uid?): todo.properties[index].value = ICalendar.escape(uid)
        case (let index?, nil): todo.properties.remove(at: index)
        case (nil, let uid?):
            todo.properties.append(
                ICalendar.Property(
                    name: "RELATED-TO", parameters: [ICalendar.Parameter("RELTYPE", "PARENT")], text: uid))
        case (nil, nil): break
        }
    }

    /// Keeps each alarm Kairos models that the task still has, drops the others, and adds the task's new ones;
    /// alarms Kairos cannot model stay.
    private mutating func applyReminders(_ reminders: [TodoReminder], summary: String) {
        var waiting = reminders.map(\.normalized)
        var kept: [ICalendar.Component] = []
        for (component, reminder) in zip(todo.components, oldReminders) {
            if let reminder {
                guard let match = waiting.firstIndex(of: reminder) else {
                    changed = true
                    continue
                }
                waiting.remove(at: match)
            }
            kept.append(component)
        }
        changed = changed || !waiting.isEmpty
        todo.components = kept + waiting.map { $0.alarm(summary: summary) }
    }

    // MARK: Editing

    /// Replaces the property of that name where it stands, or appends it.
    private mutating func set(_ property: ICalendar.Property) {
        changed = true
        todo.replace(with: property)
    }

    private mutating func remove(_ name: String) {
        guard todo.property(name) != nil else { return }
        changed = true
        todo.removeProperties(named: name)
    }
}
