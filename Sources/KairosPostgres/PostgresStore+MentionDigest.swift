import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: MentionDigestStore {
    public func appOpen(userID: String) async throws -> AppOpen? {
        let user = try require(userID.rowID, "User")
        return try await read { connection in try await Self.appOpen(connection, user: user, logger: logger) }
    }

    public func recordAppOpen(
        userID: String, _ change: @escaping @Sendable (AppOpen?) -> AppOpen
    ) async throws -> AppOpen {
        let user = try require(userID.rowID, "User")
        return try await write { write in
            // The user's row, held so that two opens at once change the record one after the other.
            try await write.query("SELECT id FROM users WHERE id = \(user) FOR UPDATE")
            let current = try await Self.appOpen(write.connection, user: user, logger: write.logger)
            let next = change(current)
            guard next != current else { return next }
            try await write.query(
                """
                INSERT INTO app_opens (user_id, open_id, opened_at, previous_opened_at)
                VALUES (\(user), \(next.openID), \(next.openedAt.micros), \(next.previousOpenedAt?.micros))
                ON CONFLICT (user_id) DO UPDATE SET open_id = excluded.open_id, opened_at = excluded.opened_at,
                    previous_opened_at = excluded.previous_opened_at
                """)
            // Read back as kept (to the microsecond), so a retry's answer is the same as this one.
            return try await Self.appOpen(write.connection, user: user, logger: write.logger) ?? next
        }
    }

    public func missedMentions(
        userID: String, after: Date, through: Date, limit: Int
    ) async throws -> [MissedMention] {
        let user = try require(userID.rowID, "User")
        return try await read { connection in
            try await connection.rows(
                """
                SELECT n.id, n.conversation_id, c.name, m.id, m.author_id, u.name, m.body, n.created_at,
                    CASE WHEN c.kind = 'dm' THEN (
                        SELECT p.name FROM conversation_members o JOIN users p ON p.id = o.user_id
                        WHERE o.conversation_id = c.id AND o.user_id <> \(user) LIMIT 1) END
                FROM notifications n
                JOIN messages m ON m.id = n.message_id
                JOIN conversation_members cm ON cm.conversation_id = m.conversation_id AND cm.user_id = \(user)
                JOIN conversations c ON c.id = m.conversation_id
                LEFT JOIN users u ON u.id = m.author_id
                WHERE n.user_id = \(user) AND n.read_at IS NULL AND n.kind = \(AppNotification.Kind.mention.rawValue)
                    AND n.created_at > \(after.micros) AND n.created_at <= \(through.micros)
                    AND m.id > cm.joined_after_message_id
                ORDER BY n.created_at DESC, n.id DESC LIMIT \(Int64(limit))
                """, logger: logger
            ).map { row in
                let (id, conversation, groupName, message, author, authorName, body, createdAt, otherName) =
                    try row.decode((Int64, Int64, String?, Int64, Int64?, String?, String, Int64, String?).self)
                return MissedMention(
                    notificationID: id.apiID, conversationID: conversation.apiID, groupName: groupName,
                    otherPersonName: otherName, messageID: message.apiID, authorID: author?.apiID,
                    authorName: authorName, text: body, createdAt: Date(micros: createdAt))
            }
        }
    }

    public func mentionDigestCandidates(
        mentionedBefore: Date, lastSentBefore: Date
    ) async throws -> [MentionDigestCandidate] {
        try await read { connection in
            try await connection.rows(
                """
                SELECT u.id, o.opened_at, u.mention_digest_at, u.mention_digest_through
                FROM users u LEFT JOIN app_opens o ON o.user_id = u.id
                WHERE (u.mention_digest_at IS NULL OR u.mention_digest_at <= \(lastSentBefore.micros)) AND EXISTS (
                    SELECT 1 FROM notifications n
                    WHERE n.user_id = u.id AND n.kind = \(AppNotification.Kind.mention.rawValue) AND n.read_at IS NULL
                        AND n.created_at <= \(mentionedBefore.micros)
                        AND n.created_at > GREATEST(COALESCE(o.opened_at, 0), COALESCE(u.mention_digest_through, 0)))
                ORDER BY u.id
                """, logger: logger
            ).map { row in
                let (id, openedAt, digestAt, digestThrough) = try row.decode((Int64, Int64?, Int64?, Int64?).self)
                let at = digestAt.map(Date.init(micros:))
                let through = digestThrough.map(Date.init(micros:))
                return MentionDigestCandidate(
                    userID: id.apiID, lastOpen: openedAt.map(Date.init(micros:)),
                    lastSent: at.flatMap { at in through.map { SentMentionDigest(at: at, through: $0) } })
            }
        }
    }

    public func recordMentionDigest(
        userID: String, _ sent: SentMentionDigest, replacing: SentMentionDigest?, text: String,
        conversationID: String?, messageID: String?
    ) async throws -> Bool {
        let user = try require(userID.rowID, "User")
        return try await write { write in
            let updated = try await write.firstRow(
                """
                UPDATE users SET mention_digest_at = \(sent.at.micros), mention_digest_through = \(sent.through.micros)
                WHERE id = \(user) AND mention_digest_at IS NOT DISTINCT FROM \(replacing?.at.micros)
                    AND mention_digest_through IS NOT DISTINCT FROM \(replacing?.through.micros)
                RETURNING timezone, quiet_start, quiet_end
                """)
            guard let updated else { return false }
            let (timezone, quietStart, quietEnd) = try updated.decode((String, String?, String?).self)
            let listener = NotificationPolicy.Listener(
                quietHours: User.quietHours(start: quietStart, end: quietEnd),
                timeZone: TimeZone(identifier: timezone) ?? .gmt)
            var plan = WritePlan()
            if let recipient = WritePlan.Notification.Recipient(
                user.apiID, hearing: .mentionDigest, listener, at: sent.at)
            {
                plan.notify(
                    .init(
                        recipients: [recipient], kind: .digest, text: text, actorID: nil,
                        conversationID: conversationID?.rowID?.apiID, messageID: messageID?.rowID?.apiID))
            }
            try await Self.apply(plan, write, now: sent.at)
            return true
        }
    }

    private static func appOpen(_ connection: PostgresConnection, user: Int64, logger: Logger) async throws -> AppOpen?
    {
        try await connection.firstRow(
            "SELECT open_id, opened_at, previous_opened_at FROM app_opens WHERE user_id = \(user)", logger: logger
        ).map { row in
            let (openID, openedAt, previous) = try row.decode((String, Int64, Int64?).self)
            return AppOpen(
                openID: openID, openedAt: Date(micros: openedAt), previousOpenedAt: previous.map(Date.init(micros:)))
        }
    }
}
