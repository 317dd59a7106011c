import Foundation
import GRDB
import KairosCore

extension SQLiteStore: TaskActivityStore {
    public func taskActivity(userID: String, taskID: String, page: PageRequest) async throws -> Page<TaskActivity> {
        let viewer = try require(userID.rowID, "User")
        var arguments: StatementArguments = [taskID.rowID ?? 0] + Visible.arguments(viewer)
        var keyset = ""
        if let last = page.cursor?.keys.first {
            keyset = " AND a.id < ?"
            arguments += [last]
        }
        return try await pool.read { [arguments, keyset] db in
            let rows = try db.fetchRows(
                sql: """
                    SELECT a.id, a.task_id, a.kind, a.actor_id, u.name, a.detail, a.created_at
                    FROM task_activity a LEFT JOIN users u ON u.id = a.actor_id
                    WHERE a.task_id IN (SELECT id FROM tasks WHERE tasks.id = ? AND \(Visible.tasks))\(keyset)
                    ORDER BY a.id DESC LIMIT ?
                    """,
                arguments: arguments + [page.fetchLimit]
            ).map { row in
                TaskActivity(
                    id: (row[0] as Int64).apiID, taskID: (row[1] as Int64).apiID,
                    kind: TaskActivity.Kind(rawValue: row[2]) ?? .contentEdited,
                    actorID: (row[3] as Int64?)?.apiID, actorName: row[4] ?? DeletedUser.name, detail: row[5],
                    createdAt: Date(micros: row[6]))
            }
            let cut = page.page(rows) { [$0.id.rowID!] }
            return Page(results: cut.items, nextCursor: cut.next)
        }
    }

    /// Keeps a change in the task's activity, inside the write that made it. People named by id in the
    /// change are kept by their names.
    static func record(_ db: Database, task: Int64, _ change: TaskChange, by actor: Int64?, now: Date) throws {
        let named = try change.naming { id in
            try String.fetchOne(db, sql: "SELECT name FROM users WHERE id = ?", arguments: [id.rowID ?? 0]) ?? "Someone"
        }
        for entry in named.activity {
            try db.run(
                sql: "INSERT INTO task_activity (task_id, actor_id, kind, detail, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [task, actor, entry.kind.rawValue, entry.detail, now.micros])
        }
    }
}
