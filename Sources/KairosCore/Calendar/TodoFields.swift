import Foundation

/// What Kairos models of a to-do (a VTODO), read from a calendar client's object or taken from a task.
///
/// Reading a VTODO:
/// - DUE as a DATE is an all-day due; a floating DATE-TIME stays floating; one with a TZID naming an IANA zone is
///   fixed to that zone. A UTC time (`Z`) is fixed to the person's own zone (`timeZone`), shown at the wall time
///   it has there, so its day and a recurrence's days are the person's. A TZID Kairos does not know (a Windows
///   name) is read as floating; the object keeps its DUE as written while the task's due does not change.
/// - PRIORITY 1-4 is p1 (Kairos 4), 5 is p2 (3), 6-9 is p3 (2), 0 or none is p4 (1).
/// - Done when any of STATUS:COMPLETED, COMPLETED or PERCENT-COMPLETE:100 says so, at COMPLETED's time or `now`.
/// - RRULE becomes the due's recurrence when Kairos can model it (`RecurrenceRule`); otherwise the due keeps
///   its date without one and the object keeps the rule. `X-KAIROS-FROM-COMPLETION:TRUE` makes it count from
///   completion ("every!").
/// - The parent is the first RELATED-TO whose RELTYPE is PARENT or left out; labels are every CATEGORIES item.
/// - Reminders are the DISPLAY and AUDIO alarms `TodoReminder` can model; the sort order is X-APPLE-SORT-ORDER.
public struct TodoFields: Hashable, Sendable {
    /// The to-do's UID, which names it in its calendar.
    public var uid: String
    /// SUMMARY: the task's title.
    public var summary: String
    /// DESCRIPTION, empty when there is none.
    public var description: String
    /// DUE with its RRULE.
    public var due: Due?
    /// Kairos priority, 1 (none, p4) to 4 (p1).
    public var priority: Int
    /// When it was completed; nil while open.
    public var completedAt: Date?
    /// The UID of the to-do it is a subtask of.
    public var parentUID: String?
    /// CATEGORIES, in order, each once.
    public var labels: [String]
    /// The alarms Kairos models, in order.
    public var reminders: [TodoReminder]
    /// X-APPLE-SORT-ORDER; when writing, nil leaves the client's value as it is.
    public var sortOrder: Int?

    /// Fields as given.
    public init(
        uid: String, summary: String, description: String = "", due: Due? = nil, priority: Int = 1,
        completedAt: Date? = nil, parentUID: String? = nil, labels: [String] = [], reminders: [TodoReminder] = [],
        sortOrder: Int? = nil
    ) {
        self.uid = uid
        self.summary = summary
        self.description = description
        self.due = due
        self.priority = priority
        self.completedAt = completedAt
        self.parentUID = parentUID
        self.labels = labels
        self.reminders = reminders
        self.sortOrder = sortOrder
    }

    /// A task's fields; `uid` is its object's UID (`task-<id>@kairos` when it has none) and `parentUID` its
    /// parent's (the parent's Kairos UID when nil). `reminders` are the person's own on the task.
    public init(
        task: TaskItem, uid: String? = nil, parentUID: String? = nil, reminders: [Reminder] = [],
        sortOrder: Int? = nil
    ) {
        self.init(
            uid: uid ?? TaskCalendar.uid(taskID: task.id), summary: task.content, description: task.description,
            due: task.due, priority: task.priority, completedAt: task.completedAt,
            parentUID: parentUID ?? task.parentID.map(TaskCalendar.uid(taskID:)), labels: task.labels,
            reminders: reminders.compactMap(TodoReminder.init), sortOrder: sortOrder)
    }

    /// Reads a VTODO; UTC times are shown in `timeZone` and a completion without a time is taken as `now`.
    public init(todo: ICalendar.Component, timeZone: TimeZone, now: Date) {
        let status = todo.property("STATUS")?.value.uppercased()
        let completed = todo.property("COMPLETED").flatMap(ICalendar.DateValue.init)
        let percent = todo.property("PERCENT-COMPLETE").flatMap { Int($0.value.trimmingCharacters(in: .whitespaces)) }
        let isDone = status == "COMPLETED" || completed != nil || percent == 100
        var labels: [String] = []
        for category in todo.properties(named: "CATEGORIES").flatMap(\.textList) {
            let label = category.trimmingCharacters(in: .whitespaces)
            if !label.isEmpty, !labels.contains(label) { labels.append(label) }
        }
        self.init(
            uid: todo.property("UID")?.text ?? "",
            summary: todo.property("SUMMARY")?.text ?? "",
            description: todo.property("DESCRIPTION")?.text ?? "",
            due: TodoFields.due(of: todo, timeZone: timeZone),
            priority: todo.property("PRIORITY").flatMap { Int($0.value.trimmingCharacters(in: .whitespaces)) }
                .map(TodoFields.kairosPriority) ?? 1,
            completedAt: isDone ? completed?.instant(fallback: timeZone) ?? now : nil,
            parentUID: TodoFields.parentRelation(in: todo).map { todo.properties[$0].text },
            labels: labels,
            reminders: TodoReminder.mapped(in: todo, timeZone: timeZone).compactMap { $0 },
            sortOrder: todo.property("X-APPLE-SORT-ORDER").flatMap {
                Int($0.value.trimmingCharacters(in: .whitespaces))
            })
    }

    /// iCalendar's PRIORITY for a Kairos priority: 4 (p1) is 1, 3 is 5, 2 is 9; 1 (none) has none.
    public static func icalendarPriority(_ priority: Int) -> Int? {
        switch priority {
        case 4: 1
        case 3: 5
        case 2: 9
        default: nil
        }
    }

    /// Kairos' priority for an iCalendar PRIORITY: 1-4 is 4 (p1), 5 is 3, 6-9 is 2, anything else 1.
    public static func kairosPriority(_ priority: Int) -> Int {
        switch priority {
        case 1...4: 4
        case 5: 3
        case 6...9: 2
        default: 1
        }
    }

    /// The due DUE and RRULE describe, as the type's documentation says.
    static func due(of todo: ICalendar.Component, timeZone: TimeZone) -> Due? {
        guard let value = todo.property("DUE").flatMap(ICalendar.DateValue.init) else { return nil }
        let rules = todo.properties(named: "RRULE")
        var rule = rules.count == 1 ? try? RecurrenceRule(rrule: rules[0].value) : nil
        rule?.fromCompletion = todo.property("X-KAIROS-FROM-COMPLETION")?.value.uppercased() == "TRUE"
        var due: Due
        switch value {
        case .date(let date):
            due = Due(date: date, string: "")
        case .floating(let date, let time):
            due = Due(date: date, time: time, string: "")
        case .utc(let instant):
            due = Due(
                date: LocalDate(instant, in: timeZone), time: LocalTime(instant, in: timeZone),
                timezone: timeZone.identifier, string: "")
        case .zoned(let date, let time, let tzid):
            due = Due(date: date, time: time, timezone: ICalendar.timeZone(tzid: tzid)?.identifier, string: "")
        }
        due.recurrence = rule
        due.string = rule?.humanDescription ?? due.wireDate
        return due
    }

    /// Whether two dues name the same day and time; two fixed to zones are the same when they are the same
    /// moment, so a UTC DUE read in the person's zone is the same as a task's due in another zone.
    static func sameMoment(_ a: Due, _ b: Due) -> Bool {
        if a.timezone != nil, b.timezone != nil {
            return a.instant(fallback: .gmt) == b.instant(fallback: .gmt)
        }
        return (a.date, a.time, a.timezone) == (b.date, b.time, b.timezone)
    }

    /// The index of the RELATED-TO naming the parent: RELTYPE=PARENT, or no RELTYPE (which means PARENT).
    static func parentRelation(in todo: ICalendar.Component) -> Int? {
        todo.properties.firstIndex {
            $0.name == "RELATED-TO" && ($0.parameter("RELTYPE") ?? "PARENT").uppercased() == "PARENT"
        }
    }
}
