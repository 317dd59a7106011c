import Foundation
import KairosCore
import KairosStore

/// The rules for tasks and comments: validation, due dates in the user's zone, recurrence.
public struct TaskService: Sendable {
    let store: any DataStore
    let clock: Clock

    public init(store: any DataStore, clock: Clock) {
        self.store = store
        self.clock = clock
    }

    public func task(_ id: String, of user: User) async throws -> TaskItem {
        let task = try require(try await store.task(userID: user.id, id: id), "Task")
        try PermissionGuard.require(user.id, .view, AccessScope(ownerID: task.userID), resource: "Task")
        return task
    }

    /// Active tasks matching the list parameters and, optionally, a filter query.
    public func tasks(
        of user: User, projectID: String? = nil, sectionID: String? = nil, parentID: String? = nil,
        label: String? = nil, ids: [String]? = nil, filterQuery: String? = nil, page: PageRequest
    ) async throws -> Page<TaskItem> {
        if let ids, ids.count > PageLimit.range.upperBound {
            throw KairosError.invalidField(field: "ids", message: "ids can list at most 200 tasks at once.")
        }
        let now = clock.now()
        let query = TaskQuery(
            projectID: projectID, sectionID: sectionID, parentID: parentID, label: label, ids: ids,
            filter: try filterQuery.map { try TaskFilter.parse($0) },
            today: LocalDate.today(in: user.timeZone, now: now), now: now)
        return try await store.tasks(userID: user.id, query: query, page: page)
    }

    public func search(_ text: String, of user: User, page: PageRequest) async throws -> Page<TaskItem> {
        let text = try Limits.requireText(text, 1...500, field: "query")
        return try await store.searchTasks(userID: user.id, text: text, page: page)
    }

    public func create(_ request: TaskCreateRequest, for user: User) async throws -> TaskItem {
        let now = clock.now()
        return try await store.createTask(userID: user.id, draft: try draft(request, for: user, now: now), now: now)
    }

    /// A new task's settled values: the one place a task request's fields are checked, whatever writes it.
    func draft(_ request: TaskCreateRequest, for user: User, now: Date) throws -> TaskDraft {
        let due = try DueResolver(user: user, now: now).due(
            string: request.dueString, date: request.dueDate, datetime: request.dueDatetime, lang: request.dueLang)
        return TaskDraft(
            content: try Limits.requireText(request.content, Limits.taskContent, field: "content"),
            description: try Self.description(request.description ?? ""),
            projectID: request.projectID, sectionID: request.sectionID, parentID: request.parentID,
            labels: try Self.labels(request.labels ?? []),
            priority: try Limits.requirePriority(request.priority ?? 1),
            due: due,
            deadline: try request.deadlineDate.map { try Self.deadline($0, lang: request.deadlineLang) },
            duration: try Self.duration(amount: request.duration, unit: request.durationUnit),
            responsibleUID: try request.assigneeID.map { try Self.assignee($0, for: user) },
            childOrder: request.order, dayOrder: request.dayOrder ?? -1)
    }

    public func update(_ id: String, _ request: TaskUpdateRequest, for user: User) async throws -> TaskItem {
        let current = try await task(id, of: user)
        try PermissionGuard.require(user.id, .update, AccessScope(ownerID: current.userID), resource: "Task")
        let now = clock.now()
        var changes = TaskChanges()
        changes.content = try request.content.map { try Limits.requireText($0, Limits.taskContent, field: "content") }
        changes.description = try request.description.map(Self.description)
        changes.labels = try request.labels.map(Self.labels)
        changes.priority = try request.priority.map(Limits.requirePriority)
        changes.childOrder = request.childOrder
        changes.dayOrder = request.dayOrder
        changes.isCollapsed = request.isCollapsed
        changes.due = try DueResolver(user: user, now: now).update(
            string: request.dueString, date: request.dueDate, datetime: request.dueDatetime, lang: request.dueLang)
        switch request.deadlineDate {
        case .unchanged: break
        case .clear: changes.deadline = .clear
        case .set(let date): changes.deadline = .set(try Self.deadline(date, lang: request.deadlineLang))
        }
        switch request.duration {
        case .unchanged: break
        case .clear: changes.duration = .clear
        case .set(let amount):
            changes.duration = .set(
                try Self.duration(amount: amount, unit: request.durationUnit ?? current.duration?.unit.rawValue)!)
        }
        switch request.assigneeID {
        case .unchanged: break
        case .clear: changes.responsibleUID = .clear
        case .set(let uid): changes.responsibleUID = .set(try Self.assignee(uid, for: user))
        }
        let updated = try await store.updateTask(userID: user.id, id: id, changes: changes, now: now)
        if current.due?.date != updated.due?.date || current.due?.time != updated.due?.time {
            try await announce(.dueChanged(updated.due), about: updated, by: user)
        }
        return updated
    }

    /// Completes a task, or moves a recurring one to its next occurrence instead.
    public func close(_ id: String, for user: User) async throws {
        let current = try await task(id, of: user)
        try PermissionGuard.require(user.id, .complete, AccessScope(ownerID: current.userID), resource: "Task")
        let now = clock.now()
        guard let due = current.due, let rule = due.recurrence else {
            try await store.closeTask(userID: user.id, id: id, now: now)
            if !current.isCompleted { try await announce(.completed, about: current, by: user) }
            return
        }
        let today = LocalDate.today(in: user.timeZone, now: now)
        var next = rule.nextOccurrence(after: due.date, start: due.date)
        // An overdue series resumes from today rather than replaying the missed dates.
        while next < today { next = rule.nextOccurrence(after: next, start: due.date) }
        var changes = TaskChanges()
        changes.due = .set(due.moved(to: next))
        _ = try await store.updateTask(userID: user.id, id: id, changes: changes, now: now)
        try await announce(.completedOccurrence(next: next), about: current, by: user)
    }

    public func reopen(_ id: String, for user: User) async throws {
        let current = try await task(id, of: user)
        try PermissionGuard.require(user.id, .complete, AccessScope(ownerID: current.userID), resource: "Task")
        try await store.reopenTask(userID: user.id, id: id, now: clock.now())
        if current.isCompleted { try await announce(.reopened, about: current, by: user) }
    }

    /// Posts a change of a task to every conversation it is linked to, once each.
    private func announce(_ change: TaskChange, about task: TaskItem, by user: User) async throws {
        try await store.postTaskUpdate(
            taskID: task.id, text: change.notice(task: task.content, by: user.name), by: user.id, now: clock.now())
    }

    public func move(_ id: String, _ request: TaskMoveRequest, for user: User) async throws {
        let current = try await task(id, of: user)
        try PermissionGuard.require(user.id, .update, AccessScope(ownerID: current.userID), resource: "Task")
        let destinations: [TaskDestination] = [
            request.projectID.map(TaskDestination.project), request.sectionID.map(TaskDestination.section),
            request.parentID.map(TaskDestination.parent),
        ].compactMap { $0 }
        guard destinations.count == 1, let destination = destinations.first else {
            throw KairosError.invalidField(
                field: "project_id", message: "Give exactly one of project_id, section_id or parent_id to move a task.")
        }
        try await store.moveTask(userID: user.id, id: id, to: destination, now: clock.now())
    }

    public func delete(_ id: String, for user: User) async throws {
        let current = try await task(id, of: user)
        try PermissionGuard.require(user.id, .delete, AccessScope(ownerID: current.userID), resource: "Task")
        try await store.deleteTask(userID: user.id, id: id)
    }

    /// Completed tasks between `since` and `until`, by completion time or by due date.
    public func completed(
        of user: User, basis: CompletedQuery.Basis, since: String?, until: String?, projectID: String?,
        sectionID: String?, parentID: String?, page: PageRequest
    ) async throws -> CompletedPage {
        let start = try Self.instant(since, field: "since")
        let end = try Self.instant(until, field: "until")
        guard start <= end else {
            throw KairosError.invalidField(field: "until", message: "until must not be before since.")
        }
        let query = CompletedQuery(
            basis: basis, since: start, until: end, projectID: projectID, sectionID: sectionID, parentID: parentID,
            timeZone: user.timeZone)
        return try await store.completedTasks(userID: user.id, query: query, page: page)
    }

    // MARK: Comments

    public func comments(
        of user: User, taskID: String?, projectID: String?, page: PageRequest
    ) async throws -> Page<Comment> {
        if let taskID {
            _ = try await task(taskID, of: user)
        } else if let projectID {
            _ = try require(try await store.project(userID: user.id, id: projectID), "Project")
        }
        return try await store.comments(userID: user.id, taskID: taskID, projectID: projectID, page: page)
    }

    public func comment(_ id: String, of user: User) async throws -> Comment {
        try require(try await store.comment(userID: user.id, id: id), "Comment")
    }

    public func addComment(_ request: CommentCreateRequest, for user: User) async throws -> Comment {
        let content = try Limits.requireText(request.content, Limits.commentContent, field: "content")
        return try await store.createComment(
            userID: user.id, taskID: request.taskID, projectID: request.taskID == nil ? request.projectID : nil,
            content: content, now: clock.now())
    }

    public func updateComment(_ id: String, _ request: CommentUpdateRequest, for user: User) async throws -> Comment {
        let content = try Limits.requireText(request.content, Limits.commentContent, field: "content")
        return try await store.updateComment(userID: user.id, id: id, content: content)
    }

    public func deleteComment(_ id: String, for user: User) async throws {
        try await store.deleteComment(userID: user.id, id: id)
    }

    // MARK: Field rules

    static func description(_ text: String) throws(KairosError) -> String {
        guard text.count <= Limits.taskDescriptionMax else {
            throw .invalidField(field: "description", message: "description must be at most 16383 characters long.")
        }
        return text
    }

    static func labels(_ names: [String]) throws(KairosError) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for name in names {
            let clean = try ProjectService.labelName(name, field: "labels")
            if seen.insert(clean.lowercased()).inserted { result.append(clean) }
        }
        return result
    }

    private static func deadline(_ date: String, lang: String?) throws(KairosError) -> Deadline {
        guard let day = LocalDate(iso: date) else {
            throw .invalidField(field: "deadline_date", message: "deadline_date must be a date such as 2026-03-12.")
        }
        return Deadline(date: day, lang: lang ?? "en")
    }

    private static func duration(amount: Int?, unit: String?) throws(KairosError) -> TaskDuration? {
        guard let amount else {
            if unit != nil {
                throw .invalidField(field: "duration", message: "duration is required when duration_unit is given.")
            }
            return nil
        }
        guard amount > 0 else { throw .invalidField(field: "duration", message: "duration must be a positive number.") }
        guard let unit, let parsed = TaskDuration.Unit(rawValue: unit) else {
            throw .invalidField(field: "duration_unit", message: "duration_unit must be minute or day.")
        }
        return TaskDuration(amount: amount, unit: parsed)
    }

    /// Until projects can be shared, the only person a task can be assigned to is its owner.
    private static func assignee(_ uid: String, for user: User) throws(KairosError) -> String {
        guard uid == user.id else {
            throw .invalidField(
                field: "assignee_id",
                message: "assignee_id must be someone the project is shared with (for now: yourself).")
        }
        return uid
    }

    private static func instant(_ text: String?, field: String) throws(KairosError) -> Date {
        guard let text else { throw .invalidField(field: field, message: "\(field) is required.") }
        guard let date = APITimestamp.parse(text) else {
            throw .invalidField(field: field, message: "\(field) must be a time such as 2026-03-04T00:00:00Z.")
        }
        return date
    }
}
