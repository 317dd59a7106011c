import Foundation
import GRDB
import KairosCore

extension SQLiteStore: AccountDeletionStore {
    public func ownedSharedProjects(userID: String) async throws -> [OwnedSharedProject] {
        let owner = try require(userID.rowID, "User")
        let ids = try await pool.read { db in
            try Int64.fetchAll(
                db,
                sql: """
                    SELECT id FROM projects
                    WHERE user_id = ? AND EXISTS (SELECT 1 FROM project_members pm WHERE pm.project_id = projects.id)
                    ORDER BY id
                    """,
                arguments: [owner])
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
        return try await write { db in
            for project in plan.deletions.compactMap(\.rowID) {
                // Told first, while the members still see it: their clients drop it.
                try Self.announceProjectChange(db, project: project, by: user, now: now)
                try db.run(sql: "DELETE FROM projects WHERE id = ? AND user_id = ?", arguments: [project, user])
            }
            for transfer in plan.transfers {
                guard let project = transfer.projectID.rowID, let heir = transfer.heirID.rowID else { continue }
                try Self.handOver(db, project: project, from: user, to: heir, now: now)
            }
            // Read first: a message that was only files takes its files with it when it goes.
            let contents = try String.fetchAll(
                db, sql: "SELECT DISTINCT sha256 FROM attachments WHERE user_id = ?", arguments: [user])
            try Self.releaseTasksOfOthers(db, user: user)
            try Self.leaveConversations(db, user: user)
            try Self.stopNaming(db, user: user, now: now)
            // Everything else of theirs goes with the row: tokens, projects, tasks, labels, comments, time,
            // reminders, notifications, memberships and uploads are all deleted with it (ON DELETE CASCADE).
            try db.run(sql: "DELETE FROM users WHERE id = ?", arguments: [user])
            return contents
        }
    }

    /// Others go on reading about the person in the notices that named them and the notifications they caused,
    /// as "Deleted user" (`DeletedUser`); members' open threads are told the notices changed.
    private static func stopNaming(_ db: Database, user: Int64, now: Date) throws {
        guard let name = try String.fetchOne(db, sql: "SELECT name FROM users WHERE id = ?", arguments: [user])
        else { return }
        let notices = try db.fetchRows(
            sql: """
                SELECT m.id, m.body FROM notice_people p JOIN messages m ON m.id = p.message_id
                WHERE p.user_id = ? ORDER BY m.id
                """,
            arguments: [user])
        for notice in notices {
            let (id, body): (Int64, String) = (notice["id"], notice["body"])
            let redacted = DeletedUser.redacting(name, in: body)
            guard redacted != body else { continue }
            try db.run(sql: "UPDATE messages SET body = ? WHERE id = ?", arguments: [redacted, id])
            try recordMessageEvent(db, .messageEdited, message: id, now: now)
        }
        let notifications = try db.fetchRows(
            sql: "SELECT id, text FROM notifications WHERE actor_id = ?", arguments: [user])
        for notification in notifications {
            let (id, text): (Int64, String) = (notification["id"], notification["text"])
            try db.run(
                sql: "UPDATE notifications SET text = ? WHERE id = ?",
                arguments: [DeletedUser.redactingActor(name, in: text), id])
        }
    }

    /// Makes `heir` the owner of the project and of its sections, tasks and task labels.
    private static func handOver(_ db: Database, project: Int64, from user: Int64, to heir: Int64, now: Date) throws {
        // Out from under the leaving owner's projects, which are deleted; last in the heir's list.
        try db.run(
            sql: """
                UPDATE projects SET user_id = ?, parent_id = NULL, updated_at = ?,
                    child_order = (SELECT COALESCE(MAX(child_order), 0) + 1 FROM projects WHERE user_id = ?)
                WHERE id = ? AND user_id = ?
                """,
            arguments: [heir, now.micros, heir, project, user])
        try db.run(sql: "UPDATE sections SET user_id = ? WHERE project_id = ?", arguments: [heir, project])
        try db.run(sql: "UPDATE tasks SET user_id = ? WHERE project_id = ?", arguments: [heir, project])
        try db.run(
            sql: "UPDATE task_labels SET user_id = ? WHERE task_id IN (SELECT id FROM tasks WHERE project_id = ?)",
            arguments: [heir, project])
        try db.run(
            sql: "DELETE FROM project_members WHERE project_id = ? AND user_id = ?", arguments: [project, heir])
        try announceProjectChange(db, project: project, by: heir, now: now)
    }

    /// Takes the user off the tasks of others' projects they are assigned to: the next assignee, if any,
    /// becomes the task's first.
    private static func releaseTasksOfOthers(_ db: Database, user: Int64) throws {
        try db.run(
            sql: """
                UPDATE tasks SET responsible = (
                    SELECT ta.user_id FROM task_assignees ta
                    WHERE ta.task_id = tasks.id AND ta.user_id <> ? ORDER BY ta.position LIMIT 1)
                WHERE responsible = ?
                """,
            arguments: [user, user])
        try db.run(sql: "UPDATE tasks SET assigned_by = NULL WHERE assigned_by = ?", arguments: [user])
    }

    /// Deletes the conversations no one else is in; hands the others the user started to the member who joined
    /// first, and a group they owned to that member when no other owner is left. Their messages stay without an
    /// author; a message that was only their files has nothing left once the files go, so it goes too.
    private static func leaveConversations(_ db: Database, user: Int64) throws {
        let othersIn =
            "SELECT 1 FROM conversation_members o WHERE o.conversation_id = conversations.id AND o.user_id <> ?"
        try db.run(
            sql: """
                DELETE FROM conversations
                WHERE (created_by = ? OR id IN (SELECT conversation_id FROM conversation_members WHERE user_id = ?))
                    AND NOT EXISTS (\(othersIn))
                """,
            arguments: [user, user, user])
        let firstOther = """
            SELECT o.user_id FROM conversation_members o WHERE o.conversation_id = conversations.id AND o.user_id <> ?
            ORDER BY o.joined_at, o.user_id LIMIT 1
            """
        try db.run(
            sql: "UPDATE conversations SET created_by = (\(firstOther)) WHERE created_by = ?", arguments: [user, user])
        let owned = try Int64.fetchAll(
            db,
            sql: """
                SELECT cm.conversation_id FROM conversation_members cm
                WHERE cm.user_id = ? AND cm.role = 'owner' AND NOT EXISTS (
                    SELECT 1 FROM conversation_members o
                    WHERE o.conversation_id = cm.conversation_id AND o.user_id <> ? AND o.role = 'owner')
                """,
            arguments: [user, user])
        for conversation in owned {
            try db.run(
                sql: """
                    UPDATE conversation_members SET role = 'owner'
                    WHERE conversation_id = ? AND user_id = (
                        SELECT user_id FROM conversation_members WHERE conversation_id = ? AND user_id <> ?
                        ORDER BY joined_at, user_id LIMIT 1)
                    """,
                arguments: [conversation, conversation, user])
        }
        try db.run(
            sql: """
                DELETE FROM messages WHERE author_id = ? AND body = ''
                    AND EXISTS (SELECT 1 FROM attachments a WHERE a.message_id = messages.id)
                """,
            arguments: [user])
    }
}
