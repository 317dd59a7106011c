import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: SyncStore {
    public func syncPosition() async throws -> Int64 {
        try await read { connection in try await Self.syncPosition(connection, logger: logger) }
    }

    public func syncEverything(userID: String) async throws -> (objects: SyncObjects, position: Int64) {
        let viewer = try require(userID.rowID, "User")
        return try await readSnapshot { connection in
            let position = try await Self.syncPosition(connection, logger: logger)
            var objects = SyncObjects()
            let sql = QueryBuilder()
            let me = sql.bind(viewer)
            let openTasks = "SELECT id FROM tasks WHERE \(Visibility.tasks(me)) AND completed_at IS NULL"
            let projects = "SELECT id FROM projects WHERE \(Visibility.projects(me))"
            func rows(_ text: String) async throws -> [PostgresRow] {
                try await connection.rows(sql.query(text), logger: logger)
            }
            objects.projects = try await rows(
                "\(Self.projectSelection(me)) WHERE \(Visibility.projects(me)) ORDER BY child_order, projects.id"
            ).map(Project.init(row:))
            objects.sections = try await rows(
                "SELECT \(Section.columns) FROM sections WHERE \(Visibility.sections(me)) ORDER BY section_order, id"
            ).map(Section.init(row:))
            objects.items = try await Self.loadTasks(
                connection,
                sql.query(
                    "\(Self.taskColumns) WHERE \(Visibility.tasks(me)) AND tasks.completed_at IS NULL ORDER BY tasks.id"
                ), logger: logger)
            objects.labels = try await rows(
                "SELECT \(Label.columns) FROM labels WHERE user_id = \(me) ORDER BY item_order, id"
            ).map(Label.init(row:))
            objects.notes = try await rows(
                "SELECT \(Comment.columns) FROM comments WHERE task_id IN (\(openTasks)) ORDER BY id"
            ).map(Comment.init(row:))
            objects.projectNotes = try await rows(
                "SELECT \(Comment.columns) FROM comments WHERE project_id IN (\(projects)) ORDER BY id"
            ).map(Comment.init(row:))
            objects.reminders = try await rows(
                """
                SELECT \(Reminder.columns) FROM reminders WHERE user_id = \(me) AND task_id IN (\(openTasks))
                ORDER BY id
                """
            ).map(Reminder.init(row:))
            try await Self.readSyncUser(connection, viewer, into: &objects, logger: logger)
            return (objects, position)
        }
    }

    public func syncChanges(
        userID: String, after position: Int64
    ) async throws -> (objects: SyncObjects, position: Int64)? {
        let viewer = try require(userID.rowID, "User")
        return try await readSnapshot { connection in
            let latest = try await Self.syncPosition(connection, logger: logger)
            guard position <= latest else { return nil }
            var objects = SyncObjects()
            guard position < latest else { return (objects, latest) }
            func ids(_ query: PostgresQuery) async throws -> [Int64] {
                try await connection.rows(query, logger: logger).map { try $0.decode(Int64.self) }
            }
            let seen = Set(
                try await ids(
                    """
                    SELECT id FROM projects WHERE user_id = \(viewer)
                    UNION SELECT project_id FROM project_members WHERE user_id = \(viewer)
                    """))
            var changes = try await Self.journal(
                connection,
                """
                SELECT kind, object_id, project_id, user_id FROM sync_changes
                WHERE seq > \(position) AND seq > 0 AND (user_id = \(viewer) OR
                    (kind NOT IN ('reminder', 'label', 'user') AND project_id IN
                        (SELECT id FROM projects WHERE user_id = \(viewer) UNION
                         SELECT project_id FROM project_members WHERE user_id = \(viewer))))
                ORDER BY seq
                """, logger: logger)
            // Projects the person left (or that went, with them a member) since: what happened there before they
            // left, and whatever is still there, is gone from their sight.
            let left = Array(changes.projects(whoseMembershipOf: viewer, changed: false, seen: seen))
            var gone = SyncIDs()
            if !left.isEmpty {
                changes += try await Self.journal(
                    connection,
                    """
                    SELECT kind, object_id, project_id, user_id FROM sync_changes WHERE seq > \(position) AND seq > 0
                        AND kind NOT IN ('reminder', 'label', 'user') AND project_id = ANY(\(left))
                    """, logger: logger)
                gone.projects.formUnion(left)
                gone.items.formUnion(try await ids("SELECT id FROM tasks WHERE project_id = ANY(\(left))"))
                gone.sections.formUnion(try await ids("SELECT id FROM sections WHERE project_id = ANY(\(left))"))
                gone.notes.formUnion(
                    try await ids(
                        """
                        SELECT id FROM comments WHERE project_id = ANY(\(left))
                            OR task_id IN (SELECT id FROM tasks WHERE project_id = ANY(\(left)))
                        """))
                gone.reminders.formUnion(
                    try await ids(
                        """
                        SELECT id FROM reminders WHERE user_id = \(viewer)
                            AND task_id IN (SELECT id FROM tasks WHERE project_id = ANY(\(left)))
                        """))
            }
            var changed = SyncIDs()
            // Projects shared with the person since: all that is in them is new to them.
            let joined = Array(changes.projects(whoseMembershipOf: viewer, changed: true, seen: seen))
            if !joined.isEmpty {
                changed.items.formUnion(
                    try await ids("SELECT id FROM tasks WHERE project_id = ANY(\(joined)) AND completed_at IS NULL"))
                changed.sections.formUnion(try await ids("SELECT id FROM sections WHERE project_id = ANY(\(joined))"))
                changed.notes.formUnion(
                    try await ids(
                        """
                        SELECT id FROM comments WHERE project_id = ANY(\(joined))
                            OR task_id IN
                                (SELECT id FROM tasks WHERE project_id = ANY(\(joined)) AND completed_at IS NULL)
                        """))
            }
            let userChanged = changed.add(changes, viewer: viewer)
            try await Self.readChanged(connection, viewer, changed, gone: gone, into: &objects, logger: logger)
            if userChanged { try await Self.readSyncUser(connection, viewer, into: &objects, logger: logger) }
            return (objects, latest)
        }
    }

    public func syncOutcome(userID: String, uuid: String) async throws -> Data? {
        let user = try require(userID.rowID, "User")
        return try await read { connection in
            try await connection.firstRow(
                "SELECT answer FROM sync_commands WHERE user_id = \(user) AND uuid = \(uuid)", logger: logger
            ).map { Data(try $0.decode(String.self).utf8) }
        }
    }

    public func recordSyncOutcome(
        userID: String, uuid: String, outcome: Data, now: Date, forgetBefore: Date
    ) async throws {
        let user = try require(userID.rowID, "User")
        let answer = String(decoding: outcome, as: UTF8.self)
        try await write { write in
            try await write.query(
                "DELETE FROM sync_commands WHERE user_id = \(user) AND applied_at < \(forgetBefore.micros)")
            try await write.query(
                """
                INSERT INTO sync_commands (user_id, uuid, answer, applied_at) VALUES (\(user), \(uuid), \(answer),
                    \(now.micros))
                ON CONFLICT (user_id, uuid) DO NOTHING
                """)
        }
    }

    // MARK: Reading

    /// The number of the latest committed change in the journal: what a token handed out now stands for. A
    /// write's own rows are numbered (positive) only as it commits.
    private static func syncPosition(_ connection: PostgresConnection, logger: Logger) async throws -> Int64 {
        try await connection.firstRow("SELECT COALESCE(max(seq), 0) FROM sync_changes WHERE seq > 0", logger: logger)?
            .decode(Int64.self) ?? 0
    }

    private static func journal(
        _ connection: PostgresConnection, _ query: PostgresQuery, logger: Logger
    ) async throws -> [SyncJournalRow] {
        try await connection.rows(query, logger: logger).map { row in
            let (kind, object, project, user) = try row.decode((String, Int64, Int64?, Int64?).self)
            return SyncJournalRow(kind: kind, objectID: object, projectID: project, userID: user)
        }
    }

    /// Reads the changed objects `viewer` can see; the rest of them, and everything in `gone`, are answered as
    /// deleted.
    private static func readChanged(
        _ connection: PostgresConnection, _ viewer: Int64, _ changed: SyncIDs, gone: SyncIDs,
        into objects: inout SyncObjects, logger: Logger
    ) async throws {
        func deleted(_ asked: Set<Int64>, _ gone: Set<Int64>, found: [String]) -> [String] {
            asked.union(gone).subtracting(found.compactMap(\.rowID)).sorted().map(\.apiID)
        }
        /// The rows of a query whose text `build` writes with the placeholders of one builder, which binds
        /// the viewer first, as `me`.
        func rows(_ build: (_ sql: QueryBuilder, _ me: String) -> String) async throws -> [PostgresRow] {
            let sql = QueryBuilder()
            let me = sql.bind(viewer)
            return try await connection.rows(sql.query(build(sql, me)), logger: logger)
        }
        let items = changed.items.subtracting(gone.items)
        if !items.isEmpty {
            let sql = QueryBuilder()
            let text = """
                \(taskColumns) WHERE tasks.id = ANY(\(sql.bind(Array(items))))
                AND \(Visibility.tasks(sql.bind(viewer))) ORDER BY tasks.id
                """
            objects.items = try await loadTasks(connection, sql.query(text), logger: logger)
        }
        objects.deleted[.items] = deleted(changed.items, gone.items, found: objects.items.map(\.id))
        let projects = changed.projects.subtracting(gone.projects)
        if !projects.isEmpty {
            objects.projects = try await rows { sql, me in
                """
                \(projectSelection(me)) WHERE projects.id = ANY(\(sql.bind(Array(projects))))
                AND \(Visibility.projects(me)) ORDER BY projects.id
                """
            }.map(Project.init(row:))
        }
        objects.deleted[.projects] = deleted(changed.projects, gone.projects, found: objects.projects.map(\.id))
        let sections = changed.sections.subtracting(gone.sections)
        if !sections.isEmpty {
            objects.sections = try await rows { sql, me in
                """
                SELECT \(Section.columns) FROM sections WHERE id = ANY(\(sql.bind(Array(sections))))
                AND \(Visibility.sections(me)) ORDER BY id
                """
            }.map(Section.init(row:))
        }
        objects.deleted[.sections] = deleted(changed.sections, gone.sections, found: objects.sections.map(\.id))
        if !changed.labels.isEmpty {
            objects.labels = try await rows { sql, me in
                """
                SELECT \(Label.columns) FROM labels WHERE id = ANY(\(sql.bind(Array(changed.labels))))
                AND user_id = \(me) ORDER BY id
                """
            }.map(Label.init(row:))
        }
        objects.deleted[.labels] = deleted(changed.labels, [], found: objects.labels.map(\.id))
        let notes = changed.notes.subtracting(gone.notes)
        if !notes.isEmpty {
            let found = try await rows { sql, me in
                """
                SELECT \(Comment.columns) FROM comments WHERE id = ANY(\(sql.bind(Array(notes)))) AND (
                    task_id IN (SELECT id FROM tasks WHERE \(Visibility.tasks(me)))
                    OR project_id IN (SELECT id FROM projects WHERE \(Visibility.projects(me))))
                ORDER BY id
                """
            }.map(Comment.init(row:))
            objects.notes = found.filter { $0.taskID != nil }
            objects.projectNotes = found.filter { $0.taskID == nil }
        }
        // A note that is gone no longer says whether it was on a task or a project: both lists tell of it.
        let goneNotes = deleted(changed.notes, gone.notes, found: (objects.notes + objects.projectNotes).map(\.id))
        objects.deleted[.notes] = goneNotes
        objects.deleted[.projectNotes] = goneNotes
        let reminders = changed.reminders.subtracting(gone.reminders)
        if !reminders.isEmpty {
            objects.reminders = try await rows { sql, me in
                """
                SELECT \(Reminder.columns) FROM reminders WHERE id = ANY(\(sql.bind(Array(reminders))))
                    AND user_id = \(me) AND task_id IN (SELECT id FROM tasks WHERE \(Visibility.tasks(me)))
                ORDER BY id
                """
            }.map(Reminder.init(row:))
        }
        objects.deleted[.reminders] = deleted(changed.reminders, gone.reminders, found: objects.reminders.map(\.id))
    }

    private static func readSyncUser(
        _ connection: PostgresConnection, _ viewer: Int64, into objects: inout SyncObjects, logger: Logger
    ) async throws {
        objects.user = try await user(connection, id: viewer, logger: logger)
        objects.inboxProjectID = try await connection.firstRow(
            "SELECT id FROM projects WHERE user_id = \(viewer) AND is_inbox", logger: logger
        )?.decode(Int64.self).apiID
    }
}
