import Foundation

/// What a calendar client's to-do asks of its task: each change only where the to-do says otherwise than the
/// task does now, so a client that sends back what it was given changes nothing, and what Kairos did in the
/// meantime to fields the client did not touch stays.
public struct TodoEdit: Equatable, Sendable {
    /// The new title; a to-do without one keeps `untitled`, as a task needs a title.
    public var content: String?
    public var description: String?
    public var priority: Int?
    public var labels: [String]?
    public var due: FieldUpdate<Due> = .unchanged
    public var completion: Completion?
    /// The UID of the new parent's object, or `.clear` to stand on its own.
    public var parent: FieldUpdate<String> = .unchanged
    /// The new place among its siblings, from X-APPLE-SORT-ORDER (which Kairos gives as the place).
    public var childOrder: Int?
    /// The task's reminders to remove, by id, and the reminders to add.
    public var removedReminderIDs: [String] = []
    public var addedReminders: [TodoReminder] = []

    /// The title a task gets from a to-do with an empty SUMMARY.
    public static let untitled = "Untitled"

    public enum Completion: Equatable, Sendable {
        /// Complete it; a recurring task moves to its next date instead.
        case close
        case reopen
    }

    /// The edit that makes `current` (the task as a to-do, its parent's UID included) what `wanted` says;
    /// `reminders` are the person's reminders on the task, which `current.reminders` were made from.
    public init(from current: TodoFields, to wanted: TodoFields, reminders: [Reminder]) {
        let title = wanted.summary.trimmingCharacters(in: .whitespacesAndNewlines)
        let content = title.isEmpty ? Self.untitled : title
        if content != current.summary { self.content = content }
        if wanted.description != current.description { description = wanted.description }
        if wanted.priority != current.priority { priority = wanted.priority }
        if Set(wanted.labels) != Set(current.labels) { labels = wanted.labels }
        switch (current.due, wanted.due) {
        case (nil, nil): break
        case (.some, nil): due = .clear
        case (let old, let new?):
            if old.map({ !Self.sameDue($0, new) }) ?? true { due = .set(new) }
        }
        if wanted.parentUID != current.parentUID { parent = wanted.parentUID.map(FieldUpdate.set) ?? .clear }
        // A task's sort order is its place among its siblings, counted from 1.
        if let order = wanted.sortOrder, order != current.sortOrder { childOrder = max(1, order) }
        switch (current.completedAt, wanted.completedAt) {
        case (nil, .some): completion = .close
        case (.some, nil): completion = .reopen
        default: break
        }
        var waiting = wanted.reminders.map(\.normalized)
        for reminder in reminders {
            if let kept = TodoReminder(reminder).flatMap({ waiting.firstIndex(of: $0.normalized) }) {
                waiting.remove(at: kept)
            } else {
                removedReminderIDs.append(reminder.id)
            }
        }
        addedReminders = waiting
    }

    /// Whether the edit changes nothing.
    public var isEmpty: Bool { self == TodoEdit() }

    private init() {}

    /// Whether two dues are the same moment (`TodoFields.sameMoment`) repeating by the same rule.
    static func sameDue(_ a: Due, _ b: Due) -> Bool {
        a.recurrence?.rrule == b.recurrence?.rrule && a.recurrence?.fromCompletion == b.recurrence?.fromCompletion
            && TodoFields.sameMoment(a, b)
    }
}
