import Foundation
import KairosCore

/// Each user's numbered feed of events (new and edited messages, read receipts, task and project updates,
/// notifications), which clients replay after being away and realtime sockets follow as it grows.
///
/// The writes that make events belong to the other stores; this protocol only reads the feed and tells
/// who is listening that it grew.
public protocol EventFeedStore: Sendable {
    /// Up to `limit` of the user's events after `seq`, oldest first, leaving out conversations the user
    /// is no longer in; `nextCursor` is the last seq returned when more follow.
    func events(userID: String, after seq: Int, limit: Int) async throws -> Page<UserEvent>
    /// The seq of the user's newest event; 0 when they have none.
    func latestEventSeq(userID: String) async throws -> Int
    /// Calls `observer` after every commit that added events, with those events in order. It is called
    /// on the writer, so it must return at once (hand the events on, do not work on them).
    func observeNewEvents(_ observer: @escaping @Sendable ([NewEvent]) -> Void)
}

/// An event just committed to a user's feed. Its message is there when the write that made the event
/// had it at hand; otherwise (and for the filters the feed applies) read the feed.
public struct NewEvent: Sendable {
    public let userID: String
    public let event: UserEvent

    public init(userID: String, event: UserEvent) {
        self.userID = userID
        self.event = event
    }
}
