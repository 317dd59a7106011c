import Foundation
import NIOConcurrencyHelpers

/// Lets through at most one typing frame per user and conversation in each interval; the rest are dropped,
/// so a client that sends one per keystroke costs its peers (and the membership check) one every interval.
final class TypingThrottle: Sendable {
    private struct Key: Hashable {
        let userID: String
        let conversationID: String
    }

    /// How long after a forwarded typing frame the same user's next one in that conversation is dropped.
    static let interval: TimeInterval = 2
    /// Past this many remembered pairs, the ones older than the interval are forgotten.
    private static let pruneThreshold = 4_096

    private let clock: Clock
    private let lastForwarded = NIOLockedValueBox<[Key: Date]>([:])

    init(clock: Clock) {
        self.clock = clock
    }

    /// Whether this typing frame goes on; records it when it does.
    func admit(userID: String, conversationID: String) -> Bool {
        let now = clock.now()
        let key = Key(userID: userID, conversationID: conversationID)
        return lastForwarded.withLockedValue { last in
            if let previous = last[key], now.timeIntervalSince(previous) < Self.interval { return false }
            if last.count >= Self.pruneThreshold {
                last = last.filter { now.timeIntervalSince($0.value) < Self.interval }
            }
            last[key] = now
            return true
        }
    }
}
