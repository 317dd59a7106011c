import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: CommitmentStore {
    public func sharedConversations(userID: String, otherID: String) async throws -> [SharedConversation] {
        let viewer = try require(userID.rowID, "User")
        guard let other = otherID.rowID else { return [] }
        return try await read { connection in
            try await connection.rows(
                """
                SELECT c.id, c.kind, c.name FROM conversation_members me
                JOIN conversation_members them ON them.conversation_id = me.conversation_id AND them.user_id = \(other)
                JOIN conversations c ON c.id = me.conversation_id
                WHERE me.user_id = \(viewer)
                ORDER BY c.last_activity DESC, c.id DESC
                """, logger: logger
            ).map { row in
                let (id, kind, name) = try row.decode((Int64, String, String?).self)
                return SharedConversation(id: id.apiID, groupName: kind == "group" ? name : nil)
            }
        }
    }

    public func personTasks(userID: String, personID: String, completedSince: Date) async throws -> [PersonTask] {
        let viewer = try require(userID.rowID, "User")
        guard let person = personID.rowID else { return [] }
        // The message a task was made from counts only in a conversation both are in; the first such message.
        let query: PostgresQuery = """
            SELECT tasks.id, tasks.content, tasks.added_at, tasks.completed_at, tasks.added_by, tasks.assigned_by,
                ARRAY(SELECT ta.user_id FROM task_assignees ta WHERE ta.task_id = tasks.id ORDER BY ta.position),
                EXISTS (SELECT 1 FROM task_followers f WHERE f.task_id = tasks.id AND f.user_id = \(viewer)),
                src.id, src.conversation_id, c.name, src.author_id, src.created_at
            FROM tasks
            LEFT JOIN messages src ON src.id = (
                SELECT l.message_id FROM message_task_links l
                JOIN messages m ON m.id = l.message_id
                JOIN conversation_members a ON a.conversation_id = m.conversation_id AND a.user_id = \(viewer)
                JOIN conversation_members b ON b.conversation_id = m.conversation_id AND b.user_id = \(person)
                WHERE l.task_id = tasks.id ORDER BY l.message_id LIMIT 1)
            LEFT JOIN conversations c ON c.id = src.conversation_id
            WHERE (tasks.completed_at IS NULL OR tasks.completed_at >= \(completedSince.micros))
                AND \(visibleTasks: viewer)
                AND (src.id IS NOT NULL
                    OR tasks.assigned_by = \(viewer) AND EXISTS (
                        SELECT 1 FROM task_assignees ta WHERE ta.task_id = tasks.id AND ta.user_id = \(person))
                    OR tasks.assigned_by = \(person) AND EXISTS (
                        SELECT 1 FROM task_assignees ta WHERE ta.task_id = tasks.id AND ta.user_id = \(viewer))
                    OR EXISTS (
                        SELECT 1 FROM task_assignees ta WHERE ta.task_id = tasks.id AND ta.user_id = \(person))
                        AND EXISTS (
                            SELECT 1 FROM task_followers f WHERE f.task_id = tasks.id AND f.user_id = \(viewer)))
            ORDER BY tasks.added_at DESC, tasks.id DESC
            """
        return try await read { connection in
            try await connection.rows(query, logger: logger).map { row in
                let (
                    id, content, addedAt, completedAt, addedBy, assignedBy, assignees, followed, message,
                    conversation, conversationName, author, sentAt
                ) = try row.decode(
                    (
                        Int64, String, Int64, Int64?, Int64, Int64?, [Int64], Bool, Int64?, Int64?, String?, Int64?,
                        Int64?
                    ).self)
                var source: PersonTaskSource?
                if let message, let conversation, let sentAt {
                    source = PersonTaskSource(
                        messageID: message.apiID, conversationID: conversation.apiID,
                        conversationName: conversationName, authorID: author?.apiID, sentAt: Date(micros: sentAt))
                }
                return PersonTask(
                    id: id.apiID, content: content, addedAt: Date(micros: addedAt),
                    completedAt: completedAt.map(Date.init(micros:)), addedByID: addedBy.apiID,
                    assignedByID: assignedBy?.apiID, assigneeIDs: assignees.map(\.apiID), isFollowed: followed,
                    source: source)
            }
        }
    }
}
