import Foundation

/// An export checked and put in the order it can be written in: parents before their children, and only
/// what refers to something in the same document. Ids are the document's own; the store gives new ones and
/// maps every reference through them.
public struct UserDataImportPlan: Sendable {
    /// Parents before subprojects. The exported Inbox, if any, is the account's own Inbox: its tasks go there.
    public var projects: [Project]
    public var sections: [Section]
    public var labels: [Label]
    /// Parents before subtasks.
    public var tasks: [TaskItem]
    public var comments: [Comment]
    /// Reminders still to come: an absolute one that already went off stays with the old server.
    public var reminders: [Reminder]
    /// Finished sessions only: a stopwatch that was running at export time stays with the old server.
    public var timeSessions: [TimeSession]

    /// Checks every part of `document`; the first problem is a 400 naming the field (`tasks[3].project_id`).
    public init(_ document: UserDataExport) throws(KairosError) {
        projects = try Self.parentsFirst(
            document.projects, path: "projects", id: \.id, parent: \.parentID, check: Self.check(project:))
        if projects.filter(\.isInbox).count > 1 {
            throw .invalidField(field: "projects", message: "projects has more than one Inbox. An export has one.")
        }
        let projectIDs = Set(projects.map(\.id))
        var sectionProjects: [String: String] = [:]
        for (index, section) in document.sections.enumerated() {
            let path = "sections[\(index)]"
            try Self.requireNew(section.id, in: sectionProjects, path: path)
            guard projectIDs.contains(section.projectID) else { throw Self.dangling(path, "project_id", "project") }
            _ = try Self.nested(path) { () throws(KairosError) in
                try Limits.requireText(section.name, Limits.sectionName, field: "name")
            }
            sectionProjects[section.id] = section.projectID
        }
        sections = document.sections
        var labelNames = Set<String>()
        for (index, label) in document.labels.enumerated() {
            let path = "labels[\(index)]"
            let name = try Self.nested(path) { () throws(KairosError) in
                try Limits.requireText(label.name, Limits.labelName, field: "name")
            }
            guard labelNames.insert(name.lowercased()).inserted else {
                throw .invalidField(field: "\(path).name", message: "\(path).name repeats the label \"\(name)\".")
            }
            _ = try Self.nested(path) { () throws(KairosError) in try Limits.requireColor(label.color) }
        }
        labels = document.labels
        tasks = try Self.parentsFirst(document.tasks, path: "tasks", id: \.id, parent: \.parentID) {
            task throws(KairosError) in try Self.check(task: task)
        }
        let taskProjects = Dictionary(uniqueKeysWithValues: tasks.map { ($0.id, $0.projectID) })
        for (index, task) in document.tasks.enumerated() {
            let path = "tasks[\(index)]"
            guard projectIDs.contains(task.projectID) else { throw Self.dangling(path, "project_id", "project") }
            if let section = task.sectionID, sectionProjects[section] != task.projectID {
                throw Self.dangling(path, "section_id", "section of the task's project")
            }
            if let parent = task.parentID, taskProjects[parent] != task.projectID {
                throw Self.dangling(path, "parent_id", "task of the same project")
            }
        }
        for (index, comment) in document.comments.enumerated() {
            let path = "comments[\(index)]"
            if let task = comment.taskID {
                guard taskProjects[task] != nil else { throw Self.dangling(path, "item_id", "task") }
            } else if let project = comment.projectID {
                guard projectIDs.contains(project) else { throw Self.dangling(path, "project_id", "project") }
            } else {
                throw .invalidField(field: "\(path).item_id", message: "\(path) needs an item_id or a project_id.")
            }
            _ = try Self.nested(path) { () throws(KairosError) in
                try Limits.requireText(comment.content, Limits.commentContent, field: "content")
            }
        }
        comments = document.comments
        let timedTasks = Set(tasks.filter { $0.due?.time != nil }.map(\.id))
        var remindersPerTask: [String: Int] = [:]
        reminders = []
        for (index, reminder) in document.reminders.enumerated() {
            let path = "reminders[\(index)]"
            guard taskProjects[reminder.taskID] != nil else { throw Self.dangling(path, "task_id", "task") }
            switch reminder.type {
            case .absolute:
                guard reminder.at != nil else {
                    throw .invalidField(field: "\(path).due", message: "\(path).due is needed for an absolute reminder.")
                }
                if reminder.firedAt != nil { continue }
            case .relative:
                guard let minutes = reminder.minuteOffset, Limits.reminderMinuteOffset.contains(minutes) else {
                    throw .invalidField(
                        field: "\(path).minute_offset",
                        message: "\(path).minute_offset must be 0 to \(Limits.reminderMinuteOffset.upperBound).")
                }
                guard timedTasks.contains(reminder.taskID) else {
                    throw .invalidField(
                        field: "\(path).task_id",
                        message: "\(path) counts back from a due time its task does not have.")
                }
            }
            remindersPerTask[reminder.taskID, default: 0] += 1
            guard remindersPerTask[reminder.taskID]! <= Limits.maxRemindersPerTask else {
                throw .invalidField(
                    field: "\(path).task_id",
                    message: "\(path) is one more than the \(Limits.maxRemindersPerTask) reminders a task may have.")
            }
            reminders.append(reminder)
        }
        timeSessions = []
        for (index, session) in document.timeSessions.enumerated() {
            let path = "time_sessions[\(index)]"
            guard taskProjects[session.taskID] != nil else { throw Self.dangling(path, "task_id", "task") }
            guard let end = session.endedAt else { continue }
            guard end > session.startedAt else {
                throw .invalidField(field: "\(path).ended_at", message: "\(path).ended_at must be after started_at.")
            }
            timeSessions.append(session)
        }
    }

    private static func check(project: Project) throws(KairosError) {
        _ = try Limits.requireText(project.name, Limits.projectName, field: "name")
        _ = try Limits.requireColor(project.color)
        if let icon = project.icon { _ = try ProjectIcon.require(icon) }
        _ = try Limits.requireViewStyle(project.viewStyle)
    }

    private static func check(task: TaskItem) throws(KairosError) {
        _ = try Limits.requireText(task.content, Limits.taskContent, field: "content")
        if task.description.count > Limits.taskDescriptionMax {
            throw .invalidField(
                field: "description",
                message: "description must be at most \(Limits.taskDescriptionMax) characters long.")
        }
        _ = try Limits.requirePriority(task.priority)
    }

    /// The items with each parent before its children, after checking each one; a parent that is missing,
    /// a repeated id or a loop is a 400 naming the item.
    private static func parentsFirst<Item>(
        _ items: [Item], path: String, id: KeyPath<Item, String>, parent: KeyPath<Item, String?>,
        check: (Item) throws(KairosError) -> Void
    ) throws(KairosError) -> [Item] {
        var indexByID: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            try requireNew(item[keyPath: id], in: indexByID, path: "\(path)[\(index)]")
            try nested("\(path)[\(index)]") { () throws(KairosError) in try check(item) }
            indexByID[item[keyPath: id]] = index
        }
        var placed = Set<String>()
        var ordered: [Item] = []
        for (index, item) in items.enumerated() where !placed.contains(item[keyPath: id]) {
            // Walk up to the first ancestor not yet placed, then place the chain from the top down.
            var chain: [Int] = []
            var current: Int? = index
            while let at = current, !placed.contains(items[at][keyPath: id]) {
                if chain.contains(at) {
                    throw .invalidField(
                        field: "\(path)[\(index)].parent_id", message: "\(path)[\(index)].parent_id makes a loop.")
                }
                chain.append(at)
                guard let parentID = items[at][keyPath: parent] else { break }
                guard let parentIndex = indexByID[parentID] else {
                    throw dangling("\(path)[\(at)]", "parent_id", String(path.dropLast()))
                }
                current = parentIndex
            }
            for at in chain.reversed() {
                placed.insert(items[at][keyPath: id])
                ordered.append(items[at])
            }
        }
        return ordered
    }

    private static func requireNew<Value>(_ id: String, in seen: [String: Value], path: String) throws(KairosError) {
        if seen[id] != nil {
            throw .invalidField(field: "\(path).id", message: "\(path).id \(id) appears twice. Each id must be unique.")
        }
    }

    private static func dangling(_ path: String, _ field: String, _ kind: String) -> KairosError {
        .invalidField(
            field: "\(path).\(field)",
            message: "\(path).\(field) names no \(kind) in this export. Import the whole file as exported.")
    }

    private static func nested<T>(_ path: String, _ body: () throws(KairosError) -> T) throws(KairosError) -> T {
        do {
            return try body()
        } catch {
            throw error.nested(in: path)
        }
    }
}
