import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: MessageTaskLinkStore {
    public func tasksMade(fromMessages messageIDs: [String], by userID: String) async throws -> [MessageTaskLink] {
        let owner = try require(userID.rowID, "User")
        let messages = messageIDs.compactMap(\.rowID)
        guard !messages.isEmpty else { return [] }
        return try await read { connection in
            try await connection.rows(
                """
                SELECT l.message_id, tasks.id, tasks.content
                FROM message_task_links l JOIN tasks ON tasks.id = l.task_id
                WHERE l.message_id = ANY(\(messages)) AND tasks.added_by = \(owner) AND \(visibleTasks: owner)
                ORDER BY tasks.id
                """, logger: logger
            ).map { row in
                let (message, task, content) = try row.decode((Int64, Int64, String).self)
                return MessageTaskLink(messageID: message.apiID, taskID: task.apiID, content: content)
            }
        }
    }

    public func sources(ofTask taskID: String, viewerID: String) async throws -> [TaskSourceMessage] {
        guard let task = taskID.rowID else { return [] }
        let viewer = try require(viewerID.rowID, "User")
        return try await read { connection in
            try await connection.rows(
                """
                SELECT m.id, c.id, c.kind, c.name, m.author_id, u.name, m.created_at
                FROM message_task_links l
                JOIN tasks ON tasks.id = l.task_id
                JOIN messages m ON m.id = l.message_id
                JOIN conversations c ON c.id = m.conversation_id
                JOIN conversation_members cm ON cm.conversation_id = c.id AND cm.user_id = \(viewer)
                LEFT JOIN users u ON u.id = m.author_id
                WHERE l.task_id = \(task) AND m.id > cm.joined_after_message_id AND \(visibleTasks: viewer)
                ORDER BY m.id
                """, logger: logger
            ).map { row in
                let (message, conversation, kind, name, author, authorName, sentAt) = try row.decode(
                    (Int64, Int64, String, String?, Int64?, String?, Int64).self)
                return TaskSourceMessage(
                    messageID: message.apiID, conversationID: conversation.apiID,
                    conversationKind: ConversationKind(rawValue: kind) ?? .group, conversationName: name,
                    authorID: author?.apiID, authorName: authorName, sentAt: Date(micros: sentAt))
            }
        }
    }
}
