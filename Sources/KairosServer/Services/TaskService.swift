import Foundation
import KairosCore
import KairosStore

/// What `TaskService` reads and writes: tasks and comments, their activity, the projects, labels and shares
/// they sit in, their stopwatches, the accounts of the people involved, and the conversations a task's changes
/// are posted to.
public typealias TaskServiceStore = TaskStore & ProjectStore & SharingStore & TaskActivityStore & TimeStore
    & AccountStore & ConversationStore

/// The rules for tasks and comments: validation, due dates in the user's zone, recurrence.
public struct TaskService: Sendable {
    let store: any TaskServiceStore
    let clock: Clock

    public init(store: any TaskServiceStore, clock: Clock) {
        self.store = store
        self.clock = clock
    }

    public func task(_ id: String, of user: User) async throws -> TaskItem {
        try await task(id, allowing: .view, for: user)
    }

    /// The task, once the guard allows `user` to do `action` on it with the role they hold in its project.
    func task(_ id: String, allowing action: Action, for user: User) async throws -> TaskItem {
        guard let task = try await store.task(userID: user.id, id: id),
            let access = try await store.taskAccess(taskID: id, viewerID: user.id)
        else { throw KairosError.missing("Task") }
        try PermissionGuard.require(user.id, action, .task, in: access.scope)
        return task
    }

    /// Checks that `user` may add tasks where the placement points (a parent task, a section, a project, or
    /// their Inbox), and that an assignee is someone there; returns the project's access.
    @discardableResult
    func requireCreate(
        projectID: String?, sectionID: String?, parentID: String?, assignees: [String] = [], for user: User
    ) async throws -> ProjectAccess? {
        let access: ProjectAccess?
        if let parentID {
            access = try await store.taskAccess(taskID: parentID, viewerID: user.id)
            if access == nil { throw KairosError.missing("Parent task") }
        } else if let sectionID {
            access = try await store.sectionAccess(sectionID: sectionID, viewerID: user.id)
            if access == nil { throw KairosError.missing("Section") }
        } else if let projectID {
            access = try await store.projectAccess(projectID: projectID, viewerID: user.id)
            if access == nil { throw KairosError.missing("Project") }
        } else {
            access = nil
        }
        if let access { try PermissionGuard.require(user.id, .create, .task, in: access.scope) }
        try Self.requireAssignable(assignees, in: access, for: user)
        return access
    }

    /// Active tasks matching the list parameters and, optionally, a filter query, in the list's own order or
    /// `sort` (then the whole list is read and put in that order, a page at a time).
    public func tasks(
        of user: User, projectID: String? = nil, sectionID: String? = nil, parentID: String? = nil,
        label: String? = nil, ids: [String]? = nil, filterQuery: String? = nil, sort: TaskSort = .manual,
        page: PageRequest
    ) async throws -> Page<TaskItem> {
        if let ids, ids.count > PageLimit.range.upperBound {
            throw KairosError.invalidField(field: "ids", message: "ids can list at most 200 tasks at once.")
        }
        let now = clock.now()
        let query = TaskQuery(
            projectID: projectID, sectionID: sectionID, parentID: parentID, label: label, ids: ids,
            filter: try filterQuery.map { try TaskFilter.parse($0) },
            today: LocalDate.today(in: user.timeZone, now: now), now: now)
        guard sort != .manual else { return try await store.tasks(userID: user.id, query: query, page: page) }
        let ownKeys = Self.ownKeys(filtered: filterQuery != nil)
        var all: [TaskItem] = []
        var next = PageRequest(limit: 1_000)
        while true {
            let part = try await store.tasks(userID: user.id, query: query, page: next)
            all += part.results
            guard let cursor = part.nextCursor.flatMap({ PageCursor(token: $0, keyCount: ownKeys) }) else { break }
            next.cursor = cursor
        }
        let own = filterQuery == nil ? TaskOrder.listKey : TaskOrder.agendaKey
        return sort.page(of: all, own: own, after: page.cursor, limit: page.limit)
    }

    /// How many keys a list's own order has: filters list in agenda order, other lists in their projects'.
    static func ownKeys(filtered: Bool) -> Int { filtered ? 4 : 2 }

    public func search(_ text: String, of user: User, page: PageRequest) async throws -> Page<TaskItem> {
        let text = try Limits.requireText(text, 1...500, field: "query")
        return try await store.searchTasks(userID: user.id, text: text, page: page)
    }

    /// Creates a task; a retry with the same `client_id` gives back the task the first try made.
    public func create(_ request: TaskCreateRequest, for user: User) async throws -> TaskItem {
        try await create(try draft(request, for: user, now: clock.now()), for: user)
    }

    /// Creates a task from a draft whose fields are settled (by `draft`, or from a calendar client's to-do),
    /// where the guard lets `user` add one.
    func create(_ draft: TaskDraft, for user: User) async throws -> TaskItem {
        try await requireCreate(
            projectID: draft.projectID, sectionID: draft.sectionID, parentID: draft.parentID,
            assignees: draft.assigneeIDs, for: user)
        return try await store.createTask(userID: user.id, draft: draft, now: clock.now())
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
            assigneeIDs: try Self.assignees(one: request.assigneeID, many: request.assigneeIDs),
            childOrder: request.order, dayOrder: request.dayOrder ?? -1,
            clientID: try request.clientID.map(Limits.requireClientID))
    }

    public func update(_ id: String, _ request: TaskUpdateRequest, for user: User) async throws -> TaskItem {
        let current = try await task(id, allowing: .update, for: user)
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
        switch (request.assigneeID, request.assigneeIDs) {
        case (.unchanged, .unchanged): break
        case (.clear, .unchanged), (.unchanged, .clear): changes.assigneeIDs = []
        case (.set(let one), .unchanged): changes.assigneeIDs = try Self.assignees(one: one, many: nil)
        case (.unchanged, .set(let many)): changes.assigneeIDs = try Self.assignees(one: nil, many: many)
        default:
            throw KairosError.invalidField(
                field: "assignee_ids", message: "Give assignee_id or assignee_ids, not both.")
        }
        return try await save(changes, over: current, for: user)
    }

    /// Makes settled changes (from a calendar client's to-do) to a task `user` may update, as `update` does.
    func update(_ id: String, changes: TaskChanges, for user: User) async throws -> TaskItem {
        try await save(changes, over: try await task(id, allowing: .update, for: user), for: user)
    }

    /// Writes checked changes; the store tells linked threads and followers what changed, in the same write.
    private func save(_ changes: TaskChanges, over current: TaskItem, for user: User) async throws -> TaskItem {
        if let assignees = changes.assigneeIDs {
            try Self.requireAssignable(
                assignees, in: try await store.taskAccess(taskID: current.id, viewerID: user.id), for: user)
        }
        return try await store.updateTask(userID: user.id, id: current.id, changes: changes, now: clock.now())
    }

    /// Saves the order the user put tasks in, all or nothing: up to 200 distinct open tasks they may edit; for
    /// `child_order` they must be siblings (one project, one parent), which keep the places they held.
    public func reorder(_ request: TaskReorderRequest, for user: User) async throws {
        guard (1...PageLimit.range.upperBound).contains(request.ids.count) else {
            throw KairosError.invalidField(field: "ids", message: "ids must list 1 to 200 tasks, in their new order.")
        }
        guard Set(request.ids).count == request.ids.count else {
            throw KairosError.invalidField(field: "ids", message: "ids lists a task twice. Give each task once.")
        }
        var places = Set<String>()
        for id in request.ids {
            let task = try await task(id, allowing: .update, for: user)
            if task.isCompleted {
                throw KairosError.invalidField(
                    field: "ids", message: "Task \(id) is completed. Reopen it, or leave it out of the order.")
            }
            places.insert("\(task.projectID) \(task.parentID ?? "")")
        }
        let order = request.by ?? .childOrder
        if order == .childOrder && places.count > 1 {
            throw KairosError.invalidField(
                field: "ids",
                message: "ids must be tasks of one project under one parent. Reorder each list on its own.")
        }
        try await store.reorderTasks(userID: user.id, ids: request.ids, by: order, now: clock.now())
    }

    /// Completes a task, or moves a recurring one to its next occurrence instead.
    public func close(_ id: String, for user: User) async throws {
        let current = try await task(id, allowing: .complete, for: user)
        let now = clock.now()
        guard let due = current.due, let rule = due.recurrence else {
            try await store.closeTask(userID: user.id, id: id, now: now)
            return
        }
        let next = rule.nextDue(after: due.date, completedOn: LocalDate.today(in: user.timeZone, now: now))
        var changes = TaskChanges()
        changes.due = .set(due.moved(to: next))
        changes.recordedAs = .completedOccurrence(next: next)
        _ = try await store.updateTask(userID: user.id, id: id, changes: changes, now: now)
    }

    public func reopen(_ id: String, for user: User) async throws {
        _ = try await task(id, allowing: .complete, for: user)
        try await store.reopenTask(userID: user.id, id: id, now: clock.now())
    }

    /// What happened to the task, newest first, for anyone who can see it.
    public func activity(_ id: String, of user: User, page: PageRequest) async throws -> Page<TaskActivity> {
        _ = try await task(id, of: user)
        return try await store.taskActivity(userID: user.id, taskID: id, page: page)
    }

    /// Moves a task (with its subtasks) to a project, a section or under a parent, as the guard allows; a move
    /// in or out of a shared project is written in that project's audit log.
    public func move(_ id: String, _ request: TaskMoveRequest, for user: User) async throws {
        _ = try await task(id, allowing: .update, for: user)
        let destinations: [TaskDestination] = [
            request.projectID.map(TaskDestination.project), request.sectionID.map(TaskDestination.section),
            request.parentID.map(TaskDestination.parent),
        ].compactMap { $0 }
        guard destinations.count == 1, let destination = destinations.first else {
            throw KairosError.invalidField(
                field: "project_id", message: "Give exactly one of project_id, section_id or parent_id to move a task.")
        }
        let target: ProjectAccess? =
            switch destination {
            case .project(let projectID):
                try await requireCreate(projectID: projectID, sectionID: nil, parentID: nil, for: user)
            case .section(let sectionID):
                try await requireCreate(projectID: nil, sectionID: sectionID, parentID: nil, for: user)
            case .parent(let parentID):
                try await requireCreate(projectID: nil, sectionID: nil, parentID: parentID, for: user)
            }
        guard let source = try await store.taskAccess(taskID: id, viewerID: user.id), let target else {
            throw KairosError.missing("Task")
        }
        try PermissionGuard.requireMove(user.id, from: source.scope, to: target.scope)
        let audited = [source, target].filter(\.scope.isShared).map(\.projectID)
        try await store.moveTask(
            userID: user.id, id: id, to: destination, auditedIn: Array(Set(audited)), now: clock.now())
    }

    /// Deletes a task and its subtasks. Time being tracked on them is recorded first: every stopwatch on them
    /// stops, so the time counts in its tracker's reports, under the task's title, after the task is gone.
    public func delete(_ id: String, for user: User) async throws {
        _ = try await task(id, allowing: .delete, for: user)
        let now = clock.now()
        try await store.stopStopwatches(on: .task(id), now: TimeService.wholeSecond(now))
        try await store.deleteTask(userID: user.id, id: id, now: now)
    }

    /// Deletes completed tasks, all or none (a Done section's Clear all): 1 to 200 distinct tasks, each
    /// completed and one `user` may delete; time tracked on them is kept as `delete` keeps it.
    public func deleteCompleted(_ request: CompletedTasksDeleteRequest, for user: User) async throws {
        guard (1...PageLimit.range.upperBound).contains(request.ids.count) else {
            throw KairosError.invalidField(field: "ids", message: "ids must list 1 to 200 completed tasks.")
        }
        guard Set(request.ids).count == request.ids.count else {
            throw KairosError.invalidField(field: "ids", message: "ids lists a task twice. Give each task once.")
        }
        for id in request.ids {
            let task: TaskItem
            do {
                task = try await self.task(id, allowing: .delete, for: user)
            } catch KairosError.notFound {
                throw KairosError.notFound(
                    "Task \(id) not found. Check the ids: you can only delete your own tasks. Nothing was deleted.")
            }
            guard task.isCompleted else {
                throw KairosError.invalidField(
                    field: "ids",
                    message: "Task \(id) (\(task.content)) is not completed, so nothing was deleted. Leave it out "
                        + "to clear the others.")
            }
        }
        let now = clock.now()
        for id in request.ids {
            try await store.stopStopwatches(on: .task(id), now: TimeService.wholeSecond(now))
        }
        try await store.deleteTasks(userID: user.id, ids: request.ids, now: now)
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
        if let taskID = request.taskID {
            _ = try await task(taskID, allowing: .comment, for: user)
        } else if let projectID = request.projectID {
            let access = try require(try await store.projectAccess(projectID: projectID, viewerID: user.id), "Project")
            try PermissionGuard.require(user.id, .comment, .project, in: access.scope)
        }
        return try await store.createComment(
            userID: user.id, taskID: request.taskID, projectID: request.taskID == nil ? request.projectID : nil,
            content: content, now: clock.now())
    }

    public func updateComment(_ id: String, _ request: CommentUpdateRequest, for user: User) async throws -> Comment {
        let content = try Limits.requireText(request.content, Limits.commentContent, field: "content")
        let comment = try await comment(id, of: user)
        try PermissionGuard.require(user.id, .update, .comment, in: AccessScope(ownerID: comment.posterID))
        return try await store.updateComment(userID: user.id, id: id, content: content, now: clock.now())
    }

    /// Deletes a comment: its author may, and so may the owner of the project it is in.
    public func deleteComment(_ id: String, for user: User) async throws {
        let comment = try await comment(id, of: user)
        let access =
            if let taskID = comment.taskID {
                try await store.taskAccess(taskID: taskID, viewerID: user.id)
            } else {
                try await store.projectAccess(projectID: comment.projectID ?? "", viewerID: user.id)
            }
        let scope = AccessScope(ownerID: comment.posterID, roles: access.map { [$0.ownerID: .owner] } ?? [:])
        try PermissionGuard.require(user.id, .delete, .comment, in: scope)
        try await store.deleteComment(userID: user.id, id: id, now: clock.now())
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

    /// A task can be assigned to its project's owner or members; in a project nobody else can see, the
    /// caller's own Inbox included, only to the caller.
    private static func requireAssignable(
        _ assignees: [String], in access: ProjectAccess?, for user: User
    ) throws(KairosError) {
        let people = access.map { Set($0.roles.keys).union([$0.ownerID]) } ?? [user.id]
        for uid in assignees where !people.contains(uid) {
            throw .invalidField(
                field: "assignee_id",
                message: "assignee_id must be someone the project is shared with. Share the project with them first.")
        }
    }

    /// The assignee list from Todoist's single `assignee_id` or Kairos' `assignee_ids`, without repeats.
    private static func assignees(one: String?, many: [String]?) throws(KairosError) -> [String] {
        if one != nil, many != nil {
            throw .invalidField(field: "assignee_ids", message: "Give assignee_id or assignee_ids, not both.")
        }
        var seen = Set<String>()
        let list = (many ?? one.map { [$0] } ?? []).filter { seen.insert($0).inserted }
        guard list.count <= Limits.maxAssignees else {
            throw .invalidField(
                field: "assignee_ids", message: "A task can have at most \(Limits.maxAssignees) assignees.")
        }
        return list
    }

    private static func instant(_ text: String?, field: String) throws(KairosError) -> Date {
        guard let text else { throw .invalidField(field: field, message: "\(field) is required.") }
        guard let date = APITimestamp.parse(text) else {
            throw .invalidField(field: field, message: "\(field) must be a time such as 2026-03-04T00:00:00Z.")
        }
        return date
    }
}
