import Foundation
import KairosCore
import KairosStore

/// The missed-mention digest: the app reports each open, and someone back after being away is shown what they
/// were mentioned in meanwhile, grouped by conversation (`MentionDigestRules`).
public struct MentionDigestService: Sendable {
    let store: any MentionDigestStore & NotificationStore
    let clock: Clock

    public init(store: any MentionDigestStore & NotificationStore, clock: Clock) {
        self.store = store
        self.clock = clock
    }

    /// Records that the app was opened (started, or back in the foreground). A retry with the same `open_id`
    /// changes nothing and answers the same.
    public func recordOpen(_ request: AppOpenRequest, for user: User) async throws -> AppOpenResponse {
        let openID = try Limits.requireText(request.openID, Limits.clientID, field: "open_id")
        let now = clock.now()
        let record = try await store.recordAppOpen(userID: user.id) { current in
            MentionDigestRules.recording(open: openID, at: request.at, now: now, after: current)
        }
        return AppOpenResponse(
            openedAt: record.openedAt, previousOpenedAt: record.previousOpenedAt,
            away: MentionDigestRules.awayWindow(record) != nil)
    }

    /// What the user was mentioned in between their previous open and their latest, when they were away.
    public func digest(for user: User) async throws -> MentionDigest {
        let (mentions, window) = try await missed(by: user)
        return MentionDigestRules.digest(of: mentions, window: window)
    }

    /// Marks every mention the digest counts as read; mentions made since the latest open stay unread.
    public func dismiss(for user: User) async throws -> UnreadCount {
        let (mentions, window) = try await missed(by: user)
        let ids = MentionDigestRules.dismissed(mentions, window: window)
        guard !ids.isEmpty else {
            return UnreadCount(unreadCount: try await store.unreadNotificationCount(userID: user.id))
        }
        return UnreadCount(
            unreadCount: try await store.markNotificationsRead(userID: user.id, ids: ids, now: clock.now()))
    }

    private func missed(by user: User) async throws -> (mentions: [MissedMention], window: DateInterval?) {
        guard let window = MentionDigestRules.awayWindow(try await store.appOpen(userID: user.id)) else {
            return ([], nil)
        }
        let mentions = try await store.missedMentions(
            userID: user.id, after: window.start, through: window.end, limit: MentionDigestRules.mostMentions)
        return (mentions, window)
    }
}
