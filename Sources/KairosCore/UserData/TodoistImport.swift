import Foundation

/// A Todoist account turned into the document `POST /api/v1/user/import` takes, so it is added in one step:
/// everything or nothing. The document's ids are Todoist's own (each kind's ids are unique within Todoist); the
/// server gives new ones. The Todoist Inbox is the account's Inbox: its tasks land there.
public struct TodoistImport: Sendable {
    /// The document to import.
    public var document: UserDataExport
    /// Recurring dues whose rule could not be read from Todoist's text: they keep their next date and their text,
    /// without repeating.
    public var unreadRecurrences: [(task: String, string: String)]
    /// Reminders left out: location ones, past ones, and those before a due time their task does not have.
    public var skippedReminders: Int

    /// Converts `account`; `readRecurrence` reads the rule of a recurring due from Todoist's text ("every monday"),
    /// since Todoist keeps it only there; nil when it cannot.
    public init(
        _ account: TodoistAccount, now: Date, readRecurrence: (String) -> RecurrenceRule?
    ) {
        let projects = account.projects.map { Self.project($0, now: now) }
        let projectIDs = Set(projects.map(\.id))
        let inboxID = projects.first(where: \.isInbox)?.id
        let sections = account.sections.filter { projectIDs.contains($0.projectID) }.map {
            Section(
                id: $0.id, projectID: $0.projectID, name: $0.name, sectionOrder: $0.sectionOrder,
                isCollapsed: $0.isCollapsed, addedAt: now, updatedAt: now)
        }
        let sectionProjects = Dictionary(
            sections.map { ($0.id, $0.projectID) }, uniquingKeysWith: { first, _ in first })

        // A task in a project the account did not list goes to the Inbox, with its subtasks.
        var taskProjects: [String: String] = [:]
        for task in account.tasks {
            taskProjects[task.id] = projectIDs.contains(task.projectID) ? task.projectID : inboxID
        }
        var unread: [(task: String, string: String)] = []
        var tasks: [TaskItem] = []
        for task in account.tasks {
            guard let projectID = taskProjects[task.id] else { continue }
            let due = task.due.flatMap { Self.due($0, readRecurrence: readRecurrence) }
            if let given = task.due, given.isRecurring, due?.recurrence == nil {
                unread.append((task.content, given.string))
            }
            tasks.append(
                TaskItem(
                    id: task.id, userID: "", projectID: projectID,
                    sectionID: task.sectionID.flatMap { sectionProjects[$0] == projectID ? $0 : nil },
                    parentID: task.parentID.flatMap { taskProjects[$0] == projectID ? $0 : nil },
                    content: task.content, description: task.description, labels: task.labels,
                    priority: min(max(task.priority, 1), 4), due: due, deadline: task.deadline,
                    duration: task.duration, childOrder: task.childOrder, isCollapsed: task.isCollapsed,
                    addedByUID: "", addedAt: task.addedAt ?? now, updatedAt: now))
        }
        unreadRecurrences = unread

        let taskIDs = Set(tasks.map(\.id))
        var comments: [Comment] = []
        for comment in account.comments {
            let text = Self.text(of: comment)
            guard !text.isEmpty else { continue }
            let onTask = comment.taskID.flatMap { taskIDs.contains($0) ? $0 : nil }
            let onProject = comment.projectID.flatMap { projectIDs.contains($0) ? $0 : nil }
            guard onTask != nil || (comment.taskID == nil && onProject != nil) else { continue }
            comments.append(
                Comment(
                    id: String(comments.count + 1), taskID: onTask, projectID: onTask == nil ? onProject : nil,
                    posterID: "", content: text, postedAt: comment.postedAt ?? now))
        }

        let dues = Dictionary(tasks.map { ($0.id, $0.due) }, uniquingKeysWith: { first, _ in first })
        var reminders: [Reminder] = []
        var skipped = 0
        for reminder in account.reminders ?? [] where !reminder.isDeleted {
            guard let due = dues[reminder.taskID],
                let converted = Self.reminder(reminder, id: String(reminders.count + 1), taskDue: due, now: now)
            else {
                skipped += 1
                continue
            }
            reminders.append(converted)
        }
        skippedReminders = skipped

        document = UserDataExport(
            exportedAt: now, account: nil, projects: projects, sections: sections,
            labels: Self.labels(account.labels, usedBy: account.tasks), tasks: tasks, comments: comments,
            reminders: reminders)
    }

    /// A reminder as Kairos keeps it, or nil for one Kairos cannot keep: a location reminder, one already past,
    /// one before a due time its task does not have, or one on a task that was not read.
    private static func reminder(
        _ reminder: TodoistAccount.Reminder, id: String, taskDue: Due?, now: Date
    ) -> Reminder? {
        switch reminder.type {
        case "relative":
            guard let minutes = reminder.minuteOffset, Limits.reminderMinuteOffset.contains(minutes),
                taskDue?.time != nil
            else { return nil }
            return Reminder(
                id: id, taskID: reminder.taskID, userID: "", type: .relative, minuteOffset: minutes, at: nil,
                fireAt: nil, firedAt: nil, createdAt: now)
        case "absolute":
            guard let due = reminder.due, let parsed = Due.parseWireDate(due.date, timezone: due.timezone),
                let time = parsed.time
            else { return nil }
            let zone = due.timezone.flatMap(TimeZone.init(identifier:)) ?? .gmt
            let at = parsed.date.at(time, in: zone)
            guard at > now else { return nil }
            return Reminder(
                id: id, taskID: reminder.taskID, userID: "", type: .absolute, minuteOffset: nil, at: at,
                fireAt: at, firedAt: nil, createdAt: now)
        default:
            return nil
        }
    }

    private static func project(_ project: TodoistAccount.Project, now: Date) -> Project {
        Project(
            id: project.id, name: project.name, description: project.description, parentID: project.parentID,
            childOrder: project.childOrder, color: color(project.color), isCollapsed: project.isCollapsed,
            isFavorite: project.isFavorite,
            viewStyle: Limits.viewStyles.contains(project.viewStyle) ? project.viewStyle : "list",
            isInbox: project.isInbox, ownerID: "", createdAt: now, updatedAt: now)
    }

    /// The account's labels, then any name a task uses that is not among them (Todoist's shared labels), once each
    /// whatever its case.
    private static func labels(_ labels: [TodoistAccount.Label], usedBy tasks: [TodoistAccount.Task]) -> [Label] {
        var seen = Set<String>()
        var result: [Label] = []
        let named = labels.map { ($0.name, $0.color, $0.order, $0.isFavorite) }
        let used = tasks.flatMap(\.labels).map { ($0, ProjectColor.defaultColor, Int.max, false) }
        for (name, labelColor, order, isFavorite) in named + used where seen.insert(name.lowercased()).inserted {
            result.append(
                Label(
                    id: String(result.count + 1), name: name, color: color(labelColor),
                    order: order == Int.max ? result.count + 1 : order, isFavorite: isFavorite))
        }
        return result
    }

    /// Todoist's colours are Kairos' colours by name; one Kairos does not know becomes the default.
    private static func color(_ name: String) -> String {
        ProjectColor.all.contains(name) ? name : ProjectColor.defaultColor
    }

    /// The due as Kairos keeps it: the same date, time and zone, the same text, and for a recurring due the rule
    /// read from that text.
    static func due(_ due: TodoistAccount.Due, readRecurrence: (String) -> RecurrenceRule?) -> Due? {
        guard let parsed = Due.parseWireDate(due.date, timezone: due.timezone) else { return nil }
        let zone = due.timezone.flatMap { TimeZone(identifier: $0) != nil ? $0 : nil }
        let recurrence = due.isRecurring ? readRecurrence(due.string) : nil
        return Due(
            date: parsed.date, time: parsed.time, timezone: due.date.hasSuffix("Z") ? zone ?? "UTC" : nil,
            string: due.string, lang: due.lang, recurrence: recurrence)
    }

    /// A comment's text; a comment that is only a file says which file, with its address.
    private static func text(of comment: TodoistAccount.Comment) -> String {
        let content = comment.content.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let file = comment.attachment else { return content }
        let link = [file.name, file.url].filter { !$0.isEmpty }.joined(separator: " ")
        return content.isEmpty ? "Attachment: \(link)" : "\(content)\n\nAttachment: \(link)"
    }
}
