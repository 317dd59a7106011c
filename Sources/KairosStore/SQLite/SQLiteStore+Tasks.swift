import Foundation
import GRDB
import KairosCore

extension SQLiteStore: TaskStore {
    /// `SELECT <every task column> FROM tasks`, in the order `TaskItem(row:)` reads them.
    static let taskColumns = "SELECT \(TaskColumn.allCases.map(\.selection).joined(separator: ", ")) FROM tasks"

    public func tasks(userID: String, query: TaskQuery, page: PageRequest) async throws -> Page<TaskItem> {
        let viewer = try require(userID.rowID, "User")
        var conditions = [
            "tasks.completed_at IS NULL",
            "NOT EXISTS (SELECT 1 FROM projects WHERE projects.id = tasks.project_id AND projects.is_archived = 1)",
        ]
        var arguments: StatementArguments = []
        if let projectID = query.projectID {
            conditions.append("tasks.project_id = ?")
            arguments += [projectID.rowID ?? 0]
        }
        if let sectionID = query.sectionID {
            conditions.append("tasks.section_id = ?")
            arguments += [sectionID.rowID ?? 0]
        }
        if let parentID = query.parentID {
            conditions.append("tasks.parent_id = ?")
            arguments += [parentID.rowID ?? 0]
        }
        if let label = query.label {
            conditions.append("EXISTS (SELECT 1 FROM task_labels tl WHERE tl.task_id = tasks.id AND tl.name = ?)")
            arguments += [label]
        }
        if let ids = query.ids {
            conditions.append("tasks.id IN (\(databaseQuestionMarks(count: max(ids.count, 1))))")
            arguments += StatementArguments(ids.isEmpty ? [0] : ids.map { $0.rowID ?? 0 })
        }
        // The built-in views run constantly and have a fixed shape; other filters are ad hoc.
        let cacheable = query.filter.map(TaskView.filters.contains) ?? true
        if let filter = query.filter {
            let filterSQL = FilterSQL(viewer: viewer, today: query.today, now: query.now)
            let part = filterSQL.condition(for: filter)
            conditions.append(part.sql)
            arguments += part.arguments
            if let latest = filterSQL.latestDueDay(for: filter) {
                conditions.append("tasks.due_day <= ?")
                arguments += [latest]
            }
        }
        // Filter results come in due order, undated last, which is also what lets the Today view stop
        // after the first page of the due index instead of scanning every open task. Within a day, the
        // places people gave tasks (`TaskOrder.dayRank`) come before the projects' order.
        let order =
            query.filter == nil
            ? ["tasks.child_order", "tasks.id"]
            : ["tasks.due_day", Self.dayRankSQL, "tasks.child_order", "tasks.id"]
        let keyset = page.ascendingKeyset(columns: order)
        do {
            return try await pool.read { [conditions, arguments] db in
                let scope = try Visible.taskList(db, viewer: viewer)
                let sql =
                    "\(Self.taskColumns) WHERE \(([scope.sql] + conditions).joined(separator: " AND "))\(keyset.sql)"
                    + " ORDER BY \(order.joined(separator: ", ")) LIMIT ?"
                let rows = try Self.loadTasks(
                    db, sql: sql, arguments: scope.arguments + arguments + keyset.arguments + [page.fetchLimit],
                    uncached: !cacheable || scope.hasShared)
                let cut = page.page(rows) { task in
                    let key = [Int64(task.childOrder), task.id.rowID!]
                    return query.filter == nil ? key : [DueDay.of(task.due), TaskOrder.dayRank(task.dayOrder)] + key
                }
                return Page(results: cut.items, nextCursor: cut.next)
            }
        } catch let error as DatabaseError where query.filter != nil && error.resultCode == .SQLITE_ERROR {
            // The parser's nesting limit keeps queries well inside SQLite's; this is the backstop.
            throw KairosError.invalidField(
                field: "query", message: "query is too complex to run. Split it into simpler filters.")
        }
    }

    /// `TaskOrder.dayRank` of a task row.
    static let dayRankSQL = "(CASE WHEN tasks.day_order >= 0 THEN tasks.day_order ELSE \(Int64.max) END)"

    public func task(userID: String, id: String) async throws -> TaskItem? {
        guard let viewer = userID.rowID, let taskID = id.rowID else { return nil }
        return try await pool.read { db in try Self.task(db, viewer: viewer, id: taskID) }
    }

    public func createTask(userID: String, draft: TaskDraft, now: Date) async throws -> TaskItem {
        let viewer = try require(userID.rowID, "User")
        return try await write { db in
            let taskID =
                try Self.earlierTask(db, author: viewer, clientID: draft.clientID)
                ?? Self.insertTask(db, author: viewer, draft: draft, now: now)
            return try Self.visibleCreatedTask(db, viewer: viewer, id: taskID)
        }
    }

    public func createTasks(userID: String, batch: TaskBatch, now: Date) async throws -> [TaskItem] {
        let author = try require(userID.rowID, "User")
        return try await write { db in
            if let earlier = try Self.earlierBatch(db, author: author, clientID: batch.clientID) {
                return try earlier.compactMap { try Self.task(db, viewer: author, id: $0) }
            }
            let projects = try batch.newProjects.map { try Self.insertProject(db, owner: author, draft: $0, now: now) }
            var ids: [Int64] = []
            for item in batch.tasks {
                if let earlier = try Self.earlierTask(db, author: author, clientID: item.draft.clientID) {
                    _ = try Self.visibleCreatedTask(db, viewer: author, id: earlier)
                    ids.append(earlier)
                    continue
                }
                var draft = item.draft
                if let index = item.newProject { draft.projectID = projects[index].apiID }
                let taskID = try Self.insertTask(db, author: author, draft: draft, now: now)
                if let comment = item.comment {
                    _ = try Self.insertComment(
                        db, author: author, task: taskID, project: nil, content: comment, now: now)
                }
                for time in item.reminders {
                    try Self.insertReminder(db, user: author, task: taskID, time: time, now: now)
                }
                ids.append(taskID)
            }
            if let clientID = batch.clientID {
                try db.run(
                    sql: "INSERT INTO task_batches (user_id, client_id, task_ids, created_at) VALUES (?, ?, ?, ?)",
                    arguments: [author, clientID, ids.jsonArray, now.micros])
            }
            guard !ids.isEmpty else { return [] }
            let created = try Self.loadTasks(
                db, sql: "\(Self.taskColumns) WHERE tasks.id IN (SELECT value FROM json_each(?))",
                arguments: [ids.jsonArray])
            let byID = Dictionary(uniqueKeysWithValues: created.map { ($0.id, $0) })
            return try ids.map { try require(byID[$0.apiID], "Task") }
        }
    }

    /// The task `author` already created with `clientID`, if any.
    static func earlierTask(_ db: Database, author: Int64, clientID: String?) throws -> Int64? {
        guard let clientID else { return nil }
        return try Int64.fetchOne(
            db, sql: "SELECT id FROM tasks WHERE added_by = ? AND client_id = ?", arguments: [author, clientID])
    }

    /// The tasks of the batch `author` already wrote with `clientID`, in its order, if any; deleted ones are gone
    /// from the list, and none is written again.
    private static func earlierBatch(_ db: Database, author: Int64, clientID: String?) throws -> [Int64]? {
        guard let clientID,
            let ids = try String.fetchOne(
                db, sql: "SELECT task_ids FROM task_batches WHERE user_id = ? AND client_id = ?",
                arguments: [author, clientID])
        else { return nil }
        return try Int64.fetchAll(db, sql: "SELECT value FROM json_each(?) ORDER BY key", arguments: [ids])
    }

    /// A task just created, or created by an earlier try with the same client id, which its author may since
    /// have lost sight of (moved to a project they left).
    private static func visibleCreatedTask(_ db: Database, viewer: Int64, id: Int64) throws -> TaskItem {
        guard let task = try task(db, viewer: viewer, id: id) else {
            throw KairosError.conflict(
                "client_id was already used for a task you can no longer see. Use a new client_id for each new task.")
        }
        return task
    }

    private static let insertTaskSQL = """
        INSERT INTO tasks (user_id, project_id, section_id, parent_id, content, description, priority,
            deadline_date, deadline_lang, duration_amount, duration_unit, child_order, day_order,
            added_by, assigned_by, responsible, added_at, updated_at, client_id, \(DueColumns.names))
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, \(DueColumns.placeholders))
        """

    /// Places and inserts one task with its due and labels; returns its row id. The task belongs to its
    /// project's owner; `author` is who added it.
    static func insertTask(_ db: Database, author: Int64, draft: TaskDraft, now: Date) throws -> Int64 {
        let place = try placement(db, viewer: author, draft: draft)
        let order = try draft.childOrder ?? nextChildOrder(db, project: place.project, parent: place.parent)
        try db.run(
            sql: insertTaskSQL,
            arguments: [
                place.owner, place.project, place.section, place.parent, draft.content, draft.description,
                draft.priority, draft.deadline?.date.iso, draft.deadline?.lang, draft.duration?.amount,
                draft.duration?.unit.rawValue,
                order, draft.dayOrder, author, nil, nil, now.micros, now.micros, draft.clientID,
            ] + DueColumns.values(db, draft.due, setBy: author))
        let taskID = db.lastInsertedRowID
        if let position = draft.childOrder { try placeAmongSiblings(db, task: taskID, at: position) }
        try writeLabels(db, task: taskID, owner: place.owner, labels: draft.labels)
        if !draft.assigneeIDs.isEmpty { try writeAssignees(db, task: taskID, draft.assigneeIDs, by: author) }
        let created = try require(
            try loadTasks(db, sql: "\(taskColumns) WHERE tasks.id = ?", arguments: [taskID]).first, "Task")
        try applyTaskWrite(db, [.created], of: created, by: author, now: now)
        return taskID
    }

    public func updateTask(userID: String, id: String, changes: TaskChanges, now: Date) async throws -> TaskItem {
        let viewer = try require(userID.rowID, "User")
        let taskID = try require(id.rowID, "Task")
        return try await write { db in
            let current = try require(try Self.task(db, viewer: viewer, id: taskID), "Task")
            var assignments = ["updated_at = ?"]
            var arguments: StatementArguments = [now.micros]
            func set(_ column: String, _ value: (any DatabaseValueConvertible)?) {
                assignments.append("\(column) = ?")
                arguments += [value]
            }
            if let content = changes.content { set("content", content) }
            if let description = changes.description { set("description", description) }
            if let priority = changes.priority { set("priority", priority) }
            if let order = changes.childOrder { set("child_order", order) }
            if let dayOrder = changes.dayOrder { set("day_order", dayOrder) }
            if let collapsed = changes.isCollapsed { set("is_collapsed", collapsed) }
            switch changes.deadline {
            case .unchanged: break
            case .clear: set("deadline_date", nil); set("deadline_lang", nil)
            case .set(let deadline): set("deadline_date", deadline.date.iso); set("deadline_lang", deadline.lang)
            }
            switch changes.duration {
            case .unchanged: break
            case .clear: set("duration_amount", nil); set("duration_unit", nil)
            case .set(let duration):
                set("duration_amount", duration.amount); set("duration_unit", duration.unit.rawValue)
            }
            try db.run(
                sql: "UPDATE tasks SET \(assignments.joined(separator: ", ")) WHERE id = ?",
                arguments: arguments + [taskID],
                uncached: true)
            if let position = changes.childOrder { try Self.placeAmongSiblings(db, task: taskID, at: position) }
            switch changes.due {
            case .unchanged: break
            case .clear: try Self.writeDue(db, task: taskID, due: nil, by: viewer)
            case .set(let due): try Self.writeDue(db, task: taskID, due: due, by: viewer)
            }
            if let labels = changes.labels {
                try Self.writeLabels(db, task: taskID, owner: current.userID.rowID!, labels: labels)
            }
            if let assignees = changes.assigneeIDs, assignees != current.assigneeIDs {
                try Self.writeAssignees(db, task: taskID, assignees, by: viewer)
            }
            let updated = try require(try Self.task(db, viewer: viewer, id: taskID), "Task")
            if case .completedOccurrence = changes.recordedAs, let from = current.due?.date, let to = updated.due?.date
            {
                try Self.carryFiredReminders(db, task: taskID, days: LocalDate.daysBetween(from, to))
            }
            let made = changes.recordedAs.map { [$0] } ?? TaskChange.between(current, updated)
            try Self.applyTaskWrite(db, made, of: updated, by: viewer, now: now)
            return updated
        }
    }

    public func reorderTasks(userID: String, ids: [String], by order: TaskReorder, now: Date) async throws {
        let viewer = try require(userID.rowID, "User")
        let taskIDs = try ids.map { try require($0.rowID, "Task") }
        try await write { db in
            switch order {
            case .dayOrder:
                for (place, task) in taskIDs.enumerated() {
                    try db.run(
                        sql: "UPDATE tasks SET day_order = ?, updated_at = ? WHERE id = ?",
                        arguments: [place, now.micros, task])
                }
            case .childOrder:
                guard
                    let first = taskIDs.first,
                    let place = try db.fetchRow(
                        sql: "SELECT project_id, parent_id FROM tasks WHERE id = ?", arguments: [first])
                else { return }
                let siblings = try Self.openSiblings(db, project: place["project_id"], parent: place["parent_id"])
                let placed = TaskOrder.reordering(ids, among: siblings.map(\.id.apiID))
                try Self.writeOrders(db, placed.compactMap(\.rowID), current: siblings)
                try db.run(
                    sql: "UPDATE tasks SET updated_at = ? WHERE id IN (SELECT value FROM json_each(?))",
                    arguments: [now.micros, taskIDs.jsonArray])
            }
            for task in taskIDs { try Self.announceTaskChange(db, task: task, by: viewer, now: now) }
        }
    }

    public func closeTask(userID: String, id: String, now: Date) async throws {
        let viewer = try require(userID.rowID, "User")
        let taskID = try require(id.rowID, "Task")
        try await write { db in
            let task = try require(try Self.task(db, viewer: viewer, id: taskID), "Task")
            try db.run(
                sql: """
                    WITH RECURSIVE family(id) AS (
                        SELECT ? UNION ALL SELECT t.id FROM tasks t JOIN family ON t.parent_id = family.id
                    )
                    UPDATE tasks SET completed_at = ?, updated_at = ?
                    WHERE id IN family AND completed_at IS NULL
                    """,
                arguments: [taskID, now.micros, now.micros])
            if task.completedAt == nil {
                try Self.applyTaskWrite(db, [.completed], of: task, by: viewer, now: now)
            }
        }
    }

    public func reopenTask(userID: String, id: String, now: Date) async throws {
        let viewer = try require(userID.rowID, "User")
        let taskID = try require(id.rowID, "Task")
        try await write { db in
            let task = try require(try Self.task(db, viewer: viewer, id: taskID), "Task")
            try db.run(
                sql: """
                    WITH RECURSIVE lineage(id) AS (
                        SELECT ? UNION ALL SELECT t.parent_id FROM tasks t JOIN lineage ON t.id = lineage.id
                        WHERE t.parent_id IS NOT NULL
                    )
                    UPDATE tasks SET completed_at = NULL, updated_at = ?
                    WHERE id IN lineage AND completed_at IS NOT NULL
                    """,
                arguments: [taskID, now.micros])
            if task.completedAt != nil {
                try Self.applyTaskWrite(db, [.reopened], of: task, by: viewer, now: now)
            }
        }
    }

    @discardableResult
    public func moveTask(
        userID: String, id: String, to destination: TaskDestination, auditedIn: [String], now: Date
    ) async throws -> [String] {
        let viewer = try require(userID.rowID, "User")
        let taskID = try require(id.rowID, "Task")
        return try await write { db in
            let moving = try require(try Self.task(db, viewer: viewer, id: taskID), "Task")
            let place: TaskPlacement.Place
            switch destination {
            case .project(let projectID):
                let target = try require(try Self.project(db, viewer: viewer, id: projectID.rowID ?? 0), "Project")
                place = TaskPlacement.Place(projectID: target.id)
            case .section(let sectionID):
                let target = try require(try Self.section(db, viewer: viewer, id: sectionID.rowID ?? 0), "Section")
                place = TaskPlacement.inside(target)
            case .parent(let parentID):
                let target = try require(try Self.task(db, viewer: viewer, id: parentID.rowID ?? 0), "Parent task")
                let inside =
                    try db.fetchValue(
                        Bool.self,
                        sql: """
                            WITH RECURSIVE family(id) AS (
                                SELECT ? UNION ALL SELECT t.id FROM tasks t JOIN family ON t.parent_id = family.id
                            )
                            SELECT 1 FROM family WHERE id = ?
                            """,
                        arguments: [taskID, target.id.rowID!]) ?? false
                place = try TaskPlacement.forMove(under: target, parentIsInTask: inside)
            }
            let project = try require(place.projectID.rowID, "Project")
            let section = place.sectionID?.rowID
            let parent = place.parentID?.rowID
            let owner = try Self.requireOpenProject(db, project)
            try db.run(
                sql: "UPDATE tasks SET project_id = ?, section_id = ?, parent_id = ?, updated_at = ? WHERE id = ?",
                arguments: [project, section, parent, now.micros, taskID])
            try Self.placeAmongSiblings(db, task: taskID, at: .max)
            try Self.renumberSiblings(db, project: moving.projectID.rowID!, parent: moving.parentID?.rowID)
            // Subtasks travel with their parent, and the family belongs to whoever owns the project it lands in.
            try db.run(
                sql: """
                    WITH RECURSIVE family(id) AS (
                        SELECT id FROM tasks WHERE parent_id = ?
                        UNION ALL SELECT t.id FROM tasks t JOIN family ON t.parent_id = family.id
                    )
                    UPDATE tasks SET project_id = ?, section_id = ?, updated_at = ? WHERE id IN family
                    """,
                arguments: [taskID, project, section, now.micros])
            if owner != moving.userID.rowID {
                try Self.transfer(db, family: taskID, to: owner)
            }
            let projectName = try String.fetchOne(
                db, sql: "SELECT name FROM projects WHERE id = ?", arguments: [project])
            let unassigned = try Self.unassignOutsiders(db, family: taskID, project: project, owner: owner, by: viewer)
            let source = moving.projectID.rowID!
            for logged in auditedIn.compactMap(\.rowID) {
                try Self.audit(
                    db, .taskMoved, actor: viewer, project: logged, subject: nil, task: taskID, from: source,
                    to: project, role: nil, now: now)
            }
            var changes: [TaskChange] = [.moved(project: projectName ?? "")]
            if !unassigned.isEmpty { changes.append(.unassignedByMove(unassigned)) }
            let moved = try require(
                try Self.loadTasks(db, sql: "\(Self.taskColumns) WHERE tasks.id = ?", arguments: [taskID]).first, "Task"
            )
            try Self.applyTaskWrite(db, changes, of: moved, by: viewer, movedFrom: source, now: now)
            return unassigned
        }
    }

    /// Takes off the tasks of a family the assignees who are neither the project's owner nor its members;
    /// returns their ids, each once, in the order they first appear.
    private static func unassignOutsiders(
        _ db: Database, family taskID: Int64, project: Int64, owner: Int64, by actor: Int64
    ) throws -> [String] {
        let rows = try db.fetchRows(
            sql: """
                WITH RECURSIVE family(id) AS (
                    SELECT ? UNION ALL SELECT t.id FROM tasks t JOIN family ON t.parent_id = family.id
                )
                SELECT ta.task_id, ta.user_id,
                    ta.user_id = ? OR EXISTS (
                        SELECT 1 FROM project_members pm WHERE pm.project_id = ? AND pm.user_id = ta.user_id
                    ) AS inside
                FROM task_assignees ta WHERE ta.task_id IN family ORDER BY ta.task_id, ta.position
                """,
            arguments: [taskID, owner, project])
        var assignees: [Int64: [(user: String, inside: Bool)]] = [:]
        var dropped: [String] = []
        for row in rows {
            let user = (row["user_id"] as Int64).apiID
            let inside: Bool = row["inside"]
            assignees[row["task_id"], default: []].append((user, inside))
            if !inside, !dropped.contains(user) { dropped.append(user) }
        }
        for (task, people) in assignees where people.contains(where: { !$0.inside }) {
            let kept = people.filter { $0.inside }.map { $0.user }
            try writeAssignees(db, task: task, kept, by: actor)
        }
        return dropped
    }

    public func deleteTask(userID: String, id: String, now: Date) async throws {
        let viewer = try require(userID.rowID, "User")
        let taskID = try require(id.rowID, "Task")
        try await write { db in
            let task = try require(try Self.task(db, viewer: viewer, id: taskID), "Task")
            try Self.delete(db, task, by: viewer, now: now)
        }
    }

    public func deleteTasks(userID: String, ids: [String], now: Date) async throws {
        let viewer = try require(userID.rowID, "User")
        let taskIDs = try ids.map { try require($0.rowID, "Task") }
        try await write { db in
            for taskID in taskIDs {
                // A subtask listed after its parent went with it.
                guard let task = try Self.task(db, viewer: viewer, id: taskID) else { continue }
                try Self.delete(db, task, by: viewer, now: now)
            }
        }
    }

    private static func delete(_ db: Database, _ task: TaskItem, by viewer: Int64, now: Date) throws {
        let taskID = task.id.rowID!
        // First, while the task's earlier events still hold the highest seqs the news must follow.
        try announceTaskDeletion(db, task: taskID, in: task.projectID.rowID!, by: viewer, now: now)
        try keepTrackedTime(db, of: .task(task.id), now: now)
        try db.run(sql: "DELETE FROM tasks WHERE id = ?", arguments: [taskID])
    }

    public func completedTasks(userID: String, query: CompletedQuery, page: PageRequest) async throws -> CompletedPage {
        let viewer = try require(userID.rowID, "User")
        var conditions = [Visible.tasks, "tasks.completed_at IS NOT NULL"]
        var arguments = Visible.arguments(viewer)
        switch query.basis {
        case .completionDate:
            conditions.append("tasks.completed_at BETWEEN ? AND ?")
            arguments += [query.since.micros, query.until.micros]
        case .dueDate:
            conditions.append("tasks.due_date BETWEEN ? AND ?")
            arguments += [
                LocalDate(query.since, in: query.timeZone).iso, LocalDate(query.until, in: query.timeZone).iso,
            ]
        }
        if let projectID = query.projectID {
            conditions.append("tasks.project_id = ?")
            arguments += [projectID.rowID ?? 0]
        }
        if let sectionID = query.sectionID {
            conditions.append("tasks.section_id = ?")
            arguments += [sectionID.rowID ?? 0]
        }
        if let parentID = query.parentID {
            conditions.append("tasks.parent_id = ?")
            arguments += [parentID.rowID ?? 0]
        }
        if let keys = page.cursor?.keys, keys.count == 2 {
            conditions.append("(tasks.completed_at < ? OR (tasks.completed_at = ? AND tasks.id < ?))")
            arguments += [keys[0], keys[0], keys[1]]
        }
        let sql =
            "\(Self.taskColumns) WHERE \(conditions.joined(separator: " AND ")) "
            + "ORDER BY tasks.completed_at DESC, tasks.id DESC LIMIT ?"
        return try await pool.read { [arguments] db in
            let rows = try Self.loadTasks(db, sql: sql, arguments: arguments + [page.fetchLimit])
            let cut = page.page(rows) { [$0.completedAt!.micros, $0.id.rowID!] }
            return CompletedPage(items: cut.items, nextCursor: cut.next)
        }
    }

    public func searchTasks(userID: String, text: String, page: PageRequest) async throws -> Page<TaskItem> {
        let viewer = try require(userID.rowID, "User")
        guard let pattern = FTS5Pattern(matchingAllPrefixesIn: text) else { return Page(results: [], nextCursor: nil) }
        let offset = page.cursor?.keys.first ?? 0
        return try await pool.read { db in
            let rows = try Self.loadTasks(
                db,
                sql: """
                    \(Self.taskColumns) JOIN tasks_fts ON tasks_fts.rowid = tasks.id
                    WHERE tasks_fts MATCH ? AND \(Visible.tasks) AND tasks.completed_at IS NULL
                    ORDER BY bm25(tasks_fts), tasks.id LIMIT ? OFFSET ?
                    """,
                arguments: [pattern.rawPattern] + Visible.arguments(viewer) + [page.fetchLimit, offset])
            let kept = Array(rows.prefix(page.limit))
            let next = rows.count > page.limit ? PageCursor(keys: [offset + Int64(page.limit)]).token : nil
            return Page(results: kept, nextCursor: next)
        }
    }

    // MARK: Rows

    /// The task if `viewer` owns it or its project is shared with them.
    static func task(_ db: Database, viewer: Int64, id: Int64) throws -> TaskItem? {
        try loadTasks(
            db, sql: "\(taskColumns) WHERE tasks.id = ? AND \(Visible.tasks)",
            arguments: [id] + Visible.arguments(viewer)
        ).first
    }

    /// Hands a task and its subtasks, with their labels, to the owner of the project they moved into.
    private static func transfer(_ db: Database, family taskID: Int64, to owner: Int64) throws {
        let family = """
            WITH RECURSIVE family(id) AS (
                SELECT ? UNION ALL SELECT t.id FROM tasks t JOIN family ON t.parent_id = family.id
            )
            """
        try db.run(sql: "\(family) UPDATE tasks SET user_id = ? WHERE id IN family", arguments: [taskID, owner])
        try db.run(
            sql: "\(family) UPDATE task_labels SET user_id = ? WHERE task_id IN family", arguments: [taskID, owner])
    }

    /// Reads tasks and their labels (in one extra query for the whole batch).
    static func loadTasks(
        _ db: Database, sql: String, arguments: StatementArguments, uncached: Bool = false
    ) throws -> [TaskItem] {
        var tasks: [TaskItem] = []
        let rows = try db.fetchRowCursor(sql: sql, arguments: arguments, uncached: uncached)
        while let row = try rows.next() { tasks.append(TaskItem(row: row)) }
        guard !tasks.isEmpty else { return tasks }
        let ids = tasks.map { $0.id.rowID! }
        var labels: [Int64: [String]] = [:]
        let labelRows = try db.fetchRowCursor(
            sql: """
                SELECT task_id, name FROM task_labels WHERE task_id IN (SELECT value FROM json_each(?))
                ORDER BY task_id, position
                """,
            arguments: [ids.jsonArray])
        while let row = try labelRows.next() { labels[row[0] as Int64, default: []].append(row[1]) }
        for index in tasks.indices { tasks[index].labels = labels[ids[index]] ?? [] }
        // Most tasks have nobody assigned; only those with a first assignee need the full list.
        let assigned = tasks.indices.filter { tasks[$0].responsibleUID != nil }
        guard !assigned.isEmpty else { return tasks }
        var assignees: [Int64: [String]] = [:]
        let assigneeRows = try db.fetchRowCursor(
            sql: """
                SELECT task_id, user_id FROM task_assignees
                WHERE task_id IN (SELECT value FROM json_each(?)) ORDER BY task_id, position
                """,
            arguments: [assigned.map { ids[$0] }.jsonArray])
        while let row = try assigneeRows.next() {
            assignees[row[0] as Int64, default: []].append((row[1] as Int64).apiID)
        }
        for index in assigned { tasks[index].assigneeIDs = assignees[ids[index]] ?? [] }
        return tasks
    }

    /// Sets the task's due and moves its relative reminders with it.
    private static func writeDue(_ db: Database, task: Int64, due: Due?, by writer: Int64) throws {
        try db.run(
            sql: "UPDATE tasks SET \(DueColumns.assignments) WHERE id = ?",
            arguments: DueColumns.values(db, due, setBy: writer) + [task])
        try rearmRelativeReminders(db, task: task)
    }

    /// The columns that keep a task's due, in one order for inserts and updates.
    private enum DueColumns {
        static let all = [
            "due_date", "due_day", "due_time", "due_timezone", "due_string", "due_lang", "due_rrule", "due_at",
            "due_from_completion",
        ]
        static let names = all.joined(separator: ", ")
        static let placeholders = databaseQuestionMarks(count: all.count)
        static let assignments = all.map { "\($0) = ?" }.joined(separator: ", ")

        /// The columns' values. A due's time of day without a zone (a floating time) is read on the clock
        /// of the person who set it, so "9:00" is their nine o'clock for overdue checks and reminders.
        static func values(_ db: Database, _ due: Due?, setBy writer: Int64) throws -> StatementArguments {
            var zone = TimeZone.gmt
            if due?.time != nil, due?.timezone == nil,
                let name = try db.fetchValue(
                    String.self, sql: "SELECT timezone FROM users WHERE id = ?", arguments: [writer])
            {
                zone = TimeZone(identifier: name) ?? .gmt
            }
            return [
                due?.date.iso, DueDay.of(due), due?.time?.iso, due?.timezone, due?.string, due?.lang,
                due?.recurrence?.rrule, due?.instant(fallback: zone)?.micros, due?.recurrence?.fromCompletion ?? false,
            ]
        }
    }

    /// Sets who the task is assigned to; the first is Todoist's `responsible_uid`. Newcomers are told and
    /// follow the task.
    /// Writes who the task is assigned to; who hears of it is the write plan's (`TaskWritePlanner`).
    static func writeAssignees(_ db: Database, task: Int64, _ assignees: [String], by actor: Int64) throws {
        try db.run(sql: "DELETE FROM task_assignees WHERE task_id = ?", arguments: [task])
        for (position, assignee) in assignees.enumerated() {
            try db.run(
                sql: "INSERT INTO task_assignees (task_id, user_id, position) VALUES (?, ?, ?)",
                arguments: [task, assignee.rowID, position])
        }
        try db.run(
            sql: "UPDATE tasks SET responsible = ?, assigned_by = ? WHERE id = ?",
            arguments: [assignees.first?.rowID, assignees.isEmpty ? nil : actor, task])
    }

    private static func writeLabels(_ db: Database, task: Int64, owner: Int64, labels: [String]) throws {
        try db.run(sql: "DELETE FROM task_labels WHERE task_id = ?", arguments: [task])
        for (position, name) in labels.enumerated() {
            try db.run(
                sql: "INSERT OR IGNORE INTO task_labels (task_id, user_id, name, position) VALUES (?, ?, ?, ?)",
                arguments: [task, owner, name, position])
        }
    }

    /// Puts an open task at `position` among the open tasks of its project under the same parent, renumbering
    /// them 1, 2, 3... (`TaskOrder.placing`); only the orders that change are written.
    static func placeAmongSiblings(_ db: Database, task: Int64, at position: Int) throws {
        guard
            let place = try db.fetchRow(sql: "SELECT project_id, parent_id FROM tasks WHERE id = ?", arguments: [task])
        else { return }
        let siblings = try openSiblings(db, project: place["project_id"], parent: place["parent_id"])
        let placed = TaskOrder.placing(task.apiID, at: position, among: siblings.map(\.id.apiID))
        try writeOrders(db, placed.compactMap(\.rowID), current: siblings)
    }

    /// Numbers the open tasks of a project under one parent 1, 2, 3..., in their order: what a task leaving them
    /// leaves behind.
    static func renumberSiblings(_ db: Database, project: Int64, parent: Int64?) throws {
        let siblings = try openSiblings(db, project: project, parent: parent)
        try writeOrders(db, siblings.map(\.id), current: siblings)
    }

    private static func openSiblings(
        _ db: Database, project: Int64, parent: Int64?
    ) throws -> [(id: Int64, order: Int)] {
        try db.fetchRows(
            sql: """
                SELECT id, child_order FROM tasks WHERE project_id = ? AND parent_id IS ? AND completed_at IS NULL
                ORDER BY child_order, id
                """,
            arguments: [project, parent]
        ).map { (id: $0["id"], order: $0["child_order"]) }
    }

    private static func writeOrders(_ db: Database, _ ids: [Int64], current: [(id: Int64, order: Int)]) throws {
        let before = Dictionary(current.map { ($0.id, $0.order) }, uniquingKeysWith: { first, _ in first })
        for (index, id) in ids.enumerated() where before[id] != index + 1 {
            try db.run(sql: "UPDATE tasks SET child_order = ? WHERE id = ?", arguments: [index + 1, id])
        }
    }

    private static func nextChildOrder(_ db: Database, project: Int64, parent: Int64?) throws -> Int {
        try db.fetchValue(
            Int.self,
            sql: "SELECT COALESCE(MAX(child_order), 0) + 1 FROM tasks WHERE project_id = ? AND parent_id IS ?",
            arguments: [project, parent]) ?? 1
    }

    /// The new task's place (`TaskPlacement`), from the parent, section or project it names, as the viewer
    /// sees them.
    private static func placement(
        _ db: Database, viewer: Int64, draft: TaskDraft
    ) throws -> (project: Int64, section: Int64?, parent: Int64?, owner: Int64) {
        let parent = try draft.parentID.map {
            try require(try task(db, viewer: viewer, id: $0.rowID ?? 0), "Parent task")
        }
        let section =
            parent == nil
            ? try draft.sectionID.map {
                try require(try Self.section(db, viewer: viewer, id: $0.rowID ?? 0), "Section")
            }
            : nil
        var inbox: Int64?
        if parent == nil, section == nil {
            if let projectID = draft.projectID {
                _ = try require(try project(db, viewer: viewer, id: projectID.rowID ?? 0), "Project")
            } else {
                inbox = try db.fetchValue(
                    Int64.self, sql: "SELECT id FROM projects WHERE user_id = ? AND is_inbox = 1", arguments: [viewer])
            }
        }
        let place = try TaskPlacement.forNewTask(
            projectID: draft.projectID, parent: parent, section: section, inboxID: inbox?.apiID)
        let project = try require(place.projectID.rowID, "Project")
        return (project, place.sectionID?.rowID, place.parentID?.rowID, try requireOpenProject(db, project))
    }

    /// The project's owner, who owns its tasks (`TaskPlacement.owner`).
    private static func requireOpenProject(_ db: Database, _ project: Int64) throws -> Int64 {
        let row = try require(
            try db.fetchRow(sql: "SELECT user_id, is_archived FROM projects WHERE id = ?", arguments: [project]),
            "Project")
        return try require(
            try TaskPlacement.owner((row["user_id"] as Int64).apiID, archived: row["is_archived"]).rowID, "User")
    }

    // MARK: Comments

    public func comments(
        userID: String, taskID: String?, projectID: String?, page: PageRequest
    ) async throws -> Page<Comment> {
        let viewer = try require(userID.rowID, "User")
        let keysetSQL: String
        var arguments: StatementArguments
        let target: String
        if let taskID {
            target = "task_id IN (SELECT id FROM tasks WHERE tasks.id = ? AND \(Visible.tasks))"
            arguments = [taskID.rowID ?? 0] + Visible.arguments(viewer)
        } else if let projectID {
            target = "project_id IN (SELECT id FROM projects WHERE projects.id = ? AND \(Visible.projects))"
            arguments = [projectID.rowID ?? 0] + Visible.arguments(viewer)
        } else {
            throw KairosError.invalidField(field: "task_id", message: "Give task_id or project_id to list comments.")
        }
        if let last = page.cursor?.keys.first {
            keysetSQL = " AND id > ?"
            arguments += [last]
        } else {
            keysetSQL = ""
        }
        return try await pool.read { [arguments] db in
            let rows = try db.fetchRows(
                sql: "SELECT * FROM comments WHERE \(target)\(keysetSQL) ORDER BY id LIMIT ?",
                arguments: arguments + [page.fetchLimit]
            ).map(Comment.init(row:))
            let kept = Array(rows.prefix(page.limit))
            let next = rows.count > page.limit ? kept.last.map { PageCursor(keys: [$0.id.rowID!]).token } : nil
            return Page(results: kept, nextCursor: next)
        }
    }

    public func comment(userID: String, id: String) async throws -> Comment? {
        guard let viewer = userID.rowID, let commentID = id.rowID else { return nil }
        return try await pool.read { db in try Self.comment(db, viewer: viewer, id: commentID) }
    }

    public func createComment(
        userID: String, taskID: String?, projectID: String?, content: String, now: Date
    ) async throws -> Comment {
        let author = try require(userID.rowID, "User")
        return try await write { db in
            var task: Int64?
            var project: Int64?
            if let taskID {
                task = try require(try Self.task(db, viewer: author, id: taskID.rowID ?? 0), "Task").id.rowID
            } else if let projectID {
                project = try require(try Self.project(db, viewer: author, id: projectID.rowID ?? 0), "Project").id
                    .rowID
            } else {
                throw KairosError.invalidField(field: "task_id", message: "Give task_id or project_id for the comment.")
            }
            let commentID = try Self.insertComment(
                db, author: author, task: task, project: project, content: content, now: now)
            if let task { try Self.record(db, task: task, .commented, by: author, now: now) }
            let comment = try require(try Self.comment(db, viewer: author, id: commentID), "Comment")
            try Self.announceCommentChange(db, comment, by: author, now: now)
            return comment
        }
    }

    private static func insertComment(
        _ db: Database, author: Int64, task: Int64?, project: Int64?, content: String, now: Date
    ) throws -> Int64 {
        try db.run(
            sql: "INSERT INTO comments (user_id, task_id, project_id, content, posted_at) VALUES (?, ?, ?, ?, ?)",
            arguments: [author, task, project, content, now.micros])
        return db.lastInsertedRowID
    }

    public func updateComment(userID: String, id: String, content: String, now: Date) async throws -> Comment {
        let viewer = try require(userID.rowID, "User")
        let commentID = try require(id.rowID, "Comment")
        return try await write { db in
            _ = try require(try Self.comment(db, viewer: viewer, id: commentID), "Comment")
            try db.run(sql: "UPDATE comments SET content = ? WHERE id = ?", arguments: [content, commentID])
            let comment = try require(try Self.comment(db, viewer: viewer, id: commentID), "Comment")
            try Self.announceCommentChange(db, comment, by: viewer, now: now)
            return comment
        }
    }

    public func deleteComment(userID: String, id: String, now: Date) async throws {
        let viewer = try require(userID.rowID, "User")
        let commentID = try require(id.rowID, "Comment")
        try await write { db in
            let comment = try require(try Self.comment(db, viewer: viewer, id: commentID), "Comment")
            try db.run(sql: "DELETE FROM comments WHERE id = ?", arguments: [commentID])
            try Self.announceCommentChange(db, comment, by: viewer, now: now)
        }
    }

    /// The comment if what it is on is visible to `viewer`.
    static func comment(_ db: Database, viewer: Int64, id: Int64) throws -> Comment? {
        try db.fetchRow(
            sql: """
                SELECT * FROM comments WHERE id = ? AND (
                    task_id IN (SELECT id FROM tasks WHERE \(Visible.tasks))
                    OR project_id IN (SELECT id FROM projects WHERE \(Visible.projects)))
                """,
            arguments: [id] + Visible.arguments(viewer) + Visible.arguments(viewer)
        ).map(Comment.init(row:))
    }
}

/// The columns a task is read from, by position: reading by index skips a name lookup per field.
package enum TaskColumn: Int, CaseIterable {
    case id, userID, projectID, sectionID, parentID, content, description, priority
    case dueDate, dueTime, dueTimezone, dueString, dueLang, dueRRule, dueFromCompletion
    case deadlineDate, deadlineLang, durationAmount, durationUnit
    case childOrder, dayOrder, isCollapsed, addedBy, assignedBy, responsible, completedAt, addedAt, updatedAt
    case noteCount

    package var selection: String {
        switch self {
        case .id: "tasks.id"
        case .userID: "tasks.user_id"
        case .projectID: "tasks.project_id"
        case .sectionID: "tasks.section_id"
        case .parentID: "tasks.parent_id"
        case .content: "tasks.content"
        case .description: "tasks.description"
        case .priority: "tasks.priority"
        case .dueDate: "tasks.due_date"
        case .dueTime: "tasks.due_time"
        case .dueTimezone: "tasks.due_timezone"
        case .dueString: "tasks.due_string"
        case .dueLang: "tasks.due_lang"
        case .dueRRule: "tasks.due_rrule"
        case .dueFromCompletion: "tasks.due_from_completion"
        case .deadlineDate: "tasks.deadline_date"
        case .deadlineLang: "tasks.deadline_lang"
        case .durationAmount: "tasks.duration_amount"
        case .durationUnit: "tasks.duration_unit"
        case .childOrder: "tasks.child_order"
        case .dayOrder: "tasks.day_order"
        case .isCollapsed: "tasks.is_collapsed"
        case .addedBy: "tasks.added_by"
        case .assignedBy: "tasks.assigned_by"
        case .responsible: "tasks.responsible"
        case .completedAt: "tasks.completed_at"
        case .addedAt: "tasks.added_at"
        case .updatedAt: "tasks.updated_at"
        case .noteCount: "(SELECT COUNT(*) FROM comments WHERE comments.task_id = tasks.id)"
        }
    }
}

extension Row {
    // StatementColumnConvertible values are read straight from the SQLite statement.
    fileprivate subscript<Value: DatabaseValueConvertible & StatementColumnConvertible>(_ column: TaskColumn) -> Value {
        self[column.rawValue]
    }

    fileprivate func optional<Value: DatabaseValueConvertible & StatementColumnConvertible>(
        _ column: TaskColumn
    ) -> Value? {
        hasNull(atIndex: column.rawValue) ? nil : self[column.rawValue]
    }
}

extension TaskItem {
    init(row: Row) {
        func id(_ column: TaskColumn) -> String? { (row.optional(column) as Int64?)?.apiID }
        func text(_ column: TaskColumn) -> String? { row.optional(column) }
        var due: Due?
        if let dateText = text(.dueDate), let date = LocalDate(iso: dateText) {
            due = Due(
                date: date, time: text(.dueTime).flatMap(LocalTime.init(iso:)), timezone: text(.dueTimezone),
                string: text(.dueString) ?? dateText, lang: text(.dueLang) ?? "en",
                recurrence: text(.dueRRule).flatMap { try? RecurrenceRule(rrule: $0) }.map { rule in
                    var rule = rule
                    rule.fromCompletion = row[.dueFromCompletion]
                    return rule
                })
        }
        var duration: TaskDuration?
        if let amount: Int = row.optional(.durationAmount),
            let unit = text(.durationUnit).flatMap(TaskDuration.Unit.init)
        {
            duration = TaskDuration(amount: amount, unit: unit)
        }
        self.init(
            id: id(.id)!, userID: id(.userID)!, projectID: id(.projectID)!, sectionID: id(.sectionID),
            parentID: id(.parentID), content: row[.content], description: row[.description], priority: row[.priority],
            due: due,
            deadline: text(.deadlineDate).flatMap(LocalDate.init(iso:)).map {
                Deadline(date: $0, lang: text(.deadlineLang) ?? "en")
            },
            duration: duration, childOrder: row[.childOrder], dayOrder: row[.dayOrder], isCollapsed: row[.isCollapsed],
            addedByUID: id(.addedBy)!, assignedByUID: id(.assignedBy), responsibleUID: id(.responsible),
            completedAt: (row.optional(.completedAt) as Int64?).map(Date.init(micros:)),
            addedAt: Date(micros: row[.addedAt]), updatedAt: Date(micros: row[.updatedAt]), noteCount: row[.noteCount])
    }
}

extension Comment {
    init(row: Row) {
        self.init(
            id: (row["id"] as Int64).apiID, taskID: (row["task_id"] as Int64?)?.apiID,
            projectID: (row["project_id"] as Int64?)?.apiID, posterID: (row["user_id"] as Int64).apiID,
            content: row["content"], postedAt: Date(micros: row["posted_at"]))
    }
}
