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
        try await readCalendar(userID: userID, projectID: projectID, empty: []) { db, viewer, project in
            try Self.calendarEntries(db, viewer: viewer, project: project, tasks: nil, kept: nil)
        }
    }

    public func calendarEntries(userID: String, projectID: String, names: [String]) async throws -> [CalendarEntry] {
        let list = String(decoding: try JSONEncoder().encode(names), as: UTF8.self)
        return try await readCalendar(userID: userID, projectID: projectID, empty: []) { db, viewer, project in
            let stored = try Self.storedObjects(
                db, project: project, where: "o.name IN (SELECT value FROM json_each(?))", arguments: [list])
            let named = names.compactMap(DAVPath.taskID(objectName:)).compactMap(\.rowID)
            let unnamed = try Int64.fetchAll(
                db,
                sql: """
                    SELECT id FROM tasks WHERE project_id = ? AND id IN (SELECT value FROM json_each(?))
                    AND NOT EXISTS (SELECT 1 FROM calendar_objects WHERE task_id = tasks.id)
                    """,
                arguments: [project, named.jsonArray])
            return try Self.calendarEntries(
                db, viewer: viewer, project: project, tasks: stored.taskIDs + unnamed, kept: stored.keptIDs)
        }
    }

    public func calendarEntry(userID: String, projectID: String, uid: String) async throws -> CalendarEntry? {
        try await readCalendar(userID: userID, projectID: projectID, empty: nil) { db, viewer, project in
            let stored = try Self.storedObjects(db, project: project, where: "o.uid = ?", arguments: [uid])
            var tasks = stored.taskIDs
            if tasks.isEmpty, stored.keptIDs.isEmpty, let id = TaskCalendar.taskID(uid: uid)?.rowID {
                tasks = try Int64.fetchAll(
                    db,
                    sql: """
                        SELECT id FROM tasks WHERE id = ? AND project_id = ?
                        AND NOT EXISTS (SELECT 1 FROM calendar_objects WHERE task_id = tasks.id)
                        """,
                    arguments: [id, project])
            }
            return try Self.calendarEntries(db, viewer: viewer, project: project, tasks: tasks, kept: stored.keptIDs)
                .first
        }
    }

    public func calendarChanges(userID: String, projectID: String, since: Int64) async throws -> CalendarChanges? {
        try await readCalendar(userID: userID, projectID: projectID, empty: nil) { db, viewer, project in
            var tasks: [Int64] = []
            var kept: [Int64] = []
            var removed: [CalendarChanges.Removal] = []
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT seq, task_id, object_id, removed, name FROM calendar_changes
                    WHERE project_id = ? AND seq > ? ORDER BY seq
                    """,
                arguments: [project, since])
            {
                let task: Int64? = row["task_id"]
                let object: Int64? = row["object_id"]
                if row["removed"] as Bool {
                    guard let name = row["name"] as String? ?? task.map({ DAVPath.objectName(taskID: $0.apiID) })
                    else { continue }
                    removed.append(CalendarChanges.Removal(name: name, version: row["seq"]))
                } else if let task {
                    tasks.append(task)
                } else if let object {
                    kept.append(object)
                }
            }
            let changed = try Self.calendarEntries(db, viewer: viewer, project: project, tasks: tasks, kept: kept)
            let present = Set(changed.map(\.name))
            var seen = Set<String>()
            return CalendarChanges(
                changed: changed,
                removed: removed.reversed().filter { !present.contains($0.name) && seen.insert($0.name).inserted }
                    .reversed(),
                version: try Self.calendarVersion(db, project: project))
        }
    }

    public func calendarCollectionNames(userID: String) async throws -> [String: String] {
        let user = try require(userID.rowID, "User")
        return try await pool.read { db in
            var names: [String: String] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT project_id, name FROM calendar_collections WHERE user_id = ?", arguments: [user])
            {
                names[(row["project_id"] as Int64).apiID] = row["name"]
            }
            return names
        }
    }

    public func calendarProjectID(userID: String, collectionName: String) async throws -> String? {
        let user = try require(userID.rowID, "User")
        return try await pool.read { db in
            try Int64.fetchOne(
                db, sql: "SELECT project_id FROM calendar_collections WHERE user_id = ? AND name = ?",
                arguments: [user, collectionName]
            )?.apiID
        }
    }

    public func calendarProperties(userID: String) async throws -> [String: [CalendarProperty]] {
        let user = try require(userID.rowID, "User")
        return try await pool.read { db in
            var properties: [String: [CalendarProperty]] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT * FROM calendar_properties WHERE user_id = ? ORDER BY project_id, namespace, name",
                arguments: [user])
            {
                properties[(row["project_id"] as Int64).apiID, default: []].append(
                    CalendarProperty(namespace: row["namespace"], name: row["name"], value: row["value"]))
            }
            return properties
        }
    }

    /// Reads a calendar the person can see; `empty` when they cannot.
    private func readCalendar<T: Sendable>(
        userID: String, projectID: String, empty: T,
        _ body: @escaping @Sendable (Database, _ viewer: Int64, _ project: Int64) throws -> T
    ) async throws -> T {
        let viewer = try require(userID.rowID, "User")
        guard let project = projectID.rowID else { return empty }
        return try await pool.read { db in
            guard try Self.project(db, viewer: viewer, id: project) != nil else { return empty }
            return try body(db, viewer, project)
        }
    }

    private static func calendarVersion(_ db: Database, project: Int64) throws -> Int64 {
        try Int64.fetchOne(
            db, sql: "SELECT max(seq) FROM calendar_changes WHERE project_id = ?", arguments: [project]) ?? 0
    }

    /// The stored objects in the project's calendar matching `condition` on `o`: the tasks they are and the
    /// ids of those kept as they are.
    private static func storedObjects(
        _ db: Database, project: Int64, where condition: String, arguments: StatementArguments
    ) throws -> (taskIDs: [Int64], keptIDs: [Int64]) {
        var tasks: [Int64] = []
        var kept: [Int64] = []
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT o.id, o.task_id FROM calendar_objects o LEFT JOIN tasks t ON t.id = o.task_id
                WHERE \(condition) AND (t.project_id = ? OR (o.task_id IS NULL AND o.project_id = ?))
                """,
            arguments: arguments + [project, project])
        {
            if let task = row["task_id"] as Int64? { tasks.append(task) } else { kept.append(row["id"]) }
        }
        return (tasks, kept)
    }

    /// The calendar's entries for the tasks of the project among `tasks` and the kept objects among `kept`
    /// (every one when nil), tasks first, each in the order it was made.
    private static func calendarEntries(
        _ db: Database, viewer: Int64, project: Int64, tasks taskIDs: [Int64]?, kept keptIDs: [Int64]?
    ) throws -> [CalendarEntry] {
        let tasks =
            if let taskIDs {
                taskIDs.isEmpty
                    ? []
                    : try loadTasks(
                        db,
                        sql: """
                            \(taskColumns) WHERE tasks.project_id = ? AND tasks.id IN (SELECT value FROM json_each(?))
                            ORDER BY tasks.id
                            """,
                        arguments: [project, taskIDs.jsonArray])
            } else {
                try loadTasks(
                    db, sql: "\(taskColumns) WHERE tasks.project_id = ? ORDER BY tasks.id", arguments: [project])
            }
        var entries: [CalendarEntry] = []
        if !tasks.isEmpty {
            entries = try taskEntries(db, viewer: viewer, project: project, tasks: tasks)
        }
        guard keptIDs?.isEmpty != true else { return entries }
        var sql = "SELECT * FROM calendar_objects WHERE project_id = ? AND task_id IS NULL"
        var arguments: StatementArguments = [project]
        if let keptIDs {
            sql += " AND id IN (SELECT value FROM json_each(?))"
            arguments += [keptIDs.jsonArray]
        }
        let rows = try Row.fetchAll(db, sql: sql + " ORDER BY id", arguments: arguments)
        let versions = try latestChanges(db, project: project, column: "object_id", ids: rows.map { $0["id"] })
        return entries
            + rows.map { row in
                let object = CalendarObject(row: row)
                return CalendarEntry(name: object.name, version: versions[row["id"]] ?? 0, object: object)
            }
    }

    /// The tasks as entries, with the objects clients stored for them and their parents', the viewer's
    /// reminders, and their latest changes.
    private static func taskEntries(
        _ db: Database, viewer: Int64, project: Int64, tasks: [TaskItem]
    ) throws -> [CalendarEntry] {
        let ids = tasks.map { $0.id.rowID! }
        let parents = tasks.compactMap { $0.parentID?.rowID }
        var objects: [Int64: CalendarObject] = [:]
        for row in try Row.fetchAll(
            db,
            sql: "SELECT * FROM calendar_objects WHERE task_id IN (SELECT value FROM json_each(?))",
            arguments: [(ids + parents).jsonArray])
        {
            objects[row["task_id"]] = CalendarObject(row: row)
        }
        let versions = try latestChanges(db, project: project, column: "task_id", ids: ids)
        var reminders: [String: [Reminder]] = [:]
        for reminder in try db.fetchRows(
            sql: "SELECT * FROM reminders WHERE user_id = ? AND task_id IN (SELECT value FROM json_each(?)) ORDER BY id",
            arguments: [viewer, ids.jsonArray]
        ).map(Reminder.init(row:)) {
            reminders[reminder.taskID, default: []].append(reminder)
        }
        return zip(tasks, ids).map { task, id in
            let object = objects[id]
            return CalendarEntry(
                name: object?.name ?? DAVPath.objectName(taskID: task.id), version: versions[id] ?? 0, object: object,
                task: task, reminders: reminders[task.id] ?? [],
                parentObjectUID: task.parentID?.rowID.flatMap { objects[$0]?.uid })
        }
    }

    /// The number of the latest change in the project of each of `ids` (tasks or kept objects, by `column`).
    private static func latestChanges(
        _ db: Database, project: Int64, column: String, ids: [Int64]
    ) throws -> [Int64: Int64] {
        guard !ids.isEmpty else { return [:] }
        var versions: [Int64: Int64] = [:]
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT \(column) AS id, max(seq) AS seq FROM calendar_changes
                WHERE project_id = ? AND removed = 0 AND \(column) IN (SELECT value FROM json_each(?)) GROUP BY \(column)
                """,
            arguments: [project, ids.jsonArray])
        {
            versions[row["id"]] = row["seq"]
        }
        return versions
    }
}

extension SQLiteStore: CalendarObjectStore {
    public func saveCalendarObject(_ object: CalendarObject, projectID: String, taskID: String?) async throws {
        let project = try require(projectID.rowID, "Project")
        let task = try taskID.map { try require($0.rowID, "Task") }
        let arguments: StatementArguments = [
            project, object.name, object.uid, task, object.waitingParentUID, object.text,
        ]
        try await write { db in
            if task != nil {
                try db.run(
                    sql: """
                        INSERT INTO calendar_objects (project_id, name, uid, task_id, parent_uid, ics)
                        VALUES (?, ?, ?, ?, ?, ?)
                        ON CONFLICT (task_id) DO UPDATE SET
                            project_id = excluded.project_id, name = excluded.name, uid = excluded.uid,
                            parent_uid = excluded.parent_uid, ics = excluded.ics
                        """,
                    arguments: arguments)
                return
            }
            try db.run(
                sql: """
                    UPDATE calendar_objects SET uid = ?, parent_uid = ?, ics = ?
                    WHERE project_id = ? AND name = ? AND task_id IS NULL
                    """,
                arguments: [object.uid, object.waitingParentUID, object.text, project, object.name])
            if db.changesCount == 0 {
                try db.run(
                    sql: """
                        INSERT INTO calendar_objects (project_id, name, uid, task_id, parent_uid, ics)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """,
                    arguments: arguments)
            }
        }
    }

    public func deleteCalendarObject(projectID: String, name: String) async throws {
        let project = try require(projectID.rowID, "Project")
        try await write { db in
            try db.run(
                sql: "DELETE FROM calendar_objects WHERE project_id = ? AND name = ? AND task_id IS NULL",
                arguments: [project, name])
        }
    }

    public func setCalendarProperties(userID: String, projectID: String, _ changes: [CalendarProperty]) async throws {
        let user = try require(userID.rowID, "User")
        let project = try require(projectID.rowID, "Project")
        try await write { db in
            for change in changes {
                if let value = change.value {
                    try db.run(
                        sql: """
                            INSERT INTO calendar_properties (user_id, project_id, namespace, name, value)
                            VALUES (?, ?, ?, ?, ?)
                            ON CONFLICT DO UPDATE SET value = excluded.value
                            """,
                        arguments: [user, project, change.namespace, change.name, value])
                } else {
                    try db.run(
                        sql: """
                            DELETE FROM calendar_properties
                            WHERE user_id = ? AND project_id = ? AND namespace = ? AND name = ?
                            """,
                        arguments: [user, project, change.namespace, change.name])
                }
            }
        }
    }

    public func nameCalendarCollection(userID: String, projectID: String, name: String) async throws {
        let user = try require(userID.rowID, "User")
        let project = try require(projectID.rowID, "Project")
        try await write { db in
            try db.run(
                sql: "INSERT INTO calendar_collections (user_id, name, project_id) VALUES (?, ?, ?)",
                arguments: [user, name, project])
        }
    }

    public func takeTasksWaiting(forParentUID parentUID: String, projectID: String) async throws -> [String] {
        guard let project = projectID.rowID else { return [] }
        return try await write { db in
            let tasks = try Int64.fetchAll(
                db,
                sql: """
                    SELECT o.task_id FROM calendar_objects o JOIN tasks t ON t.id = o.task_id
                    WHERE o.parent_uid = ? AND t.project_id = ? ORDER BY o.task_id
                    """,
                arguments: [parentUID, project])
            try db.run(
                sql: "UPDATE calendar_objects SET parent_uid = NULL WHERE task_id IN (SELECT value FROM json_each(?))",
                arguments: [tasks.jsonArray])
            return tasks.map(\.apiID)
        }
    }
}

extension CalendarObject {
    init(row: Row) {
        self.init(name: row["name"], uid: row["uid"], text: row["ics"], waitingParentUID: row["parent_uid"])
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
