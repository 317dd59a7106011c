/// A change to a task that the conversations it is linked to are told about.
public enum TaskChange: Sendable, Equatable {
    case completed
    /// A recurring task was completed and moved on to its next date.
    case completedOccurrence(next: LocalDate)
    case reopened
    /// The due date changed; nil when it was removed.
    case dueChanged(Due?)
    /// The task moved to a project these assignees (by name) are not in, so they were taken off it.
    case unassignedByMove([String])
    /// People (by name) were assigned to the task, or taken off it.
    case assigneesChanged(added: [String], removed: [String])

    /// The line posted to each linked conversation, such as `Ada completed "Send the report"`.
    public func notice(task title: String, by actor: String) -> String {
        let quoted = "\u{201C}\(title)\u{201D}"
        switch self {
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
