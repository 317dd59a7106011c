import Foundation
import GRDB
import KairosCore

extension SQLiteStore: MessageTaskLinkStore {
    public func tasksMade(fromMessages messageIDs: [String], by userID: String) async throws -> [MessageTaskLink] {
        let owner = try require(userID.rowID, "User")
        let messages = messageIDs.compactMap(\.rowID)
        guard !messages.isEmpty else { return [] }
        return try await pool.read { db in
            try db.fetchRows(
                sql: """
                    SELECT l.message_id, tasks.id, tasks.content
                    FROM message_task_links l JOIN tasks ON tasks.id = l.task_id
                    WHERE l.message_id IN (\(databaseQuestionMarks(count: messages.count))) AND tasks.added_by = ?
                        AND \(Visible.tasks)
                    ORDER BY tasks.id
                    """,
                arguments: StatementArguments(messages) + [owner] + Visible.arguments(owner)
            ).map { row in
                MessageTaskLink(
                    messageID: (row[0] as Int64).apiID, taskID: (row[1] as Int64).apiID, content: row[2])
            }
        }
    }

    public func sources(ofTask taskID: String, viewerID: String) async throws -> [TaskSourceMessage] {
        guard let task = taskID.rowID else { return [] }
        let viewer = try require(viewerID.rowID, "User")
        return try await pool.read { db in
            try db.fetchRows(
                sql: """
                    SELECT m.id, c.id, c.kind, c.name, m.author_id, u.name, m.created_at
                    FROM message_task_links l
                    JOIN tasks ON tasks.id = l.task_id
                    JOIN messages m ON m.id = l.message_id
                    JOIN conversations c ON c.id = m.conversation_id
                    JOIN conversation_members cm ON cm.conversation_id = c.id AND cm.user_id = ?
                    LEFT JOIN users u ON u.id = m.author_id
                    WHERE l.task_id = ? AND m.id > cm.joined_after_message_id AND \(Visible.tasks)
                    ORDER BY m.id
                    """,
                arguments: [viewer, task] + Visible.arguments(viewer)
            ).map { row in
                TaskSourceMessage(
                    messageID: (row[0] as Int64).apiID, conversationID: (row[1] as Int64).apiID,
                    conversationKind: ConversationKind(rawValue: row[2]) ?? .group, conversationName: row[3],
                    authorID: (row[4] as Int64?)?.apiID, authorName: row[5], sentAt: Date(micros: row[6]))
            }
        }
    }
}
