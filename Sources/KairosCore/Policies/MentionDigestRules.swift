import Foundation

/// The missed-mention digest's rules: when someone counts as having been away, which mentions they missed, and
/// how the digest groups and orders them. Pure.
///
/// Someone was away when their previous open of the app was at least `awayAfter` before their latest one. What
/// they missed is their unread mentions written after that previous open and up to the latest one (the store
/// keeps to conversations they are still in and messages they can see). Reading a thread or dismissing the
/// digest marks mentions read, so they leave it.
///
/// Someone who stays away is also sent the digest (a notification of kind `digest`, by email unless they
/// chose otherwise) once a mention has waited unread for `sendAfter`; the next one gathers only mentions made
/// since, and comes no sooner than `sendGap` after it.
public enum MentionDigestRules {
    /// How long between two opens makes someone away: an hour.
    public static let awayAfter: TimeInterval = 60 * 60
    /// How long a mention waits unread, with its person away, before a digest is sent for it: an hour.
    public static let sendAfter: TimeInterval = 60 * 60
    /// The least time between two digests sent to someone, so a busy day brings a few, not one an hour.
    public static let sendGap: TimeInterval = 4 * 60 * 60
    /// How many conversations a sent digest names, newest first; the rest are counted.
    public static let conversationsSent = 3
    /// How many mentions each conversation shows; its `count` says how many there are.
    public static let mentionsPerGroup = 3
    /// The most mentions one digest gathers.
    public static let mostMentions = 1_000

    /// The record after the app reports an open: the same record for a retry (the same `openID`) or for an open
    /// older than the latest one recorded, reported late; otherwise the new open, with the latest before it as
    /// the previous. An open said to be later than `now` counts as now.
    public static func recording(
        open openID: String, at reported: Date?, now: Date, after record: AppOpen?
    ) -> AppOpen {
        let at = min(reported ?? now, now)
        guard let record else { return AppOpen(openID: openID, openedAt: at, previousOpenedAt: nil) }
        guard record.openID != openID, at > record.openedAt else { return record }
        return AppOpen(openID: openID, openedAt: at, previousOpenedAt: record.openedAt)
    }

    /// From the previous open to the latest, when they lie at least `awayAfter` apart; nil when the person was
    /// not away (or has opened the app only once).
    public static func awayWindow(_ record: AppOpen?) -> DateInterval? {
        guard let record, let previous = record.previousOpenedAt,
            record.openedAt.timeIntervalSince(previous) >= awayAfter
        else { return nil }
        return DateInterval(start: previous, end: record.openedAt)
    }

    /// Whether a mention made at `instant` falls in `window`: after its start, up to and including its end.
    public static func isMissed(at instant: Date, in window: DateInterval) -> Bool {
        instant > window.start && instant <= window.end
    }

    /// The digest of `mentions` in `window`: one group per conversation, the group with the newest mention
    /// first; in each, the newest `mentionsPerGroup` mentions, newest first. Mentions outside the window are
    /// left out; with no window, the digest is empty.
    public static func digest(of mentions: [MissedMention], window: DateInterval?) -> MentionDigest {
        guard let window else { return MentionDigest(away: false, since: nil, until: nil, total: 0, groups: []) }
        let newestFirst = mentions.filter { isMissed(at: $0.createdAt, in: window) }.sorted {
            ($0.createdAt, $0.messageID.count, $0.messageID) > ($1.createdAt, $1.messageID.count, $1.messageID)
        }
        var order: [String] = []
        var byConversation: [String: [MissedMention]] = [:]
        for mention in newestFirst {
            if byConversation[mention.conversationID] == nil { order.append(mention.conversationID) }
            byConversation[mention.conversationID, default: []].append(mention)
        }
        let groups = order.map { id in
            let all = byConversation[id] ?? []
            return MentionDigest.Group(
                conversationID: id, conversationName: conversationName(of: all[0]), count: all.count,
                mentions: all.prefix(mentionsPerGroup).map { mention in
                    MentionDigest.Mention(
                        messageID: mention.messageID, authorID: mention.authorID,
                        author: mention.authorName ?? DeletedUser.name, excerpt: excerpt(mention.text),
                        createdAt: mention.createdAt)
                })
        }
        return MentionDigest(
            away: true, since: window.start, until: window.end, total: newestFirst.count, groups: groups)
    }

    /// The bounds of the people a digest may be due for at `now`: a mention made before `mentionedBefore`,
    /// and no digest since `lastSentBefore`. The store narrows to them; `dueDigest` decides.
    public static func sendingBounds(now: Date) -> (mentionedBefore: Date, lastSentBefore: Date) {
        (now.addingTimeInterval(-sendAfter), now.addingTimeInterval(-sendGap))
    }

    /// Where the mentions a digest sent now may gather start: after the latest open and after the newest
    /// mention the last digest gathered, whichever is later; nil when there is neither.
    public static func sendingStart(lastOpen: Date?, lastSent: SentMentionDigest?) -> Date? {
        [lastOpen, lastSent?.through].compactMap { $0 }.max()
    }

    /// The digest to send at `now`, from the person's unread mentions: those made since `sendingStart`, when
    /// the oldest of them has waited `sendAfter` and the last digest went at least `sendGap` ago; otherwise nil.
    public static func dueDigest(
        of unread: [MissedMention], lastOpen: Date?, lastSent: SentMentionDigest?, now: Date
    ) -> MentionDigest? {
        if let lastSent, now.timeIntervalSince(lastSent.at) < sendGap { return nil }
        let start = sendingStart(lastOpen: lastOpen, lastSent: lastSent) ?? .distantPast
        guard start < now else { return nil }
        let window = DateInterval(start: start, end: now)
        let waiting = unread.filter { isMissed(at: $0.createdAt, in: window) }
        guard let oldest = waiting.map(\.createdAt).min(), now.timeIntervalSince(oldest) >= sendAfter else { return nil }
        return digest(of: waiting, window: window)
    }

    /// The mentions' notifications a dismissal marks read: every one the digest counts.
    public static func dismissed(_ mentions: [MissedMention], window: DateInterval?) -> [String] {
        guard let window else { return [] }
        return mentions.filter { isMissed(at: $0.createdAt, in: window) }.map(\.notificationID)
    }

    /// A group's name, or in a direct message the other person's.
    static func conversationName(of mention: MissedMention) -> String {
        mention.groupName ?? mention.otherPersonName ?? mention.authorName ?? "A direct message"
    }

    /// The message on one line, cut as notification texts are.
    static func excerpt(_ text: String) -> String {
        NotificationText.excerpt(text.split(whereSeparator: \.isNewline).joined(separator: " "))
    }
}
