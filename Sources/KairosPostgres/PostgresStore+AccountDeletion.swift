import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: AccountDeletionStore {
    public func ownedSharedProjects(userID: String) async throws -> [OwnedSharedProject] {
        let owner = try require(userID.rowID, "User")
        let ids = try await read { connection in
            try await connection.rows(
                """
                SELECT id FROM projects
                WHERE user_id = \(owner) AND EXISTS (SELECT 1 FROM project_members pm WHERE pm.project_id = projects.id)
                ORDER BY id
                """, logger: logger
            ).map { try $0.decode(Int64.self) }
        }
        var projects: [OwnedSharedProject] = []
        for id in ids {
            projects.append(
                OwnedSharedProject(projectID: id.apiID, members: try await projectMembers(projectID: id.apiID)))
        }
        return projects
    }

    public func deleteAccount(userID: String, plan: AccountDeletionPlan, now: Date) async throws -> [String] {
        let user = try require(userID.rowID, "User")
        return try await write { write in
            for project in plan.deletions.compactMap(\.rowID) {
                // Told first, while the members still see it: their clients drop it.
                try await Self.announceProjectChange(write, project: project, by: user, now: now)
                try await write.query("DELETE FROM projects WHERE id = \(project) AND user_id = \(user)")
            }
            for transfer in plan.transfers {
                guard let project = transfer.projectID.rowID, let heir = transfer.heirID.rowID else { continue }
                try await Self.handOver(write, project: project, from: user, to: heir, now: now)
            }
            // Read first: a message that was only files takes its files with it when it goes.
            let contents = try await write.rows(
                "SELECT DISTINCT sha256 FROM attachments WHERE user_id = \(user) ORDER BY sha256"
            ).map { try $0.decode(String.self) }
            try await Self.releaseTasksOfOthers(write, user: user)
            try await Self.leaveConversations(write, user: user)
            try await Self.stopNaming(write, user: user, now: now)
            // Everything else of theirs goes with the row: tokens, projects, tasks, labels, comments, time,
            // reminders, notifications, memberships and uploads are all deleted with it (ON DELETE CASCADE).
            try await write.query("DELETE FROM users WHERE id = \(user)")
            return contents
        }
    }

    /// Others go on reading about the person in the notices that named them and the notifications they caused,
    /// as "Deleted user" (`DeletedUser`); members' open threads are told the notices changed.
    private static func stopNaming(_ write: PostgresWrite, user: Int64, now: Date) async throws {
        guard let name = try await write.firstRow("SELECT name FROM users WHERE id = \(user)")?.decode(String.self)
        else { return }
        let notices = try await write.rows(
            """
            SELECT m.id, m.conversation_id, m.body FROM notice_people p JOIN messages m ON m.id = p.message_id
            WHERE p.user_id = \(user) ORDER BY m.id
            """)
        for notice in notices {
            let (id, conversation, body) = try notice.decode((Int64, Int64, String).self)
            let redacted = DeletedUser.redacting(name, in: body)
            guard redacted != body else { continue }
            try await write.query("UPDATE messages SET body = \(redacted) WHERE id = \(id)")
            write.addConversationEvent(.messageEdited, conversation: conversation, message: id, actor: nil, now: now)
        }
        let notifications = try await write.rows(
            "SELECT id, text FROM notifications WHERE actor_id = \(user) ORDER BY id")
        for notification in notifications {
            let (id, text) = try notification.decode((Int64, String).self)
            try await write.query(
                "UPDATE notifications SET text = \(DeletedUser.redactingActor(name, in: text)) WHERE id = \(id)")
        }
    }

    /// Makes `heir` the owner of the project and of its sections, tasks and task labels.
    private static func handOver(
        _ write: PostgresWrite, project: Int64, from user: Int64, to heir: Int64, now: Date
    ) async throws {
        // Out from under the leaving owner's projects, which are deleted; last in the heir's list.
        try await write.query(
            """
            UPDATE projects SET user_id = \(heir), parent_id = NULL, updated_at = \(now.micros),
                child_order = (SELECT COALESCE(MAX(child_order), 0) + 1 FROM projects WHERE user_id = \(heir))
            WHERE id = \(project) AND user_id = \(user)
            """)
        try await write.query("UPDATE sections SET user_id = \(heir) WHERE project_id = \(project)")
        try await write.query("UPDATE tasks SET user_id = \(heir) WHERE project_id = \(project)")
        try await write.query(
            """
            UPDATE task_labels SET user_id = \(heir)
            WHERE task_id IN (SELECT id FROM tasks WHERE project_id = \(project))
            """)
        try await write.query("DELETE FROM project_members WHERE project_id = \(project) AND user_id = \(heir)")
        try await announceProjectChange(write, project: project, by: heir, now: now)
    }

    /// Takes the user off the tasks of others' projects they are assigned to: the next assignee, if any,
    /// becomes the task's first.
    private static func releaseTasksOfOthers(_ write: PostgresWrite, user: Int64) async throws {
        try await write.query(
            """
            UPDATE tasks SET responsible = (
                SELECT ta.user_id FROM task_assignees ta
                WHERE ta.task_id = tasks.id AND ta.user_id <> \(user) ORDER BY ta.position LIMIT 1)
            WHERE responsible = \(user)
            """)
        try await write.query("UPDATE tasks SET assigned_by = NULL WHERE assigned_by = \(user)")
    }

    /// Deletes the conversations no one else is in; hands the others the user started to the member who joined
    /// first, and a group they owned to that member when no other owner is left. Their messages stay without an
    /// author; a message that was only their files has nothing left once the files go, so it goes too.
    private static func leaveConversations(_ write: PostgresWrite, user: Int64) async throws {
        try await write.query(
            """
            DELETE FROM conversations
            WHERE (created_by = \(user)
                    OR id IN (SELECT conversation_id FROM conversation_members WHERE user_id = \(user)))
                AND NOT EXISTS (
                    SELECT 1 FROM conversation_members o
                    WHERE o.conversation_id = conversations.id AND o.user_id <> \(user))
            """)
        try await write.query(
            """
            UPDATE conversations SET created_by = (
                SELECT o.user_id FROM conversation_members o
                WHERE o.conversation_id = conversations.id AND o.user_id <> \(user)
                ORDER BY o.joined_at, o.user_id LIMIT 1)
            WHERE created_by = \(user)
            """)
        let owned = try await write.rows(
            """
            SELECT cm.conversation_id FROM conversation_members cm
            WHERE cm.user_id = \(user) AND cm.role = 'owner' AND NOT EXISTS (
                SELECT 1 FROM conversation_members o
                WHERE o.conversation_id = cm.conversation_id AND o.user_id <> \(user) AND o.role = 'owner')
            ORDER BY cm.conversation_id
            """
        ).map { try $0.decode(Int64.self) }
        for conversation in owned {
            try await write.query(
                """
                UPDATE conversation_members SET role = 'owner'
                WHERE conversation_id = \(conversation) AND user_id = (
                    SELECT user_id FROM conversation_members WHERE conversation_id = \(conversation)
                        AND user_id <> \(user)
                    ORDER BY joined_at, user_id LIMIT 1)
                """)
        }
        try await write.query(
            """
            DELETE FROM messages WHERE author_id = \(user) AND body = ''
                AND EXISTS (SELECT 1 FROM attachments a WHERE a.message_id = messages.id)
            """)
    }
}
