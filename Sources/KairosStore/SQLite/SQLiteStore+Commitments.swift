import Foundation
import GRDB
import KairosCore

extension SQLiteStore: CommitmentStore {
    public func sharedConversations(userID: String, otherID: String) async throws -> [SharedConversation] {
        let viewer = try require(userID.rowID, "User")
        guard let other = otherID.rowID else { return [] }
        return try await pool.read { db in
            try db.fetchRows(
                sql: """
                    SELECT c.id, c.kind, c.name FROM conversation_members me
                    JOIN conversation_members them ON them.conversation_id = me.conversation_id AND them.user_id = ?
                    JOIN conversations c ON c.id = me.conversation_id
                    WHERE me.user_id = ?
                    ORDER BY c.last_activity DESC, c.id DESC
                    """,
                arguments: [other, viewer]
            ).map { row in
                SharedConversation(
                    id: (row[0] as Int64).apiID, groupName: row[1] as String == "group" ? row[2] as String? : nil)
            }
        }
    }

    public func personTasks(userID: String, personID: String, completedSince: Date) async throws -> [PersonTask] {
        let viewer = try require(userID.rowID, "User")
        guard let person = personID.rowID else { return [] }
        // The message a task was made from counts only in a conversation both are in; the first such message.
        let source = """
            (SELECT l.message_id FROM message_task_links l
             JOIN messages m ON m.id = l.message_id
             JOIN conversation_members a ON a.conversation_id = m.conversation_id AND a.user_id = ?1
             JOIN conversation_members b ON b.conversation_id = m.conversation_id AND b.user_id = ?2
             WHERE l.task_id = tasks.id ORDER BY l.message_id LIMIT 1)
            """
        let assignee = "EXISTS (SELECT 1 FROM task_assignees ta WHERE ta.task_id = tasks.id AND ta.user_id = "
        let sql = """
            SELECT tasks.id, tasks.content, tasks.added_at, tasks.completed_at, tasks.added_by, tasks.assigned_by,
                (SELECT group_concat(user_id) FROM (
                    SELECT ta.user_id FROM task_assignees ta WHERE ta.task_id = tasks.id ORDER BY ta.position)),
                EXISTS (SELECT 1 FROM task_followers f WHERE f.task_id = tasks.id AND f.user_id = ?1) AS followed,
                src.id, src.conversation_id, c.name, src.author_id, src.created_at
            FROM tasks
            LEFT JOIN messages src ON src.id = \(source)
            LEFT JOIN conversations c ON c.id = src.conversation_id
            WHERE (tasks.completed_at IS NULL OR tasks.completed_at >= ?3) AND \(Visible.tasks)
                AND (src.id IS NOT NULL
                    OR tasks.assigned_by = ?1 AND \(assignee)?2)
                    OR tasks.assigned_by = ?2 AND \(assignee)?1)
                    OR \(assignee)?2) AND EXISTS (
                        SELECT 1 FROM task_followers f WHERE f.task_id = tasks.id AND f.user_id = ?1))
            ORDER BY tasks.added_at DESC, tasks.id DESC
            """
        return try await pool.read { db in
            // Visible's two plain placeholders come after ?3 in the text, so they are ?4 and ?5.
            let arguments: StatementArguments = [viewer, person, completedSince.micros] + Visible.arguments(viewer)
            return try db.fetchRows(sql: sql, arguments: arguments, uncached: true).map { row in
                let assignees = (row[6] as String?)?.split(separator: ",").compactMap { Int64($0)?.apiID } ?? []
                var source: PersonTaskSource?
                if let message = row[8] as Int64? {
                    source = PersonTaskSource(
                        messageID: message.apiID, conversationID: (row[9] as Int64).apiID, conversationName: row[10],
                        authorID: (row[11] as Int64?)?.apiID, sentAt: Date(micros: row[12]))
                }
                return PersonTask(
                    id: (row[0] as Int64).apiID, content: row[1], addedAt: Date(micros: row[2]),
                    completedAt: (row[3] as Int64?).map(Date.init(micros:)), addedByID: (row[4] as Int64).apiID,
                    assignedByID: (row[5] as Int64?)?.apiID, assigneeIDs: assignees, isFollowed: row[7],
                    source: source)
            }
        }
    }
}
