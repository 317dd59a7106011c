import Foundation

/// The missed-mention digest's rules: when someone counts as having been away, which mentions they missed, and
/// how the digest groups and orders them. Pure.
///
/// Someone was away when their previous open of the app was at least `awayAfter` before their latest one. What
/// they missed is their unread mentions written after that previous open and up to the latest one (the store
/// keeps to conversations they are still in and messages they can see). Reading a thread or dismissing the
/// digest marks mentions read, so they leave it.
public enum MentionDigestRules {
    /// How long between two opens makes someone away: an hour.
    public static let awayAfter: TimeInterval = 60 * 60
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
