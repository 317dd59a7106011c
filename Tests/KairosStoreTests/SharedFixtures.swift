import Foundation
import GRDB
import KairosCore
import KairosPostgresTesting
import PostgresNIO
import Testing

@testable import KairosPostgres
@testable import KairosStore

/// What the shared suites need from the stores not yet on every backend (projects and tasks): made through the
/// store on SQLite, and written as plain rows on PostgreSQL until its project and task stores are there.
enum SharedFixtures {
    /// A new project of `owner`'s.
    static func project(_ store: any SharedStore, owner: User, name: String, now: Date) async throws -> String {
        if let sqlite = store as? SQLiteStore {
            return try await sqlite.createProject(
                userID: owner.id,
                draft: ProjectDraft(
                    name: name, description: "", parentID: nil, color: "charcoal", isFavorite: false,
                    viewStyle: "list"),
                now: now
            ).id
        }
        let postgres = try #require(store as? PostgresStore)
        let ownerID = try #require(owner.id.rowID)
        return try await postgres.read { connection in
            let row = try await connection.firstRow(
                """
                INSERT INTO projects (user_id, name, color, child_order, created_at, updated_at)
                VALUES (\(ownerID), \(name), 'charcoal', 1, \(now.micros), \(now.micros)) RETURNING id
                """, logger: PostgresTestServer.logger)
            return try #require(row).decode(Int64.self).apiID
        }
    }

    /// A new open task in `project`, added by `author`, who follows it.
    static func task(
        _ store: any SharedStore, _ content: String, description: String = "", in project: String, by author: User,
        assignees: [User] = [], now: Date
    ) async throws -> String {
        if let sqlite = store as? SQLiteStore {
            let draft = TaskDraft(
                content: content, description: description, projectID: project, assigneeIDs: assignees.map(\.id))
            return try await sqlite.createTask(userID: author.id, draft: draft, now: now).id
        }
        let postgres = try #require(store as? PostgresStore)
        let authorID = try #require(author.id.rowID)
        let projectID = try #require(project.rowID)
        return try await postgres.read { connection in
            let row = try await connection.firstRow(
                """
                INSERT INTO tasks (user_id, project_id, content, description, child_order, added_by, added_at,
                    updated_at)
                SELECT user_id, id, \(content), \(description), 1, \(authorID), \(now.micros), \(now.micros)
                FROM projects WHERE id = \(projectID) RETURNING id
                """, logger: PostgresTestServer.logger)
            let task = try #require(row).decode(Int64.self)
            for (position, assignee) in assignees.enumerated() {
                try await connection.query(
                    """
                    INSERT INTO task_assignees (task_id, user_id, position)
                    VALUES (\(task), \(try #require(assignee.id.rowID)), \(Int64(position)))
                    """, logger: PostgresTestServer.logger)
            }
            try await connection.query(
                "INSERT INTO task_followers (task_id, user_id, added_at) VALUES (\(task), \(authorID), \(now.micros))",
                logger: PostgresTestServer.logger)
            if let first = assignees.first?.id.rowID {
                try await connection.query(
                    "UPDATE tasks SET responsible = \(first), assigned_by = \(authorID) WHERE id = \(task)",
                    logger: PostgresTestServer.logger)
            }
            return task.apiID
        }
    }

    /// Who the task is assigned to, in order.
    static func assignees(_ store: any SharedStore, task: String) async throws -> [String] {
        let taskID = try #require(task.rowID)
        if let sqlite = store as? SQLiteStore {
            return try await sqlite.pool.read { db in
                try Int64.fetchAll(
                    db, sql: "SELECT user_id FROM task_assignees WHERE task_id = ? ORDER BY position",
                    arguments: [taskID]
                ).map(\.apiID)
            }
        }
        let postgres = try #require(store as? PostgresStore)
        return try await postgres.read { connection in
            try await connection.rows(
                "SELECT user_id FROM task_assignees WHERE task_id = \(taskID) ORDER BY position",
                logger: PostgresTestServer.logger
            ).map { try $0.decode(Int64.self).apiID }
        }
    }

    /// Text messages written straight into a conversation, in order, around the store (as an import would):
    /// no events, no notifications; for tests that need many.
    static func messages(
        _ store: any SharedStore, in conversation: String, by author: String, _ bodies: [String]
    ) async throws {
        let conversationID = try #require(conversation.rowID)
        let authorID = try #require(author.rowID)
        if let sqlite = store as? SQLiteStore {
            try await sqlite.pool.write { db in
                for body in bodies {
                    try db.execute(
                        sql: """
                            INSERT INTO messages (conversation_id, author_id, kind, body, created_at)
                            VALUES (?, ?, 'text', ?, 0)
                            """,
                        arguments: [conversationID, authorID, body])
                }
            }
            return
        }
        let postgres = try #require(store as? PostgresStore)
        try await postgres.read { connection in
            try await connection.query(
                """
                INSERT INTO messages (conversation_id, author_id, kind, body, created_at)
                SELECT \(conversationID), \(authorID), 'text', body, 0
                FROM unnest(\(bodies)::text[]) WITH ORDINALITY AS b(body, n) ORDER BY n
                """, logger: PostgresTestServer.logger)
        }
    }

    /// Links a task to the message it was made from, as making a task from a message does.
    static func link(_ store: any SharedStore, task: String, toMessage message: String) async throws {
        let taskID = try #require(task.rowID)
        let messageID = try #require(message.rowID)
        if let sqlite = store as? SQLiteStore {
            try await sqlite.pool.write { db in
                try db.execute(
                    sql: "INSERT INTO message_task_links (message_id, task_id) VALUES (?, ?)",
                    arguments: [messageID, taskID])
            }
            return
        }
        let postgres = try #require(store as? PostgresStore)
        try await postgres.read { connection in
            try await connection.query(
                "INSERT INTO message_task_links (message_id, task_id) VALUES (\(messageID), \(taskID))",
                logger: PostgresTestServer.logger)
        }
    }
}

extension ConversationStore {
    /// A message from a member, whatever their role: these suites check the store, not the permission guard.
    func post(_ draft: MessageDraft, now: Date) async throws -> Message {
        try await postMessage(draft, now: now) { _ in }.message
    }
}
