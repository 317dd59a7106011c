import Foundation

extension KairosClient {
    /// One page of the notification feed, newest first (`GET /notifications`).
    public func notifications(unreadOnly: Bool = false, cursor: String? = nil, limit: Int? = nil) async throws
        -> Page<AppNotification>
    {
        try await send(
            .get, "notifications",
            query: ["unread_only": unreadOnly ? "true" : nil, "cursor": cursor, "limit": limit.map { String($0) }])
    }

    /// How many notifications are unread (`GET /notifications/unread_count`).
    public func unreadNotificationCount() async throws -> Int {
        let count: UnreadCount = try await send(.get, "notifications", "unread_count")
        return count.unreadCount
    }

    /// Marks these notifications read, or all of them when `ids` is nil; returns how many stay unread.
    public func markNotificationsRead(ids: [String]? = nil) async throws -> Int {
        let count: UnreadCount = try await send(
            .post, "notifications", "read", body: NotificationReadRequest(ids: ids, all: ids == nil ? true : nil))
        return count.unreadCount
    }

    /// Who follows a task: its creator, its assignees and whoever chose to (`GET /tasks/{id}/followers`).
    public func followers(ofTask taskID: String) async throws -> [Collaborator] {
        let page: Page<Collaborator> = try await send(.get, "tasks", taskID, "followers")
        return page.results
    }

    /// Follows a task: its completion and reopening reach your notifications (`POST /tasks/{id}/follow`).
    public func follow(taskID: String) async throws {
        let _: NoContent = try await send(.post, "tasks", taskID, "follow")
    }

    /// Stops following a task (`POST /tasks/{id}/unfollow`).
    public func unfollow(taskID: String) async throws {
        let _: NoContent = try await send(.post, "tasks", taskID, "unfollow")
    }
}

extension KairosClient {
    /// Mutes a project for you: its tasks' activity no longer notifies you; mentions and tasks assigned to you
    /// still do (`POST /projects/{id}/mute`).
    public func muteProject(id: String) async throws {
        let _: NoContent = try await send(.post, "projects", id, "mute")
    }

    /// Lets a muted project notify you again (`POST /projects/{id}/unmute`).
    public func unmuteProject(id: String) async throws {
        let _: NoContent = try await send(.post, "projects", id, "unmute")
    }

    /// Mutes a task for you: its completion and reopening no longer notify you (`POST /tasks/{id}/mute`).
    public func muteTask(id: String) async throws {
        let _: NoContent = try await send(.post, "tasks", id, "mute")
    }

    /// Lets a muted task notify you again (`POST /tasks/{id}/unmute`).
    public func unmuteTask(id: String) async throws {
        let _: NoContent = try await send(.post, "tasks", id, "unmute")
    }

    /// The projects and tasks you muted (`GET /mutes`).
    public func mutes() async throws -> MuteList {
        try await send(.get, "mutes")
    }
}
