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

extension SQLiteStore: CalendarFeedStore {
    public func createCalendarFeed(
        userID: String, projectID: String?, tokenHash: String, now: Date
    ) async throws -> CalendarFeed {
        let owner = try require(userID.rowID, "User")
        let project = try projectID.map { try require($0.rowID, "Project") }
        return try await write { db in
            if let project, try Self.project(db, viewer: owner, id: project) == nil {
                throw KairosError.missing("Project")
            }
            let count = try Int.fetchOne(
                db, sql: "SELECT count(*) FROM calendar_feeds WHERE user_id = ?", arguments: [owner]) ?? 0
            guard count < Limits.calendarFeedsPerUser else {
                throw KairosError.conflict(
                    "You have \(Limits.calendarFeedsPerUser) calendar feeds already. Delete one you no longer use first.")
            }
            try db.run(
                sql: "INSERT INTO calendar_feeds (user_id, project_id, token_hash, created_at) VALUES (?, ?, ?, ?)",
                arguments: [owner, project, tokenHash, now.micros])
            return CalendarFeed(id: db.lastInsertedRowID.apiID, projectID: projectID, createdAt: now)
        }
    }

    public func calendarFeeds(userID: String) async throws -> [CalendarFeed] {
        let owner = try require(userID.rowID, "User")
        return try await pool.read { db in
            try db.fetchRows(sql: "SELECT * FROM calendar_feeds WHERE user_id = ? ORDER BY id", arguments: [owner])
                .map(CalendarFeed.init(row:))
        }
    }

    public func deleteCalendarFeed(userID: String, id: String) async throws {
        let owner = try require(userID.rowID, "User")
        let feed = try require(id.rowID, "Calendar feed")
        try await write { db in
            try db.run(sql: "DELETE FROM calendar_feeds WHERE id = ? AND user_id = ?", arguments: [feed, owner])
            guard db.changesCount > 0 else { throw KairosError.missing("Calendar feed") }
        }
    }

    public func calendarFeed(tokenHash: String) async throws -> (feed: CalendarFeed, user: User)? {
        try await pool.read { db in
            guard
                let row = try db.fetchRow(
                    sql: "SELECT * FROM calendar_feeds WHERE token_hash = ?", arguments: [tokenHash]),
                let user = try db.fetchRow(
                    sql: "SELECT * FROM users WHERE id = ?", arguments: [row["user_id"] as Int64]
                ).map(User.init(row:))
            else { return nil }
            return (CalendarFeed(row: row), user)
        }
    }
}

extension CalendarFeed {
    init(row: Row) {
        self.init(
            id: (row["id"] as Int64).apiID, projectID: (row["project_id"] as Int64?)?.apiID,
            createdAt: Date(micros: row["created_at"]))
    }
}
