import Foundation
import GRDB
import KairosCore

extension SQLiteStore: CalendarStore {
    public func calendarVersion(userID: String, projectID: String) async throws -> Int64? {
        let viewer = try require(userID.rowID, "User")
        guard let project = projectID.rowID else { return nil }
        return try await pool.read { db in
            guard try Self.project(db, viewer: viewer, id: project) != nil else { return nil }
            return try Self.calendarVersion(db, project: project)
        }
    }

    public func calendarEntries(userID: String, projectID: String) async throws -> [CalendarEntry] {
        let viewer = try require(userID.rowID, "User")
        guard let project = projectID.rowID else { return [] }
        return try await pool.read { db in
            guard try Self.project(db, viewer: viewer, id: project) != nil else { return [] }
            return try Self.calendarEntries(
                db, viewer: viewer, project: project, where: "tasks.project_id = ?", arguments: [project])
        }
    }

    public func calendarEntries(userID: String, projectID: String, taskIDs: [String]) async throws -> [CalendarEntry] {
        let viewer = try require(userID.rowID, "User")
        guard let project = projectID.rowID else { return [] }
        let ids = taskIDs.compactMap(\.rowID)
        return try await pool.read { db in
            guard try Self.project(db, viewer: viewer, id: project) != nil else { return [] }
            return try Self.calendarEntries(
                db, viewer: viewer, project: project,
                where: "tasks.project_id = ? AND tasks.id IN (SELECT value FROM json_each(?))",
                arguments: [project, ids.jsonArray])
        }
    }

    public func calendarChanges(userID: String, projectID: String, since: Int64) async throws -> CalendarChanges? {
        let viewer = try require(userID.rowID, "User")
        guard let project = projectID.rowID else { return nil }
        return try await pool.read { db in
            guard try Self.project(db, viewer: viewer, id: project) != nil else { return nil }
            let removed = try Int64.fetchAll(
                db,
                sql: """
                    SELECT task_id FROM calendar_changes
                    WHERE project_id = ? AND seq > ? AND removed = 1 AND task_id IS NOT NULL ORDER BY seq
                    """,
                arguments: [project, since])
            let changed = try Self.calendarEntries(
                db, viewer: viewer, project: project,
                where: """
                    tasks.project_id = ? AND tasks.id IN (
                        SELECT task_id FROM calendar_changes WHERE project_id = ? AND seq > ? AND removed = 0)
                    """,
                arguments: [project, project, since])
            return CalendarChanges(
                changed: changed, removedTaskIDs: removed.map(\.apiID),
                version: try Self.calendarVersion(db, project: project))
        }
    }

    private static func calendarVersion(_ db: Database, project: Int64) throws -> Int64 {
        try Int64.fetchOne(
            db, sql: "SELECT max(seq) FROM calendar_changes WHERE project_id = ?", arguments: [project]) ?? 0
    }

    /// The project's tasks matching `condition`, with `viewer`'s reminders on them and their latest change.
    private static func calendarEntries(
        _ db: Database, viewer: Int64, project: Int64, where condition: String, arguments: StatementArguments
    ) throws -> [CalendarEntry] {
        let tasks = try loadTasks(db, sql: "\(taskColumns) WHERE \(condition) ORDER BY tasks.id", arguments: arguments)
        guard !tasks.isEmpty else { return [] }
        let ids = tasks.map { $0.id.rowID! }.jsonArray
        var versions: [Int64: Int64] = [:]
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT task_id, max(seq) AS seq FROM calendar_changes
                WHERE project_id = ? AND task_id IN (SELECT value FROM json_each(?)) GROUP BY task_id
                """,
            arguments: [project, ids])
        {
            versions[row["task_id"]] = row["seq"]
        }
        var reminders: [String: [Reminder]] = [:]
        for reminder in try db.fetchRows(
            sql: "SELECT * FROM reminders WHERE user_id = ? AND task_id IN (SELECT value FROM json_each(?)) ORDER BY id",
            arguments: [viewer, ids]
        ).map(Reminder.init(row:)) {
            reminders[reminder.taskID, default: []].append(reminder)
        }
        return tasks.map { task in
            CalendarEntry(
                task: task, reminders: reminders[task.id] ?? [], version: versions[task.id.rowID!] ?? 0)
        }
    }
}
