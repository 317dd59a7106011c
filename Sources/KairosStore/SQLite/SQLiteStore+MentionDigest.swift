import Foundation
import GRDB
import KairosCore

extension SQLiteStore: MentionDigestStore {
    public func appOpen(userID: String) async throws -> AppOpen? {
        let user = try require(userID.rowID, "User")
        return try await pool.read { db in try Self.appOpen(db, user: user) }
    }

    public func recordAppOpen(
        userID: String, _ change: @escaping @Sendable (AppOpen?) -> AppOpen
    ) async throws -> AppOpen {
        let user = try require(userID.rowID, "User")
        return try await write { db in
            let current = try Self.appOpen(db, user: user)
            let next = change(current)
            guard next != current else { return next }
            try db.run(
                sql: """
                    INSERT INTO app_opens (user_id, open_id, opened_at, previous_opened_at) VALUES (?1, ?2, ?3, ?4)
                    ON CONFLICT (user_id) DO UPDATE SET open_id = ?2, opened_at = ?3, previous_opened_at = ?4
                    """,
                arguments: [user, next.openID, next.openedAt.micros, next.previousOpenedAt?.micros])
            // Read back as kept (to the microsecond), so a retry's answer is the same as this one.
            return try Self.appOpen(db, user: user) ?? next
        }
    }

    public func missedMentions(
        userID: String, after: Date, through: Date, limit: Int
    ) async throws -> [MissedMention] {
        let user = try require(userID.rowID, "User")
        return try await pool.read { db in
            try db.fetchRows(
                sql: """
                    SELECT n.id, n.conversation_id, c.name, m.id AS message_id, m.author_id, u.name AS author_name,
                        m.body, n.created_at,
                        CASE WHEN c.kind = 'dm' THEN (
                            SELECT p.name FROM conversation_members o JOIN users p ON p.id = o.user_id
                            WHERE o.conversation_id = c.id AND o.user_id <> ?1 LIMIT 1) END AS other_name
                    FROM notifications n
                    JOIN messages m ON m.id = n.message_id
                    JOIN conversation_members cm ON cm.conversation_id = m.conversation_id AND cm.user_id = ?1
                    JOIN conversations c ON c.id = m.conversation_id
                    LEFT JOIN users u ON u.id = m.author_id
                    WHERE n.user_id = ?1 AND n.read_at IS NULL AND n.kind = ?2 AND n.created_at > ?3
                        AND n.created_at <= ?4 AND m.id > cm.joined_after_message_id
                    ORDER BY n.created_at DESC, n.id DESC LIMIT ?5
                    """,
                arguments: [user, AppNotification.Kind.mention.rawValue, after.micros, through.micros, limit]
            ).map { row in
                MissedMention(
                    notificationID: (row["id"] as Int64).apiID,
                    conversationID: (row["conversation_id"] as Int64).apiID, groupName: row["name"],
                    otherPersonName: row["other_name"], messageID: (row["message_id"] as Int64).apiID,
                    authorID: (row["author_id"] as Int64?)?.apiID, authorName: row["author_name"], text: row["body"],
                    createdAt: Date(micros: row["created_at"]))
            }
        }
    }

    public func mentionDigestCandidates(
        mentionedBefore: Date, lastSentBefore: Date
    ) async throws -> [MentionDigestCandidate] {
        try await pool.read { db in
            try db.fetchRows(
                sql: """
                    SELECT u.id, o.opened_at, u.mention_digest_at, u.mention_digest_through
                    FROM users u LEFT JOIN app_opens o ON o.user_id = u.id
                    WHERE (u.mention_digest_at IS NULL OR u.mention_digest_at <= ?2) AND EXISTS (
                        SELECT 1 FROM notifications n
                        WHERE n.user_id = u.id AND n.kind = ?3 AND n.read_at IS NULL AND n.created_at <= ?1
                            AND n.created_at > max(coalesce(o.opened_at, 0), coalesce(u.mention_digest_through, 0)))
                    ORDER BY u.id
                    """,
                arguments: [mentionedBefore.micros, lastSentBefore.micros, AppNotification.Kind.mention.rawValue]
            ).map { row in
                let at = (row["mention_digest_at"] as Int64?).map(Date.init(micros:))
                let through = (row["mention_digest_through"] as Int64?).map(Date.init(micros:))
                return MentionDigestCandidate(
                    userID: (row["id"] as Int64).apiID, lastOpen: (row["opened_at"] as Int64?).map(Date.init(micros:)),
                    lastSent: at.flatMap { at in through.map { SentMentionDigest(at: at, through: $0) } })
            }
        }
    }

    public func recordMentionDigest(
        userID: String, _ sent: SentMentionDigest, replacing: SentMentionDigest?, text: String,
        conversationID: String?, messageID: String?
    ) async throws -> Bool {
        let user = try require(userID.rowID, "User")
        return try await write { db in
            try db.run(
                sql: """
                    UPDATE users SET mention_digest_at = ?2, mention_digest_through = ?3
                    WHERE id = ?1 AND mention_digest_at IS ?4 AND mention_digest_through IS ?5
                    """,
                arguments: [user, sent.at.micros, sent.through.micros, replacing?.at.micros, replacing?.through.micros])
            guard db.changesCount > 0 else { return false }
            try Self.notify(
                db, user: user, .digest, occasion: .mentionDigest, text: text, actor: nil,
                conversation: conversationID?.rowID, message: messageID?.rowID, now: sent.at)
            return true
        }
    }

    private static func appOpen(_ db: Database, user: Int64) throws -> AppOpen? {
        try db.fetchRow(
            sql: "SELECT open_id, opened_at, previous_opened_at FROM app_opens WHERE user_id = ?", arguments: [user]
        ).map { row in
            AppOpen(
                openID: row["open_id"], openedAt: Date(micros: row["opened_at"]),
                previousOpenedAt: (row["previous_opened_at"] as Int64?).map(Date.init(micros:)))
        }
    }
}
