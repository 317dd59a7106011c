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

    /// Someone a notification is for, and whether it falls in their quiet hours.
    struct Recipient {
        let user: Int64
        let quiet: Bool

        /// Reads `user_id`, `timezone`, `quiet_start` and `quiet_end` from a users row (or a join with one).
        init(row: Row, now: Date) {
            user = row["user_id"]
            let window = User.quietHours(start: row["quiet_start"], end: row["quiet_end"])
            quiet = window?.contains(now, in: TimeZone(identifier: row["timezone"]) ?? .gmt) ?? false
        }
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
                sql: "SELECT id AS user_id, timezone, quiet_start, quiet_end FROM users WHERE id = ?", arguments: [user])
        else { return true }
        let recipient = Recipient(row: row, now: now)
        try notify(
            db, [recipient], kind, text: text, actor: actor, conversation: conversation, message: message, task: task,
            now: now)
        return recipient.quiet
    }

    /// Adds the same notification to each recipient's feed, in two statements whatever their number. It is
    /// pushed through the event feed (and so the realtime socket) unless it falls in the recipient's quiet
    /// hours. A plain new message is already in the feed as `message.created`; the client notifies from that.
    static func notify(
        _ db: Database, _ recipients: [Recipient], _ kind: AppNotification.Kind, text: String, actor: Int64?,
        conversation: Int64? = nil, message: Int64? = nil, task: Int64? = nil, now: Date
    ) throws {
        guard !recipients.isEmpty else { return }
        let rows = "[" + recipients.map { "[\($0.user),\($0.quiet ? 1 : 0)]" }.joined(separator: ",") + "]"
        try db.run(
            sql: """
                INSERT INTO notifications (user_id, kind, text, actor_id, conversation_id, message_id, task_id, quiet,
                    created_at)
                SELECT value ->> 0, ?, ?, ?, ?, ?, ?, value ->> 1, ? FROM json_each(?)
                """,
            arguments: [kind.rawValue, text, actor, conversation, message, task, now.micros, rows])
        let pushed = recipients.filter { !$0.quiet }.map(\.user)
        guard kind != .message, !pushed.isEmpty else { return }
        try db.run(
            sql: """
                INSERT INTO events (user_id, seq, kind, conversation_id, message_id, task_id, actor_id, created_at)
                SELECT r.value, (SELECT COALESCE(MAX(e.seq), 0) + 1 FROM events e WHERE e.user_id = r.value),
                    ?, ?, ?, ?, ?, ?
                FROM json_each(?) r
                """,
            arguments: [
                UserEventKind.notificationCreated.rawValue, conversation, message, task, actor, now.micros,
                pushed.jsonArray,
            ])
    }

    /// A new text message: a mention for the people it mentions, a message notification for members whose
    /// level is `all`; nothing for the author or anyone who muted the conversation.
    static func notifyMembers(_ db: Database, ofMessage message: Int64, draft: MessageDraft, now: Date) throws {
        guard let author = draft.authorID?.rowID, let conversation = draft.conversationID.rowID else { return }
        let members = try db.fetchRows(
            sql: """
                SELECT cm.user_id, cm.muted, cm.notification_level, u.timezone, u.quiet_start, u.quiet_end,
                    c.name AS place, (SELECT name FROM users WHERE id = ?2) AS author_name
                FROM conversation_members cm JOIN users u ON u.id = cm.user_id
                    JOIN conversations c ON c.id = cm.conversation_id
                WHERE cm.conversation_id = ?1 AND cm.user_id <> ?2
                """,
            arguments: [conversation, author])
        guard let first = members.first else { return }
        let authorName: String = first["author_name"] ?? ""
        let place: String = first["place"] ?? "a direct message"
        let mentioned = Set(draft.mentions.compactMap(\.rowID))
        var mentions: [Recipient] = []
        var messages: [Recipient] = []
        for member in members {
            let level = NotificationLevel(rawValue: member["notification_level"]) ?? .all
            if member["muted"] as Bool || level == .muted { continue }
            let recipient = Recipient(row: member, now: now)
            if mentioned.contains(recipient.user) {
                mentions.append(recipient)
            } else if level == .all {
                messages.append(recipient)
            }
        }
        try notify(
            db, mentions, .mention, text: NotificationText.mention(by: authorName, in: place, text: draft.text),
            actor: author, conversation: conversation, message: message, now: now)
        try notify(
            db, messages, .message, text: NotificationText.message(by: authorName, in: place, text: draft.text),
            actor: author, conversation: conversation, message: message, now: now)
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
        let followers = try db.fetchRows(
            sql: """
                SELECT f.user_id, u.timezone, u.quiet_start, u.quiet_end
                FROM task_followers f JOIN users u ON u.id = f.user_id WHERE f.task_id = ? AND f.user_id <> ?
                """,
            arguments: [task, actor]
        ).map { Recipient(row: $0, now: now) }
        guard !followers.isEmpty else { return }
        let names = try names(db, task: task, actor: actor)
        let text =
            kind == .taskCompleted
            ? NotificationText.completed(names.task, by: names.actor)
            : NotificationText.reopened(names.task, by: names.actor)
        try notify(db, followers, kind, text: text, actor: actor, task: task, now: now)
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
