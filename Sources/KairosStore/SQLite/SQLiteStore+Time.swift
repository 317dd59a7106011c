import Foundation
import GRDB
import KairosCore

extension SQLiteStore: TimeStore {
    public func stopwatch(userID: String) async throws -> Stopwatch {
        guard let owner = userID.rowID else { return .idle }
        return try await pool.read { db in try Self.stopwatch(db, owner: owner) }
    }

    public func startStopwatch(userID: String, taskID: String, now: Date) async throws -> Stopwatch {
        let owner = try require(userID.rowID, "User")
        return try await write { db in
            let task = try Self.requireTask(db, owner: owner, id: taskID)
            try Self.closeRunningSegment(db, owner: owner, now: now)
            let session = try Self.insertSession(
                db, owner: owner, task: task, start: now.micros, end: nil, source: .timer, now: now)
            try db.run(
                sql: """
                    INSERT OR REPLACE INTO stopwatches
                        (user_id, task_id, state, started_at, running_session_id, accumulated, stopped_at)
                    VALUES (?, ?, 'running', ?, ?, 0, NULL)
                    """,
                arguments: [owner, task, now.micros, session])
            return try Self.announceStopwatch(db, owner: owner, now: now)
        }
    }

    public func pauseStopwatch(userID: String, now: Date) async throws -> Stopwatch {
        let owner = try require(userID.rowID, "User")
        return try await write { db in
            guard try Self.stopwatch(db, owner: owner).state == .running else {
                throw KairosError.conflict("The stopwatch is not running: start it on a task, or resume it.")
            }
            try Self.closeRunningSegment(db, owner: owner, now: now)
            try db.run(sql: "UPDATE stopwatches SET state = 'paused' WHERE user_id = ?", arguments: [owner])
            return try Self.announceStopwatch(db, owner: owner, now: now)
        }
    }

    public func resumeStopwatch(userID: String, now: Date) async throws -> Stopwatch {
        let owner = try require(userID.rowID, "User")
        return try await write { db in
            let current = try Self.stopwatch(db, owner: owner)
            guard current.state == .paused, let task = current.taskID?.rowID else {
                throw KairosError.conflict("The stopwatch is not paused: pause it first, or start it on a task.")
            }
            let session = try Self.insertSession(
                db, owner: owner, task: task, start: now.micros, end: nil, source: .timer, now: now)
            try db.run(
                sql: "UPDATE stopwatches SET state = 'running', running_session_id = ? WHERE user_id = ?",
                arguments: [session, owner])
            return try Self.announceStopwatch(db, owner: owner, now: now)
        }
    }

    public func stopStopwatch(userID: String, now: Date) async throws -> Stopwatch {
        let owner = try require(userID.rowID, "User")
        return try await write { db in
            switch try Self.stopwatch(db, owner: owner).state {
            case .idle:
                throw KairosError.conflict("The stopwatch has not been started: start it on a task first.")
            case .stopped:
                break
            case .running, .paused:
                try Self.stop(db, owner: owner, now: now)
            }
            return try Self.stopwatch(db, owner: owner)
        }
    }

    public func stopStopwatches(on group: TaskGroup, now: Date) async throws -> [String] {
        let family = try Self.family(of: group)
        return try await write { db in
            let owners = try Int64.fetchAll(
                db.cachedStatement(
                    sql: """
                        \(family.sql)
                        SELECT user_id FROM stopwatches WHERE task_id IN family AND state IN ('running', 'paused')
                        ORDER BY user_id
                        """),
                arguments: [family.id])
            for owner in owners { try Self.stop(db, owner: owner, now: now) }
            return owners.map(\.apiID)
        }
    }

    /// `WITH` clauses defining `family(id)`, the tasks of `group` (subtasks included), with the id they bind.
    static func family(of group: TaskGroup) throws -> (sql: String, id: Int64) {
        switch group {
        case .task(let id):
            let sql = """
                WITH RECURSIVE family(id) AS (
                    SELECT ? UNION ALL SELECT t.id FROM tasks t JOIN family ON t.parent_id = family.id
                )
                """
            return (sql, try require(id.rowID, "Task"))
        case .section(let id):
            return ("WITH family(id) AS (SELECT id FROM tasks WHERE section_id = ?)", try require(id.rowID, "Section"))
        case .project(let id):
            let sql = """
                WITH RECURSIVE doomed(id) AS (
                    SELECT ? UNION ALL SELECT p.id FROM projects p JOIN doomed ON p.parent_id = doomed.id
                ), family(id) AS (SELECT id FROM tasks WHERE project_id IN doomed)
                """
            return (sql, try require(id.rowID, "Project"))
        }
    }

    /// Stops a running or paused stopwatch: closes its segment, records the time on its task and tells the
    /// owner's devices.
    private static func stop(_ db: Database, owner: Int64, now: Date) throws {
        try closeRunningSegment(db, owner: owner, now: now)
        try db.run(
            sql: "UPDATE stopwatches SET state = 'stopped', stopped_at = ? WHERE user_id = ?",
            arguments: [now.micros, owner])
        if let run = try db.fetchRow(
            sql: "SELECT task_id, accumulated FROM stopwatches WHERE user_id = ?", arguments: [owner]),
            let task = run[0] as Int64?, run[1] as Int64 >= 1_000_000
        {
            try record(db, task: task, .timeTracked(seconds: Int((run[1] as Int64) / 1_000_000)), by: owner, now: now)
        }
        _ = try announceStopwatch(db, owner: owner, now: now)
    }

    /// Keeps the title and project of the tasks of `group` that have time tracked on them, for the reports once
    /// they are deleted; refuses while a stopwatch still runs on one of them, whose segment would be left open.
    static func keepTrackedTime(_ db: Database, of group: TaskGroup, now: Date) throws {
        let family = try Self.family(of: group)
        let stillRunning = """
            \(family.sql)
            SELECT 1 FROM time_sessions WHERE task_id IN family AND ended_at IS NULL LIMIT 1
            """
        if try db.fetchValue(Bool.self, sql: stillRunning, arguments: [family.id]) ?? false {
            throw KairosError.conflict("A stopwatch is running on a task being deleted. Stop it, then delete again.")
        }
        try db.run(
            sql: """
                \(family.sql)
                INSERT OR REPLACE INTO deleted_tasks (id, content, project_id, project_name, deleted_at)
                SELECT t.id, t.content, t.project_id, p.name, ? FROM tasks t JOIN projects p ON p.id = t.project_id
                WHERE t.id IN family AND EXISTS (SELECT 1 FROM time_sessions s WHERE s.task_id = t.id)
                """,
            arguments: [family.id, now.micros])
    }

    public func addSession(userID: String, draft: TimeSessionDraft, now: Date) async throws -> TimeSession {
        let owner = try require(userID.rowID, "User")
        return try await write { db in
            let task = try Self.requireTask(db, owner: owner, id: draft.taskID)
            try Self.requireNoOverlap(db, owner: owner, draft: draft, except: nil, now: now)
            let id = try Self.insertSession(
                db, owner: owner, task: task, start: draft.startedAt.micros, end: draft.endedAt.micros, source: .manual,
                now: now)
            let seconds = Int((draft.endedAt.micros - draft.startedAt.micros) / 1_000_000)
            try Self.record(db, task: task, .timeTracked(seconds: seconds), by: owner, now: now)
            return try require(try Self.session(db, owner: owner, id: id), "Session")
        }
    }

    public func updateSession(userID: String, id: String, draft: TimeSessionDraft) async throws -> TimeSession {
        let owner = try require(userID.rowID, "User")
        let sessionID = try require(id.rowID, "Session")
        return try await write { db in
            let existing = try require(try Self.session(db, owner: owner, id: sessionID), "Session")
            try Self.requireOutsideCurrentRun(db, owner: owner, existing)
            let task = try Self.requireTask(db, owner: owner, id: draft.taskID)
            try Self.requireNoOverlap(db, owner: owner, draft: draft, except: sessionID, now: draft.endedAt)
            try db.run(
                sql: """
                    UPDATE time_sessions SET task_id = ?, started_at = ?, ended_at = ?, source = 'manual'
                    WHERE id = ? AND user_id = ?
                    """,
                arguments: [task, draft.startedAt.micros, draft.endedAt.micros, sessionID, owner])
            return try require(try Self.session(db, owner: owner, id: sessionID), "Session")
        }
    }

    public func deleteSession(userID: String, id: String) async throws {
        let owner = try require(userID.rowID, "User")
        let sessionID = try require(id.rowID, "Session")
        try await write { db in
            let existing = try require(try Self.session(db, owner: owner, id: sessionID), "Session")
            try Self.requireOutsideCurrentRun(db, owner: owner, existing)
            try db.run(sql: "DELETE FROM time_sessions WHERE id = ? AND user_id = ?", arguments: [sessionID, owner])
        }
    }

    public func session(userID: String, id: String) async throws -> TimeSession? {
        guard let owner = userID.rowID, let sessionID = id.rowID else { return nil }
        return try await pool.read { db in try Self.session(db, owner: owner, id: sessionID) }
    }

    public func sessions(
        userID: String, from: Date?, to: Date?, taskID: String?, page: PageRequest
    ) async throws -> Page<TimeSession> {
        let owner = try require(userID.rowID, "User")
        var conditions = ["user_id = ?"]
        var arguments: StatementArguments = [owner]
        if let to {
            conditions.append("started_at < ?")
            arguments += [to.micros]
        }
        if let from {
            conditions.append("(ended_at IS NULL OR ended_at > ?)")
            arguments += [from.micros]
        }
        if let taskID {
            conditions.append("task_id = ?")
            arguments += [taskID.rowID ?? 0]
        }
        let keyset = page.ascendingKeyset(orderColumn: "started_at")
        let sql = """
            SELECT \(Self.sessionColumns) FROM time_sessions WHERE \(conditions.joined(separator: " AND "))\(keyset.sql)
            ORDER BY started_at, id LIMIT \(page.fetchLimit)
            """
        let rows = try await pool.read { db in
            try db.fetchRows(sql: sql, arguments: arguments + keyset.arguments, uncached: true)
        }
        let (kept, next) = page.page(rows) { [$0[2] as Int64, $0[0] as Int64] }
        return Page(results: kept.map(Self.session(row:)), nextCursor: next)
    }

    public func trackedSpans(userID: String, from: Date, to: Date, now: Date) async throws -> [TrackedSpan] {
        let owner = try require(userID.rowID, "User")
        return try await pool.read { db in
            let rows = try db.fetchRows(
                sql: """
                    SELECT s.id, s.task_id, COALESCE(t.content, d.content, ?),
                        COALESCE(t.project_id, d.project_id, 0), COALESCE(p.name, d.project_name, ''),
                        t.duration_amount, t.duration_unit, s.started_at, COALESCE(s.ended_at, ?)
                    FROM time_sessions s
                    LEFT JOIN tasks t ON t.id = s.task_id
                    LEFT JOIN projects p ON p.id = t.project_id
                    LEFT JOIN deleted_tasks d ON d.id = s.task_id AND t.id IS NULL
                    WHERE s.user_id = ? AND s.started_at < ? AND COALESCE(s.ended_at, ?) > ?
                    ORDER BY s.started_at, s.id
                    """,
                arguments: [Self.deletedTaskTitle, now.micros, owner, to.micros, now.micros, from.micros])
            let taskIDs = Array(Set(rows.map { $0[1] as Int64 }))
            let labels = try Self.labels(db, tasks: taskIDs)
            return rows.map { row in
                let task: Int64 = row[1]
                return TrackedSpan(
                    sessionID: (row[0] as Int64).apiID, taskID: task.apiID, taskContent: row[2],
                    projectID: (row[3] as Int64).apiID, projectName: row[4], labels: labels[task] ?? [],
                    estimateSeconds: Self.estimateSeconds(amount: row[5], unit: row[6]),
                    start: Date(micros: row[7]), end: Date(micros: row[8]))
            }
        }
    }

    public func trackedIntervals(userID: String, now: Date) async throws -> [(start: Date, end: Date)] {
        let owner = try require(userID.rowID, "User")
        return try await pool.read { db in
            try db.fetchRows(
                sql: "SELECT started_at, COALESCE(ended_at, ?) FROM time_sessions WHERE user_id = ?",
                arguments: [now.micros, owner]
            ).map { (start: Date(micros: $0[0]), end: Date(micros: $0[1])) }
        }
    }

    public func taskTime(userID: String, taskID: String, now: Date) async throws -> TaskTime? {
        guard let owner = userID.rowID, let task = taskID.rowID else { return nil }
        return try await pool.read { db -> TaskTime? in
            guard
                let row = try db.fetchRow(
                    sql: "SELECT duration_amount, duration_unit FROM tasks WHERE id = ? AND \(Visible.tasks)",
                    arguments: [task] + Visible.arguments(owner))
            else { return nil }
            let own =
                try db.fetchValue(
                    Int64.self,
                    sql: """
                        SELECT COALESCE(SUM(COALESCE(ended_at, ?) - started_at), 0) FROM time_sessions
                        WHERE task_id = ?
                        """,
                    arguments: [now.micros, task]) ?? 0
            let total =
                try db.fetchValue(
                    Int64.self,
                    sql: """
                        WITH RECURSIVE tree(id) AS (
                            SELECT ? UNION ALL SELECT tasks.id FROM tasks JOIN tree ON tasks.parent_id = tree.id
                        )
                        SELECT COALESCE(SUM(COALESCE(ended_at, ?) - started_at), 0) FROM time_sessions
                        WHERE task_id IN (SELECT id FROM tree)
                        """,
                    arguments: [task, now.micros]) ?? 0
            return TaskTime(
                taskID: taskID, estimateSeconds: Self.estimateSeconds(amount: row[0], unit: row[1]),
                ownSeconds: Int(own / 1_000_000), totalSeconds: Int(total / 1_000_000))
        }
    }

    public func projectTime(userID: String, projectID: String, now: Date) async throws -> ProjectTime? {
        guard let owner = userID.rowID, let project = projectID.rowID else { return nil }
        return try await pool.read { db -> ProjectTime? in
            guard
                try db.fetchRow(
                    sql: "SELECT 1 FROM projects WHERE id = ? AND \(Visible.projects)",
                    arguments: [project] + Visible.arguments(owner)) != nil
            else { return nil }
            let estimate =
                try db.fetchValue(
                    Int64.self,
                    sql: """
                        SELECT COALESCE(SUM(duration_amount * CASE duration_unit WHEN 'day' THEN 86400 ELSE 60 END), 0)
                        FROM tasks WHERE project_id = ?
                        """,
                    arguments: [project]) ?? 0
            // Everyone who can see the project sees what each person tracked on it, and only on it.
            let people = try db.fetchRows(
                sql: """
                    SELECT s.user_id, u.name, SUM(COALESCE(s.ended_at, ?) - s.started_at) AS spent
                    FROM time_sessions s JOIN users u ON u.id = s.user_id
                    LEFT JOIN tasks t ON t.id = s.task_id
                    LEFT JOIN deleted_tasks d ON d.id = s.task_id AND t.id IS NULL
                    WHERE COALESCE(t.project_id, d.project_id) = ?
                    GROUP BY s.user_id ORDER BY spent DESC, s.user_id
                    """,
                arguments: [now.micros, project]
            ).map { row in
                PersonTime(userID: (row[0] as Int64).apiID, name: row[1], seconds: Int((row[2] as Int64) / 1_000_000))
            }
            return ProjectTime(
                projectID: projectID, estimateSeconds: Int(estimate),
                totalSeconds: people.reduce(0) { $0 + $1.seconds }, people: people)
        }
    }

    /// What reports call a deleted task whose title was not kept (it went with its owner's account).
    static let deletedTaskTitle = "Deleted task"

    // MARK: - Rows

    private static let sessionColumns = "id, task_id, started_at, ended_at, source"

    private static func session(row: Row) -> TimeSession {
        TimeSession(
            id: (row[0] as Int64).apiID, taskID: (row[1] as Int64).apiID, startedAt: Date(micros: row[2]),
            endedAt: (row[3] as Int64?).map(Date.init(micros:)), source: TimeSession.Source(rawValue: row[4]) ?? .manual
        )
    }

    static func session(_ db: Database, owner: Int64, id: Int64) throws -> TimeSession? {
        try db.fetchRow(
            sql: "SELECT \(sessionColumns) FROM time_sessions WHERE id = ? AND user_id = ?", arguments: [id, owner]
        ).map(session(row:))
    }

    static func stopwatch(_ db: Database, owner: Int64) throws -> Stopwatch {
        guard
            let row = try db.fetchRow(
                sql: """
                    SELECT w.task_id, w.state, w.started_at, s.started_at, w.accumulated, w.stopped_at
                    FROM stopwatches w LEFT JOIN time_sessions s ON s.id = w.running_session_id
                    WHERE w.user_id = ?
                    """,
                arguments: [owner])
        else { return .idle }
        let state = Stopwatch.State(rawValue: row[1]) ?? .stopped
        return Stopwatch(
            state: state, taskID: (row[0] as Int64).apiID, startedAt: Date(micros: row[2]),
            runningSince: state == .running ? (row[3] as Int64?).map(Date.init(micros:)) : nil,
            accumulatedSeconds: Double(row[4] as Int64) / 1_000_000,
            stoppedAt: (row[5] as Int64?).map(Date.init(micros:)))
    }

    /// Puts the change in the user's event feed, so their other devices show the stopwatch as it is now.
    private static func announceStopwatch(_ db: Database, owner: Int64, now: Date) throws -> Stopwatch {
        let watch = try stopwatch(db, owner: owner)
        try insert(.init(recipients: [owner.apiID], kind: .stopwatchChanged, taskID: watch.taskID), db, now: now)
        return watch
    }

    /// The segments of a running or paused stopwatch make up its clock; they change only once it is stopped.
    private static func requireOutsideCurrentRun(_ db: Database, owner: Int64, _ session: TimeSession) throws {
        let watch = try stopwatch(db, owner: owner)
        guard watch.state == .running || watch.state == .paused, watch.taskID == session.taskID,
            let runStart = watch.startedAt, session.startedAt >= runStart
        else { return }
        throw KairosError.conflict(
            "Session \(session.id) is part of the stopwatch's current run: stop the stopwatch, then change the session."
        )
    }

    private static func requireTask(_ db: Database, owner: Int64, id: String) throws -> Int64 {
        guard let task = id.rowID,
            try db.fetchRow(
                sql: "SELECT 1 FROM tasks WHERE id = ? AND \(Visible.tasks)",
                arguments: [task] + Visible.arguments(owner))
                != nil
        else { throw KairosError.missing("Task") }
        return task
    }

    private static func insertSession(
        _ db: Database, owner: Int64, task: Int64, start: Int64, end: Int64?, source: TimeSession.Source, now: Date
    ) throws -> Int64 {
        try db.run(
            sql: """
                INSERT INTO time_sessions (user_id, task_id, started_at, ended_at, source, created_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [owner, task, start, end, source.rawValue, now.micros])
        return db.lastInsertedRowID
    }

    /// Ends the running segment at `now` and adds it to the stopwatch's clock.
    private static func closeRunningSegment(_ db: Database, owner: Int64, now: Date) throws {
        guard
            let row = try db.fetchRow(
                sql: """
                    SELECT s.id, s.started_at FROM stopwatches w JOIN time_sessions s ON s.id = w.running_session_id
                    WHERE w.user_id = ? AND w.state = 'running' AND s.ended_at IS NULL
                    """,
                arguments: [owner])
        else { return }
        let session: Int64 = row[0]
        let start: Int64 = row[1]
        let end = now.micros
        if end > start {
            try db.run(sql: "UPDATE time_sessions SET ended_at = ? WHERE id = ?", arguments: [end, session])
        } else {
            // A segment paused in the microsecond it started holds no time.
            try db.run(sql: "DELETE FROM time_sessions WHERE id = ?", arguments: [session])
        }
        try db.run(
            sql: "UPDATE stopwatches SET accumulated = accumulated + ?, running_session_id = NULL WHERE user_id = ?",
            arguments: [max(0, end - start), owner])
    }

    private static func requireNoOverlap(
        _ db: Database, owner: Int64, draft: TimeSessionDraft, except: Int64?, now: Date
    ) throws {
        guard
            let row = try db.fetchRow(
                sql: """
                    SELECT id, started_at, ended_at FROM time_sessions
                    WHERE user_id = ? AND id <> ? AND started_at < ? AND COALESCE(ended_at, ?) > ?
                    ORDER BY started_at LIMIT 1
                    """,
                arguments: [
                    owner, except ?? 0, draft.endedAt.micros, max(now, draft.endedAt).micros, draft.startedAt.micros,
                ])
        else { return }
        let start = APITimestamp.format(Date(micros: row[1]))
        let end = (row[2] as Int64?).map { APITimestamp.format(Date(micros: $0)) } ?? "now (the stopwatch is running)"
        throw KairosError.conflict(
            "That time overlaps session \((row[0] as Int64).apiID) (\(start) to \(end)): change the times or edit that session."
        )
    }

    private static func labels(_ db: Database, tasks: [Int64]) throws -> [Int64: [String]] {
        guard !tasks.isEmpty else { return [:] }
        var labels: [Int64: [String]] = [:]
        let rows = try db.fetchRows(
            sql: """
                SELECT task_id, name FROM task_labels WHERE task_id IN (SELECT value FROM json_each(?))
                ORDER BY task_id, position
                """,
            arguments: [tasks.jsonArray])
        for row in rows { labels[row[0] as Int64, default: []].append(row[1]) }
        return labels
    }

    /// Todoist's `duration` as an estimate: minutes, or whole days of 24 hours.
    private static func estimateSeconds(amount: Int64?, unit: String?) -> Int? {
        guard let amount else { return nil }
        return Int(amount) * (unit == "day" ? 86_400 : 60)
    }
}
