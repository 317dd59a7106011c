import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: NotificationStore {
    public func notifications(
        userID: String, unreadOnly: Bool, page: PageRequest
    ) async throws -> Page<AppNotification> {
        let user = try require(userID.rowID, "User")
        let position = FeedPosition(cursor: page.cursor)
        return try await read { connection in
            var found = try await connection.rows(
                """
                SELECT \(unescaped: AppNotification.columns) FROM notifications
                WHERE user_id = \(user)
                    AND (created_at, id) < (\(position.createdAt), \(position.idBound(forMessages: false)))
                    AND (NOT \(unreadOnly) OR read_at IS NULL)
                ORDER BY created_at DESC, id DESC LIMIT \(Int64(page.fetchLimit))
                """, logger: logger
            ).map { row in
                let notification = try AppNotification(row: row)
                return (
                    position: FeedPosition(
                        createdAt: notification.createdAt.micros, isMessage: false, id: notification.id.rowID ?? 0),
                    notification: notification
                )
            }
            found += try await MessageNotifications(connection, user: user, logger: logger).notifications(
                unreadOnly: unreadOnly, before: position, limit: page.fetchLimit)
            found.sort { $0.position > $1.position }
            let cut = page.page(found) { $0.position.keys }
            return Page(results: cut.items.map(\.notification), nextCursor: cut.next)
        }
    }

    public func markNotificationsRead(userID: String, ids: [String]?, now: Date) async throws -> Int {
        let user = try require(userID.rowID, "User")
        return try await write { write in
            guard let ids else {
                try await write.query(
                    "UPDATE notifications SET read_at = \(now.micros) WHERE user_id = \(user) AND read_at IS NULL")
                try await write.query(
                    """
                    UPDATE conversation_members cm SET notifications_read_at = \(now.micros),
                        notifications_read_through = GREATEST(cm.notifications_read_through, c.last_activity)
                    FROM conversations c WHERE c.id = cm.conversation_id AND cm.user_id = \(user)
                    """)
                try await write.query("DELETE FROM message_notification_reads WHERE user_id = \(user)")
                return try await Self.unreadCount(write.connection, user: user, logger: write.logger)
            }
            let messages = ids.compactMap(MessageNotificationFeed.message(inID:))
            let stored = ids.compactMap(\.rowID)
            try await write.query(
                """
                UPDATE notifications SET read_at = \(now.micros)
                WHERE user_id = \(user) AND read_at IS NULL AND id = ANY(\(stored))
                """)
            try await write.query(
                """
                INSERT INTO message_notification_reads (user_id, message_id, read_at)
                SELECT cm.user_id, m.id, \(now.micros)
                FROM messages m
                    JOIN conversation_members cm ON cm.conversation_id = m.conversation_id AND cm.user_id = \(user)
                WHERE m.id = ANY(\(messages)) AND m.id > cm.notifications_read_through
                ON CONFLICT DO NOTHING
                """)
            return try await Self.unreadCount(write.connection, user: user, logger: write.logger)
        }
    }

    public func unreadNotificationCount(userID: String) async throws -> Int {
        let user = try require(userID.rowID, "User")
        return try await read { connection in try await Self.unreadCount(connection, user: user, logger: logger) }
    }

    public func follow(taskID: String, userID: String, now: Date) async throws {
        let task = try require(taskID.rowID, "Task")
        let user = try require(userID.rowID, "User")
        try await write { write in try await Self.follow(write, task: task, user: user, now: now) }
    }

    public func unfollow(taskID: String, userID: String) async throws {
        let task = try require(taskID.rowID, "Task")
        let user = try require(userID.rowID, "User")
        _ = try await write { write in
            try await write.query("DELETE FROM task_followers WHERE task_id = \(task) AND user_id = \(user)")
        }
    }

    public func followers(taskID: String) async throws -> [String] {
        let task = try require(taskID.rowID, "Task")
        return try await read { connection in
            try await connection.rows(
                "SELECT user_id FROM task_followers WHERE task_id = \(task) ORDER BY added_at, user_id", logger: logger
            ).map { try $0.decode(Int64.self).apiID }
        }
    }

    public func setProjectMuted(_ muted: Bool, projectID: String, userID: String, now: Date) async throws {
        let project = try require(projectID.rowID, "Project")
        let user = try require(userID.rowID, "User")
        _ = try await write { write in
            if muted {
                try await write.query(
                    """
                    INSERT INTO project_mutes (user_id, project_id, muted_at) VALUES (\(user), \(project), \(now.micros))
                    ON CONFLICT DO NOTHING
                    """)
            } else {
                try await write.query("DELETE FROM project_mutes WHERE user_id = \(user) AND project_id = \(project)")
            }
        }
    }

    public func setTaskMuted(_ muted: Bool, taskID: String, userID: String, now: Date) async throws {
        let task = try require(taskID.rowID, "Task")
        let user = try require(userID.rowID, "User")
        _ = try await write { write in
            if muted {
                try await write.query(
                    """
                    INSERT INTO task_mutes (user_id, task_id, muted_at) VALUES (\(user), \(task), \(now.micros))
                    ON CONFLICT DO NOTHING
                    """)
            } else {
                try await write.query("DELETE FROM task_mutes WHERE user_id = \(user) AND task_id = \(task)")
            }
        }
    }

    public func mutes(userID: String) async throws -> MuteList {
        let user = try require(userID.rowID, "User")
        return try await read { connection in
            MuteList(
                projectIDs: try await connection.rows(
                    """
                    SELECT projects.id FROM project_mutes m JOIN projects ON projects.id = m.project_id
                    WHERE m.user_id = \(user) AND \(visibleProjects: user) ORDER BY m.muted_at, projects.id
                    """, logger: logger
                ).map { try $0.decode(Int64.self).apiID },
                taskIDs: try await connection.rows(
                    """
                    SELECT tasks.id FROM task_mutes m JOIN tasks ON tasks.id = m.task_id
                    WHERE m.user_id = \(user) AND \(visibleTasks: user) ORDER BY m.muted_at, tasks.id
                    """, logger: logger
                ).map { try $0.decode(Int64.self).apiID })
        }
    }

    // MARK: Writing notifications, inside the caller's transaction

    /// A mention for the members a new text message mentions (`NotificationPolicy.mentionRecipients`), as
    /// `NotificationPolicy` decides (their mute does not hold it back). Other members' notifications of it are
    /// read from the message (`MessageNotifications`).
    static func notifyMentioned(
        _ write: PostgresWrite, ofMessage message: Int64, draft: MessageDraft, now: Date
    ) async throws {
        let mentions = draft.mentions.compactMap(\.rowID).map(\.apiID)
        guard !mentions.isEmpty, let author = draft.authorID?.rowID, let conversation = draft.conversationID.rowID
        else { return }
        var members: [(user: String, listener: NotificationPolicy.Listener)] = []
        var place: String?
        var authorName: String?
        for row in try await write.rows(
            """
            SELECT cm.user_id, u.timezone, u.quiet_start, u.quiet_end, cm.muted, cm.notification_level, c.name,
                (SELECT name FROM users WHERE id = \(author))
            FROM conversation_members cm JOIN users u ON u.id = cm.user_id
                JOIN conversations c ON c.id = cm.conversation_id
            WHERE cm.conversation_id = \(conversation) ORDER BY cm.user_id
            """)
        {
            let (user, timezone, quietStart, quietEnd, muted, level, name, author) = try row.decode(
                (Int64, String, String?, String?, Bool, String, String?, String?).self)
            members.append(
                (
                    user.apiID,
                    NotificationPolicy.Listener(
                        quietHours: User.quietHours(start: quietStart, end: quietEnd),
                        timeZone: TimeZone(identifier: timezone) ?? .gmt, conversationMuted: muted,
                        conversationLevel: NotificationLevel(rawValue: level) ?? .all)
                ))
            place = name
            authorName = author
        }
        let mentioned = Set(
            NotificationPolicy.mentionRecipients(
                mentions: mentions, members: members.map(\.user), authorID: author.apiID))
        let recipients = members.filter { mentioned.contains($0.user) }
        guard !recipients.isEmpty else { return }
        var plan = WritePlan()
        plan.notify(
            .init(
                recipients: recipients.compactMap { .init($0.user, hearing: .mention, $0.listener, at: now) },
                kind: .mention,
                text: NotificationText.mention(by: authorName ?? "", in: place ?? "a direct message", text: draft.text),
                actorID: author.apiID, conversationID: conversation.apiID, messageID: message.apiID))
        try await apply(plan, write, now: now)
    }

    private static func unreadCount(_ connection: PostgresConnection, user: Int64, logger: Logger) async throws -> Int {
        let stored =
            try await connection.firstRow(
                "SELECT COUNT(*) FROM notifications WHERE user_id = \(user) AND read_at IS NULL", logger: logger
            )?.decode(Int64.self) ?? 0
        return Int(stored)
            + (try await MessageNotifications(connection, user: user, logger: logger).unreadCount())
    }
}

extension AppNotification {
    /// The columns `init(row:)` reads, in its order.
    static let columns = "id, kind, text, actor_id, conversation_id, message_id, task_id, quiet, created_at, read_at"

    /// A notification from a row that starts with `columns`.
    init(row: PostgresRow) throws {
        let (id, kind, text, actor, conversation, message, task, quiet, createdAt, readAt) = try row.decode(
            (Int64, String, String, Int64?, Int64?, Int64?, Int64?, Bool, Int64, Int64?).self)
        self.init(
            id: id.apiID, kind: Kind(rawValue: kind) ?? .message, text: text, actorID: actor?.apiID,
            conversationID: conversation?.apiID, messageID: message?.apiID, taskID: task?.apiID, quiet: quiet,
            createdAt: Date(micros: createdAt), readAt: readAt.map(Date.init(micros:)))
    }
}

/// A person's notifications of new messages, read from the messages of the conversations `NotificationPolicy`
/// lets them hear (level `all`, not muted), from when they joined, as `NotificationPolicy.messageNotifies`
/// picks them: SQLite's `MessageNotificationFeed`, on PostgreSQL. One is read once the person marks it, marks
/// all, or reads the thread past it.
private struct MessageNotifications {
    private struct Membership {
        let conversation: Int64
        let place: String
        let startsAfter: Int64
        let readThrough: Int64
        let readAt: Int64?
    }

    /// A message that may notify, with what `NotificationPolicy.messageNotifies` needs to know of it.
    private struct Candidate {
        let id: Int64
        let kind: MessageKind
        let authorID: Int64?
        let mentionsReader: Bool
        let body: String
        let createdAt: Int64
        let authorName: String?
        let markedAt: Int64?
    }

    private let connection: PostgresConnection
    private let logger: Logger
    private let user: Int64
    private let listener: NotificationPolicy.Listener
    private let memberships: [Membership]

    init(_ connection: PostgresConnection, user: Int64, logger: Logger) async throws {
        self.connection = connection
        self.logger = logger
        self.user = user
        let person = try await connection.firstRow(
            "SELECT timezone, quiet_start, quiet_end FROM users WHERE id = \(user)", logger: logger
        ).map { try $0.decode((String, String?, String?).self) }
        let listener = NotificationPolicy.Listener(
            quietHours: User.quietHours(start: person?.1, end: person?.2),
            timeZone: person.flatMap { TimeZone(identifier: $0.0) } ?? .gmt)
        self.listener = listener
        memberships = try await connection.rows(
            """
            SELECT cm.conversation_id, c.name, cm.joined_after_message_id, cm.notifications_read_through,
                cm.notifications_read_at, cm.muted, cm.notification_level
            FROM conversation_members cm JOIN conversations c ON c.id = cm.conversation_id
            WHERE cm.user_id = \(user) ORDER BY cm.conversation_id
            """, logger: logger
        ).compactMap { row in
            let (conversation, name, startsAfter, readThrough, readAt, muted, level) = try row.decode(
                (Int64, String?, Int64, Int64, Int64?, Bool, String).self)
            var setting = listener
            setting.conversationMuted = muted
            setting.conversationLevel = NotificationLevel(rawValue: level) ?? .all
            guard NotificationPolicy.hears(.message, setting) else { return nil }
            return Membership(
                conversation: conversation, place: name ?? "a direct message", startsAfter: startsAfter,
                readThrough: readThrough, readAt: readAt)
        }
    }

    private func notifies(_ candidate: Candidate) -> Bool {
        NotificationPolicy.messageNotifies(
            kind: candidate.kind, authorID: candidate.authorID?.apiID, mentionsReader: candidate.mentionsReader,
            reader: user.apiID)
    }

    /// The messages of `membership` after `lowest` and before `position`, newest first, batch after batch,
    /// keeping those that notify the person, until `wanted` are kept or the messages run out.
    private func notifying(
        _ membership: Membership, after lowest: Int64, before position: FeedPosition, unreadOnly: Bool, wanted: Int
    ) async throws -> [Candidate] {
        var kept: [Candidate] = []
        var below = Int64.max
        let batch = max(wanted, 50)
        while kept.count < wanted {
            let rows = try await connection.rows(
                """
                SELECT m.id, m.kind, m.author_id,
                    EXISTS (SELECT 1 FROM message_mentions mm WHERE mm.message_id = m.id AND mm.user_id = \(user)),
                    m.body, m.created_at, u.name, r.read_at
                FROM messages m LEFT JOIN users u ON u.id = m.author_id
                    LEFT JOIN message_notification_reads r ON r.user_id = \(user) AND r.message_id = m.id
                WHERE m.conversation_id = \(membership.conversation) AND m.id > \(lowest)
                    AND (m.created_at, m.id) < (\(position.createdAt), \(position.idBound(forMessages: true)))
                    AND (NOT \(unreadOnly) OR r.message_id IS NULL) AND m.id < \(below)
                ORDER BY m.id DESC LIMIT \(Int64(batch))
                """, logger: logger
            ).map { row in
                let (id, kind, author, mentionsReader, body, createdAt, authorName, markedAt) = try row.decode(
                    (Int64, String, Int64?, Bool, String, Int64, String?, Int64?).self)
                return Candidate(
                    id: id, kind: MessageKind(rawValue: kind) ?? .system, authorID: author,
                    mentionsReader: mentionsReader, body: body, createdAt: createdAt, authorName: authorName,
                    markedAt: markedAt)
            }
            kept += rows.filter(notifies)
            guard rows.count == batch, let last = rows.last else { break }
            below = last.id
        }
        return Array(kept.prefix(wanted))
    }

    /// Up to `limit` notifications older than `position` from each conversation, newest first in each.
    func notifications(
        unreadOnly: Bool, before position: FeedPosition, limit: Int
    ) async throws -> [(position: FeedPosition, notification: AppNotification)] {
        var found: [(position: FeedPosition, notification: AppNotification)] = []
        for membership in memberships {
            let lowest = unreadOnly ? membership.readThrough : membership.startsAfter
            for candidate in try await notifying(
                membership, after: lowest, before: position, unreadOnly: unreadOnly, wanted: limit)
            {
                let readAt =
                    candidate.markedAt
                    ?? (candidate.id <= membership.readThrough ? membership.readAt ?? candidate.createdAt : nil)
                let notification = AppNotification(
                    id: MessageNotificationFeed.id(ofMessage: candidate.id), kind: .message,
                    text: NotificationText.message(
                        by: candidate.authorName ?? DeletedUser.name, in: membership.place, text: candidate.body),
                    actorID: candidate.authorID?.apiID, conversationID: membership.conversation.apiID,
                    messageID: candidate.id.apiID, taskID: nil,
                    quiet: NotificationPolicy.delivery(
                        of: .message, to: listener, at: Date(micros: candidate.createdAt))
                        == .held,
                    createdAt: Date(micros: candidate.createdAt), readAt: readAt.map(Date.init(micros:)))
                found.append(
                    (FeedPosition(createdAt: candidate.createdAt, isMessage: true, id: candidate.id), notification))
            }
        }
        return found
    }

    /// How many are unread, counting at most `Limits.unreadCountCap` in each conversation.
    func unreadCount() async throws -> Int {
        var count = 0
        for membership in memberships {
            count += try await notifying(
                membership, after: membership.readThrough, before: FeedPosition(cursor: nil), unreadOnly: true,
                wanted: Limits.unreadCountCap
            ).count
        }
        return count
    }
}
