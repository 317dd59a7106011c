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

    /// Brings one of your reminders back later (`POST /reminders/{id}/snooze`).
    public func snoozeReminder(id: String, _ request: ReminderSnoozeRequest) async throws -> Reminder {
        try await send(.post, "reminders", id, "snooze", body: request)
    }

    /// Answers one of your reminders: one waiting to come back stops (`POST /reminders/{id}/acknowledge`).
    public func acknowledgeReminder(id: String) async throws -> Reminder {
        try await send(.post, "reminders", id, "acknowledge")
    }

    /// Where each kind of notice goes (`GET /notifications/settings`).
    public func notificationSettings() async throws -> ReachSettings {
        try await send(.get, "notifications", "settings")
    }

    /// Changes where kinds of notice go (`POST /notifications/settings`).
    public func updateNotificationSettings(_ request: ReachSettingsRequest) async throws -> ReachSettings {
        try await send(.post, "notifications", "settings", body: request)
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
