import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: TaskStore {
    /// `SELECT <every task column> FROM tasks`, in the order `TaskItem(row:)` reads them.
    static let taskColumns = "SELECT \(TaskColumn.allCases.map(\.selection).joined(separator: ", ")) FROM tasks"

    /// `TaskOrder.dayRank` of a task row.
    static let dayRankSQL = "(CASE WHEN tasks.day_order >= 0 THEN tasks.day_order ELSE \(Int64.max) END)"

    public func tasks(userID: String, query: TaskQuery, page: PageRequest) async throws -> Page<TaskItem> {
        let viewer = try require(userID.rowID, "User")
        let sql = QueryBuilder()
        var conditions = [
            Visibility.tasks(sql.bind(viewer)),
            "tasks.completed_at IS NULL",
            "NOT EXISTS (SELECT 1 FROM projects WHERE projects.id = tasks.project_id AND projects.is_archived)",
        ]
        if let projectID = query.projectID {
            conditions.append("tasks.project_id = \(sql.bind(projectID.rowID ?? 0))")
        }
        if let sectionID = query.sectionID {
            conditions.append("tasks.section_id = \(sql.bind(sectionID.rowID ?? 0))")
        }
        if let parentID = query.parentID {
            conditions.append("tasks.parent_id = \(sql.bind(parentID.rowID ?? 0))")
        }
        if let label = query.label {
            conditions.append(
                "EXISTS (SELECT 1 FROM task_labels tl WHERE tl.task_id = tasks.id AND tl.name = \(sql.bind(label)))")
        }
        if let ids = query.ids {
            conditions.append("tasks.id = ANY(\(sql.bind(ids.map { $0.rowID ?? 0 })))")
        }
        if let filter = query.filter {
            let filterSQL = PostgresFilterSQL(viewer: viewer, today: query.today, now: query.now)
            conditions.append(filterSQL.condition(for: filter, sql))
            if let latest = filterSQL.latestDueDay(for: filter) {
                conditions.append("tasks.due_day <= \(sql.bind(latest))")
            }
        }
        // Filter results come in due order, undated last; within a day, the places people gave tasks
        // (`TaskOrder.dayRank`) come before the projects' order.
        let order =
            query.filter == nil
            ? ["tasks.child_order", "tasks.id"]
            : ["tasks.due_day", Self.dayRankSQL, "tasks.child_order", "tasks.id"]
        let keyset = sql.ascendingKeyset(page, columns: order)
        let text = """
            \(Self.taskColumns) WHERE \(conditions.joined(separator: " AND "))\(keyset)
            ORDER BY \(order.joined(separator: ", ")) LIMIT \(sql.bind(page.fetchLimit))
            """
        let statement = sql.query(text)
        let rows = try await read { connection in
            try await Self.loadTasks(connection, statement, logger: logger)
        }
        let cut = page.page(rows) { task in
            let key = [Int64(task.childOrder), task.id.rowID!]
            return query.filter == nil ? key : [DueDay.of(task.due), TaskOrder.dayRank(task.dayOrder)] + key
        }
        return Page(results: cut.items, nextCursor: cut.next)
    }

    public func task(userID: String, id: String) async throws -> TaskItem? {
        guard let viewer = userID.rowID, let taskID = id.rowID else { return nil }
        return try await read { connection in
            try await Self.task(connection, viewer: viewer, id: taskID, logger: logger)
        }
    }

    public func createTask(userID: String, draft: TaskDraft, now: Date) async throws -> TaskItem {
        let viewer = try require(userID.rowID, "User")
        return try await write { write in
            let taskID: Int64
            if let earlier = try await Self.earlierTask(write, author: viewer, clientID: draft.clientID) {
                taskID = earlier
            } else {
                taskID = try await Self.insertTask(write, author: viewer, draft: draft, now: now)
            }
            return try await Self.visibleCreatedTask(write, viewer: viewer, id: taskID)
        }
    }

    public func createTasks(userID: String, batch: TaskBatch, now: Date) async throws -> [TaskItem] {
        let author = try require(userID.rowID, "User")
        return try await write { write in
            if let earlier = try await Self.earlierBatch(write, author: author, clientID: batch.clientID) {
                var tasks: [TaskItem] = []
                for id in earlier {
                    if let task = try await Self.task(write.connection, viewer: author, id: id, logger: write.logger) {
                        tasks.append(task)
                    }
                }
                return tasks
            }
            var projects: [Int64] = []
            for draft in batch.newProjects {
                projects.append(try await Self.insertProject(write, owner: author, draft: draft, now: now))
            }
            var ids: [Int64] = []
            for item in batch.tasks {
                if let earlier = try await Self.earlierTask(write, author: author, clientID: item.draft.clientID) {
                    _ = try await Self.visibleCreatedTask(write, viewer: author, id: earlier)
                    ids.append(earlier)
                    continue
                }
                var draft = item.draft
                if let index = item.newProject { draft.projectID = projects[index].apiID }
                let taskID = try await Self.insertTask(write, author: author, draft: draft, now: now)
                if let comment = item.comment {
                    _ = try await Self.insertComment(
                        write, author: author, task: taskID, project: nil, content: comment, now: now)
                }
                for time in item.reminders {
                    try await Self.insertReminder(write, user: author, task: taskID, time: time, now: now)
                }
                ids.append(taskID)
            }
            if let clientID = batch.clientID {
                try await write.query(
                    """
                    INSERT INTO task_batches (user_id, client_id, task_ids, created_at)
                    VALUES (\(author), \(clientID), \(Self.jsonArray(ids)), \(now.micros))
                    """)
            }
            guard !ids.isEmpty else { return [] }
            let created = try await Self.loadTasks(
                write.connection, "\(unescaped: Self.taskColumns) WHERE tasks.id = ANY(\(ids))", logger: write.logger)
            let byID = Dictionary(uniqueKeysWithValues: created.map { ($0.id, $0) })
            return try ids.map { try require(byID[$0.apiID], "Task") }
        }
    }

    /// The task `author` already created with `clientID`, if any.
    static func earlierTask(_ write: PostgresWrite, author: Int64, clientID: String?) async throws -> Int64? {
        guard let clientID else { return nil }
        return try await write.firstRow(
            "SELECT id FROM tasks WHERE added_by = \(author) AND client_id = \(clientID)"
        )?.decode(Int64.self)
    }

    /// The tasks of the batch `author` already wrote with `clientID`, in its order, if any; deleted ones are gone
    /// from the list, and none is written again.
    private static func earlierBatch(
        _ write: PostgresWrite, author: Int64, clientID: String?
    ) async throws
        -> [Int64]?
    {
        guard let clientID,
            let row = try await write.firstRow(
                "SELECT task_ids FROM task_batches WHERE user_id = \(author) AND client_id = \(clientID)")
        else { return nil }
        return try JSONDecoder().decode([Int64].self, from: Data(try row.decode(String.self).utf8))
    }

    /// Ids as the JSON array `task_batches` keeps.
    private static func jsonArray(_ ids: [Int64]) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }

    /// A task just created, or created by an earlier try with the same client id, which its author may since
    /// have lost sight of (moved to a project they left).
    private static func visibleCreatedTask(_ write: PostgresWrite, viewer: Int64, id: Int64) async throws -> TaskItem {
        guard let task = try await task(write.connection, viewer: viewer, id: id, logger: write.logger) else {
            throw KairosError.conflict(
                "client_id was already used for a task you can no longer see. Use a new client_id for each new task.")
        }
        return task
    }

    /// Places and inserts one task with its due and labels; returns its row id. The task belongs to its
    /// project's owner; `author` is who added it.
    static func insertTask(_ write: PostgresWrite, author: Int64, draft: TaskDraft, now: Date) async throws -> Int64 {
        let place = try await placement(write, viewer: author, draft: draft)
        let order: Int
        if let position = draft.childOrder {
            order = position
        } else {
            order = try await nextChildOrder(write, project: place.project, parent: place.parent)
        }
        let due = try await DueColumns(write, draft.due, setBy: author)
        let row = try await write.firstRow(
            """
            INSERT INTO tasks (user_id, project_id, section_id, parent_id, content, description, priority,
                deadline_date, deadline_lang, duration_amount, duration_unit, child_order, day_order,
                added_by, added_at, updated_at, client_id,
                due_date, due_day, due_time, due_timezone, due_string, due_lang, due_rrule, due_at,
                due_from_completion)
            VALUES (\(place.owner), \(place.project), \(place.section), \(place.parent), \(draft.content),
                \(draft.description), \(draft.priority), \(draft.deadline?.date.iso), \(draft.deadline?.lang),
                \(draft.duration?.amount), \(draft.duration?.unit.rawValue), \(order), \(draft.dayOrder),
                \(author), \(now.micros), \(now.micros), \(draft.clientID),
                \(due.date), \(due.day), \(due.time), \(due.timezone), \(due.string), \(due.lang), \(due.rrule),
                \(due.at), \(due.fromCompletion))
            RETURNING id
            """)
        let taskID = try require(row, "Task").decode(Int64.self)
        if let position = draft.childOrder { try await placeAmongSiblings(write, task: taskID, at: position) }
        try await writeLabels(write, task: taskID, owner: place.owner, labels: draft.labels)
        if !draft.assigneeIDs.isEmpty { try await writeAssignees(write, task: taskID, draft.assigneeIDs, by: author) }
        let created = try require(
            try await loadTasks(
                write.connection, "\(unescaped: taskColumns) WHERE tasks.id = \(taskID)", logger: write.logger
            ).first, "Task")
        try await applyTaskWrite(write, [.created], of: created, by: author, now: now)
        return taskID
    }

    public func updateTask(userID: String, id: String, changes: TaskChanges, now: Date) async throws -> TaskItem {
        let viewer = try require(userID.rowID, "User")
        let taskID = try require(id.rowID, "Task")
        return try await write { write in
            let current = try require(
                try await Self.task(write.connection, viewer: viewer, id: taskID, logger: write.logger), "Task")
            let sql = QueryBuilder()
            var assignments = ["updated_at = \(sql.bind(now.micros))"]
            if let content = changes.content { assignments.append("content = \(sql.bind(content))") }
            if let description = changes.description { assignments.append("description = \(sql.bind(description))") }
            if let priority = changes.priority { assignments.append("priority = \(sql.bind(priority))") }
            if let order = changes.childOrder { assignments.append("child_order = \(sql.bind(order))") }
            if let dayOrder = changes.dayOrder { assignments.append("day_order = \(sql.bind(dayOrder))") }
            if let collapsed = changes.isCollapsed { assignments.append("is_collapsed = \(sql.bind(collapsed))") }
            switch changes.deadline {
            case .unchanged: break
            case .clear: assignments += ["deadline_date = NULL", "deadline_lang = NULL"]
            case .set(let deadline):
                assignments += [
                    "deadline_date = \(sql.bind(deadline.date.iso))", "deadline_lang = \(sql.bind(deadline.lang))",
                ]
            }
            switch changes.duration {
            case .unchanged: break
            case .clear: assignments += ["duration_amount = NULL", "duration_unit = NULL"]
            case .set(let duration):
                assignments += [
                    "duration_amount = \(sql.bind(duration.amount))",
                    "duration_unit = \(sql.bind(duration.unit.rawValue))",
                ]
            }
            let text = "UPDATE tasks SET \(assignments.joined(separator: ", ")) WHERE id = \(sql.bind(taskID))"
            try await write.query(sql.query(text))
            if let position = changes.childOrder {
                try await Self.placeAmongSiblings(write, task: taskID, at: position)
            }
            switch changes.due {
            case .unchanged: break
            case .clear: try await Self.writeDue(write, task: taskID, due: nil, by: viewer)
            case .set(let due): try await Self.writeDue(write, task: taskID, due: due, by: viewer)
            }
            if let labels = changes.labels {
                try await Self.writeLabels(write, task: taskID, owner: current.userID.rowID!, labels: labels)
            }
            if let assignees = changes.assigneeIDs, assignees != current.assigneeIDs {
                try await Self.writeAssignees(write, task: taskID, assignees, by: viewer)
            }
            let updated = try require(
                try await Self.task(write.connection, viewer: viewer, id: taskID, logger: write.logger), "Task")
            if case .completedOccurrence = changes.recordedAs, let from = current.due?.date, let to = updated.due?.date
            {
                try await Self.carryFiredReminders(write, task: taskID, days: LocalDate.daysBetween(from, to))
            }
            let made = changes.recordedAs.map { [$0] } ?? TaskChange.between(current, updated)
            try await Self.applyTaskWrite(write, made, of: updated, by: viewer, now: now)
            return updated
        }
    }

    public func reorderTasks(userID: String, ids: [String], by order: TaskReorder, now: Date) async throws {
        let viewer = try require(userID.rowID, "User")
        let taskIDs = try ids.map { try require($0.rowID, "Task") }
        try await write { write in
            switch order {
            case .dayOrder:
                for (place, task) in taskIDs.enumerated() {
                    try await write.query(
                        "UPDATE tasks SET day_order = \(place), updated_at = \(now.micros) WHERE id = \(task)")
                }
            case .childOrder:
                guard
                    let first = taskIDs.first,
                    let row = try await write.firstRow("SELECT project_id, parent_id FROM tasks WHERE id = \(first)")
                else { return }
                let (project, parent) = try row.decode((Int64, Int64?).self)
                let siblings = try await Self.openSiblings(write, project: project, parent: parent)
                let placed = TaskOrder.reordering(ids, among: siblings.map(\.id.apiID))
                try await Self.writeOrders(write, placed.compactMap(\.rowID), current: siblings)
                try await write.query("UPDATE tasks SET updated_at = \(now.micros) WHERE id = ANY(\(taskIDs))")
            }
            for task in taskIDs { try await Self.announceTaskChange(write, task: task, by: viewer, now: now) }
        }
    }

    public func closeTask(userID: String, id: String, now: Date) async throws {
        let viewer = try require(userID.rowID, "User")
        let taskID = try require(id.rowID, "Task")
        try await write { write in
            let task = try require(
                try await Self.task(write.connection, viewer: viewer, id: taskID, logger: write.logger), "Task")
            try await write.query(
                """
                WITH RECURSIVE family(id) AS (
                    SELECT \(taskID)::bigint
                    UNION ALL SELECT t.id FROM tasks t JOIN family ON t.parent_id = family.id
                )
                UPDATE tasks SET completed_at = \(now.micros), updated_at = \(now.micros)
                WHERE id IN (SELECT id FROM family) AND completed_at IS NULL
                """)
            if task.completedAt == nil {
                try await Self.applyTaskWrite(write, [.completed], of: task, by: viewer, now: now)
            }
        }
    }

    public func reopenTask(userID: String, id: String, now: Date) async throws {
        let viewer = try require(userID.rowID, "User")
        let taskID = try require(id.rowID, "Task")
        try await write { write in
            let task = try require(
                try await Self.task(write.connection, viewer: viewer, id: taskID, logger: write.logger), "Task")
            try await write.query(
                """
                WITH RECURSIVE lineage(id) AS (
                    SELECT \(taskID)::bigint
                    UNION ALL SELECT t.parent_id FROM tasks t JOIN lineage ON t.id = lineage.id
                    WHERE t.parent_id IS NOT NULL
                )
                UPDATE tasks SET completed_at = NULL, updated_at = \(now.micros)
                WHERE id IN (SELECT id FROM lineage) AND completed_at IS NOT NULL
                """)
            if task.completedAt != nil {
                try await Self.applyTaskWrite(write, [.reopened], of: task, by: viewer, now: now)
            }
        }
    }

    @discardableResult
    public func moveTask(
        userID: String, id: String, to destination: TaskDestination, auditedIn: [String], now: Date
    ) async throws -> [String] {
        let viewer = try require(userID.rowID, "User")
        let taskID = try require(id.rowID, "Task")
        return try await write { write in
            let connection = write.connection
            let logger = write.logger
            let moving = try require(
                try await Self.task(connection, viewer: viewer, id: taskID, logger: logger), "Task")
            let place: TaskPlacement.Place
            switch destination {
            case .project(let projectID):
                let target = try require(
                    try await Self.project(connection, viewer: viewer, id: projectID.rowID ?? 0, logger: logger),
                    "Project")
                place = TaskPlacement.Place(projectID: target.id)
            case .section(let sectionID):
                let target = try require(
                    try await Self.section(connection, viewer: viewer, id: sectionID.rowID ?? 0, logger: logger),
                    "Section")
                place = TaskPlacement.inside(target)
            case .parent(let parentID):
                let target = try require(
                    try await Self.task(connection, viewer: viewer, id: parentID.rowID ?? 0, logger: logger),
                    "Parent task")
                let inside = try await write.firstRow(
                    """
                    WITH RECURSIVE family(id) AS (
                        SELECT \(taskID)::bigint
                        UNION ALL SELECT t.id FROM tasks t JOIN family ON t.parent_id = family.id
                    )
                    SELECT 1 FROM family WHERE id = \(target.id.rowID!)
                    """)
                place = try TaskPlacement.forMove(under: target, parentIsInTask: inside != nil)
            }
            let project = try require(place.projectID.rowID, "Project")
            let section = place.sectionID?.rowID
            let parent = place.parentID?.rowID
            let owner = try await Self.requireOpenProject(write, project)
            try await write.query(
                """
                UPDATE tasks SET project_id = \(project), section_id = \(section), parent_id = \(parent),
                    updated_at = \(now.micros)
                WHERE id = \(taskID)
                """)
            try await Self.placeAmongSiblings(write, task: taskID, at: .max)
            try await Self.renumberSiblings(write, project: moving.projectID.rowID!, parent: moving.parentID?.rowID)
            // Subtasks travel with their parent, and the family belongs to whoever owns the project it lands in.
            try await write.query(
                """
                WITH RECURSIVE family(id) AS (
                    SELECT id FROM tasks WHERE parent_id = \(taskID)
                    UNION ALL SELECT t.id FROM tasks t JOIN family ON t.parent_id = family.id
                )
                UPDATE tasks SET project_id = \(project), section_id = \(section), updated_at = \(now.micros)
                WHERE id IN (SELECT id FROM family)
                """)
            if owner != moving.userID.rowID {
                try await Self.transfer(write, family: taskID, to: owner)
            }
            let projectName = try await write.firstRow("SELECT name FROM projects WHERE id = \(project)")?
                .decode(String.self)
            let unassigned = try await Self.unassignOutsiders(
                write, family: taskID, project: project, owner: owner, by: viewer)
            let source = moving.projectID.rowID!
            for logged in auditedIn.compactMap(\.rowID) {
                try await write.query(
                    """
                    INSERT INTO audit_log (actor_id, action, project_id, task_id, from_project_id, to_project_id,
                        created_at)
                    VALUES (\(viewer), \(AuditEntry.Kind.taskMoved.rawValue), \(logged), \(taskID), \(source),
                        \(project), \(now.micros))
                    """)
            }
            var changes: [TaskChange] = [.moved(project: projectName ?? "")]
            if !unassigned.isEmpty { changes.append(.unassignedByMove(unassigned)) }
            let moved = try require(
                try await Self.loadTasks(
                    connection, "\(unescaped: Self.taskColumns) WHERE tasks.id = \(taskID)", logger: logger
                ).first, "Task")
            try await Self.applyTaskWrite(write, changes, of: moved, by: viewer, movedFrom: source, now: now)
            return unassigned
        }
    }

    /// Takes off the tasks of a family the assignees who are neither the project's owner nor its members;
    /// returns their ids, each once, in the order they first appear.
    private static func unassignOutsiders(
        _ write: PostgresWrite, family taskID: Int64, project: Int64, owner: Int64, by actor: Int64
    ) async throws -> [String] {
        let rows = try await write.rows(
            """
            WITH RECURSIVE family(id) AS (
                SELECT \(taskID)::bigint
                UNION ALL SELECT t.id FROM tasks t JOIN family ON t.parent_id = family.id
            )
            SELECT ta.task_id, ta.user_id,
                ta.user_id = \(owner) OR EXISTS (
                    SELECT 1 FROM project_members pm WHERE pm.project_id = \(project) AND pm.user_id = ta.user_id
                ) AS inside
            FROM task_assignees ta WHERE ta.task_id IN (SELECT id FROM family) ORDER BY ta.task_id, ta.position
            """)
        var order: [Int64] = []
        var assignees: [Int64: [(user: String, inside: Bool)]] = [:]
        var dropped: [String] = []
        for row in rows {
            let (task, userID, inside) = try row.decode((Int64, Int64, Bool).self)
            let user = userID.apiID
            if assignees[task] == nil { order.append(task) }
            assignees[task, default: []].append((user, inside))
            if !inside, !dropped.contains(user) { dropped.append(user) }
        }
        for task in order {
            let people = assignees[task] ?? []
            guard people.contains(where: { !$0.inside }) else { continue }
            try await writeAssignees(write, task: task, people.filter(\.inside).map(\.user), by: actor)
        }
        return dropped
    }

    public func deleteTask(userID: String, id: String, now: Date) async throws {
        let viewer = try require(userID.rowID, "User")
        let taskID = try require(id.rowID, "Task")
        try await write { write in
            let task = try require(
                try await Self.task(write.connection, viewer: viewer, id: taskID, logger: write.logger), "Task")
            try await Self.delete(write, task, by: viewer, now: now)
        }
    }

    public func deleteTasks(userID: String, ids: [String], now: Date) async throws {
        let viewer = try require(userID.rowID, "User")
        let taskIDs = try ids.map { try require($0.rowID, "Task") }
        try await write { write in
            for taskID in taskIDs {
                // A subtask listed after its parent went with it.
                guard
                    let task = try await Self.task(write.connection, viewer: viewer, id: taskID, logger: write.logger)
                else { continue }
                try await Self.delete(write, task, by: viewer, now: now)
            }
        }
    }

    private static func delete(_ write: PostgresWrite, _ task: TaskItem, by viewer: Int64, now: Date) async throws {
        let taskID = task.id.rowID!
        try await announceTaskDeletion(write, task: taskID, in: task.projectID.rowID!, by: viewer, now: now)
        try await keepTrackedTime(write, of: .task(task.id), now: now)
        try await write.query("DELETE FROM tasks WHERE id = \(taskID)")
    }

    public func completedTasks(userID: String, query: CompletedQuery, page: PageRequest) async throws -> CompletedPage {
        let viewer = try require(userID.rowID, "User")
        let sql = QueryBuilder()
        var conditions = [Visibility.tasks(sql.bind(viewer)), "tasks.completed_at IS NOT NULL"]
        switch query.basis {
        case .completionDate:
            let since = sql.bind(query.since.micros)
            conditions.append("tasks.completed_at BETWEEN \(since) AND \(sql.bind(query.until.micros))")
        case .dueDate:
            let since = sql.bind(LocalDate(query.since, in: query.timeZone).iso)
            let until = sql.bind(LocalDate(query.until, in: query.timeZone).iso)
            conditions.append("tasks.due_date BETWEEN \(since) AND \(until)")
        }
        if let projectID = query.projectID {
            conditions.append("tasks.project_id = \(sql.bind(projectID.rowID ?? 0))")
        }
        if let sectionID = query.sectionID {
            conditions.append("tasks.section_id = \(sql.bind(sectionID.rowID ?? 0))")
        }
        if let parentID = query.parentID {
            conditions.append("tasks.parent_id = \(sql.bind(parentID.rowID ?? 0))")
        }
        if let keys = page.cursor?.keys, keys.count == 2 {
            let completed = sql.bind(keys[0])
            let id = sql.bind(keys[1])
            conditions.append(
                "(tasks.completed_at < \(completed) OR (tasks.completed_at = \(completed) AND tasks.id < \(id)))")
        }
        let text = """
            \(Self.taskColumns) WHERE \(conditions.joined(separator: " AND "))
            ORDER BY tasks.completed_at DESC, tasks.id DESC LIMIT \(sql.bind(page.fetchLimit))
            """
        let statement = sql.query(text)
        let rows = try await read { connection in try await Self.loadTasks(connection, statement, logger: logger) }
        let cut = page.page(rows) { [$0.completedAt!.micros, $0.id.rowID!] }
        return CompletedPage(items: cut.items, nextCursor: cut.next)
    }

    /// Ranked as SQLite ranks them (bm25 there, `ts_rank` normalised by length here), then by id; pages go
    /// by offset, as relevance has no stable key.
    public func searchTasks(userID: String, text: String, page: PageRequest) async throws -> Page<TaskItem> {
        let viewer = try require(userID.rowID, "User")
        guard let terms = TextSearchQuery.allPrefixes(in: text) else { return Page(results: [], nextCursor: nil) }
        let offset = page.cursor?.keys.first ?? 0
        let sql = QueryBuilder()
        let me = sql.bind(viewer)
        let query = sql.bind(terms)
        let statement = sql.query(
            """
            \(Self.taskColumns), to_tsquery('kairos_search', \(query)) AS query
            WHERE tasks.search_vector @@ query AND \(Visibility.tasks(me)) AND tasks.completed_at IS NULL
            ORDER BY ts_rank(tasks.search_vector, query, 1) DESC, tasks.id
            LIMIT \(sql.bind(page.fetchLimit)) OFFSET \(sql.bind(offset))
            """)
        let rows = try await read { connection in try await Self.loadTasks(connection, statement, logger: logger) }
        let kept = Array(rows.prefix(page.limit))
        let next = rows.count > page.limit ? PageCursor(keys: [offset + Int64(page.limit)]).token : nil
        return Page(results: kept, nextCursor: next)
    }

    // MARK: Rows

    /// The task if `viewer` owns it or its project is shared with them.
    static func task(
        _ connection: PostgresConnection, viewer: Int64, id: Int64, logger: Logger
    ) async throws
        -> TaskItem?
    {
        let sql = QueryBuilder()
        let text = "\(taskColumns) WHERE tasks.id = \(sql.bind(id)) AND \(Visibility.tasks(sql.bind(viewer)))"
        return try await loadTasks(connection, sql.query(text), logger: logger).first
    }

    /// Hands a task and its subtasks, with their labels, to the owner of the project they moved into.
    private static func transfer(_ write: PostgresWrite, family taskID: Int64, to owner: Int64) async throws {
        try await write.query(
            """
            WITH RECURSIVE family(id) AS (
                SELECT \(taskID)::bigint
                UNION ALL SELECT t.id FROM tasks t JOIN family ON t.parent_id = family.id
            )
            UPDATE tasks SET user_id = \(owner) WHERE id IN (SELECT id FROM family)
            """)
        try await write.query(
            """
            WITH RECURSIVE family(id) AS (
                SELECT \(taskID)::bigint
                UNION ALL SELECT t.id FROM tasks t JOIN family ON t.parent_id = family.id
            )
            UPDATE task_labels SET user_id = \(owner) WHERE task_id IN (SELECT id FROM family)
            """)
    }

    /// Reads tasks and their labels (in one extra query for the whole batch), and the assignees of those
    /// that have any.
    static func loadTasks(
        _ connection: PostgresConnection, _ query: PostgresQuery, logger: Logger
    ) async throws
        -> [TaskItem]
    {
        var tasks = try await connection.rows(query, logger: logger).map(TaskItem.init(row:))
        guard !tasks.isEmpty else { return tasks }
        let ids = tasks.map { $0.id.rowID! }
        var labels: [Int64: [String]] = [:]
        let labelRows = try await connection.rows(
            "SELECT task_id, name FROM task_labels WHERE task_id = ANY(\(ids)) ORDER BY task_id, position",
            logger: logger)
        for row in labelRows {
            let (task, name) = try row.decode((Int64, String).self)
            labels[task, default: []].append(name)
        }
        for index in tasks.indices { tasks[index].labels = labels[ids[index]] ?? [] }
        // Most tasks have nobody assigned; only those with a first assignee need the full list.
        let assigned = tasks.indices.filter { tasks[$0].responsibleUID != nil }
        guard !assigned.isEmpty else { return tasks }
        var assignees: [Int64: [String]] = [:]
        let assigneeRows = try await connection.rows(
            """
            SELECT task_id, user_id FROM task_assignees WHERE task_id = ANY(\(assigned.map { ids[$0] }))
            ORDER BY task_id, position
            """, logger: logger)
        for row in assigneeRows {
            let (task, user) = try row.decode((Int64, Int64).self)
            assignees[task, default: []].append(user.apiID)
        }
        for index in assigned { tasks[index].assigneeIDs = assignees[ids[index]] ?? [] }
        return tasks
    }

    /// Sets the task's due and moves its relative reminders with it.
    private static func writeDue(_ write: PostgresWrite, task: Int64, due: Due?, by writer: Int64) async throws {
        let columns = try await DueColumns(write, due, setBy: writer)
        try await write.query(
            """
            UPDATE tasks SET due_date = \(columns.date), due_day = \(columns.day), due_time = \(columns.time),
                due_timezone = \(columns.timezone), due_string = \(columns.string), due_lang = \(columns.lang),
                due_rrule = \(columns.rrule), due_at = \(columns.at), due_from_completion = \(columns.fromCompletion)
            WHERE id = \(task)
            """)
        try await rearmRelativeReminders(write, task: task)
    }

    /// The values of the columns that keep a task's due.
    private struct DueColumns {
        var date: String?
        var day: Int64
        var time: String?
        var timezone: String?
        var string: String?
        var lang: String?
        var rrule: String?
        var at: Int64?
        var fromCompletion: Bool

        /// A due's time of day without a zone (a floating time) is read on the clock of the person who set it,
        /// so "9:00" is their nine o'clock for overdue checks and reminders.
        init(_ write: PostgresWrite, _ due: Due?, setBy writer: Int64) async throws {
            var zone = TimeZone.gmt
            if due?.time != nil, due?.timezone == nil,
                let name = try await write.firstRow("SELECT timezone FROM users WHERE id = \(writer)")?
                    .decode(String.self)
            {
                zone = TimeZone(identifier: name) ?? .gmt
            }
            date = due?.date.iso
            day = DueDay.of(due)
            time = due?.time?.iso
            timezone = due?.timezone
            string = due?.string
            lang = due?.lang
            rrule = due?.recurrence?.rrule
            at = due?.instant(fallback: zone)?.micros
            fromCompletion = due?.recurrence?.fromCompletion ?? false
        }
    }

    /// Writes who the task is assigned to; who hears of it is the write plan's (`TaskWritePlanner`). The first
    /// is Todoist's `responsible_uid`.
    static func writeAssignees(
        _ write: PostgresWrite, task: Int64, _ assignees: [String], by actor: Int64
    )
        async throws
    {
        try await write.query("DELETE FROM task_assignees WHERE task_id = \(task)")
        for (position, assignee) in assignees.enumerated() {
            try await write.query(
                """
                INSERT INTO task_assignees (task_id, user_id, position)
                VALUES (\(task), \(assignee.rowID), \(position))
                """)
        }
        try await write.query(
            """
            UPDATE tasks SET responsible = \(assignees.first?.rowID), assigned_by = \(assignees.isEmpty ? nil : actor)
            WHERE id = \(task)
            """)
    }

    private static func writeLabels(_ write: PostgresWrite, task: Int64, owner: Int64, labels: [String]) async throws {
        try await write.query("DELETE FROM task_labels WHERE task_id = \(task)")
        for (position, name) in labels.enumerated() {
            try await write.query(
                """
                INSERT INTO task_labels (task_id, user_id, name, position)
                VALUES (\(task), \(owner), \(name), \(position)) ON CONFLICT DO NOTHING
                """)
        }
    }

    /// Puts an open task at `position` among the open tasks of its project under the same parent, renumbering
    /// them 1, 2, 3... (`TaskOrder.placing`); only the orders that change are written.
    static func placeAmongSiblings(_ write: PostgresWrite, task: Int64, at position: Int) async throws {
        guard let row = try await write.firstRow("SELECT project_id, parent_id FROM tasks WHERE id = \(task)")
        else { return }
        let (project, parent) = try row.decode((Int64, Int64?).self)
        let siblings = try await openSiblings(write, project: project, parent: parent)
        let placed = TaskOrder.placing(task.apiID, at: position, among: siblings.map(\.id.apiID))
        try await writeOrders(write, placed.compactMap(\.rowID), current: siblings)
    }

    /// Numbers the open tasks of a project under one parent 1, 2, 3..., in their order: what a task leaving them
    /// leaves behind.
    static func renumberSiblings(_ write: PostgresWrite, project: Int64, parent: Int64?) async throws {
        let siblings = try await openSiblings(write, project: project, parent: parent)
        try await writeOrders(write, siblings.map(\.id), current: siblings)
    }

    private static func openSiblings(
        _ write: PostgresWrite, project: Int64, parent: Int64?
    ) async throws -> [(id: Int64, order: Int)] {
        try await write.rows(
            """
            SELECT id, child_order FROM tasks
            WHERE project_id = \(project) AND parent_id IS NOT DISTINCT FROM \(parent)::bigint AND completed_at IS NULL
            ORDER BY child_order, id
            """
        ).map { row in
            let (id, order) = try row.decode((Int64, Int).self)
            return (id: id, order: order)
        }
    }

    private static func writeOrders(
        _ write: PostgresWrite, _ ids: [Int64], current: [(id: Int64, order: Int)]
    )
        async throws
    {
        let before = Dictionary(current.map { ($0.id, $0.order) }, uniquingKeysWith: { first, _ in first })
        for (index, id) in ids.enumerated() where before[id] != index + 1 {
            try await write.query("UPDATE tasks SET child_order = \(index + 1) WHERE id = \(id)")
        }
    }

    private static func nextChildOrder(_ write: PostgresWrite, project: Int64, parent: Int64?) async throws -> Int {
        let row = try await write.firstRow(
            """
            SELECT COALESCE(MAX(child_order), 0) + 1 FROM tasks
            WHERE project_id = \(project) AND parent_id IS NOT DISTINCT FROM \(parent)::bigint
            """)
        return try row?.decode(Int.self) ?? 1
    }

    /// The new task's place (`TaskPlacement`), from the parent, section or project it names, as the viewer
    /// sees them.
    private static func placement(
        _ write: PostgresWrite, viewer: Int64, draft: TaskDraft
    ) async throws -> (project: Int64, section: Int64?, parent: Int64?, owner: Int64) {
        let connection = write.connection
        let logger = write.logger
        var parent: TaskItem?
        if let parentID = draft.parentID {
            parent = try require(
                try await task(connection, viewer: viewer, id: parentID.rowID ?? 0, logger: logger), "Parent task")
        }
        var section: Section?
        if parent == nil, let sectionID = draft.sectionID {
            section = try require(
                try await Self.section(connection, viewer: viewer, id: sectionID.rowID ?? 0, logger: logger),
                "Section")
        }
        var inbox: Int64?
        if parent == nil, section == nil {
            if let projectID = draft.projectID {
                _ = try require(
                    try await project(connection, viewer: viewer, id: projectID.rowID ?? 0, logger: logger), "Project")
            } else {
                inbox = try await write.firstRow(
                    "SELECT id FROM projects WHERE user_id = \(viewer) AND is_inbox"
                )?.decode(Int64.self)
            }
        }
        let place = try TaskPlacement.forNewTask(
            projectID: draft.projectID, parent: parent, section: section, inboxID: inbox?.apiID)
        let project = try require(place.projectID.rowID, "Project")
        return (project, place.sectionID?.rowID, place.parentID?.rowID, try await requireOpenProject(write, project))
    }

    /// The project's owner, who owns its tasks (`TaskPlacement.owner`).
    private static func requireOpenProject(_ write: PostgresWrite, _ project: Int64) async throws -> Int64 {
        let row = try require(
            try await write.firstRow("SELECT user_id, is_archived FROM projects WHERE id = \(project)"), "Project")
        let (owner, archived) = try row.decode((Int64, Bool).self)
        return try require(try TaskPlacement.owner(owner.apiID, archived: archived).rowID, "User")
    }

    // MARK: Comments

    public func comments(
        userID: String, taskID: String?, projectID: String?, page: PageRequest
    ) async throws -> Page<Comment> {
        let viewer = try require(userID.rowID, "User")
        let sql = QueryBuilder()
        var condition: String
        if let taskID {
            let task = sql.bind(taskID.rowID ?? 0)
            condition =
                "task_id IN (SELECT id FROM tasks WHERE tasks.id = \(task) AND \(Visibility.tasks(sql.bind(viewer))))"
        } else if let projectID {
            let project = sql.bind(projectID.rowID ?? 0)
            let visible = Visibility.projects(sql.bind(viewer))
            condition = "project_id IN (SELECT id FROM projects WHERE projects.id = \(project) AND \(visible))"
        } else {
            throw KairosError.invalidField(field: "task_id", message: "Give task_id or project_id to list comments.")
        }
        if let last = page.cursor?.keys.first {
            condition += " AND id > \(sql.bind(last))"
        }
        let text =
            "SELECT \(Comment.columns) FROM comments WHERE \(condition) ORDER BY id LIMIT \(sql.bind(page.fetchLimit))"
        let statement = sql.query(text)
        let rows = try await read { connection in
            try await connection.rows(statement, logger: logger).map(Comment.init(row:))
        }
        let kept = Array(rows.prefix(page.limit))
        let next = rows.count > page.limit ? kept.last.map { PageCursor(keys: [$0.id.rowID!]).token } : nil
        return Page(results: kept, nextCursor: next)
    }

    public func comment(userID: String, id: String) async throws -> Comment? {
        guard let viewer = userID.rowID, let commentID = id.rowID else { return nil }
        return try await read { connection in
            try await Self.comment(connection, viewer: viewer, id: commentID, logger: logger)
        }
    }

    public func createComment(
        userID: String, taskID: String?, projectID: String?, content: String, now: Date
    ) async throws -> Comment {
        let author = try require(userID.rowID, "User")
        return try await write { write in
            var task: Int64?
            var project: Int64?
            if let taskID {
                task = try require(
                    try await Self.task(write.connection, viewer: author, id: taskID.rowID ?? 0, logger: write.logger),
                    "Task"
                ).id.rowID
            } else if let projectID {
                project = try require(
                    try await Self.project(
                        write.connection, viewer: author, id: projectID.rowID ?? 0, logger: write.logger),
                    "Project"
                ).id.rowID
            } else {
                throw KairosError.invalidField(field: "task_id", message: "Give task_id or project_id for the comment.")
            }
            let commentID = try await Self.insertComment(
                write, author: author, task: task, project: project, content: content, now: now)
            if let task { try await Self.record(write, task: task, .commented, by: author, now: now) }
            let comment = try require(
                try await Self.comment(write.connection, viewer: author, id: commentID, logger: write.logger),
                "Comment")
            try await Self.announceCommentChange(write, comment, by: author, now: now)
            return comment
        }
    }

    private static func insertComment(
        _ write: PostgresWrite, author: Int64, task: Int64?, project: Int64?, content: String, now: Date
    ) async throws -> Int64 {
        let row = try await write.firstRow(
            """
            INSERT INTO comments (user_id, task_id, project_id, content, posted_at)
            VALUES (\(author), \(task), \(project), \(content), \(now.micros)) RETURNING id
            """)
        return try require(row, "Comment").decode(Int64.self)
    }

    public func updateComment(userID: String, id: String, content: String, now: Date) async throws -> Comment {
        let viewer = try require(userID.rowID, "User")
        let commentID = try require(id.rowID, "Comment")
        return try await write { write in
            _ = try require(
                try await Self.comment(write.connection, viewer: viewer, id: commentID, logger: write.logger),
                "Comment")
            try await write.query("UPDATE comments SET content = \(content) WHERE id = \(commentID)")
            let comment = try require(
                try await Self.comment(write.connection, viewer: viewer, id: commentID, logger: write.logger),
                "Comment")
            try await Self.announceCommentChange(write, comment, by: viewer, now: now)
            return comment
        }
    }

    public func deleteComment(userID: String, id: String, now: Date) async throws {
        let viewer = try require(userID.rowID, "User")
        let commentID = try require(id.rowID, "Comment")
        try await write { write in
            let comment = try require(
                try await Self.comment(write.connection, viewer: viewer, id: commentID, logger: write.logger),
                "Comment")
            try await write.query("DELETE FROM comments WHERE id = \(commentID)")
            try await Self.announceCommentChange(write, comment, by: viewer, now: now)
        }
    }

    /// The comment if what it is on is visible to `viewer`.
    static func comment(
        _ connection: PostgresConnection, viewer: Int64, id: Int64, logger: Logger
    ) async throws
        -> Comment?
    {
        let sql = QueryBuilder()
        let me = sql.bind(viewer)
        let text = """
            SELECT \(Comment.columns) FROM comments WHERE id = \(sql.bind(id)) AND (
                task_id IN (SELECT id FROM tasks WHERE \(Visibility.tasks(me)))
                OR project_id IN (SELECT id FROM projects WHERE \(Visibility.projects(me))))
            """
        return try await connection.firstRow(sql.query(text), logger: logger).map(Comment.init(row:))
    }
}

extension TaskItem {
    /// A task from a row of `PostgresStore.taskColumns`, read by position (`TaskColumn`); labels and
    /// assignees come separately.
    init(row: PostgresRow) throws {
        let cells = row.makeRandomAccess()
        func value<Value: PostgresDecodable>(_ column: TaskColumn, _ type: Value.Type = Value.self) throws -> Value {
            try cells[column.rawValue].decode(Value.self)
        }
        func id(_ column: TaskColumn) throws -> String? { try value(column, Int64?.self)?.apiID }
        func text(_ column: TaskColumn) throws -> String? { try value(column, String?.self) }
        var due: Due?
        if let dateText = try text(.dueDate), let date = LocalDate(iso: dateText) {
            let fromCompletion = try value(.dueFromCompletion, Bool.self)
            due = Due(
                date: date, time: try text(.dueTime).flatMap(LocalTime.init(iso:)), timezone: try text(.dueTimezone),
                string: try text(.dueString) ?? dateText, lang: try text(.dueLang) ?? "en",
                recurrence: try text(.dueRRule).flatMap { try? RecurrenceRule(rrule: $0) }.map { rule in
                    var rule = rule
                    rule.fromCompletion = fromCompletion
                    return rule
                })
        }
        var duration: TaskDuration?
        if let amount = try value(.durationAmount, Int?.self),
            let unit = try text(.durationUnit).flatMap(TaskDuration.Unit.init)
        {
            duration = TaskDuration(amount: amount, unit: unit)
        }
        self.init(
            id: try require(try id(.id), "Task"), userID: try require(try id(.userID), "User"),
            projectID: try require(try id(.projectID), "Project"), sectionID: try id(.sectionID),
            parentID: try id(.parentID), content: try value(.content), description: try value(.description),
            priority: try value(.priority), due: due,
            deadline: try text(.deadlineDate).flatMap(LocalDate.init(iso:)).map {
                Deadline(date: $0, lang: (try? text(.deadlineLang)) ?? "en")
            },
            duration: duration, childOrder: try value(.childOrder), dayOrder: try value(.dayOrder),
            isCollapsed: try value(.isCollapsed), addedByUID: try require(try id(.addedBy), "User"),
            assignedByUID: try id(.assignedBy), responsibleUID: try id(.responsible),
            completedAt: try value(.completedAt, Int64?.self).map(Date.init(micros:)),
            addedAt: Date(micros: try value(.addedAt)), updatedAt: Date(micros: try value(.updatedAt)),
            noteCount: try value(.noteCount))
    }
}

extension Comment {
    /// The columns `init(row:)` reads, in its order.
    static let columns = "id, task_id, project_id, user_id, content, posted_at"

    init(row: PostgresRow) throws {
        let (id, task, project, poster, content, postedAt) = try row.decode(
            (Int64, Int64?, Int64?, Int64, String, Int64).self)
        self.init(
            id: id.apiID, taskID: task?.apiID, projectID: project?.apiID, posterID: poster.apiID, content: content,
            postedAt: Date(micros: postedAt))
    }
}
