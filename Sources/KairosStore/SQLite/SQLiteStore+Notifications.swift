import Foundation
import GRDB
import KairosCore

extension SQLiteStore: NotificationStore {
    public func notifications(
        userID: String, unreadOnly: Bool, page: PageRequest
    ) async throws -> Page<AppNotification> {
        let user = try require(userID.rowID, "User")
        let position = FeedPosition(cursor: page.cursor)
        let sql = """
            SELECT * FROM notifications
            WHERE user_id = ?1 AND (created_at, id) < (?2, ?3)\(unreadOnly ? " AND read_at IS NULL" : "")
            ORDER BY created_at DESC, id DESC LIMIT ?4
            """
        return try await pool.read { db in
            var found = try db.fetchRows(
                sql: sql,
                arguments: [user, position.createdAt, position.idBound(forMessages: false), page.fetchLimit]
            ).map { row in
                (
                    position: FeedPosition(createdAt: row["created_at"], isMessage: false, id: row["id"]),
                    notification: AppNotification(row: row)
                )
            }
            found += try MessageNotificationFeed(db, user: user).notifications(
                db, unreadOnly: unreadOnly, before: position, limit: page.fetchLimit)
            found.sort { $0.position > $1.position }
            let cut = page.page(found) { $0.position.keys }
            return Page(results: cut.items.map(\.notification), nextCursor: cut.next)
        }
    }

    public func markNotificationsRead(userID: String, ids: [String]?, now: Date) async throws -> Int {
        let user = try require(userID.rowID, "User")
        return try await write { db in
            guard let ids else {
                try db.run(
                    sql: "UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL",
                    arguments: [now.micros, user])
                try db.run(
                    sql: """
                        UPDATE conversation_members SET notifications_read_at = ?1,
                            notifications_read_through = MAX(notifications_read_through,
                                (SELECT last_activity FROM conversations c WHERE c.id = conversation_id))
                        WHERE user_id = ?2
                        """,
                    arguments: [now.micros, user])
                try db.run(sql: "DELETE FROM message_notification_reads WHERE user_id = ?", arguments: [user])
                return try Self.unreadCount(db, user: user)
            }
            let messages = ids.compactMap(MessageNotificationFeed.message(inID:))
            try db.run(
                sql: """
                    UPDATE notifications SET read_at = ?
                    WHERE user_id = ? AND read_at IS NULL AND id IN (SELECT value FROM json_each(?))
                    """,
                arguments: [now.micros, user, ids.map { $0.rowID ?? 0 }.jsonArray])
            try db.run(
                sql: """
                    INSERT OR IGNORE INTO message_notification_reads (user_id, message_id, read_at)
                    SELECT cm.user_id, m.id, ?1
                    FROM messages m JOIN conversation_members cm ON cm.conversation_id = m.conversation_id AND cm.user_id = ?2
                    WHERE m.id IN (SELECT value FROM json_each(?3)) AND m.id > cm.notifications_read_through
                    """,
                arguments: [now.micros, user, messages.jsonArray])
            return try Self.unreadCount(db, user: user)
        }
    }

    public func unreadNotificationCount(userID: String) async throws -> Int {
        let user = try require(userID.rowID, "User")
        return try await pool.read { db in try Self.unreadCount(db, user: user) }
    }

    public func follow(taskID: String, userID: String, now: Date) async throws {
        let task = try require(taskID.rowID, "Task")
        let user = try require(userID.rowID, "User")
        try await write { db in try Self.follow(db, task: task, user: user, now: now) }
    }

    public func unfollow(taskID: String, userID: String) async throws {
        let task = try require(taskID.rowID, "Task")
        let user = try require(userID.rowID, "User")
        try await write { db in
            try db.run(sql: "DELETE FROM task_followers WHERE task_id = ? AND user_id = ?", arguments: [task, user])
        }
    }

    public func followers(taskID: String) async throws -> [String] {
        let task = try require(taskID.rowID, "Task")
        return try await pool.read { db in
            try Int64.fetchAll(
                db.cachedStatement(
                    sql: "SELECT user_id FROM task_followers WHERE task_id = ? ORDER BY added_at, user_id"),
                arguments: [task]
            ).map(\.apiID)
        }
    }

    public func setProjectMuted(_ muted: Bool, projectID: String, userID: String, now: Date) async throws {
        let project = try require(projectID.rowID, "Project")
        let user = try require(userID.rowID, "User")
        try await write { db in
            if muted {
                try db.run(
                    sql: "INSERT OR IGNORE INTO project_mutes (user_id, project_id, muted_at) VALUES (?, ?, ?)",
                    arguments: [user, project, now.micros])
            } else {
                try db.run(
                    sql: "DELETE FROM project_mutes WHERE user_id = ? AND project_id = ?", arguments: [user, project])
            }
        }
    }

    public func setTaskMuted(_ muted: Bool, taskID: String, userID: String, now: Date) async throws {
        let task = try require(taskID.rowID, "Task")
        let user = try require(userID.rowID, "User")
        try await write { db in
            if muted {
                try db.run(
                    sql: "INSERT OR IGNORE INTO task_mutes (user_id, task_id, muted_at) VALUES (?, ?, ?)",
                    arguments: [user, task, now.micros])
            } else {
                try db.run(sql: "DELETE FROM task_mutes WHERE user_id = ? AND task_id = ?", arguments: [user, task])
            }
        }
    }

    public func mutes(userID: String) async throws -> MuteList {
        let user = try require(userID.rowID, "User")
        return try await pool.read { db in
            MuteList(
                projectIDs: try Int64.fetchAll(
                    db,
                    sql: """
                        SELECT projects.id FROM project_mutes m JOIN projects ON projects.id = m.project_id
                        WHERE m.user_id = ? AND \(Visible.projects) ORDER BY m.muted_at, projects.id
                        """,
                    arguments: [user] + Visible.arguments(user)
                ).map(\.apiID),
                taskIDs: try Int64.fetchAll(
                    db,
                    sql: """
                        SELECT tasks.id FROM task_mutes m JOIN tasks ON tasks.id = m.task_id
                        WHERE m.user_id = ? AND \(Visible.tasks) ORDER BY m.muted_at, tasks.id
                        """,
                    arguments: [user] + Visible.arguments(user)
                ).map(\.apiID))
        }
    }

    // MARK: Writing notifications, inside the caller's transaction

    static func follow(_ db: Database, task: Int64, user: Int64, now: Date) throws {
        try db.run(
            sql: "INSERT OR IGNORE INTO task_followers (task_id, user_id, added_at) VALUES (?, ?, ?)",
            arguments: [task, user, now.micros])
    }

    /// The settings of the person a users row (or a join with one) describes, as `NotificationPolicy` reads
    /// them: `timezone`, `quiet_start` and `quiet_end`, and what applies of `conversation_muted`,
    /// `notification_level`, `project_muted` and `task_muted`.
    static func listener(_ row: Row) -> NotificationPolicy.Listener {
        NotificationPolicy.Listener(
            quietHours: User.quietHours(start: row["quiet_start"], end: row["quiet_end"]),
            timeZone: TimeZone(identifier: row["timezone"]) ?? .gmt,
            conversationMuted: row["conversation_muted"] ?? false,
            conversationLevel: (row["notification_level"] as String?).flatMap(NotificationLevel.init(rawValue:))
                ?? .all,
            projectMuted: row["project_muted"] ?? false, taskMuted: row["task_muted"] ?? false)
    }

    /// The person of a row with `user_id` and their settings, if `occasion` reaches them at `now`.
    static func recipient(
        _ row: Row, _ occasion: NotificationPolicy.Occasion, now: Date
    ) -> WritePlan.Notification.Recipient? {
        .init((row["user_id"] as Int64).apiID, hearing: occasion, listener(row), at: now)
    }

    /// Adds a notification to `user`'s feed as `NotificationPolicy` decides for `occasion`, marked quiet
    /// when it falls in their quiet hours; returns whether it was.
    @discardableResult
    static func notify(
        _ db: Database, user: Int64, _ kind: AppNotification.Kind, occasion: NotificationPolicy.Occasion,
        text: String, actor: Int64?, conversation: Int64? = nil, message: Int64? = nil, task: Int64? = nil,
        reminder: Int64? = nil, now: Date
    ) throws -> Bool {
        guard
            let row = try db.fetchRow(
                sql: "SELECT id AS user_id, timezone, quiet_start, quiet_end FROM users WHERE id = ?", arguments: [user]
            ),
            let recipient = recipient(row, occasion, now: now)
        else { return true }
        var plan = WritePlan()
        plan.notify(
            .init(
                recipients: [recipient], kind: kind, text: text, actorID: actor?.apiID,
                conversationID: conversation?.apiID, messageID: message?.apiID, taskID: task?.apiID,
                reminderID: reminder?.apiID))
        try apply(plan, db, now: now)
        return recipient.quiet
    }

    /// A mention for the members a new text message mentions (`NotificationPolicy.mentionRecipients`), as
    /// `NotificationPolicy` decides (their mute does not hold it back). Other members' notifications of it are
    /// read from the message (`MessageNotificationFeed`).
    static func notifyMentioned(_ db: Database, ofMessage message: Int64, draft: MessageDraft, now: Date) throws {
        let mentions = draft.mentions.compactMap(\.rowID).map(\.apiID)
        guard !mentions.isEmpty, let author = draft.authorID?.rowID, let conversation = draft.conversationID.rowID
        else { return }
        let members = try db.fetchRows(
            sql: """
                SELECT cm.user_id, u.timezone, u.quiet_start, u.quiet_end, cm.muted AS conversation_muted,
                    cm.notification_level, c.name AS place, (SELECT name FROM users WHERE id = ?2) AS author_name
                FROM conversation_members cm JOIN users u ON u.id = cm.user_id
                    JOIN conversations c ON c.id = cm.conversation_id
                WHERE cm.conversation_id = ?1 ORDER BY cm.user_id
                """,
            arguments: [conversation, author])
        let mentioned = Set(
            NotificationPolicy.mentionRecipients(
                mentions: mentions, members: members.map { ($0["user_id"] as Int64).apiID }, authorID: author.apiID))
        let recipients = members.filter { mentioned.contains(($0["user_id"] as Int64).apiID) }
        guard let first = recipients.first else { return }
        var plan = WritePlan()
        plan.notify(
            .init(
                recipients: recipients.compactMap { recipient($0, .mention, now: now) }, kind: .mention,
                text: NotificationText.mention(
                    by: first["author_name"] ?? "", in: first["place"] ?? "a direct message", text: draft.text),
                actorID: author.apiID, conversationID: conversation.apiID, messageID: message.apiID))
        try apply(plan, db, now: now)
    }

    private static func unreadCount(_ db: Database, user: Int64) throws -> Int {
        let stored =
            try db.fetchValue(
                Int.self, sql: "SELECT COUNT(*) FROM notifications WHERE user_id = ? AND read_at IS NULL",
                arguments: [user]) ?? 0
        return stored + (try MessageNotificationFeed(db, user: user).unreadCount(db))
    }
}

extension AppNotification {
    init(row: Row) {
        self.init(
            id: (row["id"] as Int64).apiID, kind: Kind(rawValue: row["kind"]) ?? .message, text: row["text"],
            actorID: (row["actor_id"] as Int64?)?.apiID, conversationID: (row["conversation_id"] as Int64?)?.apiID,
            messageID: (row["message_id"] as Int64?)?.apiID, taskID: (row["task_id"] as Int64?)?.apiID,
            quiet: row["quiet"], createdAt: Date(micros: row["created_at"]),
            readAt: (row["read_at"] as Int64?).map(Date.init(micros:)))
    }
}
