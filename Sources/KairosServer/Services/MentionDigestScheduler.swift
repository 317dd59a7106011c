import Foundation
import KairosCore
import KairosStore
import Logging
import ServiceLifecycle

/// Sends each person who stays away the mentions they have not read, as `MentionDigestRules` decides: a
/// notification of kind `digest`, which goes where their settings send digests (email unless they chose
/// otherwise). What each digest gathered is written with its notification, so no mention is sent twice,
/// across restarts and other server processes alike.
public struct MentionDigestScheduler: Service {
    let store: any MentionDigestStore
    let clock: Clock
    let logger: Logger
    let interval: Duration

    public init(
        store: any MentionDigestStore, clock: Clock = .system, logger: Logger = Logger(label: "kairos.digests"),
        interval: Duration = .seconds(60)
    ) {
        self.store = store
        self.clock = clock
        self.logger = logger
        self.interval = interval
    }

    public func run() async throws {
        try await repeatUntilShutdown(every: interval, task: "mention_digests", logger: logger, failure: "Mention digests could not be sent") {
            try await sendDue()
        }
    }

    /// One pass: sends the digest of everyone one is due for; returns their ids.
    @discardableResult
    public func sendDue() async throws -> [String] {
        let now = clock.now()
        let bounds = MentionDigestRules.sendingBounds(now: now)
        var sent: [String] = []
        for candidate in try await store.mentionDigestCandidates(
            mentionedBefore: bounds.mentionedBefore, lastSentBefore: bounds.lastSentBefore)
        {
            do {
                if try await send(to: candidate, now: now) { sent.append(candidate.userID) }
            } catch {
                // One person's failure must not keep the others' digests back; theirs is tried on the next pass.
                logger.error(
                    "A mention digest could not be sent", metadata: ["user": "\(candidate.userID)", "error": "\(error)"])
            }
        }
        if !sent.isEmpty { logger.debug("Mention digests sent", metadata: ["count": "\(sent.count)"]) }
        return sent
    }

    private func send(to candidate: MentionDigestCandidate, now: Date) async throws -> Bool {
        let start = MentionDigestRules.sendingStart(lastOpen: candidate.lastOpen, lastSent: candidate.lastSent)
        let unread = try await store.missedMentions(
            userID: candidate.userID, after: start ?? Date(timeIntervalSince1970: 0), through: now,
            limit: MentionDigestRules.mostMentions)
        guard
            let digest = MentionDigestRules.dueDigest(
                of: unread, lastOpen: candidate.lastOpen, lastSent: candidate.lastSent, now: now),
            let newest = digest.groups.first?.mentions.first
        else { return false }
        // A digest of one conversation opens it at the newest mention; one of several opens Home's digest.
        let single = digest.groups.count == 1 ? digest.groups.first : nil
        return try await store.recordMentionDigest(
            userID: candidate.userID, SentMentionDigest(at: now, through: newest.createdAt),
            replacing: candidate.lastSent, text: NotificationText.mentionDigest(digest),
            conversationID: single?.conversationID, messageID: single == nil ? nil : newest.messageID)
    }
}
