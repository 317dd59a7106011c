import Foundation
import GRDB
import KairosCore

/// Where a notification sits in the feed, newest first: by time, then a message's notification before a stored
/// one made in the same microsecond, then by id. Its keys are the page cursor.
package struct FeedPosition: Comparable {
    package let createdAt: Int64
    package let isMessage: Bool
    package let id: Int64

    package init(createdAt: Int64, isMessage: Bool, id: Int64) {
        self.createdAt = createdAt
        self.isMessage = isMessage
        self.id = id
    }

    /// The position a cursor names, or one past the newest for the first page.
    package init(cursor: PageCursor?) {
        guard let keys = cursor?.keys, keys.count == 3 else {
            self.init(createdAt: .max, isMessage: true, id: .max)
            return
        }
        self.init(createdAt: keys[0], isMessage: keys[1] == 1, id: keys[2])
    }

    package var keys: [Int64] { [createdAt, isMessage ? 1 : 0, id] }

    /// The largest id a notification of this source made at `createdAt` may have to come after this position.
    package func idBound(forMessages: Bool) -> Int64 {
        switch (isMessage, forMessages) {
        case (true, true), (false, false): id
        case (true, false): .max
        case (false, true): 0
        }
    }

    package static func < (a: FeedPosition, b: FeedPosition) -> Bool {
        (a.createdAt, a.isMessage ? 1 : 0, a.id) < (b.createdAt, b.isMessage ? 1 : 0, b.id)
    }
}

/// A person's notifications of new messages, read from the messages of the conversations `NotificationPolicy`
/// lets them hear (level `all`, not muted), from when they joined, as `NotificationPolicy.messageNotifies`
/// picks them (not their own, not those that mention them, which are stored mentions). One is read once the person marks it, marks all, or reads
/// the thread past it.
///
/// Not storing them keeps a message's cost to write the same whatever the size of its conversation.
package struct MessageNotificationFeed {
    private struct Membership {
        let conversation: Int64
        let place: String
        let startsAfter: Int64
        let readThrough: Int64
        let readAt: Int64?
    }

    private let user: Int64
    private let listener: NotificationPolicy.Listener
    private let memberships: [Membership]

    /// The id a message's notification goes by, apart from stored notifications' numbers.
    package static func id(ofMessage message: Int64) -> String { "m\(message)" }

    /// The message a notification id names, if it is a message's notification.
    package static func message(inID id: String) -> Int64? {
        guard id.hasPrefix("m") else { return nil }
        return String(id.dropFirst()).rowID
    }

    init(_ db: Database, user: Int64) throws {
        self.user = user
        let person = try db.fetchRow(
            sql: "SELECT timezone, quiet_start, quiet_end FROM users WHERE id = ?", arguments: [user])
        let listener = NotificationPolicy.Listener(
            quietHours: User.quietHours(start: person?["quiet_start"], end: person?["quiet_end"]),
            timeZone: (person?["timezone"] as String?).flatMap(TimeZone.init(identifier:)) ?? .gmt)
        self.listener = listener
        memberships = try db.fetchRows(
            sql: """
                SELECT cm.conversation_id, c.name, cm.joined_after_message_id, cm.notifications_read_through,
                    cm.notifications_read_at, cm.muted, cm.notification_level
                FROM conversation_members cm JOIN conversations c ON c.id = cm.conversation_id
                WHERE cm.user_id = ?
                """,
            arguments: [user]
        ).compactMap { row in
            var setting = listener
            setting.conversationMuted = row[5]
            setting.conversationLevel = NotificationLevel(rawValue: row[6]) ?? .all
            guard NotificationPolicy.hears(.message, setting) else { return nil }
            return Membership(
                conversation: row[0], place: row[1] ?? "a direct message", startsAfter: row[2], readThrough: row[3],
                readAt: row[4])
        }
    }

    /// The messages of conversation ?1 newer than message ?2, with what `NotificationPolicy.messageNotifies`
    /// needs to know of each for person ?3.
    private static let candidates = """
        m.conversation_id = ?1 AND m.id > ?2
        """

    private static let facts = """
        m.kind, m.author_id, EXISTS (SELECT 1 FROM message_mentions mm WHERE mm.message_id = m.id AND mm.user_id = ?3)
            AS mentions_reader
        """

    private func notifies(_ row: Row) -> Bool {
        NotificationPolicy.messageNotifies(
            kind: MessageKind(rawValue: row["kind"]) ?? .system, authorID: (row["author_id"] as Int64?)?.apiID,
            mentionsReader: row["mentions_reader"], reader: user.apiID)
    }

    /// Reads the rows of `sql` (bound to `arguments` and then a batch size) batch after batch, newest first,
    /// keeping those that notify the person, until `wanted` are kept or the rows run out.
    private func notifying(
        _ db: Database, sql: String, arguments: StatementArguments, wanted: Int
    ) throws -> [Row] {
        var kept: [Row] = []
        var below = Int64.max
        let batch = max(wanted, 50)
        while kept.count < wanted {
            let rows = try db.fetchRows(sql: sql, arguments: arguments + [below, batch])
            kept += rows.filter(notifies)
            guard rows.count == batch, let last = rows.last else { break }
            below = last["id"]
        }
        return Array(kept.prefix(wanted))
    }

    /// Up to `limit` notifications older than `position` from each conversation, newest first in each.
    func notifications(
        _ db: Database, unreadOnly: Bool, before position: FeedPosition, limit: Int
    ) throws -> [(position: FeedPosition, notification: AppNotification)] {
        let sql = """
            SELECT m.id, \(Self.facts), m.body, m.created_at, u.name AS author_name, r.read_at AS marked_at
            FROM messages m LEFT JOIN users u ON u.id = m.author_id
                LEFT JOIN message_notification_reads r ON r.user_id = ?3 AND r.message_id = m.id
            WHERE \(Self.candidates) AND (m.created_at < ?4 OR (m.created_at = ?4 AND m.id < ?5))
                \(unreadOnly ? "AND r.message_id IS NULL" : "") AND m.id < ?6
            ORDER BY m.id DESC LIMIT ?7
            """
        var found: [(position: FeedPosition, notification: AppNotification)] = []
        for membership in memberships {
            let lowest = unreadOnly ? membership.readThrough : membership.startsAfter
            let rows = try notifying(
                db, sql: sql,
                arguments: [
                    membership.conversation, lowest, user, position.createdAt, position.idBound(forMessages: true),
                ],
                wanted: limit)
            for row in rows {
                let id: Int64 = row["id"]
                let createdAt: Int64 = row["created_at"]
                let readAt: Int64? =
                    row["marked_at"] ?? (id <= membership.readThrough ? membership.readAt ?? createdAt : nil)
                let notification = AppNotification(
                    id: Self.id(ofMessage: id), kind: .message,
                    text: NotificationText.message(
                        by: row["author_name"] ?? DeletedUser.name, in: membership.place, text: row["body"]),
                    actorID: (row["author_id"] as Int64?)?.apiID, conversationID: membership.conversation.apiID,
                    messageID: id.apiID, taskID: nil,
                    quiet: NotificationPolicy.delivery(of: .message, to: listener, at: Date(micros: createdAt))
                        == .held,
                    createdAt: Date(micros: createdAt), readAt: readAt.map(Date.init(micros:)))
                found.append((FeedPosition(createdAt: createdAt, isMessage: true, id: id), notification))
            }
        }
        return found
    }

    /// How many are unread, counting at most `Limits.unreadCountCap` in each conversation.
    func unreadCount(_ db: Database) throws -> Int {
        let sql = """
            SELECT m.id, \(Self.facts) FROM messages m WHERE \(Self.candidates)
                AND NOT EXISTS (SELECT 1 FROM message_notification_reads r WHERE r.user_id = ?3 AND r.message_id = m.id)
                AND m.id < ?4
            ORDER BY m.id DESC LIMIT ?5
            """
        return try memberships.reduce(0) { count, membership in
            count
                + (try notifying(
                    db, sql: sql, arguments: [membership.conversation, membership.readThrough, user],
                    wanted: Limits.unreadCountCap
                ).count)
        }
    }
}
