import Foundation

extension KairosClient {
    /// One page of active tasks narrowed by the given fields (`GET /tasks`).
    public func tasks(
        projectID: String? = nil, sectionID: String? = nil, parentID: String? = nil, label: String? = nil,
        ids: [String]? = nil, cursor: String? = nil, limit: Int? = nil
    ) async throws -> Page<TaskItem> {
        try await send(
            .get, "tasks",
            query: [
                "project_id": projectID, "section_id": sectionID, "parent_id": parentID, "label": label,
                "ids": ids?.joined(separator: ","), "cursor": cursor, "limit": limit.map { String($0) },
            ])
    }

    /// One page of active tasks matching a filter query such as `today | overdue` (`GET /tasks/filter`).
    public func filterTasks(query: String, cursor: String? = nil, limit: Int? = nil) async throws -> Page<TaskItem> {
        try await send(
            .get, "tasks", "filter",
            query: ["query": query, "cursor": cursor, "limit": limit.map { String($0) }])
    }

    /// Every active task matching a filter query, across all pages.
    public func allTasks(matching query: String) async throws -> [TaskItem] {
        try await collectPages { try await filterTasks(query: query, cursor: $0, limit: PageLimit.range.upperBound) }
    }

    /// Every active task of a project, across all pages.
    public func allTasks(projectID: String) async throws -> [TaskItem] {
        try await collectPages { try await tasks(projectID: projectID, cursor: $0, limit: PageLimit.range.upperBound) }
    }

    /// One page of active tasks ranked by how well they match `query` (`GET /tasks/search`).
    public func searchTasks(query: String, cursor: String? = nil, limit: Int? = nil) async throws -> Page<TaskItem> {
        try await send(
            .get, "tasks", "search",
            query: ["query": query, "cursor": cursor, "limit": limit.map { String($0) }])
    }

    /// One task (`GET /tasks/{id}`).
    public func task(id: String) async throws -> TaskItem {
        try await send(.get, "tasks", id)
    }

    /// Creates a task (`POST /tasks`). Give the request a `clientID` (a UUID) and send the same request again
    /// when retrying a create whose answer was lost: the server returns the first task instead of a second one.
    public func createTask(_ request: TaskCreateRequest) async throws -> TaskItem {
        try await send(.post, "tasks", body: request)
    }

    /// Changes the fields set in `request`; `.clear` removes a due date, deadline, duration or assignee (`POST /tasks/{id}`).
    public func updateTask(id: String, _ request: TaskUpdateRequest) async throws -> TaskItem {
        try await send(.post, "tasks", id, body: request)
    }

    /// Completes a task, or moves a recurring one to its next date (`POST /tasks/{id}/close`).
    public func closeTask(id: String) async throws {
        let _: NoContent = try await send(.post, "tasks", id, "close")
    }

    /// Marks a completed task as active again (`POST /tasks/{id}/reopen`).
    public func reopenTask(id: String) async throws {
        let _: NoContent = try await send(.post, "tasks", id, "reopen")
    }

    /// Moves a task to exactly one of a project, section or parent task (`POST /tasks/{id}/move`).
    public func moveTask(id: String, _ request: TaskMoveRequest) async throws {
        let _: NoContent = try await send(.post, "tasks", id, "move", body: request)
    }

    /// Saves tasks in the order given, as their order among siblings or within their due day, all or none
    /// (`POST /tasks/reorder`).
    public func reorderTasks(_ request: TaskReorderRequest) async throws {
        let _: NoContent = try await send(.post, "tasks", "reorder", body: request)
    }

    /// Deletes a task and its subtasks (`DELETE /tasks/{id}`).
    public func deleteTask(id: String) async throws {
        let _: NoContent = try await send(.delete, "tasks", id)
    }

    /// One page of tasks completed between two instants (`GET /tasks/completed/by_completion_date`).
    public func completedTasks(
        byCompletionDateSince since: Date, until: Date, cursor: String? = nil, limit: Int? = nil
    ) async throws -> CompletedPage {
        try await send(
            .get, "tasks", "completed", "by_completion_date",
            query: [
                "since": APITimestamp.format(since), "until": APITimestamp.format(until),
                "cursor": cursor, "limit": limit.map { String($0) },
            ])
    }

    /// One page of completed tasks whose due date falls between two instants (`GET /tasks/completed/by_due_date`).
    public func completedTasks(
        byDueDateSince since: Date, until: Date, projectID: String? = nil, cursor: String? = nil, limit: Int? = nil
    ) async throws -> CompletedPage {
        try await send(
            .get, "tasks", "completed", "by_due_date",
            query: [
                "since": APITimestamp.format(since), "until": APITimestamp.format(until), "project_id": projectID,
                "cursor": cursor, "limit": limit.map { String($0) },
            ])
    }
}
