/// A change to a task: recorded in its activity, and told to the conversations it is linked to.
public enum TaskChange: Sendable, Equatable {
    case created
    case contentEdited
    case descriptionEdited
    case priorityChanged(Int)
    /// The task moved to another project (by name).
    case moved(project: String)
    case completed
    /// A recurring task was completed and moved on to its next date.
    case completedOccurrence(next: LocalDate)
    case reopened
    /// The due date changed; nil when it was removed.
    case dueChanged(Due?)
    /// The task moved to a project these assignees are not in, so they were taken off it: by id, by name once
    /// `naming` ran.
    case unassignedByMove([String])
    /// People were assigned to the task, or taken off it: by id from `between`, by name once `naming` ran.
    case assigneesChanged(added: [String], removed: [String])
    case commented
    /// Time was recorded on the task.
    case timeTracked(seconds: Int)

    /// What an update changed, from the task before to the task after: the one comparison that decides
    /// both the activity entries and the thread notices of an edit.
    public static func between(_ old: TaskItem, _ new: TaskItem) -> [TaskChange] {
        var changes: [TaskChange] = []
        if old.content != new.content { changes.append(.contentEdited) }
        if old.description != new.description { changes.append(.descriptionEdited) }
        if old.priority != new.priority { changes.append(.priorityChanged(new.priority)) }
        if old.due?.date != new.due?.date || old.due?.time != new.due?.time { changes.append(.dueChanged(new.due)) }
        let added = new.assigneeIDs.filter { !old.assigneeIDs.contains($0) }
        let removed = old.assigneeIDs.filter { !new.assigneeIDs.contains($0) }
        if !added.isEmpty || !removed.isEmpty { changes.append(.assigneesChanged(added: added, removed: removed)) }
        return changes
    }

    /// The same change with the people it names by id named by `name`.
    public func naming(_ name: (String) throws -> String) rethrows -> TaskChange {
        switch self {
        case .assigneesChanged(let added, let removed):
            .assigneesChanged(added: try added.map(name), removed: try removed.map(name))
        case .unassignedByMove(let people): .unassignedByMove(try people.map(name))
        default: self
        }
    }

    /// The line posted to each linked conversation, such as `Ada completed "Send the report"`; nil for
    /// changes threads are not told about.
    public func notice(task title: String, by actor: String) -> String? {
        let quoted = "\u{201C}\(title)\u{201D}"
        switch self {
        case .created, .contentEdited, .descriptionEdited, .priorityChanged, .moved, .commented, .timeTracked:
            return nil
        case .completed:
            return "\(actor) completed \(quoted)"
        case .completedOccurrence(let next):
            return "\(actor) completed \(quoted); next due \(next.iso)"
        case .reopened:
            return "\(actor) reopened \(quoted)"
        case .dueChanged(nil):
            return "\(actor) removed the due date of \(quoted)"
        case .dueChanged(let due?):
            let when = due.time.map { "\(due.date.iso) \($0.iso)" } ?? due.date.iso
            return "\(actor) moved \(quoted) to \(when)"
        case .unassignedByMove(let names):
            let verb = names.count == 1 ? "is" : "are"
            return "\(ListFormatting.join(names)) \(verb) no longer assigned to \(quoted): "
                + "\(actor) moved it to a project they are not in"
        case .assigneesChanged(let added, let removed) where removed.isEmpty:
            return "\(actor) assigned \(quoted) to \(ListFormatting.join(added))"
        case .assigneesChanged(let added, let removed) where added.isEmpty:
            return "\(actor) took \(ListFormatting.join(removed)) off \(quoted)"
        case .assigneesChanged(let added, let removed):
            return "\(actor) assigned \(quoted) to \(ListFormatting.join(added)) and took \(ListFormatting.join(removed)) off it"
        }
    }

    /// The activity entries the change is kept as: a kind and its detail (see `TaskActivity.Kind`).
    public var activity: [(kind: TaskActivity.Kind, detail: String?)] {
        switch self {
        case .created: return [(.created, nil)]
        case .contentEdited: return [(.contentEdited, nil)]
        case .descriptionEdited: return [(.descriptionEdited, nil)]
        case .priorityChanged(let priority): return [(.priorityChanged, String(priority))]
        case .moved(let project): return [(.moved, project)]
        case .completed: return [(.completed, nil)]
        case .completedOccurrence(let next): return [(.completedOccurrence, next.iso)]
        case .reopened: return [(.reopened, nil)]
        case .dueChanged(let due): return [(.dueChanged, due?.wireDate)]
        case .unassignedByMove(let names): return [(.unassigned, ListFormatting.join(names))]
        case .assigneesChanged(let added, let removed):
            var entries: [(kind: TaskActivity.Kind, detail: String?)] = []
            if !added.isEmpty { entries.append((.assigned, ListFormatting.join(added))) }
            if !removed.isEmpty { entries.append((.unassigned, ListFormatting.join(removed))) }
            return entries
        case .commented: return [(.commented, nil)]
        case .timeTracked(let seconds): return [(.timeTracked, String(seconds))]
        }
    }
}

/// Texts Kairos posts into conversations, worded in one place.
public enum SystemNotice {
    public static func taskCreated(by actor: String) -> String { "Task created by \(actor)" }
    public static func groupCreated(by actor: String, name: String) -> String {
        "\(actor) created \u{201C}\(name)\u{201D}"
    }
    public static func added(_ names: [String], by actor: String) -> String {
        "\(actor) added \(ListFormatting.join(names))"
    }
    public static func removed(_ name: String, by actor: String) -> String { "\(actor) removed \(name)" }
    public static func left(_ name: String) -> String { "\(name) left" }
    public static func joined(_ name: String, invitedBy inviter: String) -> String {
        "\(name) joined, invited by \(inviter)"
    }
    public static func renamed(to name: String, by actor: String) -> String {
        "\(actor) renamed the group to \u{201C}\(name)\u{201D}"
    }

    /// The description of a task made from a message.
    public static func taskFromMessage(author: String, on day: LocalDate) -> String {
        "Created from message by \(author) on \(day.iso)"
    }
}

enum ListFormatting {
    /// "Bob", "Bob and Carol", "Bob, Carol and Dan".
    static func join(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
