import Foundation
import KairosCore

/// When each person opened the app, and the mentions they missed meanwhile.
public protocol MentionDigestStore: Sendable {
    /// The user's record of opens; nil before their first.
    func appOpen(userID: String) async throws -> AppOpen?
    /// Replaces the user's record of opens with what `change` makes of it, in one write, and returns it.
    func recordAppOpen(userID: String, _ change: @escaping @Sendable (AppOpen?) -> AppOpen) async throws -> AppOpen
    /// The user's unread mentions made after `after` and up to `through`, newest first, at most `limit`: only
    /// in conversations they are still in, and in messages they can see there (from when they last joined).
    func missedMentions(userID: String, after: Date, through: Date, limit: Int) async throws -> [MissedMention]
}
