import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: ConversationStore {
    public func directMessage(between userID: String, and otherID: String, now: Date) async throws -> Conversation {
        let first = try require(userID.rowID, "User")
        let second = try require(otherID.rowID, "User")
        let key = "\(min(first, second)):\(max(first, second))"
        return try await write { write in
            // Two first messages at once: the second insert finds the key taken and reads the first one's row.
            let created = try await write.firstRow(
                """
                INSERT INTO conversations (kind, name, created_by, dm_key, last_activity, created_at)
                VALUES ('dm', NULL, \(first), \(key), (SELECT COALESCE(MAX(id), 0) FROM messages), \(now.micros))
                ON CONFLICT (dm_key) DO NOTHING RETURNING id
                """)
            let id: Int64
            if let created {
                id = try created.decode(Int64.self)
                for member in [first, second] {
                    try await Self.insertMember(write, conversation: id, user: member, role: .member, now: now)
                }
            } else {
                id = try require(
                    try await write.firstRow("SELECT id FROM conversations WHERE dm_key = \(key)"), "Conversation"
                ).decode(Int64.self)
            }
            return try require(
                try await Self.conversation(write.connection, id: id, for: first, logger: write.logger), "Conversation")
        }
    }

    public func createGroup(
        userID: String, name: String, memberIDs: [String], notice: String, now: Date
    ) async throws -> Conversation {
        let owner = try require(userID.rowID, "User")
        let members = memberIDs.compactMap(\.rowID).filter { $0 != owner }
        return try await write { write in
            let id = try require(
                try await write.firstRow(
                    """
                    INSERT INTO conversations (kind, name, created_by, dm_key, last_activity, created_at)
                    VALUES ('group', \(name), \(owner), NULL, (SELECT COALESCE(MAX(id), 0) FROM messages), \(now.micros))
                    RETURNING id
                    """), "Conversation"
            ).decode(Int64.self)
            try await Self.insertMember(write, conversation: id, user: owner, role: .owner, now: now)
            for member in members {
                try await Self.insertMember(write, conversation: id, user: member, role: .member, now: now)
            }
            _ = try await Self.insertMessage(write, .notice(notice, in: id.apiID, by: userID), now: now)
            return try require(
                try await Self.conversation(write.connection, id: id, for: owner, logger: write.logger), "Conversation")
        }
    }

    public func conversations(userID: String, page: PageRequest) async throws -> Page<Conversation> {
        let member = try require(userID.rowID, "User")
        // Without a cursor the bound is past every conversation.
        var after: (activity: Int64, id: Int64) = (.max, .max)
        if let keys = page.cursor?.keys, keys.count == 2 { after = (keys[0], keys[1]) }
        return try await read { connection in
            let rows = try await connection.rows(
                """
                \(unescaped: Self.conversationColumns)
                FROM conversation_members cm JOIN conversations c ON c.id = cm.conversation_id
                WHERE cm.user_id = \(member) AND (c.last_activity, c.id) < (\(after.activity), \(after.id))
                ORDER BY c.last_activity DESC, c.id DESC LIMIT \(Int64(page.fetchLimit))
                """, logger: logger
            ).map(ConversationRow.init(row:))
            let cut = page.page(rows) { [$0.lastActivity, $0.id] }
            return Page(
                results: try await Self.conversations(connection, rows: cut.items, reader: member, logger: logger),
                nextCursor: cut.next)
        }
    }

    public func conversation(id: String, for userID: String) async throws -> Conversation? {
        guard let conversationID = id.rowID else { return nil }
        let reader = userID.rowID ?? 0
        return try await read { connection in
            try await Self.conversation(connection, id: conversationID, for: reader, logger: logger)
        }
    }

    public func memberRoles(conversationID: String) async throws -> [String: Role]? {
        guard let id = conversationID.rowID else { return nil }
        return try await read { connection in
            try await Self.memberRoles(connection, conversation: id, logger: logger)
        }
    }

    /// Who is in the conversation with what role; nil if it does not exist. With `lock`, for a post: the
    /// conversation's row is held as the post's update of it would hold it (so posts to one conversation go one
    /// after the other, and a task's card cannot be posted twice), and its members' rows until the transaction
    /// ends, so that a removal cannot slip between the check and the write.
    private static func memberRoles(
        _ connection: PostgresConnection, conversation: Int64, lock: Bool = false, logger: Logger
    ) async throws -> [String: Role]? {
        let exists = try await connection.firstRow(
            "SELECT id FROM conversations WHERE id = \(conversation)\(unescaped: lock ? " FOR NO KEY UPDATE" : "")",
            logger: logger)
        guard exists != nil else { return nil }
        var roles: [String: Role] = [:]
        for row in try await connection.rows(
            """
            SELECT user_id, role FROM conversation_members WHERE conversation_id = \(conversation)
            \(unescaped: lock ? "FOR SHARE" : "")
            """, logger: logger)
        {
            let (user, role) = try row.decode((Int64, String).self)
            roles[user.apiID] = Role(rawValue: role) ?? .member
        }
        return roles
    }

    public func updateConversation(
        id: String, for userID: String, changes: ConversationChanges, now: Date
    ) async throws -> Conversation {
        let conversationID = try require(id.rowID, "Conversation")
        let member = try require(userID.rowID, "User")
        return try await write { write in
            if let name = changes.name {
                try await write.query("UPDATE conversations SET name = \(name) WHERE id = \(conversationID)")
                if let notice = changes.notice {
                    _ = try await Self.insertMessage(write, .notice(notice, in: id, by: userID), now: now)
                }
            }
            switch changes.projectID {
            case .unchanged: break
            case .clear:
                try await write.query("UPDATE conversations SET project_id = NULL WHERE id = \(conversationID)")
            case .set(let projectID):
                try await write.query(
                    "UPDATE conversations SET project_id = \(projectID.rowID) WHERE id = \(conversationID)")
            }
            if let muted = changes.muted {
                try await write.query(
                    """
                    UPDATE conversation_members SET muted = \(muted)
                    WHERE conversation_id = \(conversationID) AND user_id = \(member)
                    """)
            }
            if let level = changes.notificationLevel {
                try await write.query(
                    """
                    UPDATE conversation_members SET notification_level = \(level.rawValue)
                    WHERE conversation_id = \(conversationID) AND user_id = \(member)
                    """)
            }
            return try require(
                try await Self.conversation(write.connection, id: conversationID, for: member, logger: write.logger),
                "Conversation")
        }
    }

    public func addMembers(
        conversationID: String, userIDs: [String], notice: MessageDraft, now: Date
    ) async throws {
        let id = try require(conversationID.rowID, "Conversation")
        try await write { write in
            // The rows this write changes, in the order every write takes them (the conversation, its members,
            // then the event counter), so that it cannot deadlock with a post or a read mark.
            try await Self.lockConversation(write, id)
            if let actor = notice.actorID?.rowID {
                try await write.query(
                    """
                    SELECT 1 FROM conversation_members WHERE conversation_id = \(id) AND user_id = \(actor) FOR UPDATE
                    """)
            }
            for user in userIDs.compactMap(\.rowID) {
                let added = try await Self.insertMember(write, conversation: id, user: user, role: .member, now: now)
                if added, let actor = notice.actorID?.rowID {
                    try await Self.audit(
                        write, .memberAdded, actor: actor, conversation: id, subject: user, role: .member, now: now)
                }
            }
            _ = try await Self.insertMessage(write, notice, now: now)
        }
    }

    public func removeMember(
        conversationID: String, userID: String, notice: MessageDraft, now: Date
    ) async throws {
        let id = try require(conversationID.rowID, "Conversation")
        let user = try require(userID.rowID, "User")
        try await write { write in
            try await Self.lockConversation(write, id)
            guard
                let removed = try await write.firstRow(
                    "DELETE FROM conversation_members WHERE conversation_id = \(id) AND user_id = \(user) RETURNING role"
                )
            else { throw KairosError.missing("Member") }
            let role = try removed.decode(String.self)
            if let actor = notice.actorID?.rowID {
                try await Self.audit(
                    write, actor == user ? .memberLeft : .memberRemoved, actor: actor, conversation: id, subject: user,
                    role: nil, now: now)
            }
            if role == Role.owner.rawValue {
                try await write.query(
                    """
                    UPDATE conversation_members SET role = 'owner'
                    WHERE conversation_id = \(id) AND user_id = (
                        SELECT user_id FROM conversation_members WHERE conversation_id = \(id)
                        ORDER BY joined_at, user_id LIMIT 1)
                    """)
            }
            _ = try await Self.insertMessage(write, notice, now: now)
        }
    }

    public func messages(conversationID: String, page: PageRequest) async throws -> Page<Message> {
        let id = try require(conversationID.rowID, "Conversation")
        let before = page.cursor?.keys.first ?? .max
        return try await read { connection in
            let rows = try await Self.loadMessages(
                connection,
                """
                \(unescaped: Self.messageColumns) WHERE m.conversation_id = \(id) AND m.id < \(before)
                ORDER BY m.id DESC LIMIT \(Int64(page.fetchLimit))
                """, logger: logger)
            let cut = page.page(rows) { [$0.id.rowID!] }
            return Page(results: cut.items, nextCursor: cut.next)
        }
    }

    public func message(id: String) async throws -> Message? {
        guard let messageID = id.rowID else { return nil }
        return try await read { connection in try await Self.message(connection, id: messageID, logger: logger) }
    }

    public func postMessage(
        _ draft: MessageDraft, now: Date, authorize: @escaping @Sendable (_ members: [String: Role]) throws -> Void
    ) async throws -> (message: Message, created: Bool) {
        let conversationID = try require(draft.conversationID.rowID, "Conversation")
        return try await write { write in
            let members = try require(
                try await Self.memberRoles(
                    write.connection, conversation: conversationID, lock: true, logger: write.logger),
                "Conversation")
            if let author = draft.authorID, members[author] == nil { throw KairosError.missing("Conversation") }
            try authorize(members)
            if let clientID = draft.clientID, let author = draft.authorID?.rowID {
                // Two sends of one client id at once: the second waits here until the first commits, then finds it.
                try await write.query(
                    "SELECT pg_advisory_xact_lock(hashtextextended(\(clientID), \(author)))")
                if let earlier = try await Self.sentBefore(write, author: author, clientID: clientID) {
                    return try await Self.earlierMessage(write, earlier, in: conversationID)
                }
            }
            if draft.kind == .taskCard, let task = draft.taskID?.rowID,
                let card = try await write.firstRow(
                    """
                    SELECT id FROM messages WHERE task_id = \(task) AND conversation_id = \(conversationID)
                        AND kind = 'task_card'
                    ORDER BY id LIMIT 1
                    """)
            {
                let id = try card.decode(Int64.self)
                return (
                    try require(try await Self.message(write.connection, id: id, logger: write.logger), "Message"),
                    false
                )
            }
            let id = try await Self.insertMessage(write, draft, now: now)
            if draft.kind == .text {
                try await Self.notifyMentioned(write, ofMessage: id, draft: draft, now: now)
            }
            let message = try require(try await Self.message(write.connection, id: id, logger: write.logger), "Message")
            write.attach(message)
            return (message, true)
        }
    }

    /// The message the author already sent with this client id, and its conversation.
    private static func sentBefore(
        _ write: PostgresWrite, author: Int64, clientID: String
    ) async throws -> (id: Int64, conversation: Int64)? {
        try await write.firstRow(
            "SELECT id, conversation_id FROM messages WHERE author_id = \(author) AND client_id = \(clientID)"
        ).map { try $0.decode((Int64, Int64).self) }
    }

    /// The answer to a repeated send: the first message, when it went to the same conversation.
    private static func earlierMessage(
        _ write: PostgresWrite, _ earlier: (id: Int64, conversation: Int64), in conversation: Int64
    ) async throws -> (message: Message, created: Bool) {
        guard earlier.conversation == conversation else {
            throw KairosError.conflict(
                "client_id was already used for a message in another conversation. Use a new client_id for each message."
            )
        }
        return (
            try require(try await message(write.connection, id: earlier.id, logger: write.logger), "Message"), false
        )
    }

    public func editMessage(id: String, text: String, mentions: [String], now: Date) async throws -> Message {
        let messageID = try require(id.rowID, "Message")
        return try await write { write in
            guard
                let edited = try await write.firstRow(
                    "UPDATE messages SET body = \(text), edited_at = \(now.micros) WHERE id = \(messageID) RETURNING conversation_id"
                )
            else { throw KairosError.missing("Message") }
            let conversation = try edited.decode(Int64.self)
            try await write.query("DELETE FROM message_mentions WHERE message_id = \(messageID)")
            try await Self.insertMentions(write, message: messageID, userIDs: mentions)
            write.addConversationEvent(
                .messageEdited, conversation: conversation, message: messageID, actor: nil, now: now)
            let message = try require(
                try await Self.message(write.connection, id: messageID, logger: write.logger), "Message")
            write.attach(message)
            return message
        }
    }

    public func markRead(conversationID: String, userID: String, messageID: String, now: Date) async throws {
        let conversation = try require(conversationID.rowID, "Conversation")
        let user = try require(userID.rowID, "User")
        let message = try require(messageID.rowID, "Message")
        try await write { write in
            let moved = try await write.firstRow(
                """
                UPDATE conversation_members SET last_read_message_id = \(message),
                    last_delivered_message_id = GREATEST(COALESCE(last_delivered_message_id, 0), \(message)),
                    notifications_read_through = GREATEST(notifications_read_through, \(message)),
                    notifications_read_at = \(now.micros)
                WHERE conversation_id = \(conversation) AND user_id = \(user)
                    AND COALESCE(last_read_message_id, 0) < \(message)
                RETURNING user_id
                """)
            guard moved != nil else { return }
            // What was read in the thread is read in the notification feed too: its messages' notifications
            // (through `notifications_read_through` above) and mentions.
            try await write.query(
                """
                UPDATE notifications SET read_at = \(now.micros)
                WHERE user_id = \(user) AND read_at IS NULL AND conversation_id = \(conversation)
                    AND message_id <= \(message)
                """)
            // Members who hide read receipts, or read someone who does, are left out when the feed is read.
            write.addConversationEvent(
                .conversationRead, conversation: conversation, message: message, actor: user, now: now)
        }
    }

    public func markDelivered(_ marks: [DeliveryMark]) async throws {
        // The furthest mark of each member of each conversation.
        var furthest: [[Int64]: Int64] = [:]
        for mark in marks {
            guard let conversation = mark.conversationID.rowID, let user = mark.userID.rowID,
                let message = mark.messageID.rowID
            else { continue }
            furthest[[conversation, user]] = max(furthest[[conversation, user]] ?? 0, message)
        }
        guard !furthest.isEmpty else { return }
        // In a fixed order, so that two batches touching the same rows lock them in the same order.
        let sorted = furthest.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        let conversations = sorted.map { $0.key[0] }
        let users = sorted.map { $0.key[1] }
        let messages = sorted.map(\.value)
        _ = try await write { write in
            try await write.query(
                """
                UPDATE conversation_members SET last_delivered_message_id = mark.message
                FROM unnest(\(conversations), \(users), \(messages)) AS mark(conversation, person, message)
                WHERE conversation_members.conversation_id = mark.conversation
                    AND conversation_members.user_id = mark.person
                    AND COALESCE(last_delivered_message_id, 0) < mark.message
                """)
        }
    }

    public func createTask(
        fromMessage messageID: String, userID: String, draft: TaskDraft, notice: String, now: Date
    ) async throws -> TaskItem {
        let message = try require(messageID.rowID, "Message")
        let owner = try require(userID.rowID, "User")
        return try await write { write in
            let conversation = try require(
                try await write.firstRow("SELECT conversation_id FROM messages WHERE id = \(message)"), "Message"
            ).decode(Int64.self)
            let madeBefore = try await write.rows(
                """
                SELECT tasks.id FROM message_task_links l JOIN tasks ON tasks.id = l.task_id
                WHERE l.message_id = \(message) AND tasks.added_by = \(owner) AND tasks.content = \(draft.content)
                ORDER BY tasks.id
                """
            ).map { try $0.decode(Int64.self) }
            for earlier in madeBefore {
                if let task = try await Self.task(write.connection, viewer: owner, id: earlier, logger: write.logger) {
                    return task
                }
            }
            let task = try await Self.insertTask(write, author: owner, draft: draft, now: now)
            try await write.query("INSERT INTO message_task_links (message_id, task_id) VALUES (\(message), \(task))")
            try await write.query(
                """
                INSERT INTO task_thread_links (task_id, conversation_id, created_by, created_at)
                VALUES (\(task), \(conversation), \(owner), \(now.micros)) ON CONFLICT DO NOTHING
                """)
            _ = try await Self.insertMessage(
                write, .notice(notice, in: conversation.apiID, by: userID, taskID: task.apiID), now: now)
            return try require(
                try await Self.task(write.connection, viewer: owner, id: task, logger: write.logger), "Task")
        }
    }

    public func linkedTasks(in conversationID: String, hiddenFrom userID: String) async throws -> [String] {
        guard let conversation = conversationID.rowID, let user = userID.rowID else { return [] }
        return try await read { connection in
            try await connection.rows(
                """
                SELECT tasks.id FROM task_thread_links l JOIN tasks ON tasks.id = l.task_id
                WHERE l.conversation_id = \(conversation) AND NOT \(visibleTasks: user) ORDER BY tasks.id
                """, logger: logger
            ).map { try $0.decode(Int64.self).apiID }
        }
    }

    // MARK: Writing

    /// Adds someone to a conversation, unless they are in it; true when added. Their feed of it starts after
    /// the events numbered so far and their notifications after its latest message (what SQLite's
    /// `conversation_members_feed_start` trigger does). Reading the counter `FOR UPDATE` orders the join with
    /// the writes that number events at commit: those that commit later come after the start, and are seen.
    @discardableResult
    static func insertMember(
        _ write: PostgresWrite, conversation: Int64, user: Int64, role: Role, now: Date
    ) async throws -> Bool {
        // The conversation first, as a post holds it before the counter: the same order everywhere, no deadlock.
        try await lockConversation(write, conversation)
        let counted = try require(
            try await write.firstRow("SELECT last FROM event_counter FOR UPDATE"), "Event counter"
        ).decode(Int64.self)
        let added = try await write.firstRow(
            """
            INSERT INTO conversation_members (conversation_id, user_id, role, joined_at, joined_after_message_id,
                notifications_read_through, joined_after_seq)
            SELECT c.id, \(user), \(role.rawValue), \(now.micros), c.last_activity, c.last_activity, \(counted)
            FROM conversations c WHERE c.id = \(conversation)
            ON CONFLICT (conversation_id, user_id) DO NOTHING RETURNING user_id
            """)
        return added != nil
    }

    /// Holds the conversation's row as a post's update of it does, until the transaction ends: writes to one
    /// conversation's membership and messages go one after the other.
    static func lockConversation(_ write: PostgresWrite, _ conversation: Int64) async throws {
        try await write.query("SELECT id FROM conversations WHERE id = \(conversation) FOR NO KEY UPDATE")
    }

    // MARK: Reading

    /// A conversation's columns with the reader's membership (`cm`) and unread count, which stops at
    /// `Limits.unreadCountCap`: the count walks the conversation's index from the read position, so
    /// uncapped it would cost a page as much as the reader is behind.
    private static let conversationColumns = """
        SELECT c.id, c.kind, c.name, c.project_id, c.created_by, c.created_at, c.last_activity,
            cm.muted, cm.notification_level, cm.last_read_message_id,
            (SELECT COUNT(*) FROM (
                SELECT 1 FROM messages m
                WHERE m.conversation_id = c.id AND m.id > COALESCE(cm.last_read_message_id, 0)
                    AND (m.author_id IS NULL OR m.author_id <> cm.user_id)
                LIMIT \(Limits.unreadCountCap)
            ) unread) AS unread_count
        """

    /// One row of `conversationColumns`.
    private struct ConversationRow {
        var id: Int64
        var kind: String
        var name: String?
        var projectID: Int64?
        var createdBy: Int64
        var createdAt: Int64
        var lastActivity: Int64
        var muted: Bool?
        var notificationLevel: String?
        var lastReadMessageID: Int64?
        var unreadCount: Int64

        init(row: PostgresRow) throws {
            (
                id, kind, name, projectID, createdBy, createdAt, lastActivity, muted, notificationLevel,
                lastReadMessageID, unreadCount
            ) = try row.decode(
                (Int64, String, String?, Int64?, Int64, Int64, Int64, Bool?, String?, Int64?, Int64).self)
        }
    }

    static func conversation(
        _ connection: PostgresConnection, id: Int64, for reader: Int64, logger: Logger
    ) async throws -> Conversation? {
        let rows = try await connection.rows(
            """
            \(unescaped: conversationColumns) FROM conversations c
            LEFT JOIN conversation_members cm ON cm.conversation_id = c.id AND cm.user_id = \(reader)
            WHERE c.id = \(id)
            """, logger: logger
        ).map(ConversationRow.init(row:))
        return try await conversations(connection, rows: rows, reader: reader, logger: logger).first
    }

    /// Builds conversations from their rows, reading the members of all of them in one query. Another
    /// member's read position shows only when neither they nor the reader hide read receipts.
    private static func conversations(
        _ connection: PostgresConnection, rows: [ConversationRow], reader: Int64, logger: Logger
    ) async throws -> [Conversation] {
        guard !rows.isEmpty else { return [] }
        let ids = rows.map(\.id)
        let readerHides =
            try await connection.firstRow(
                "SELECT hide_read_receipts FROM users WHERE id = \(reader)", logger: logger
            )?.decode(Bool.self) ?? false
        var members: [Int64: [ConversationMember]] = [:]
        for row in try await connection.rows(
            """
            SELECT cm.conversation_id, cm.user_id, cm.role, cm.joined_at, cm.last_delivered_message_id,
                cm.last_read_message_id, u.name, u.hide_read_receipts
            FROM conversation_members cm JOIN users u ON u.id = cm.user_id
            WHERE cm.conversation_id = ANY(\(ids))
            ORDER BY cm.conversation_id, cm.joined_at, cm.user_id
            """, logger: logger)
        {
            let (conversation, user, role, joinedAt, delivered, read, name, hides) = try row.decode(
                (Int64, Int64, String, Int64, Int64?, Int64?, String, Bool).self)
            let showsRead = FeedVisibility.showsReceipt(of: user.apiID, to: reader.apiID, hidden: readerHides || hides)
            members[conversation, default: []].append(
                ConversationMember(
                    userID: user.apiID, name: name, role: Role(rawValue: role) ?? .member,
                    joinedAt: Date(micros: joinedAt), lastDeliveredMessageID: delivered?.apiID,
                    lastReadMessageID: showsRead ? read?.apiID : nil))
        }
        return rows.map { row in
            Conversation(
                id: row.id.apiID, kind: ConversationKind(rawValue: row.kind) ?? .group, name: row.name,
                projectID: row.projectID?.apiID, createdBy: row.createdBy.apiID, createdAt: Date(micros: row.createdAt),
                members: members[row.id] ?? [], muted: row.muted ?? false,
                notificationLevel: row.notificationLevel.flatMap(NotificationLevel.init) ?? .all,
                lastReadMessageID: row.lastReadMessageID?.apiID, unreadCount: Int(row.unreadCount))
        }
    }

    /// A message's columns with its task, read live, and its mentions; `loadMessages` adds its attachments.
    static let messageColumns = """
        SELECT m.id, m.conversation_id, m.author_id, m.kind, m.body, m.task_id, m.client_id, m.created_at,
            m.edited_at, t.content, t.due_date, t.due_string, t.completed_at,
            ARRAY(SELECT user_id FROM message_mentions WHERE message_id = m.id ORDER BY user_id) AS mention_ids
        FROM messages m LEFT JOIN tasks t ON t.id = m.task_id
        """

    static func message(_ connection: PostgresConnection, id: Int64, logger: Logger) async throws -> Message? {
        try await loadMessages(connection, "\(unescaped: messageColumns) WHERE m.id = \(id)", logger: logger).first
    }

    /// The messages of a query that starts with `messageColumns`, in its order, with their attachments.
    static func loadMessages(
        _ connection: PostgresConnection, _ query: PostgresQuery, logger: Logger
    ) async throws -> [Message] {
        var messages = try await connection.rows(query, logger: logger).map { row in
            let (
                id, conversation, author, kind, body, taskID, clientID, createdAt, editedAt, taskContent, dueDate,
                dueString, completedAt, mentions
            ) = try row.decode(
                (
                    Int64, Int64, Int64?, String, String, Int64?, String?, Int64, Int64?, String?, String?, String?,
                    Int64?, [Int64]
                ).self)
            var task: MessageTask?
            if let taskID, let taskContent {
                task = MessageTask(
                    id: taskID.apiID, content: taskContent, dueDate: dueDate, dueString: dueString,
                    isCompleted: completedAt != nil)
            }
            return Message(
                id: id.apiID, conversationID: conversation.apiID, authorID: author?.apiID,
                kind: MessageKind(rawValue: kind) ?? .text, text: body, mentions: mentions.map(\.apiID), task: task,
                clientID: clientID, createdAt: Date(micros: createdAt), editedAt: editedAt.map(Date.init(micros:)))
        }
        let ids = messages.compactMap(\.id.rowID)
        guard !ids.isEmpty else { return messages }
        var attachments: [String: [MessageAttachment]] = [:]
        for row in try await connection.rows(
            """
            SELECT message_id, id, name, mime_type, size FROM attachments WHERE message_id = ANY(\(ids))
            ORDER BY message_id, position
            """, logger: logger)
        {
            let (message, id, name, mimeType, size) = try row.decode((Int64, Int64, String, String, Int64).self)
            guard let mediaType = MediaType(rawValue: mimeType) else { continue }
            attachments[message.apiID, default: []].append(
                MessageAttachment(id: id.apiID, name: name, mediaType: mediaType, size: Int(size)))
        }
        for index in messages.indices {
            messages[index].attachments = attachments[messages[index].id] ?? []
        }
        return messages
    }
}
