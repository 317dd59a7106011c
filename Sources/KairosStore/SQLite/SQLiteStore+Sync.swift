import Foundation
import GRDB
import KairosCore

extension SQLiteStore: SyncStore {
    public func syncPosition() async throws -> Int64 {
        try await pool.read { db in try Self.syncPosition(db) }
    }

    public func syncEverything(userID: String) async throws -> (objects: SyncObjects, position: Int64) {
        let viewer = try require(userID.rowID, "User")
        return try await pool.read { db in
            let position = try Self.syncPosition(db)
            var objects = SyncObjects()
            let visible = Visible.arguments(viewer)
            objects.projects = try db.fetchRows(
                sql: "\(Self.projectSelection) WHERE \(Visible.projects) ORDER BY child_order, id",
                arguments: [viewer] + visible
            ).map(Project.init(row:))
            objects.sections = try db.fetchRows(
                sql: "SELECT * FROM sections WHERE \(Visible.sections) ORDER BY section_order, id", arguments: visible
            ).map(Section.init(row:))
            let scope = try Visible.taskList(db, viewer: viewer)
            objects.items = try Self.loadTasks(
                db,
                sql: "\(Self.taskColumns) WHERE \(scope.sql) AND tasks.completed_at IS NULL ORDER BY tasks.id",
                arguments: scope.arguments, uncached: scope.hasShared)
            objects.labels = try db.fetchRows(
                sql: "SELECT * FROM labels WHERE user_id = ? ORDER BY item_order, id", arguments: [viewer]
            ).map(Label.init(row:))
            objects.notes = try db.fetchRows(
                sql: """
                    SELECT * FROM comments WHERE task_id IN
                        (SELECT id FROM tasks WHERE \(Visible.tasks) AND completed_at IS NULL) ORDER BY id
                    """,
                arguments: visible
            ).map(Comment.init(row:))
            objects.projectNotes = try db.fetchRows(
                sql: "SELECT * FROM comments WHERE project_id IN (SELECT id FROM projects WHERE \(Visible.projects)) "
                    + "ORDER BY id",
                arguments: visible
            ).map(Comment.init(row:))
            objects.reminders = try db.fetchRows(
                sql: """
                    SELECT * FROM reminders WHERE user_id = ?
                        AND task_id IN (SELECT id FROM tasks WHERE \(Visible.tasks) AND completed_at IS NULL) ORDER BY id
                    """,
                arguments: [viewer] + visible
            ).map(Reminder.init(row:))
            try Self.readSyncUser(db, viewer, into: &objects)
            return (objects, position)
        }
    }

    public func syncChanges(
        userID: String, after position: Int64
    ) async throws -> (objects: SyncObjects, position: Int64)? {
        let viewer = try require(userID.rowID, "User")
        return try await pool.read { db in
            let latest = try Self.syncPosition(db)
            guard position <= latest else { return nil }
            var objects = SyncObjects()
            guard position < latest else { return (objects, latest) }
            let seen = Set(
                try Int64.fetchAll(
                    db.cachedStatement(
                        sql: "SELECT id FROM projects WHERE user_id = ? UNION SELECT project_id FROM project_members "
                            + "WHERE user_id = ?"),
                    arguments: [viewer, viewer]))
            var changes = try Self.journal(
                db,
                sql: """
                    SELECT kind, object_id, project_id, user_id FROM sync_changes WHERE seq > ? AND (user_id = ? OR
                        (kind NOT IN ('reminder', 'label', 'user') AND project_id IN
                            (SELECT id FROM projects WHERE user_id = ? UNION
                             SELECT project_id FROM project_members WHERE user_id = ?)))
                    ORDER BY seq
                    """,
                arguments: [position, viewer, viewer, viewer])
            // Projects the person left (or that went, with them a member) since: what happened there before they
            // left, and whatever is still there, is gone from their sight.
            let left = changes.projects(whoseMembershipOf: viewer, changed: false, seen: seen)
            var gone = SyncIDs()
            if !left.isEmpty {
                let leftList = Array(left).jsonArray
                changes += try Self.journal(
                    db,
                    sql: """
                        SELECT kind, object_id, project_id, user_id FROM sync_changes WHERE seq > ?
                            AND kind NOT IN ('reminder', 'label', 'user')
                            AND project_id IN (SELECT value FROM json_each(?))
                        """,
                    arguments: [position, leftList])
                gone.projects.formUnion(left)
                let inside = "SELECT value FROM json_each(?)"
                gone.items.formUnion(
                    try Int64.fetchAll(db, sql: "SELECT id FROM tasks WHERE project_id IN (\(inside))", arguments: [leftList]))
                gone.sections.formUnion(
                    try Int64.fetchAll(
                        db, sql: "SELECT id FROM sections WHERE project_id IN (\(inside))", arguments: [leftList]))
                gone.notes.formUnion(
                    try Int64.fetchAll(
                        db,
                        sql: """
                            SELECT id FROM comments WHERE project_id IN (\(inside))
                                OR task_id IN (SELECT id FROM tasks WHERE project_id IN (\(inside)))
                            """,
                        arguments: [leftList, leftList]))
                gone.reminders.formUnion(
                    try Int64.fetchAll(
                        db,
                        sql: """
                            SELECT id FROM reminders WHERE user_id = ?
                                AND task_id IN (SELECT id FROM tasks WHERE project_id IN (\(inside)))
                            """,
                        arguments: [viewer, leftList]))
            }
            var changed = SyncIDs()
            // Projects shared with the person since: all that is in them is new to them.
            let joined = changes.projects(whoseMembershipOf: viewer, changed: true, seen: seen)
            if !joined.isEmpty {
                let joinedList = Array(joined).jsonArray
                let inside = "SELECT value FROM json_each(?)"
                changed.items.formUnion(
                    try Int64.fetchAll(
                        db, sql: "SELECT id FROM tasks WHERE project_id IN (\(inside)) AND completed_at IS NULL",
                        arguments: [joinedList]))
                changed.sections.formUnion(
                    try Int64.fetchAll(
                        db, sql: "SELECT id FROM sections WHERE project_id IN (\(inside))", arguments: [joinedList]))
                changed.notes.formUnion(
                    try Int64.fetchAll(
                        db,
                        sql: """
                            SELECT id FROM comments WHERE project_id IN (\(inside))
                                OR task_id IN (SELECT id FROM tasks WHERE project_id IN (\(inside)) AND completed_at IS NULL)
                            """,
                        arguments: [joinedList, joinedList]))
            }
            let userChanged = changed.add(changes, viewer: viewer)
            try Self.readChanged(db, viewer, changed, gone: gone, into: &objects)
            if userChanged { try Self.readSyncUser(db, viewer, into: &objects) }
            return (objects, latest)
        }
    }

    public func syncOutcome(userID: String, uuid: String) async throws -> Data? {
        let user = try require(userID.rowID, "User")
        return try await pool.read { db in
            try String.fetchOne(
                db.cachedStatement(sql: "SELECT answer FROM sync_commands WHERE user_id = ? AND uuid = ?"),
                arguments: [user, uuid]
            ).map { Data($0.utf8) }
        }
    }

    public func recordSyncOutcome(
        userID: String, uuid: String, outcome: Data, now: Date, forgetBefore: Date
    ) async throws {
        let user = try require(userID.rowID, "User")
        let answer = String(decoding: outcome, as: UTF8.self)
        try await write { db in
            try db.run(
                sql: "DELETE FROM sync_commands WHERE user_id = ? AND applied_at < ?",
                arguments: [user, forgetBefore.micros])
            try db.run(
                sql: """
                    INSERT INTO sync_commands (user_id, uuid, answer, applied_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (user_id, uuid) DO NOTHING
                    """,
                arguments: [user, uuid, answer, now.micros])
        }
    }

    // MARK: Reading

    /// The number of the latest change in the journal: what a token handed out now stands for.
    private static func syncPosition(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT COALESCE(MAX(seq), 0) FROM sync_changes")) ?? 0
    }

    private static func journal(_ db: Database, sql: String, arguments: StatementArguments) throws -> [SyncJournalRow] {
        try db.fetchRows(sql: sql, arguments: arguments).map {
            SyncJournalRow(kind: $0[0], objectID: $0[1], projectID: $0[2], userID: $0[3])
        }
    }

    /// Reads the changed objects `viewer` can see; the rest of them, and everything in `gone`, are answered as
    /// deleted.
    private static func readChanged(
        _ db: Database, _ viewer: Int64, _ changed: SyncIDs, gone: SyncIDs, into objects: inout SyncObjects
    ) throws {
        let visible = Visible.arguments(viewer)
        let among = "IN (SELECT value FROM json_each(?))"
        func sorted(_ ids: Set<Int64>) -> String { ids.sorted().jsonArray }
        func deleted(_ asked: Set<Int64>, _ gone: Set<Int64>, found: [String]) -> [String] {
            asked.union(gone).subtracting(found.compactMap(\.rowID)).sorted().map(\.apiID)
        }
        let asked = changed.items.subtracting(gone.items)
        if !asked.isEmpty {
            objects.items = try loadTasks(
                db, sql: "\(taskColumns) WHERE tasks.id \(among) AND \(Visible.tasks) ORDER BY tasks.id",
                arguments: [sorted(asked)] + visible, uncached: true)
        }
        objects.deleted[.items] = deleted(changed.items, gone.items, found: objects.items.map(\.id))
        let projects = changed.projects.subtracting(gone.projects)
        if !projects.isEmpty {
            objects.projects = try db.fetchRows(
                sql: "\(projectSelection) WHERE projects.id \(among) AND \(Visible.projects) ORDER BY projects.id",
                arguments: [viewer, sorted(projects)] + visible
            ).map(Project.init(row:))
        }
        objects.deleted[.projects] = deleted(changed.projects, gone.projects, found: objects.projects.map(\.id))
        let sections = changed.sections.subtracting(gone.sections)
        if !sections.isEmpty {
            objects.sections = try db.fetchRows(
                sql: "SELECT * FROM sections WHERE id \(among) AND \(Visible.sections) ORDER BY id",
                arguments: [sorted(sections)] + visible
            ).map(Section.init(row:))
        }
        objects.deleted[.sections] = deleted(changed.sections, gone.sections, found: objects.sections.map(\.id))
        if !changed.labels.isEmpty {
            objects.labels = try db.fetchRows(
                sql: "SELECT * FROM labels WHERE id \(among) AND user_id = ? ORDER BY id",
                arguments: [sorted(changed.labels), viewer]
            ).map(Label.init(row:))
        }
        objects.deleted[.labels] = deleted(changed.labels, [], found: objects.labels.map(\.id))
        let notes = changed.notes.subtracting(gone.notes)
        if !notes.isEmpty {
            let found = try db.fetchRows(
                sql: """
                    SELECT * FROM comments WHERE id \(among) AND (
                        task_id IN (SELECT id FROM tasks WHERE \(Visible.tasks))
                        OR project_id IN (SELECT id FROM projects WHERE \(Visible.projects)))
                    ORDER BY id
                    """,
                arguments: [sorted(notes)] + visible + visible
            ).map(Comment.init(row:))
            objects.notes = found.filter { $0.taskID != nil }
            objects.projectNotes = found.filter { $0.taskID == nil }
        }
        // A note that is gone no longer says whether it was on a task or a project: both lists tell of it.
        let goneNotes = deleted(changed.notes, gone.notes, found: (objects.notes + objects.projectNotes).map(\.id))
        objects.deleted[.notes] = goneNotes
        objects.deleted[.projectNotes] = goneNotes
        let reminders = changed.reminders.subtracting(gone.reminders)
        if !reminders.isEmpty {
            objects.reminders = try db.fetchRows(
                sql: """
                    SELECT * FROM reminders WHERE id \(among) AND user_id = ?
                        AND task_id IN (SELECT id FROM tasks WHERE \(Visible.tasks)) ORDER BY id
                    """,
                arguments: [sorted(reminders), viewer] + visible
            ).map(Reminder.init(row:))
        }
        objects.deleted[.reminders] = deleted(changed.reminders, gone.reminders, found: objects.reminders.map(\.id))
    }

    private static func readSyncUser(_ db: Database, _ viewer: Int64, into objects: inout SyncObjects) throws {
        objects.user = try db.fetchRow(sql: "SELECT * FROM users WHERE id = ?", arguments: [viewer]).map(User.init(row:))
        objects.inboxProjectID = try Int64.fetchOne(
            db, sql: "SELECT id FROM projects WHERE user_id = ? AND is_inbox = 1", arguments: [viewer])?.apiID
    }
}
