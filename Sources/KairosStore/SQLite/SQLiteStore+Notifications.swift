import Foundation
import GRDB
import KairosCore

extension SQLiteStore: NotificationStore {
    public func notifications(
        userID: String, unreadOnly: Bool, page: PageRequest
    ) async throws -> Page<AppNotification> {
        let user = try require(userID.rowID, "User")
        var conditions = ["user_id = ?"]
        var arguments: StatementArguments = [user]
        if unreadOnly { conditions.append("read_at IS NULL") }
        if let last = page.cursor?.keys.first {
            conditions.append("id < ?")
            arguments += [last]
        }
        return try await pool.read { [conditions, arguments] db in
            let rows = try db.fetchRows(
                sql:
                    "SELECT * FROM notifications WHERE \(conditions.joined(separator: " AND ")) ORDER BY id DESC LIMIT ?",
                arguments: arguments + [page.fetchLimit], uncached: true
            ).map(AppNotification.init(row:))
            let cut = page.page(rows) { [$0.id.rowID!] }
            return Page(results: cut.items, nextCursor: cut.next)
        }
    }

    public func markNotificationsRead(userID: String, ids: [String]?, now: Date) async throws -> Int {
        let user = try require(userID.rowID, "User")
        return try await write { db in
            if let ids {
                let rowIDs = ids.map { $0.rowID ?? 0 }
                try db.run(
                    sql: """
                        UPDATE notifications SET read_at = ?
                        WHERE user_id = ? AND read_at IS NULL AND id IN (SELECT value FROM json_each(?))
                        """,
                    arguments: [now.micros, user, rowIDs.jsonArray])
            } else {
                try db.run(
                    sql: "UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL",
                    arguments: [now.micros, user])
            }
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

    // MARK: Writing notifications, inside the caller's transaction

    static func follow(_ db: Database, task: Int64, user: Int64, now: Date) throws {
        try db.run(
            sql: "INSERT OR IGNORE INTO task_followers (task_id, user_id, added_at) VALUES (?, ?, ?)",
            arguments: [task, user, now.micros])
    }

    /// Adds a notification to `user`'s feed, marked quiet when it falls in their quiet hours; returns
    /// whether it was.
    @discardableResult
    static func notify(
        _ db: Database, user: Int64, _ kind: AppNotification.Kind, text: String, actor: Int64?,
        conversation: Int64? = nil, message: Int64? = nil, task: Int64? = nil, now: Date
    ) throws -> Bool {
        guard
            let row = try db.fetchRow(
                sql: "SELECT timezone, quiet_start, quiet_end FROM users WHERE id = ?", arguments: [user])
        else { return true }
        let window = User.quietHours(start: row["quiet_start"], end: row["quiet_end"])
        let quiet = window?.contains(now, in: TimeZone(identifier: row["timezone"]) ?? .gmt) ?? false
        try db.run(
            sql: """
                INSERT INTO notifications (user_id, kind, text, actor_id, conversation_id, message_id, task_id, quiet,
                    created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [user, kind.rawValue, text, actor, conversation, message, task, quiet, now.micros])
        // Pushed through the event feed (and so the realtime socket) unless it falls in quiet hours. A plain
        // new message is already in the feed as `message.created`; the client notifies from that.
        guard !quiet, kind != .message else { return quiet }
        try db.run(
            sql: """
                INSERT INTO events (user_id, seq, kind, conversation_id, message_id, task_id, actor_id, created_at)
                VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM events WHERE user_id = ?), ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                user, user, UserEventKind.notificationCreated.rawValue, conversation, message, task, actor, now.micros,
            ])
        return false
    }

    /// A new text message: a mention for the people it mentions, a message notification for members whose
    /// level is `all`; nothing for the author or anyone who muted the conversation.
    static func notifyMembers(_ db: Database, ofMessage message: Int64, draft: MessageDraft, now: Date) throws {
        guard let author = draft.authorID?.rowID, let conversation = draft.conversationID.rowID else { return }
        let authorName =
            try String.fetchOne(db.cachedStatement(sql: "SELECT name FROM users WHERE id = ?"), arguments: [author])
            ?? ""
        let place = try String.fetchOne(
            db.cachedStatement(sql: "SELECT name FROM conversations WHERE id = ?"), arguments: [conversation])
        let mentioned = Set(draft.mentions.compactMap(\.rowID))
        let members = try db.fetchRows(
            sql: """
                SELECT user_id, muted, notification_level FROM conversation_members
                WHERE conversation_id = ? AND user_id <> ?
                """,
            arguments: [conversation, author])
        for member in members {
            let user: Int64 = member["user_id"]
            let level = NotificationLevel(rawValue: member["notification_level"]) ?? .all
            if member["muted"] as Bool || level == .muted { continue }
            if mentioned.contains(user) {
                try notify(
                    db, user: user, .mention,
                    text: NotificationText.mention(by: authorName, in: place ?? "a direct message", text: draft.text),
                    actor: author, conversation: conversation, message: message, now: now)
            } else if level == .all {
                try notify(
                    db, user: user, .message,
                    text: NotificationText.message(by: authorName, in: place ?? "a direct message", text: draft.text),
                    actor: author, conversation: conversation, message: message, now: now)
            }
        }
    }

    /// Tells `assignee` a task is now theirs (unless they assigned it themselves), and makes them a follower.
    static func notifyAssigned(_ db: Database, task: Int64, assignee: Int64, by actor: Int64, now: Date) throws {
        try follow(db, task: task, user: assignee, now: now)
        guard assignee != actor else { return }
        let names = try names(db, task: task, actor: actor)
        try notify(
            db, user: assignee, .assigned, text: NotificationText.assigned(names.task, by: names.actor), actor: actor,
            task: task, now: now)
    }

    /// Tells the task's followers, but not the one who did it, that it was completed or reopened.
    static func notifyFollowers(
        _ db: Database, task: Int64, _ kind: AppNotification.Kind, by actor: Int64, now: Date
    ) throws {
        let followers = try Int64.fetchAll(
            db.cachedStatement(sql: "SELECT user_id FROM task_followers WHERE task_id = ? AND user_id <> ?"),
            arguments: [task, actor])
        guard !followers.isEmpty else { return }
        let names = try names(db, task: task, actor: actor)
        let text =
            kind == .taskCompleted
            ? NotificationText.completed(names.task, by: names.actor)
            : NotificationText.reopened(names.task, by: names.actor)
        for follower in followers {
            try notify(db, user: follower, kind, text: text, actor: actor, task: task, now: now)
        }
    }

    private static func names(_ db: Database, task: Int64, actor: Int64) throws -> (task: String, actor: String) {
        (
            try String.fetchOne(db.cachedStatement(sql: "SELECT content FROM tasks WHERE id = ?"), arguments: [task])
                ?? "",
            try String.fetchOne(db.cachedStatement(sql: "SELECT name FROM users WHERE id = ?"), arguments: [actor])
                ?? ""
        )
    }

    private static func unreadCount(_ db: Database, user: Int64) throws -> Int {
        try Int.fetchOne(
            db.cachedStatement(sql: "SELECT COUNT(*) FROM notifications WHERE user_id = ? AND read_at IS NULL"),
            arguments: [user]) ?? 0
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
