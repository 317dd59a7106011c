import Foundation
import KairosCore
import KairosStore

/// The notification feed and following tasks.
public struct NotificationService: Sendable {
    let store: any NotificationStore & AccountStore & ProjectStore
    let clock: Clock
    let tasks: TaskService

    public init(store: any NotificationStore & AccountStore & ProjectStore, clock: Clock, tasks: TaskService) {
        self.store = store
        self.clock = clock
        self.tasks = tasks
    }

    public func notifications(of user: User, unreadOnly: Bool, page: PageRequest) async throws -> Page<AppNotification>
    {
        try await store.notifications(userID: user.id, unreadOnly: unreadOnly, page: page)
    }

    public func unreadCount(of user: User) async throws -> UnreadCount {
        UnreadCount(unreadCount: try await store.unreadNotificationCount(userID: user.id))
    }

    /// Marks the listed notifications read, or all with `all: true`.
    public func markRead(_ request: NotificationReadRequest, for user: User) async throws -> UnreadCount {
        switch (request.ids, request.all) {
        case (let ids?, nil) where (1...PageLimit.range.upperBound).contains(ids.count):
            return UnreadCount(
                unreadCount: try await store.markNotificationsRead(userID: user.id, ids: ids, now: clock.now()))
        case (nil, true?):
            return UnreadCount(
                unreadCount: try await store.markNotificationsRead(userID: user.id, ids: nil, now: clock.now()))
        default:
            throw KairosError.invalidField(
                field: "ids", message: "Give ids (1 to 200 notification ids) or all: true to mark read.")
        }
    }

    /// Follows a task the caller can see: its completion and reopening then reach their feed.
    public func follow(_ taskID: String, for user: User) async throws {
        _ = try await tasks.task(taskID, of: user)
        try await store.follow(taskID: taskID, userID: user.id, now: clock.now())
    }

    public func unfollow(_ taskID: String, for user: User) async throws {
        _ = try await tasks.task(taskID, of: user)
        try await store.unfollow(taskID: taskID, userID: user.id)
    }

    /// Mutes or unmutes a project the caller can see, for them alone: its tasks' activity no longer notifies
    /// them; mentions and tasks assigned to them still do (`NotificationPolicy`).
    public func setProjectMuted(_ muted: Bool, projectID: String, for user: User) async throws {
        guard try await store.project(userID: user.id, id: projectID) != nil else {
            throw KairosError.missing("Project")
        }
        try await store.setProjectMuted(muted, projectID: projectID, userID: user.id, now: clock.now())
    }

    /// Mutes or unmutes a task the caller can see, for them alone: its completion and reopening no longer
    /// notify them, though they follow it.
    public func setTaskMuted(_ muted: Bool, taskID: String, for user: User) async throws {
        _ = try await tasks.task(taskID, of: user)
        try await store.setTaskMuted(muted, taskID: taskID, userID: user.id, now: clock.now())
    }

    /// The projects and tasks the caller muted.
    public func mutes(of user: User) async throws -> MuteList {
        try await store.mutes(userID: user.id)
    }

    public func followers(of taskID: String, for user: User) async throws -> [Collaborator] {
        _ = try await tasks.task(taskID, of: user)
        let ids = try await store.followers(taskID: taskID)
        let people = Dictionary(uniqueKeysWithValues: try await store.users(ids: ids).map { ($0.id, $0) })
        return ids.compactMap { people[$0] }.map { Collaborator(id: $0.id, email: $0.email, name: $0.name) }
    }
}
