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
    /// The people a missed-mention digest may be due for: with an unread mention made before `mentionedBefore`
    /// and after both their latest open and their last digest's newest mention, and no digest sent since
    /// `lastSentBefore`.
    func mentionDigestCandidates(mentionedBefore: Date, lastSentBefore: Date) async throws -> [MentionDigestCandidate]
    /// Records that a digest was sent, and adds its notification (as `NotificationPolicy` decides for a digest),
    /// in one write; false, writing nothing, when the last digest recorded is no longer `replacing` (another
    /// pass sent one).
    func recordMentionDigest(
        userID: String, _ sent: SentMentionDigest, replacing: SentMentionDigest?, text: String,
        conversationID: String?, messageID: String?
    ) async throws -> Bool
}

/// Someone a missed-mention digest may be due for, with what decides it.
public struct MentionDigestCandidate: Hashable, Sendable {
    public var userID: String
    public var lastOpen: Date?
    public var lastSent: SentMentionDigest?

    public init(userID: String, lastOpen: Date?, lastSent: SentMentionDigest?) {
        self.userID = userID
        self.lastOpen = lastOpen
        self.lastSent = lastSent
    }
}
