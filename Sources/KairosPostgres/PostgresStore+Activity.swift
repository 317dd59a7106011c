import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: TaskActivityStore {
    public func taskActivity(userID: String, taskID: String, page: PageRequest) async throws -> Page<TaskActivity> {
        let viewer = try require(userID.rowID, "User")
        let sql = QueryBuilder()
        let task = sql.bind(taskID.rowID ?? 0)
        var condition =
            "a.task_id IN (SELECT id FROM tasks WHERE tasks.id = \(task) AND \(Visibility.tasks(sql.bind(viewer))))"
        if let last = page.cursor?.keys.first {
            condition += " AND a.id < \(sql.bind(last))"
        }
        let text = """
            SELECT a.id, a.task_id, a.kind, a.actor_id, u.name, a.detail, a.created_at
            FROM task_activity a LEFT JOIN users u ON u.id = a.actor_id
            WHERE \(condition)
            ORDER BY a.id DESC LIMIT \(sql.bind(page.fetchLimit))
            """
        let statement = sql.query(text)
        let rows = try await read { connection in
            try await connection.rows(statement, logger: logger).map { row in
                let (id, task, kind, actor, actorName, detail, createdAt) = try row.decode(
                    (Int64, Int64, String, Int64?, String?, String?, Int64).self)
                return TaskActivity(
                    id: id.apiID, taskID: task.apiID, kind: TaskActivity.Kind(rawValue: kind) ?? .contentEdited,
                    actorID: actor?.apiID, actorName: actorName ?? DeletedUser.name, detail: detail,
                    createdAt: Date(micros: createdAt))
            }
        }
        let cut = page.page(rows) { [$0.id.rowID!] }
        return Page(results: cut.items, nextCursor: cut.next)
    }

    /// Keeps a change in the task's activity, inside the write that made it. People named by id in the
    /// change are kept by their names.
    static func record(
        _ write: PostgresWrite, task: Int64, _ change: TaskChange, by actor: Int64?, now: Date
    ) async throws {
        var named: [Int64] = []
        _ = change.naming { id in
            if let row = id.rowID { named.append(row) }
            return id
        }
        var names: [String: String] = [:]
        if !named.isEmpty {
            for row in try await write.rows("SELECT id, name FROM users WHERE id = ANY(\(named))") {
                let (id, name) = try row.decode((Int64, String).self)
                names[id.apiID] = name
            }
        }
        for entry in change.naming({ names[$0] ?? "Someone" }).activity {
            try await write.query(
                """
                INSERT INTO task_activity (task_id, actor_id, kind, detail, created_at)
                VALUES (\(task), \(actor), \(entry.kind.rawValue), \(entry.detail), \(now.micros))
                """)
        }
    }
}
