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
}
