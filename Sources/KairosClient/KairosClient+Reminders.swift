import Foundation

extension KairosClient {
    /// One page of your reminders, on one task or on all (`GET /reminders`).
    public func reminders(taskID: String? = nil, cursor: String? = nil, limit: Int? = nil) async throws -> Page<Reminder> {
        try await send(
            .get, "reminders", query: ["task_id": taskID, "cursor": cursor, "limit": limit.map { String($0) }])
    }

    /// Sets a reminder on a task you may edit (`POST /reminders`).
    public func createReminder(_ request: ReminderCreateRequest) async throws -> Reminder {
        try await send(.post, "reminders", body: request)
    }

    /// One of your reminders (`GET /reminders/{id}`).
    public func reminder(id: String) async throws -> Reminder {
        try await send(.get, "reminders", id)
    }

    /// Moves one of your reminders to a new time or offset (`POST /reminders/{id}`).
    public func updateReminder(id: String, _ request: ReminderUpdateRequest) async throws -> Reminder {
        try await send(.post, "reminders", id, body: request)
    }

    /// Removes one of your reminders (`DELETE /reminders/{id}`).
    public func deleteReminder(id: String) async throws {
        let _: NoContent = try await send(.delete, "reminders", id)
    }

    /// One page of what happened to a task, newest first (`GET /tasks/{id}/activity`).
    public func taskActivity(taskID: String, cursor: String? = nil, limit: Int? = nil) async throws
        -> Page<TaskActivity>
    {
        try await send(.get, "tasks", taskID, "activity", query: ["cursor": cursor, "limit": limit.map { String($0) }])
    }
}
