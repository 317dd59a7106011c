import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: CalendarStore {
    public func calendarVersion(userID: String, projectID: String) async throws -> Int64? {
        try await readCalendar(userID: userID, projectID: projectID, empty: nil) { connection, _, project in
            try await Self.calendarVersion(connection, project: project, logger: logger)
        }
    }

    public func calendarEntries(userID: String, projectID: String) async throws -> [CalendarEntry] {
        try await readCalendar(userID: userID, projectID: projectID, empty: []) { connection, viewer, project in
            try await Self.calendarEntries(
                connection, viewer: viewer, project: project, tasks: nil, kept: nil, logger: logger)
        }
    }

    public func calendarEntries(userID: String, projectID: String, names: [String]) async throws -> [CalendarEntry] {
        try await readCalendar(userID: userID, projectID: projectID, empty: []) { connection, viewer, project in
            let stored = try await Self.storedObjects(connection, project: project, logger: logger) { sql in
                "o.name = ANY(\(sql.bind(names)))"
            }
            let named = names.compactMap(DAVPath.taskID(objectName:)).compactMap(\.rowID)
            let unnamed = try await connection.rows(
                """
                SELECT id FROM tasks WHERE project_id = \(project) AND id = ANY(\(named))
                AND NOT EXISTS (SELECT 1 FROM calendar_objects WHERE task_id = tasks.id)
                """, logger: logger
            ).map { try $0.decode(Int64.self) }
            return try await Self.calendarEntries(
                connection, viewer: viewer, project: project, tasks: stored.taskIDs + unnamed, kept: stored.keptIDs,
                logger: logger)
        }
    }

    public func calendarEntry(userID: String, projectID: String, uid: String) async throws -> CalendarEntry? {
        try await readCalendar(userID: userID, projectID: projectID, empty: nil) { connection, viewer, project in
            let stored = try await Self.storedObjects(connection, project: project, logger: logger) { sql in
                "o.uid = \(sql.bind(uid))"
            }
            var tasks = stored.taskIDs
            if tasks.isEmpty, stored.keptIDs.isEmpty, let id = TaskCalendar.taskID(uid: uid)?.rowID {
                tasks = try await connection.rows(
                    """
                    SELECT id FROM tasks WHERE id = \(id) AND project_id = \(project)
                    AND NOT EXISTS (SELECT 1 FROM calendar_objects WHERE task_id = tasks.id)
                    """, logger: logger
                ).map { try $0.decode(Int64.self) }
            }
            return try await Self.calendarEntries(
                connection, viewer: viewer, project: project, tasks: tasks, kept: stored.keptIDs, logger: logger
            ).first
        }
    }

    public func calendarChanges(userID: String, projectID: String, since: Int64) async throws -> CalendarChanges? {
        try await readCalendar(userID: userID, projectID: projectID, empty: nil) { connection, viewer, project in
            var tasks: [Int64] = []
            var kept: [Int64] = []
            var removed: [CalendarChanges.Removal] = []
            let rows = try await connection.rows(
                """
                SELECT seq, task_id, object_id, removed, name FROM calendar_changes
                WHERE project_id = \(project) AND seq > \(since) AND seq > 0 ORDER BY seq
                """, logger: logger)
            for row in rows {
                let (seq, task, object, isRemoval, name) = try row.decode((Int64, Int64?, Int64?, Bool, String?).self)
                if isRemoval {
                    guard let name = name ?? task.map({ DAVPath.objectName(taskID: $0.apiID) }) else { continue }
                    removed.append(CalendarChanges.Removal(name: name, version: seq))
                } else if let task {
                    tasks.append(task)
                } else if let object {
                    kept.append(object)
                }
            }
            let changed = try await Self.calendarEntries(
                connection, viewer: viewer, project: project, tasks: tasks, kept: kept, logger: logger)
            let present = Set(changed.map(\.name))
            var seen = Set<String>()
            return CalendarChanges(
                changed: changed,
                removed: removed.reversed().filter { !present.contains($0.name) && seen.insert($0.name).inserted }
                    .reversed(),
                version: try await Self.calendarVersion(connection, project: project, logger: logger))
        }
    }

    public func calendarCollectionNames(userID: String) async throws -> [String: String] {
        let user = try require(userID.rowID, "User")
        return try await read { connection in
            var names: [String: String] = [:]
            let rows = try await connection.rows(
                "SELECT project_id, name FROM calendar_collections WHERE user_id = \(user)", logger: logger)
            for row in rows {
                let (project, name) = try row.decode((Int64, String).self)
                names[project.apiID] = name
            }
            return names
        }
    }

    public func calendarProjectID(userID: String, collectionName: String) async throws -> String? {
        let user = try require(userID.rowID, "User")
        return try await read { connection in
            try await connection.firstRow(
                "SELECT project_id FROM calendar_collections WHERE user_id = \(user) AND name = \(collectionName)",
                logger: logger
            )?.decode(Int64.self).apiID
        }
    }

    public func calendarProperties(userID: String) async throws -> [String: [CalendarProperty]] {
        let user = try require(userID.rowID, "User")
        return try await read { connection in
            var properties: [String: [CalendarProperty]] = [:]
            // Byte order, as SQLite sorts text.
            let rows = try await connection.rows(
                """
                SELECT project_id, namespace, name, value FROM calendar_properties WHERE user_id = \(user)
                ORDER BY project_id, namespace COLLATE "C", name COLLATE "C"
                """, logger: logger)
            for row in rows {
                let (project, namespace, name, value) = try row.decode((Int64, String, String, String).self)
                properties[project.apiID, default: []].append(
                    CalendarProperty(namespace: namespace, name: name, value: value))
            }
            return properties
        }
    }

    /// Reads a calendar the person can see, in one snapshot so that its version agrees with its entries;
    /// `empty` when they cannot see it.
    private func readCalendar<T: Sendable>(
        userID: String, projectID: String, empty: T,
        _ body: (PostgresConnection, _ viewer: Int64, _ project: Int64) async throws -> T
    ) async throws -> T {
        let viewer = try require(userID.rowID, "User")
        guard let project = projectID.rowID else { return empty }
        return try await readSnapshot { connection in
            guard try await Self.project(connection, viewer: viewer, id: project, logger: logger) != nil else {
                return empty
            }
            return try await body(connection, viewer, project)
        }
    }

    /// The number of the project's latest change that is committed; 0 when there is none.
    private static func calendarVersion(
        _ connection: PostgresConnection, project: Int64, logger: Logger
    ) async throws -> Int64 {
        try await connection.firstRow(
            "SELECT COALESCE(max(seq), 0) FROM calendar_changes WHERE project_id = \(project) AND seq > 0",
            logger: logger
        )?.decode(Int64.self) ?? 0
    }

    /// The stored objects in the project's calendar matching `condition` on `o` (written with the builder's
    /// placeholders): the tasks they are and the ids of those kept as they are.
    private static func storedObjects(
        _ connection: PostgresConnection, project: Int64, logger: Logger, where condition: (QueryBuilder) -> String
    ) async throws -> (taskIDs: [Int64], keptIDs: [Int64]) {
        let sql = QueryBuilder()
        let matching = condition(sql)
        let here = sql.bind(project)
        let rows = try await connection.rows(
            sql.query(
                """
                SELECT o.id, o.task_id FROM calendar_objects o LEFT JOIN tasks t ON t.id = o.task_id
                WHERE \(matching) AND (t.project_id = \(here) OR (o.task_id IS NULL AND o.project_id = \(here)))
                """), logger: logger)
        var tasks: [Int64] = []
        var kept: [Int64] = []
        for row in rows {
            let (id, task) = try row.decode((Int64, Int64?).self)
            if let task { tasks.append(task) } else { kept.append(id) }
        }
        return (tasks, kept)
    }

    /// The calendar's entries for the tasks of the project among `tasks` and the kept objects among `kept`
    /// (every one when nil), tasks first, each in the order it was made.
    private static func calendarEntries(
        _ connection: PostgresConnection, viewer: Int64, project: Int64, tasks taskIDs: [Int64]?,
        kept keptIDs: [Int64]?, logger: Logger
    ) async throws -> [CalendarEntry] {
        let sql = QueryBuilder()
        var text = "\(taskColumns) WHERE tasks.project_id = \(sql.bind(project))"
        if let taskIDs { text += " AND tasks.id = ANY(\(sql.bind(taskIDs)))" }
        let tasks =
            taskIDs?.isEmpty == true
            ? [] : try await loadTasks(connection, sql.query(text + " ORDER BY tasks.id"), logger: logger)
        var entries: [CalendarEntry] = []
        if !tasks.isEmpty {
            entries = try await taskEntries(connection, viewer: viewer, project: project, tasks: tasks, logger: logger)
        }
        guard keptIDs?.isEmpty != true else { return entries }
        let rows = try await connection.rows(
            """
            SELECT id, \(unescaped: CalendarObject.columns) FROM calendar_objects
            WHERE project_id = \(project) AND task_id IS NULL AND (\(keptIDs)::bigint[] IS NULL OR id = ANY(\(keptIDs)))
            ORDER BY id
            """, logger: logger)
        let kept = try rows.map { row in
            (id: try row.decode(Int64.self), object: try CalendarObject(row: row, from: 1))
        }
        let versions = try await latestChanges(
            connection, project: project, column: .object, ids: kept.map(\.id), logger: logger)
        return entries
            + kept.map { CalendarEntry(name: $0.object.name, version: versions[$0.id] ?? 0, object: $0.object) }
    }

    /// The tasks as entries, with the objects clients stored for them and their parents', the viewer's
    /// reminders, and their latest changes.
    private static func taskEntries(
        _ connection: PostgresConnection, viewer: Int64, project: Int64, tasks: [TaskItem], logger: Logger
    ) async throws -> [CalendarEntry] {
        let ids = tasks.map { $0.id.rowID! }
        let parents = tasks.compactMap { $0.parentID?.rowID }
        var objects: [Int64: CalendarObject] = [:]
        let objectRows = try await connection.rows(
            """
            SELECT task_id, \(unescaped: CalendarObject.columns) FROM calendar_objects
            WHERE task_id = ANY(\(ids + parents))
            """, logger: logger)
        for row in objectRows {
            objects[try row.decode(Int64.self)] = try CalendarObject(row: row, from: 1)
        }
        let versions = try await latestChanges(connection, project: project, column: .task, ids: ids, logger: logger)
        var reminders: [String: [Reminder]] = [:]
        let reminderRows = try await connection.rows(
            """
            SELECT \(unescaped: Reminder.columns) FROM reminders WHERE user_id = \(viewer) AND task_id = ANY(\(ids))
            ORDER BY id
            """, logger: logger)
        for reminder in try reminderRows.map(Reminder.init(row:)) {
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

    /// What a row of the calendar journal is about.
    private enum JournalSubject {
        case task
        case object

        var column: String {
            switch self {
            case .task: "task_id"
            case .object: "object_id"
            }
        }
    }

    /// The number of the latest committed change in the project of each of `ids` (tasks or kept objects).
    private static func latestChanges(
        _ connection: PostgresConnection, project: Int64, column subject: JournalSubject, ids: [Int64],
        logger: Logger
    ) async throws -> [Int64: Int64] {
        guard !ids.isEmpty else { return [:] }
        var versions: [Int64: Int64] = [:]
        let rows = try await connection.rows(
            """
            SELECT \(unescaped: subject.column), max(seq) FROM calendar_changes
            WHERE project_id = \(project) AND NOT removed AND seq > 0 AND \(unescaped: subject.column) = ANY(\(ids))
            GROUP BY \(unescaped: subject.column)
            """, logger: logger)
        for row in rows {
            let (id, seq) = try row.decode((Int64, Int64).self)
            versions[id] = seq
        }
        return versions
    }
}

extension PostgresStore: CalendarObjectStore {
    public func saveCalendarObject(_ object: CalendarObject, projectID: String, taskID: String?) async throws {
        let project = try require(projectID.rowID, "Project")
        let task = try taskID.map { id throws(KairosError) in try require(id.rowID, "Task") }
        try await write { write in
            if let task {
                try await write.query(
                    """
                    INSERT INTO calendar_objects (project_id, name, uid, task_id, parent_uid, ics)
                    VALUES (\(project), \(object.name), \(object.uid), \(task), \(object.waitingParentUID),
                        \(object.text))
                    ON CONFLICT (task_id) DO UPDATE SET
                        project_id = EXCLUDED.project_id, name = EXCLUDED.name, uid = EXCLUDED.uid,
                        parent_uid = EXCLUDED.parent_uid, ics = EXCLUDED.ics
                    """)
                return
            }
            // Nothing makes a kept object's name unique: writers of one project's kept objects take turns, so
            // that two saves of a new name cannot both insert it.
            try await write.query("SELECT 1 FROM projects WHERE id = \(project) FOR NO KEY UPDATE")
            let updated = try await write.rows(
                """
                UPDATE calendar_objects SET uid = \(object.uid), parent_uid = \(object.waitingParentUID),
                    ics = \(object.text)
                WHERE project_id = \(project) AND name = \(object.name) AND task_id IS NULL
                RETURNING id
                """)
            if updated.isEmpty {
                try await write.query(
                    """
                    INSERT INTO calendar_objects (project_id, name, uid, task_id, parent_uid, ics)
                    VALUES (\(project), \(object.name), \(object.uid), NULL, \(object.waitingParentUID),
                        \(object.text))
                    """)
            }
        }
    }

    public func deleteCalendarObject(projectID: String, name: String) async throws {
        let project = try require(projectID.rowID, "Project")
        try await write { write in
            try await write.query(
                "DELETE FROM calendar_objects WHERE project_id = \(project) AND name = \(name) AND task_id IS NULL")
        }
    }

    public func setCalendarProperties(userID: String, projectID: String, _ changes: [CalendarProperty]) async throws {
        let user = try require(userID.rowID, "User")
        let project = try require(projectID.rowID, "Project")
        try await write { write in
            for change in changes {
                if let value = change.value {
                    try await write.query(
                        """
                        INSERT INTO calendar_properties (user_id, project_id, namespace, name, value)
                        VALUES (\(user), \(project), \(change.namespace), \(change.name), \(value))
                        ON CONFLICT (user_id, project_id, namespace, name) DO UPDATE SET value = EXCLUDED.value
                        """)
                } else {
                    try await write.query(
                        """
                        DELETE FROM calendar_properties
                        WHERE user_id = \(user) AND project_id = \(project) AND namespace = \(change.namespace)
                            AND name = \(change.name)
                        """)
                }
            }
        }
    }

    public func nameCalendarCollection(userID: String, projectID: String, name: String) async throws {
        let user = try require(userID.rowID, "User")
        let project = try require(projectID.rowID, "Project")
        try await write { write in
            try await write.query(
                "INSERT INTO calendar_collections (user_id, name, project_id) VALUES (\(user), \(name), \(project))")
        }
    }

    public func takeTasksWaiting(forParentUID parentUID: String, projectID: String) async throws -> [String] {
        guard let project = projectID.rowID else { return [] }
        return try await write { write in
            // One statement: of two writers taking the same parent's tasks, the second finds them taken.
            let rows = try await write.rows(
                """
                UPDATE calendar_objects o SET parent_uid = NULL FROM tasks t
                WHERE t.id = o.task_id AND o.parent_uid = \(parentUID) AND t.project_id = \(project)
                RETURNING o.task_id
                """)
            return try rows.map { try $0.decode(Int64.self) }.sorted().map(\.apiID)
        }
    }
}

extension CalendarObject {
    /// The columns `init(row:from:)` reads, in its order.
    static let columns = "name, uid, ics, parent_uid"

    /// An object from a row holding `columns` from its `index`-th column on.
    init(row: PostgresRow, from index: Int) throws {
        let cells = row.makeRandomAccess()
        self.init(
            name: try cells[index].decode(String.self), uid: try cells[index + 1].decode(String.self),
            text: try cells[index + 2].decode(String.self),
            waitingParentUID: try cells[index + 3].decode(String?.self))
    }
}
