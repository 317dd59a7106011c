import Foundation
import GRDB
import KairosCore

extension SQLiteStore: ConversationStore {
    public func directMessage(between userID: String, and otherID: String, now: Date) async throws -> Conversation {
        let first = try require(userID.rowID, "User")
        let second = try require(otherID.rowID, "User")
        let key = "\(min(first, second)):\(max(first, second))"
        return try await write { db in
            let existing = try db.fetchValue(
                Int64.self, sql: "SELECT id FROM conversations WHERE dm_key = ?", arguments: [key])
            let id: Int64
            if let existing {
                id = existing
            } else {
                id = try Self.insertConversation(db, kind: .dm, name: nil, dmKey: key, creator: first, now: now)
                for member in [first, second] {
                    try Self.insertMember(db, conversation: id, user: member, role: .member, now: now)
                }
            }
            return try require(try Self.conversation(db, id: id, for: first), "Conversation")
        }
    }

    public func createGroup(
        userID: String, name: String, memberIDs: [String], notice: String, now: Date
    ) async throws -> Conversation {
        let owner = try require(userID.rowID, "User")
        let members = memberIDs.compactMap(\.rowID).filter { $0 != owner }
        return try await write { db in
            let id = try Self.insertConversation(db, kind: .group, name: name, dmKey: nil, creator: owner, now: now)
            try Self.insertMember(db, conversation: id, user: owner, role: .owner, now: now)
            for member in members { try Self.insertMember(db, conversation: id, user: member, role: .member, now: now) }
            _ = try Self.insertMessage(db, .notice(notice, in: id.apiID, by: userID), now: now)
            return try require(try Self.conversation(db, id: id, for: owner), "Conversation")
        }
    }

    public func conversations(userID: String, page: PageRequest) async throws -> Page<Conversation> {
        let member = try require(userID.rowID, "User")
        var arguments: StatementArguments = [member]
        var keyset = ""
        if let keys = page.cursor?.keys, keys.count == 2 {
            keyset = " AND (c.last_activity < ? OR (c.last_activity = ? AND c.id < ?))"
            arguments += [keys[0], keys[0], keys[1]]
        }
        let sql = """
            \(Self.conversationColumns) FROM conversation_members cm JOIN conversations c ON c.id = cm.conversation_id
            WHERE cm.user_id = ?\(keyset) ORDER BY c.last_activity DESC, c.id DESC LIMIT ?
            """
        return try await pool.read { [arguments] db in
            let rows = try db.fetchRows(sql: sql, arguments: arguments + [page.fetchLimit])
            let cut = page.page(rows) { [$0["last_activity"], $0["id"]] }
            return Page(results: try Self.conversations(db, rows: cut.items, reader: member), nextCursor: cut.next)
        }
    }

    public func conversation(id: String, for userID: String) async throws -> Conversation? {
        guard let conversationID = id.rowID else { return nil }
        let reader = userID.rowID ?? 0
        return try await pool.read { db in try Self.conversation(db, id: conversationID, for: reader) }
    }

    public func memberRoles(conversationID: String) async throws -> [String: Role]? {
        guard let id = conversationID.rowID else { return nil }
        return try await pool.read { db in try Self.memberRoles(db, conversation: id) }
    }

    /// Who is in the conversation with what role; nil if it does not exist.
    private static func memberRoles(_ db: Database, conversation: Int64) throws -> [String: Role]? {
        let rows = try db.fetchRows(
            sql: """
                SELECT cm.user_id, cm.role FROM conversations c
                LEFT JOIN conversation_members cm ON cm.conversation_id = c.id WHERE c.id = ?
                """,
            arguments: [conversation])
        guard !rows.isEmpty else { return nil }
        var roles: [String: Role] = [:]
        for row in rows {
            guard let user = row["user_id"] as Int64? else { continue }
            roles[user.apiID] = Role(rawValue: row["role"]) ?? .member
        }
        return roles
    }

    public func updateConversation(
        id: String, for userID: String, changes: ConversationChanges, now: Date
    ) async throws -> Conversation {
        let conversationID = try require(id.rowID, "Conversation")
        let member = try require(userID.rowID, "User")
        return try await write { db in
            if let name = changes.name {
                try db.run(sql: "UPDATE conversations SET name = ? WHERE id = ?", arguments: [name, conversationID])
                if let notice = changes.notice {
                    _ = try Self.insertMessage(db, .notice(notice, in: id, by: userID), now: now)
                }
            }
            switch changes.projectID {
            case .unchanged: break
            case .clear:
                try db.run(sql: "UPDATE conversations SET project_id = NULL WHERE id = ?", arguments: [conversationID])
            case .set(let projectID):
                try db.run(
                    sql: "UPDATE conversations SET project_id = ? WHERE id = ?",
                    arguments: [projectID.rowID, conversationID])
            }
            if let muted = changes.muted {
                try db.run(
                    sql: "UPDATE conversation_members SET muted = ? WHERE conversation_id = ? AND user_id = ?",
                    arguments: [muted, conversationID, member])
            }
            if let level = changes.notificationLevel {
                try db.run(
                    sql: """
                        UPDATE conversation_members SET notification_level = ? WHERE conversation_id = ? AND user_id = ?
                        """,
                    arguments: [level.rawValue, conversationID, member])
            }
            return try require(try Self.conversation(db, id: conversationID, for: member), "Conversation")
        }
    }

    public func addMembers(
        conversationID: String, userIDs: [String], notice: MessageDraft, now: Date
    ) async throws {
        let id = try require(conversationID.rowID, "Conversation")
        try await write { db in
            for user in userIDs.compactMap(\.rowID) {
                try db.run(
                    sql: """
                        INSERT OR IGNORE INTO conversation_members (conversation_id, user_id, role, joined_at)
                        VALUES (?, ?, 'member', ?)
                        """,
                    arguments: [id, user, now.micros])
                if db.changesCount > 0, let actor = notice.actorID?.rowID {
                    try Self.audit(
                        db, .memberAdded, actor: actor, conversation: id, subject: user, role: .member, now: now)
                }
            }
            _ = try Self.insertMessage(db, notice, now: now)
        }
    }

    public func removeMember(
        conversationID: String, userID: String, notice: MessageDraft, now: Date
    ) async throws {
        let id = try require(conversationID.rowID, "Conversation")
        let user = try require(userID.rowID, "User")
        try await write { db in
            let role = try db.fetchValue(
                String.self, sql: "SELECT role FROM conversation_members WHERE conversation_id = ? AND user_id = ?",
                arguments: [id, user])
            guard let role else { throw KairosError.missing("Member") }
            try db.run(
                sql: "DELETE FROM conversation_members WHERE conversation_id = ? AND user_id = ?",
                arguments: [id, user])
            if let actor = notice.actorID?.rowID {
                try Self.audit(
                    db, actor == user ? .memberLeft : .memberRemoved, actor: actor, conversation: id, subject: user,
                    role: nil, now: now)
            }
            if role == Role.owner.rawValue {
                try db.run(
                    sql: """
                        UPDATE conversation_members SET role = 'owner'
                        WHERE conversation_id = ?1 AND user_id = (
                            SELECT user_id FROM conversation_members WHERE conversation_id = ?1
                            ORDER BY joined_at, user_id LIMIT 1)
                        """,
                    arguments: [id])
            }
            _ = try Self.insertMessage(db, notice, now: now)
        }
    }

    public func messages(conversationID: String, page: PageRequest) async throws -> Page<Message> {
        let id = try require(conversationID.rowID, "Conversation")
        var arguments: StatementArguments = [id]
        var keyset = ""
        if let last = page.cursor?.keys.first {
            keyset = " AND m.id < ?"
            arguments += [last]
        }
        let sql = "\(Self.messageColumns) WHERE m.conversation_id = ?\(keyset) ORDER BY m.id DESC LIMIT ?"
        return try await pool.read { [arguments] db in
            let rows = try Self.loadMessages(db, sql: sql, arguments: arguments + [page.fetchLimit])
            let cut = page.page(rows) { [$0.id.rowID!] }
            return Page(results: cut.items, nextCursor: cut.next)
        }
    }

    public func message(id: String) async throws -> Message? {
        guard let messageID = id.rowID else { return nil }
        return try await pool.read { db in try Self.message(db, id: messageID) }
    }

    public func postMessage(
        _ draft: MessageDraft, now: Date, authorize: @escaping @Sendable (_ members: [String: Role]) throws -> Void
    ) async throws -> (message: Message, created: Bool) {
        let conversationID = try require(draft.conversationID.rowID, "Conversation")
        return try await write { db in
            let members = try require(try Self.memberRoles(db, conversation: conversationID), "Conversation")
            if let author = draft.authorID, members[author] == nil { throw KairosError.missing("Conversation") }
            try authorize(members)
            if let clientID = draft.clientID, let author = draft.authorID?.rowID,
                let earlier = try db.fetchRow(
                    sql: "SELECT id, conversation_id FROM messages WHERE author_id = ? AND client_id = ?",
                    arguments: [author, clientID])
            {
                guard earlier["conversation_id"] == conversationID else {
                    throw KairosError.conflict(
                        "client_id was already used for a message in another conversation. Use a new client_id for each message."
                    )
                }
                return (try require(try Self.message(db, id: earlier["id"]), "Message"), false)
            }
            if draft.kind == .taskCard, let task = draft.taskID?.rowID,
                let card = try Int64.fetchOne(
                    db,
                    sql: """
                        SELECT id FROM messages WHERE task_id = ? AND conversation_id = ? AND kind = 'task_card'
                        ORDER BY id LIMIT 1
                        """,
                    arguments: [task, conversationID])
            {
                return (try require(try Self.message(db, id: card), "Message"), false)
            }
            let id = try Self.insertMessage(db, draft, now: now)
            if draft.kind == .text {
                try self.messageTerms.record(db, text: draft.text)
                try Self.notifyMentioned(db, ofMessage: id, draft: draft, now: now)
            }
            let message = try require(try Self.message(db, id: id), "Message")
            self.eventAnnouncer.attach(message)
            return (message, true)
        }
    }

    public func editMessage(id: String, text: String, mentions: [String], now: Date) async throws -> Message {
        let messageID = try require(id.rowID, "Message")
        return try await write { db in
            try db.run(
                sql: "UPDATE messages SET body = ?, edited_at = ? WHERE id = ?",
                arguments: [text, now.micros, messageID])
            guard db.changesCount > 0 else { throw KairosError.missing("Message") }
            try self.messageTerms.record(db, text: text)
            try db.run(sql: "DELETE FROM message_mentions WHERE message_id = ?", arguments: [messageID])
            try Self.insertMentions(db, message: messageID, userIDs: mentions)
            try Self.recordMessageEvent(db, .messageEdited, message: messageID, now: now)
            let message = try require(try Self.message(db, id: messageID), "Message")
            self.eventAnnouncer.attach(message)
            return message
        }
    }

    public func markRead(conversationID: String, userID: String, messageID: String, now: Date) async throws {
        let conversation = try require(conversationID.rowID, "Conversation")
        let user = try require(userID.rowID, "User")
        let message = try require(messageID.rowID, "Message")
        try await write { db in
            try db.run(
                sql: """
                    UPDATE conversation_members SET last_read_message_id = ?1,
                        last_delivered_message_id = MAX(COALESCE(last_delivered_message_id, 0), ?1),
                        notifications_read_through = MAX(notifications_read_through, ?1), notifications_read_at = ?4
                    WHERE conversation_id = ?2 AND user_id = ?3 AND COALESCE(last_read_message_id, 0) < ?1
                    """,
                arguments: [message, conversation, user, now.micros])
            guard db.changesCount > 0 else { return }
            // What was read in the thread is read in the notification feed too: its messages' notifications
            // (through `notifications_read_through` above) and mentions.
            try db.run(
                sql: """
                    UPDATE notifications SET read_at = ?1
                    WHERE user_id = ?2 AND read_at IS NULL AND conversation_id = ?3 AND message_id <= ?4
                    """,
                arguments: [now.micros, user, conversation, message])
            // Members who hide read receipts, or read someone who does, are left out when the feed is read.
            try Self.recordConversationEvent(
                db, .conversationRead, conversation: conversation, message: message, actor: user, now: now)
        }
    }

    public func markDelivered(_ marks: [DeliveryMark]) async throws {
        let rows = marks.compactMap { mark -> [Int64]? in
            guard let conversation = mark.conversationID.rowID, let user = mark.userID.rowID,
                let message = mark.messageID.rowID
            else { return nil }
            return [message, conversation, user]
        }
        guard !rows.isEmpty else { return }
        let marks = "[" + rows.map { "[\($0[0]),\($0[1]),\($0[2])]" }.joined(separator: ",") + "]"
        try await write { db in
            try db.run(
                sql: """
                    UPDATE conversation_members SET last_delivered_message_id = mark.message
                    FROM (SELECT value ->> 1 AS conversation, value ->> 2 AS user, MAX(value ->> 0) AS message
                          FROM json_each(?) GROUP BY 1, 2) mark
                    WHERE conversation_members.conversation_id = mark.conversation
                        AND conversation_members.user_id = mark.user
                        AND COALESCE(last_delivered_message_id, 0) < mark.message
                    """,
                arguments: [marks])
        }
    }

    public func latestEventSeq(userID: String) async throws -> Int {
        let user = try require(userID.rowID, "User")
        return try await pool.read { db in
            try db.fetchValue(Int.self, sql: "SELECT last FROM event_counter") ?? 0
        }
    }

    public func observeNewEvents(_ observer: @escaping @Sendable ([NewEvent]) -> Void) {
        eventAnnouncer.observe(observer)
    }

    public func createTask(
        fromMessage messageID: String, userID: String, draft: TaskDraft, notice: String, now: Date
    ) async throws -> TaskItem {
        let message = try require(messageID.rowID, "Message")
        let owner = try require(userID.rowID, "User")
        return try await write { db in
            let conversation = try require(
                try db.fetchValue(
                    Int64.self, sql: "SELECT conversation_id FROM messages WHERE id = ?", arguments: [message]),
                "Message")
            let madeBefore = try Int64.fetchAll(
                db,
                sql: """
                    SELECT tasks.id FROM message_task_links l JOIN tasks ON tasks.id = l.task_id
                    WHERE l.message_id = ? AND tasks.added_by = ? AND tasks.content = ? ORDER BY tasks.id
                    """,
                arguments: [message, owner, draft.content])
            for earlier in madeBefore {
                if let task = try Self.task(db, viewer: owner, id: earlier) { return task }
            }
            let task = try Self.insertTask(db, author: owner, draft: draft, now: now)
            try db.run(
                sql: "INSERT INTO message_task_links (message_id, task_id) VALUES (?, ?)", arguments: [message, task])
            try Self.linkThread(db, task: task, conversation: conversation, by: owner, now: now)
            _ = try Self.insertMessage(
                db, .notice(notice, in: conversation.apiID, by: userID, taskID: task.apiID), now: now)
            return try require(try Self.task(db, viewer: owner, id: task), "Task")
        }
    }

    public func linkedTasks(in conversationID: String, hiddenFrom userID: String) async throws -> [String] {
        guard let conversation = conversationID.rowID, let user = userID.rowID else { return [] }
        return try await pool.read { db in
            try Int64.fetchAll(
                db,
                sql: """
                    SELECT tasks.id FROM task_thread_links l JOIN tasks ON tasks.id = l.task_id
                    WHERE l.conversation_id = ? AND NOT \(Visible.tasks) ORDER BY tasks.id
                    """,
                arguments: [conversation] + Visible.arguments(user)
            ).map(\.apiID)
        }
    }

    /// A person's feed: their own events, and those of the conversations they are in since they joined, each
    /// read with the facts `FeedVisibility` decides on.
    public func events(userID: String, after seq: Int, limit: Int) async throws -> Page<UserEvent> {
        let user = try require(userID.rowID, "User")
        return try await pool.read { db in
            // Entries the reader is not shown are passed over: read on until a page is full or the feed ends.
            var rows: [Row] = []
            var cursor = seq
            while rows.count <= limit {
                let batch = try db.fetchRows(
                    sql: Self.feedEntries,
                    arguments: [user, cursor, limit + 1, UserEventKind.conversationRead.rawValue])
                rows += batch.filter { FeedVisibility.shows(Self.feedEntry($0), to: userID) }
                guard batch.count > limit, let last = batch.last else { break }
                cursor = last["seq"]
            }
            let kept = Array(rows.prefix(limit))
            // Receipts name a message without carrying it.
            let messageIDs = Array(
                Set(
                    kept.filter { UserEventKind(rawValue: $0["kind"])?.carriesMessage == true }.compactMap {
                        $0["message_id"] as Int64?
                    }
                ))
            var messages: [Int64: Message] = [:]
            if !messageIDs.isEmpty {
                for message in try Self.loadMessages(
                    db, sql: "\(Self.messageColumns) WHERE m.id IN (SELECT value FROM json_each(?))",
                    arguments: [messageIDs.jsonArray])
                {
                    messages[message.id.rowID!] = message
                }
            }
            let events = kept.map { row in
                let kind = UserEventKind(rawValue: row["kind"]) ?? .messageCreated
                let messageID = row["message_id"] as Int64?
                return UserEvent(
                    seq: row["seq"], kind: kind,
                    conversationID: (row["conversation_id"] as Int64?)?.apiID, messageID: messageID?.apiID,
                    taskID: (row["task_id"] as Int64?)?.apiID, projectID: (row["project_id"] as Int64?)?.apiID,
                    userID: (row["actor_id"] as Int64?)?.apiID,
                    message: kind.carriesMessage ? messageID.flatMap { messages[$0] } : nil,
                    createdAt: Date(micros: row["created_at"]))
            }
            return Page(results: events, nextCursor: rows.count > limit ? events.last.map { String($0.seq) } : nil)
        }
    }

    /// Up to `?3` entries of reader `?1`'s feed after seq `?2`, with what `FeedVisibility` needs to know of
    /// each: their own events, then their conversations' events since they joined.
    private static let feedEntries = """
        SELECT e.seq, e.kind, e.conversation_id, e.message_id,
            COALESCE(e.task_id, e.removed_task_id) AS task_id, e.project_id, e.actor_id, e.created_at,
            e.conversation_id IS NULL OR EXISTS (SELECT 1 FROM conversation_members cm
                WHERE cm.conversation_id = e.conversation_id AND cm.user_id = ?1) AS in_conversation,
            e.kind = ?4 AND EXISTS (
                SELECT 1 FROM users u WHERE u.id IN (?1, e.actor_id) AND u.hide_read_receipts = 1) AS receipts_hidden,
            e.project_id IS NOT NULL AND EXISTS (
                SELECT 1 FROM tasks WHERE tasks.id = e.task_id AND \(reading(Visible.tasks))) AS sees_task,
            e.project_id IS NOT NULL AND EXISTS (
                SELECT 1 FROM projects WHERE projects.id = e.project_id AND \(reading(Visible.projects))) AS sees_project
        FROM events e
        WHERE e.user_id = ?1 AND e.seq > ?2
        UNION ALL
        SELECT e.seq, e.kind, e.conversation_id, e.message_id, NULL, NULL, e.actor_id, e.created_at, 1,
            e.kind = ?4 AND EXISTS (
                SELECT 1 FROM users u WHERE u.id IN (?1, e.actor_id) AND u.hide_read_receipts = 1),
            0, 0
        FROM conversation_members cm
            JOIN conversation_events e ON e.conversation_id = cm.conversation_id AND e.seq > cm.joined_after_seq
        WHERE cm.user_id = ?1 AND e.seq > ?2
        ORDER BY 1 LIMIT ?3
        """

    private static func feedEntry(_ row: Row) -> FeedVisibility.Entry {
        FeedVisibility.Entry(
            kind: UserEventKind(rawValue: row["kind"]) ?? .messageCreated, actorID: (row["actor_id"] as Int64?)?.apiID,
            messageID: (row["message_id"] as Int64?)?.apiID, taskID: (row["task_id"] as Int64?)?.apiID,
            projectID: (row["project_id"] as Int64?)?.apiID, readerInConversation: row["in_conversation"],
            receiptsHidden: row["receipts_hidden"], readerSeesTask: row["sees_task"],
            readerSeesProject: row["sees_project"])
    }

    // MARK: Writing

    private static func insertConversation(
        _ db: Database, kind: ConversationKind, name: String?, dmKey: String?, creator: Int64, now: Date
    ) throws -> Int64 {
        try db.run(
            sql: """
                INSERT INTO conversations (kind, name, created_by, dm_key, last_activity, created_at)
                VALUES (?, ?, ?, ?, (SELECT COALESCE(MAX(id), 0) FROM messages), ?)
                """,
            arguments: [kind.rawValue, name, creator, dmKey, now.micros])
        return db.lastInsertedRowID
    }

    private static func insertMember(
        _ db: Database, conversation: Int64, user: Int64, role: Role, now: Date
    ) throws {
        try db.run(
            sql: "INSERT INTO conversation_members (conversation_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)",
            arguments: [conversation, user, role.rawValue, now.micros])
    }

    /// Inserts a message with its mentions and attachments, moves the conversation up the list, counts the
    /// message (and all before it) as read by its author or the notice's actor, and links a shared task to the
    /// conversation.
    static func insertMessage(_ db: Database, _ draft: MessageDraft, now: Date) throws -> Int64 {
        let conversation = try require(draft.conversationID.rowID, "Conversation")
        let author = draft.authorID?.rowID
        let task = draft.taskID?.rowID
        try db.run(
            sql: """
                INSERT INTO messages (conversation_id, author_id, kind, body, task_id, client_id, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [conversation, author, draft.kind.rawValue, draft.text, task, draft.clientID, now.micros])
        let id = db.lastInsertedRowID
        try insertMentions(db, message: id, userIDs: draft.mentions)
        try insertNoticePeople(db, message: id, userIDs: draft.naming)
        try claimAttachments(db, ids: draft.attachmentIDs, message: id, author: author)
        try db.run(sql: "UPDATE conversations SET last_activity = ? WHERE id = ?", arguments: [id, conversation])
        if let actor = draft.actorID?.rowID {
            try db.run(
                sql: """
                    UPDATE conversation_members SET last_read_message_id = ?1, last_delivered_message_id = ?1
                    WHERE conversation_id = ?2 AND user_id = ?3
                    """,
                arguments: [id, conversation, actor])
        }
        if draft.kind == .taskCard, let task, let author {
            try linkThread(db, task: task, conversation: conversation, by: author, now: now)
        }
        try recordConversationEvent(db, .messageCreated, conversation: conversation, message: id, actor: nil, now: now)
        return id
    }

    /// Adds an event about a message to its conversation's events, which every member's feed reads.
    static func recordMessageEvent(
        _ db: Database, _ kind: UserEventKind, message: Int64, now: Date
    ) throws {
        let conversation = try require(
            try db.fetchValue(
                Int64.self, sql: "SELECT conversation_id FROM messages WHERE id = ?", arguments: [message]),
            "Message")
        try recordConversationEvent(db, kind, conversation: conversation, message: message, actor: nil, now: now)
    }

    /// One event for everyone in the conversation, now or until they leave: each member's feed reads it from
    /// when they joined, and those in it now are told on commit.
    private static func recordConversationEvent(
        _ db: Database, _ kind: UserEventKind, conversation: Int64, message: Int64, actor: Int64?, now: Date
    ) throws {
        let seq = try nextEventSeq(db)
        try db.run(
            sql: """
                INSERT INTO conversation_events (seq, kind, conversation_id, message_id, actor_id, created_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [seq, kind.rawValue, conversation, message, actor, now.micros])
        let members = try Int64.fetchAll(
            db.cachedStatement(sql: "SELECT user_id FROM conversation_members WHERE conversation_id = ?"),
            arguments: [conversation])
        try db.run(
            sql: """
                SELECT \(EventAnnouncer.functionName)(value, ?, ?, ?, ?, NULL, ?, ?) FROM json_each(?)
                """,
            arguments: [seq, kind.rawValue, conversation, message, actor, now.micros, members.jsonArray])
    }

    /// The number of the next event (or the next statement's events, one per person), above every one before.
    static func nextEventSeq(_ db: Database) throws -> Int64 {
        try require(
            try db.fetchValue(Int64.self, sql: "UPDATE event_counter SET last = last + 1 RETURNING last"),
            "Event counter")
    }

    private static func insertMentions(_ db: Database, message: Int64, userIDs: [String]) throws {
        for user in userIDs.compactMap(\.rowID) {
            try db.run(
                sql: "INSERT OR IGNORE INTO message_mentions (message_id, user_id) VALUES (?, ?)",
                arguments: [message, user])
        }
    }

    private static func insertNoticePeople(_ db: Database, message: Int64, userIDs: [String]) throws {
        for user in userIDs.compactMap(\.rowID) {
            try db.run(
                sql: "INSERT OR IGNORE INTO notice_people (message_id, user_id) VALUES (?, ?)",
                arguments: [message, user])
        }
    }

    /// A task is linked to a conversation once, however often it is shared there.
    private static func linkThread(_ db: Database, task: Int64, conversation: Int64, by user: Int64, now: Date) throws {
        try db.run(
            sql: """
                INSERT OR IGNORE INTO task_thread_links (task_id, conversation_id, created_by, created_at)
                VALUES (?, ?, ?, ?)
                """,
            arguments: [task, conversation, user, now.micros])
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
            )) AS unread_count
        """

    static func conversation(_ db: Database, id: Int64, for reader: Int64) throws -> Conversation? {
        let rows = try db.fetchRows(
            sql: """
                \(conversationColumns) FROM conversations c
                LEFT JOIN conversation_members cm ON cm.conversation_id = c.id AND cm.user_id = ?
                WHERE c.id = ?
                """,
            arguments: [reader, id])
        return try conversations(db, rows: rows, reader: reader).first
    }

    /// Builds conversations from their rows, reading the members of all of them in one query. Another
    /// member's read position shows only when neither they nor the reader hide read receipts.
    private static func conversations(_ db: Database, rows: [Row], reader: Int64) throws -> [Conversation] {
        guard !rows.isEmpty else { return [] }
        let ids: [Int64] = rows.map { $0["id"] }
        let readerHides =
            try db.fetchValue(Bool.self, sql: "SELECT hide_read_receipts FROM users WHERE id = ?", arguments: [reader])
            ?? false
        var members: [Int64: [ConversationMember]] = [:]
        let memberRows = try db.fetchRowCursor(
            sql: """
                SELECT cm.conversation_id, cm.user_id, cm.role, cm.joined_at, cm.last_delivered_message_id,
                    cm.last_read_message_id, u.name, u.hide_read_receipts
                FROM conversation_members cm JOIN users u ON u.id = cm.user_id
                WHERE cm.conversation_id IN (SELECT value FROM json_each(?))
                ORDER BY cm.conversation_id, cm.joined_at, cm.user_id
                """,
            arguments: [ids.jsonArray])
        while let row = try memberRows.next() {
            let user: Int64 = row["user_id"]
            let showsRead = FeedVisibility.showsReceipt(
                of: user.apiID, to: reader.apiID, hidden: readerHides || row["hide_read_receipts"])
            members[row["conversation_id"], default: []].append(
                ConversationMember(
                    userID: user.apiID, name: row["name"], role: Role(rawValue: row["role"]) ?? .member,
                    joinedAt: Date(micros: row["joined_at"]),
                    lastDeliveredMessageID: (row["last_delivered_message_id"] as Int64?)?.apiID,
                    lastReadMessageID: showsRead ? (row["last_read_message_id"] as Int64?)?.apiID : nil))
        }
        return rows.map { row in
            let id: Int64 = row["id"]
            return Conversation(
                id: id.apiID, kind: ConversationKind(rawValue: row["kind"]) ?? .group, name: row["name"],
                projectID: (row["project_id"] as Int64?)?.apiID, createdBy: (row["created_by"] as Int64).apiID,
                createdAt: Date(micros: row["created_at"]), members: members[id] ?? [],
                muted: (row["muted"] as Bool?) ?? false,
                notificationLevel: (row["notification_level"] as String?).flatMap(NotificationLevel.init) ?? .all,
                lastReadMessageID: (row["last_read_message_id"] as Int64?)?.apiID,
                unreadCount: row["unread_count"])
        }
    }

    /// A message's columns with its task, read live, its mentions and its attachments.
    private static let messageColumns = """
        SELECT m.id, m.conversation_id, m.author_id, m.kind, m.body, m.task_id, m.client_id, m.created_at,
            m.edited_at, t.content AS task_content, t.due_date AS task_due_date, t.due_string AS task_due_string,
            t.completed_at AS task_completed_at,
            (SELECT group_concat(user_id) FROM message_mentions WHERE message_id = m.id) AS mention_ids,
            \(attachmentsColumn)
        FROM messages m LEFT JOIN tasks t ON t.id = m.task_id
        """

    static func message(_ db: Database, id: Int64) throws -> Message? {
        try loadMessages(db, sql: "\(messageColumns) WHERE m.id = ?", arguments: [id]).first
    }

    private static func loadMessages(
        _ db: Database, sql: String, arguments: StatementArguments, uncached: Bool = false
    ) throws -> [Message] {
        try db.fetchRows(sql: sql, arguments: arguments, uncached: uncached).map { row in
            var task: MessageTask?
            if let taskID = row["task_id"] as Int64?, let content = row["task_content"] as String? {
                task = MessageTask(
                    id: taskID.apiID, content: content, dueDate: row["task_due_date"],
                    dueString: row["task_due_string"], isCompleted: (row["task_completed_at"] as Int64?) != nil)
            }
            let mentions = ((row["mention_ids"] as String?) ?? "").split(separator: ",").compactMap { Int64($0) }
            return Message(
                id: (row["id"] as Int64).apiID, conversationID: (row["conversation_id"] as Int64).apiID,
                authorID: (row["author_id"] as Int64?)?.apiID,
                kind: MessageKind(rawValue: row["kind"]) ?? .text, text: row["body"],
                mentions: mentions.sorted().map(\.apiID), task: task, clientID: row["client_id"],
                createdAt: Date(micros: row["created_at"]),
                editedAt: (row["edited_at"] as Int64?).map(Date.init(micros:)),
                attachments: try messageAttachments(row))
        }
    }
}
