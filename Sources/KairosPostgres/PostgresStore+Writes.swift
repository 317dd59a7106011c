import Foundation
import KairosCore
import KairosStore
import PostgresNIO

/// Plans made in Core, applied inside the write that made them, and the writes every store shares: messages,
/// followers, notifications. What a plan says is written here, never decided here.
extension PostgresStore {
    /// Calls `observer` after every commit that added events, this process's or another's, with those events
    /// in order.
    public func observeNewEvents(_ observer: @escaping @Sendable ([NewEvent]) -> Void) {
        relay.observe(observer)
    }

    /// Writes what `plan` says, in its order.
    static func apply(_ plan: WritePlan, _ write: PostgresWrite, now: Date) async throws {
        for follow in plan.follows {
            try await Self.follow(
                write, task: try require(follow.taskID.rowID, "Task"), user: try require(follow.userID.rowID, "User"),
                now: now)
        }
        for entry in plan.activity {
            try await write.query(
                """
                INSERT INTO task_activity (task_id, actor_id, kind, detail, created_at)
                VALUES (\(entry.taskID.rowID), \(entry.actorID?.rowID), \(entry.kind.rawValue), \(entry.detail),
                    \(now.micros))
                """)
        }
        for notification in plan.notifications { write.add(notification, now: now) }
        for event in plan.events { write.add(event, now: now) }
        for notice in plan.threadNotices {
            _ = try await insertMessage(
                write,
                .notice(
                    notice.text, in: notice.conversationID, by: notice.actorID, naming: notice.others,
                    taskID: notice.taskID),
                now: now)
        }
        for event in plan.threadEvents { write.add(event, now: now) }
    }

    /// `user` follows `task` from now on; nothing changes when they already do.
    static func follow(_ write: PostgresWrite, task: Int64, user: Int64, now: Date) async throws {
        try await write.query(
            """
            INSERT INTO task_followers (task_id, user_id, added_at) VALUES (\(task), \(user), \(now.micros))
            ON CONFLICT DO NOTHING
            """)
    }

    /// The people a shared project's events go to (`ProjectAudience`); none while it is not shared.
    static func audience(_ connection: PostgresConnection, project: Int64, logger: Logger) async throws -> [Int64] {
        let members = try await connection.rows(
            "SELECT user_id FROM project_members WHERE project_id = \(project)", logger: logger
        ).map { try $0.decode(Int64.self) }
        guard !members.isEmpty,
            let owner = try await connection.firstRow(
                "SELECT user_id FROM projects WHERE id = \(project)", logger: logger)
        else { return [] }
        return ProjectAudience.people(owner: try owner.decode(Int64.self).apiID, members: members.map(\.apiID))
            .compactMap(\.rowID)
    }

    /// The settings of the person a users row (or a join with one) describes, as `NotificationPolicy` reads
    /// them: `timezone`, `quiet_start` and `quiet_end`, and what the row has of `conversation_muted`,
    /// `notification_level`, `project_muted` and `task_muted`.
    static func listener(_ row: PostgresRandomAccessRow) throws -> NotificationPolicy.Listener {
        NotificationPolicy.Listener(
            quietHours: User.quietHours(start: try row.optional("quiet_start"), end: try row.optional("quiet_end")),
            timeZone: TimeZone(identifier: try row["timezone"].decode(String.self)) ?? .gmt,
            conversationMuted: try row.optional("conversation_muted") ?? false,
            conversationLevel: (try row.optional("notification_level") as String?)
                .flatMap(NotificationLevel.init(rawValue:)) ?? .all,
            projectMuted: try row.optional("project_muted") ?? false,
            taskMuted: try row.optional("task_muted") ?? false)
    }

    /// Adds a message with what comes with it (mentions, the people a notice names, its attachments, the
    /// thread a task card links), moves its conversation's activity and the actor's read position to it, and
    /// adds its event; returns its id.
    static func insertMessage(_ write: PostgresWrite, _ draft: MessageDraft, now: Date) async throws -> Int64 {
        let conversation = try require(draft.conversationID.rowID, "Conversation")
        let author = draft.authorID?.rowID
        let task = draft.taskID?.rowID
        let id = try require(
            try await write.firstRow(
                """
                INSERT INTO messages (conversation_id, author_id, kind, body, task_id, client_id, created_at)
                VALUES (\(conversation), \(author), \(draft.kind.rawValue), \(draft.text), \(task), \(draft.clientID),
                    \(now.micros))
                RETURNING id
                """), "Message"
        ).decode(Int64.self)
        try await insertMentions(write, message: id, userIDs: draft.mentions)
        try await write.query(
            """
            INSERT INTO notice_people (message_id, user_id)
            SELECT \(id), unnest(\(draft.naming.compactMap(\.rowID))::bigint[]) ON CONFLICT DO NOTHING
            """)
        try await claimAttachments(write, ids: draft.attachmentIDs, message: id, author: author)
        try await write.query("UPDATE conversations SET last_activity = \(id) WHERE id = \(conversation)")
        if let actor = draft.actorID?.rowID {
            try await write.query(
                """
                UPDATE conversation_members SET last_read_message_id = \(id), last_delivered_message_id = \(id)
                WHERE conversation_id = \(conversation) AND user_id = \(actor)
                """)
        }
        if draft.kind == .taskCard, let task, let author {
            try await write.query(
                """
                INSERT INTO task_thread_links (task_id, conversation_id, created_by, created_at)
                VALUES (\(task), \(conversation), \(author), \(now.micros)) ON CONFLICT DO NOTHING
                """)
        }
        write.addConversationEvent(.messageCreated, conversation: conversation, message: id, actor: nil, now: now)
        return id
    }

    /// Records who a message mentions (again, after an edit has cleared them).
    static func insertMentions(_ write: PostgresWrite, message: Int64, userIDs: [String]) async throws {
        guard !userIDs.isEmpty else { return }
        try await write.query(
            """
            INSERT INTO message_mentions (message_id, user_id)
            SELECT \(message), unnest(\(userIDs.compactMap(\.rowID))::bigint[]) ON CONFLICT DO NOTHING
            """)
    }

    /// Attaches the author's waiting uploads to the message, in the order given; anything else is refused.
    static func claimAttachments(_ write: PostgresWrite, ids: [String], message: Int64, author: Int64?) async throws {
        for (position, id) in ids.enumerated() {
            let claimed = try await write.rows(
                """
                UPDATE attachments SET message_id = \(message), position = \(Int64(position))
                WHERE id = \(id.rowID ?? 0) AND user_id = \(author ?? 0) AND message_id IS NULL
                RETURNING id
                """)
            guard claimed.count == 1 else { throw KairosError.unclaimableAttachment(id, at: position) }
        }
    }
}

extension PostgresRandomAccessRow {
    /// The column's value, or nil when it is NULL or the row has no such column (a query that did not ask).
    func optional<Value: PostgresDecodable>(_ column: String) throws -> Value? where Value._DecodableType == Value {
        guard contains(column) else { return nil }
        return try self[column].decode(Value?.self)
    }
}
