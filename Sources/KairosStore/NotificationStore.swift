import Foundation
import KairosCore

/// Each person's notification feed and the tasks they follow. Notifications are written by the stores
/// themselves, in the same transaction as what they tell of.
public protocol NotificationStore: Sendable {
    /// Newest first.
    func notifications(userID: String, unreadOnly: Bool, page: PageRequest) async throws -> Page<AppNotification>
    /// Marks the given notifications of the user as read, or all of them when `ids` is nil; returns how many
    /// stay unread.
    func markNotificationsRead(userID: String, ids: [String]?, now: Date) async throws -> Int
    func unreadNotificationCount(userID: String) async throws -> Int
    func follow(taskID: String, userID: String, now: Date) async throws
    func unfollow(taskID: String, userID: String) async throws
    /// The ids of the people following the task, in the order they started.
    func followers(taskID: String) async throws -> [String]
    /// Mutes or unmutes a project for `userID`: its tasks' activity no longer notifies them.
    func setProjectMuted(_ muted: Bool, projectID: String, userID: String, now: Date) async throws
    /// Mutes or unmutes a task for `userID`: its activity no longer notifies them.
    func setTaskMuted(_ muted: Bool, taskID: String, userID: String, now: Date) async throws
    /// The projects and tasks `userID` muted and can still see, in the order they muted them.
    func mutes(userID: String) async throws -> MuteList
}
