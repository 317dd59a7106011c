import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: EventFeedStore {
    /// A person's feed: their own events, and those of the conversations they are in since they joined, each
    /// read with the facts `FeedVisibility` decides on.
    public func events(userID: String, after seq: Int, limit: Int) async throws -> Page<UserEvent> {
        let user = try require(userID.rowID, "User")
        return try await read { connection in
            // Entries the reader is not shown are passed over: read on until a page is full or the feed ends.
            var entries: [FeedEntry] = []
            var cursor = Int64(seq)
            while entries.count <= limit {
                let batch = try await connection.rows(
                    Self.feedEntries(reader: user, after: cursor, limit: Int64(limit + 1)), logger: logger
                ).map(FeedEntry.init(row:))
                entries += batch.filter { FeedVisibility.shows($0.visibility, to: userID) }
                guard batch.count > limit, let last = batch.last else { break }
                cursor = last.seq
            }
            let kept = Array(entries.prefix(limit))
            // Receipts name a message without carrying it.
            let messageIDs = Array(Set(kept.filter { $0.kind.carriesMessage }.compactMap(\.messageID)))
            var messages: [Int64: Message] = [:]
            if !messageIDs.isEmpty {
                for message in try await Self.loadMessages(
                    connection, "\(unescaped: Self.messageColumns) WHERE m.id = ANY(\(messageIDs))", logger: logger)
                {
                    messages[message.id.rowID!] = message
                }
            }
            let events = kept.map { entry in
                UserEvent(
                    seq: Int(entry.seq), kind: entry.kind, conversationID: entry.conversationID?.apiID,
                    messageID: entry.messageID?.apiID, taskID: entry.taskID?.apiID, projectID: entry.projectID?.apiID,
                    userID: entry.actorID?.apiID,
                    message: entry.kind.carriesMessage ? entry.messageID.flatMap { messages[$0] } : nil,
                    createdAt: Date(micros: entry.createdAt))
            }
            return Page(results: events, nextCursor: entries.count > limit ? events.last.map { String($0.seq) } : nil)
        }
    }

    public func latestEventSeq(userID: String) async throws -> Int {
        _ = try require(userID.rowID, "User")
        return try await read { connection in
            Int(
                try await connection.firstRow("SELECT last FROM event_counter", logger: logger)?.decode(Int64.self) ?? 0
            )
        }
    }

    /// Up to `limit` entries of the reader's feed after seq `after`, with what `FeedVisibility` needs to know of
    /// each: their own events, then their conversations' events since they joined.
    private static func feedEntries(reader: Int64, after: Int64, limit: Int64) -> PostgresQuery {
        let read = UserEventKind.conversationRead.rawValue
        return """
            SELECT e.seq, e.kind, e.conversation_id, e.message_id,
                COALESCE(e.task_id, e.removed_task_id) AS task_id, e.project_id, e.actor_id, e.created_at,
                e.conversation_id IS NULL OR EXISTS (SELECT 1 FROM conversation_members cm
                    WHERE cm.conversation_id = e.conversation_id AND cm.user_id = \(reader)) AS in_conversation,
                e.kind = \(read) AND EXISTS (
                    SELECT 1 FROM users u WHERE u.id IN (\(reader), e.actor_id) AND u.hide_read_receipts)
                    AS receipts_hidden,
                e.project_id IS NOT NULL AND EXISTS (
                    SELECT 1 FROM tasks WHERE tasks.id = e.task_id AND \(visibleTasks: reader)) AS sees_task,
                e.project_id IS NOT NULL AND EXISTS (
                    SELECT 1 FROM projects WHERE projects.id = e.project_id AND \(visibleProjects: reader))
                    AS sees_project
            FROM events e
            WHERE e.user_id = \(reader) AND e.seq > \(after)
            UNION ALL
            SELECT e.seq, e.kind, e.conversation_id, e.message_id, NULL, NULL, e.actor_id, e.created_at, true,
                e.kind = \(read) AND EXISTS (
                    SELECT 1 FROM users u WHERE u.id IN (\(reader), e.actor_id) AND u.hide_read_receipts),
                false, false
            FROM conversation_members cm
                JOIN conversation_events e ON e.conversation_id = cm.conversation_id AND e.seq > cm.joined_after_seq
            WHERE cm.user_id = \(reader) AND e.seq > \(after)
            ORDER BY 1 LIMIT \(limit)
            """
    }
}

/// One row of `feedEntries`.
private struct FeedEntry {
    var seq: Int64
    var kind: UserEventKind
    var conversationID: Int64?
    var messageID: Int64?
    var taskID: Int64?
    var projectID: Int64?
    var actorID: Int64?
    var createdAt: Int64
    var visibility: FeedVisibility.Entry

    init(row: PostgresRow) throws {
        let (
            seq, kind, conversationID, messageID, taskID, projectID, actorID, createdAt, inConversation,
            receiptsHidden, seesTask, seesProject
        ) = try row.decode(
            (Int64, String, Int64?, Int64?, Int64?, Int64?, Int64?, Int64, Bool, Bool, Bool, Bool).self)
        self.seq = seq
        self.kind = UserEventKind(rawValue: kind) ?? .messageCreated
        self.conversationID = conversationID
        self.messageID = messageID
        self.taskID = taskID
        self.projectID = projectID
        self.actorID = actorID
        self.createdAt = createdAt
        visibility = FeedVisibility.Entry(
            kind: self.kind, actorID: actorID?.apiID, messageID: messageID?.apiID, taskID: taskID?.apiID,
            projectID: projectID?.apiID, readerInConversation: inConversation, receiptsHidden: receiptsHidden,
            readerSeesTask: seesTask, readerSeesProject: seesProject)
    }
}
