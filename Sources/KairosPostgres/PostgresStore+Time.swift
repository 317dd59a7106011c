import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: TimeStore {
    public func stopwatch(userID: String) async throws -> Stopwatch {
        guard let owner = userID.rowID else { return .idle }
        return try await read { connection in try await Self.stopwatch(connection, owner: owner, logger: logger) }
    }

    public func startStopwatch(userID: String, taskID: String, now: Date) async throws -> Stopwatch {
        let owner = try require(userID.rowID, "User")
        return try await write { write in
            let task = try await Self.requireTask(write, owner: owner, id: taskID)
            try await Self.closeRunningSegment(write, owner: owner, now: now)
            let session = try await Self.insertSession(
                write, owner: owner, task: task, start: now.micros, end: nil, source: .timer, now: now)
            try await write.query(
                """
                INSERT INTO stopwatches
                    (user_id, task_id, state, started_at, running_session_id, accumulated, stopped_at)
                VALUES (\(owner), \(task), 'running', \(now.micros), \(session), 0, NULL)
                ON CONFLICT (user_id) DO UPDATE SET task_id = excluded.task_id, state = excluded.state,
                    started_at = excluded.started_at, running_session_id = excluded.running_session_id,
                    accumulated = excluded.accumulated, stopped_at = excluded.stopped_at
                """)
            return try await Self.announceStopwatch(write, owner: owner, now: now)
        }
    }

    public func pauseStopwatch(userID: String, now: Date) async throws -> Stopwatch {
        let owner = try require(userID.rowID, "User")
        return try await write { write in
            guard try await Self.stopwatch(write.connection, owner: owner, logger: write.logger).state == .running
            else {
                throw KairosError.conflict("The stopwatch is not running: start it on a task, or resume it.")
            }
            try await Self.closeRunningSegment(write, owner: owner, now: now)
            try await write.query("UPDATE stopwatches SET state = 'paused' WHERE user_id = \(owner)")
            return try await Self.announceStopwatch(write, owner: owner, now: now)
        }
    }

    public func resumeStopwatch(userID: String, now: Date) async throws -> Stopwatch {
        let owner = try require(userID.rowID, "User")
        return try await write { write in
            let current = try await Self.stopwatch(write.connection, owner: owner, logger: write.logger)
            guard current.state == .paused, let task = current.taskID?.rowID else {
                throw KairosError.conflict("The stopwatch is not paused: pause it first, or start it on a task.")
            }
            let session = try await Self.insertSession(
                write, owner: owner, task: task, start: now.micros, end: nil, source: .timer, now: now)
            try await write.query(
                "UPDATE stopwatches SET state = 'running', running_session_id = \(session) WHERE user_id = \(owner)")
            return try await Self.announceStopwatch(write, owner: owner, now: now)
        }
    }

    public func stopStopwatch(userID: String, now: Date) async throws -> Stopwatch {
        let owner = try require(userID.rowID, "User")
        return try await write { write in
            switch try await Self.stopwatch(write.connection, owner: owner, logger: write.logger).state {
            case .idle:
                throw KairosError.conflict("The stopwatch has not been started: start it on a task first.")
            case .stopped:
                break
            case .running, .paused:
                try await Self.stop(write, owner: owner, now: now)
            }
            return try await Self.stopwatch(write.connection, owner: owner, logger: write.logger)
        }
    }

    public func stopStopwatches(on group: TaskGroup, now: Date) async throws -> [String] {
        let sql = QueryBuilder()
        let text = """
            \(try Self.family(of: group, sql))
            SELECT user_id FROM stopwatches
            WHERE task_id IN (SELECT id FROM family) AND state IN ('running', 'paused')
            ORDER BY user_id
            """
        let statement = sql.query(text)
        return try await write { write in
            let owners = try await write.rows(statement).map { try $0.decode(Int64.self) }
            for owner in owners { try await Self.stop(write, owner: owner, now: now) }
            return owners.map(\.apiID)
        }
    }

    /// Stops a running or paused stopwatch: closes its segment, records the time on its task and tells the
    /// owner's devices.
    private static func stop(_ write: PostgresWrite, owner: Int64, now: Date) async throws {
        try await closeRunningSegment(write, owner: owner, now: now)
        try await write.query(
            "UPDATE stopwatches SET state = 'stopped', stopped_at = \(now.micros) WHERE user_id = \(owner)")
        if let run = try await write.firstRow(
            "SELECT task_id, accumulated FROM stopwatches WHERE user_id = \(owner)")
        {
            let (task, accumulated) = try run.decode((Int64, Int64).self)
            if accumulated >= 1_000_000 {
                try await record(
                    write, task: task, .timeTracked(seconds: Int(accumulated / 1_000_000)), by: owner, now: now)
            }
        }
        _ = try await announceStopwatch(write, owner: owner, now: now)
    }

    /// `WITH` clauses defining `family(id)`, the tasks of `group` (subtasks included), its id bound in `sql`.
    static func family(of group: TaskGroup, _ sql: QueryBuilder) throws -> String {
        switch group {
        case .task(let id):
            let task = sql.bind(try require(id.rowID, "Task"))
            return """
                WITH RECURSIVE family(id) AS (
                    SELECT \(task)::bigint
                    UNION ALL SELECT t.id FROM tasks t JOIN family ON t.parent_id = family.id
                )
                """
        case .section(let id):
            let section = sql.bind(try require(id.rowID, "Section"))
            return "WITH family(id) AS (SELECT id FROM tasks WHERE section_id = \(section))"
        case .project(let id):
            let project = sql.bind(try require(id.rowID, "Project"))
            return """
                WITH RECURSIVE doomed(id) AS (
                    SELECT \(project)::bigint
                    UNION ALL SELECT p.id FROM projects p JOIN doomed ON p.parent_id = doomed.id
                ), family(id) AS (SELECT id FROM tasks WHERE project_id IN (SELECT id FROM doomed))
                """
        }
    }

    /// Keeps the title and project of the tasks of `group` that have time tracked on them, for the reports once
    /// they are deleted; refuses while a stopwatch still runs on one of them, whose segment would be left open.
    static func keepTrackedTime(_ write: PostgresWrite, of group: TaskGroup, now: Date) async throws {
        let running = QueryBuilder()
        let runningText = """
            \(try family(of: group, running))
            SELECT 1 FROM time_sessions WHERE task_id IN (SELECT id FROM family) AND ended_at IS NULL LIMIT 1
            """
        if try await write.firstRow(running.query(runningText)) != nil {
            throw KairosError.conflict("A stopwatch is running on a task being deleted. Stop it, then delete again.")
        }
        let keep = QueryBuilder()
        let keepText = """
            \(try family(of: group, keep))
            INSERT INTO deleted_tasks (id, content, project_id, project_name, deleted_at)
            SELECT t.id, t.content, t.project_id, p.name, \(keep.bind(now.micros))
            FROM tasks t JOIN projects p ON p.id = t.project_id
            WHERE t.id IN (SELECT id FROM family) AND EXISTS (SELECT 1 FROM time_sessions s WHERE s.task_id = t.id)
            ON CONFLICT (id) DO UPDATE SET content = excluded.content, project_id = excluded.project_id,
                project_name = excluded.project_name, deleted_at = excluded.deleted_at
            """
        try await write.query(keep.query(keepText))
    }

    public func addSession(userID: String, draft: TimeSessionDraft, now: Date) async throws -> TimeSession {
        let owner = try require(userID.rowID, "User")
        return try await write { write in
            let task = try await Self.requireTask(write, owner: owner, id: draft.taskID)
            try await Self.requireNoOverlap(write, owner: owner, draft: draft, except: nil, now: now)
            let id = try await Self.insertSession(
                write, owner: owner, task: task, start: draft.startedAt.micros, end: draft.endedAt.micros,
                source: .manual, now: now)
            let seconds = Int((draft.endedAt.micros - draft.startedAt.micros) / 1_000_000)
            try await Self.record(write, task: task, .timeTracked(seconds: seconds), by: owner, now: now)
            return try require(
                try await Self.session(write.connection, owner: owner, id: id, logger: write.logger), "Session")
        }
    }

    public func updateSession(userID: String, id: String, draft: TimeSessionDraft) async throws -> TimeSession {
        let owner = try require(userID.rowID, "User")
        let sessionID = try require(id.rowID, "Session")
        return try await write { write in
            let existing = try require(
                try await Self.session(write.connection, owner: owner, id: sessionID, logger: write.logger),
                "Session")
            try await Self.requireOutsideCurrentRun(write, owner: owner, existing)
            let task = try await Self.requireTask(write, owner: owner, id: draft.taskID)
            try await Self.requireNoOverlap(write, owner: owner, draft: draft, except: sessionID, now: draft.endedAt)
            try await write.query(
                """
                UPDATE time_sessions SET task_id = \(task), started_at = \(draft.startedAt.micros),
                    ended_at = \(draft.endedAt.micros), source = 'manual'
                WHERE id = \(sessionID) AND user_id = \(owner)
                """)
            return try require(
                try await Self.session(write.connection, owner: owner, id: sessionID, logger: write.logger),
                "Session")
        }
    }

    public func deleteSession(userID: String, id: String) async throws {
        let owner = try require(userID.rowID, "User")
        let sessionID = try require(id.rowID, "Session")
        try await write { write in
            let existing = try require(
                try await Self.session(write.connection, owner: owner, id: sessionID, logger: write.logger),
                "Session")
            try await Self.requireOutsideCurrentRun(write, owner: owner, existing)
            try await write.query("DELETE FROM time_sessions WHERE id = \(sessionID) AND user_id = \(owner)")
        }
    }

    public func session(userID: String, id: String) async throws -> TimeSession? {
        guard let owner = userID.rowID, let sessionID = id.rowID else { return nil }
        return try await read { connection in
            try await Self.session(connection, owner: owner, id: sessionID, logger: logger)
        }
    }

    public func sessions(
        userID: String, from: Date?, to: Date?, taskID: String?, page: PageRequest
    ) async throws -> Page<TimeSession> {
        let owner = try require(userID.rowID, "User")
        let sql = QueryBuilder()
        var conditions = ["user_id = \(sql.bind(owner))"]
        if let to {
            conditions.append("started_at < \(sql.bind(to.micros))")
        }
        if let from {
            conditions.append("(ended_at IS NULL OR ended_at > \(sql.bind(from.micros)))")
        }
        if let taskID {
            conditions.append("task_id = \(sql.bind(taskID.rowID ?? 0))")
        }
        let keyset = sql.ascendingKeyset(page, columns: ["started_at", "id"])
        let text = """
            SELECT \(Self.sessionColumns) FROM time_sessions WHERE \(conditions.joined(separator: " AND "))\(keyset)
            ORDER BY started_at, id LIMIT \(sql.bind(page.fetchLimit))
            """
        let statement = sql.query(text)
        let rows = try await read { connection in
            try await connection.rows(statement, logger: logger).map(Self.session(row:))
        }
        let (kept, next) = page.page(rows) { [$0.startedAt.micros, $0.id.rowID!] }
        return Page(results: kept, nextCursor: next)
    }

    public func trackedSpans(userID: String, from: Date, to: Date, now: Date) async throws -> [TrackedSpan] {
        let owner = try require(userID.rowID, "User")
        return try await read { connection in
            let rows = try await connection.rows(
                """
                SELECT s.id, s.task_id, COALESCE(t.content, d.content, \(Self.deletedTaskTitle)),
                    COALESCE(t.project_id, d.project_id, 0), COALESCE(p.name, d.project_name, ''),
                    t.duration_amount, t.duration_unit, s.started_at, COALESCE(s.ended_at, \(now.micros))
                FROM time_sessions s
                LEFT JOIN tasks t ON t.id = s.task_id
                LEFT JOIN projects p ON p.id = t.project_id
                LEFT JOIN deleted_tasks d ON d.id = s.task_id AND t.id IS NULL
                WHERE s.user_id = \(owner) AND s.started_at < \(to.micros)
                    AND COALESCE(s.ended_at, \(now.micros)) > \(from.micros)
                ORDER BY s.started_at, s.id
                """, logger: logger
            ).map { row in
                try row.decode((Int64, Int64, String, Int64, String, Int64?, String?, Int64, Int64).self)
            }
            let labels = try await Self.labels(connection, tasks: Array(Set(rows.map(\.1))), logger: logger)
            return rows.map { row in
                TrackedSpan(
                    sessionID: row.0.apiID, taskID: row.1.apiID, taskContent: row.2, projectID: row.3.apiID,
                    projectName: row.4, labels: labels[row.1] ?? [],
                    estimateSeconds: Self.estimateSeconds(amount: row.5, unit: row.6), start: Date(micros: row.7),
                    end: Date(micros: row.8))
            }
        }
    }

    public func trackedIntervals(userID: String, now: Date) async throws -> [(start: Date, end: Date)] {
        let owner = try require(userID.rowID, "User")
        return try await read { connection in
            try await connection.rows(
                "SELECT started_at, COALESCE(ended_at, \(now.micros)) FROM time_sessions WHERE user_id = \(owner)",
                logger: logger
            ).map { row in
                let (start, end) = try row.decode((Int64, Int64).self)
                return (start: Date(micros: start), end: Date(micros: end))
            }
        }
    }

    public func taskTime(userID: String, taskID: String, now: Date) async throws -> TaskTime? {
        guard let owner = userID.rowID, let task = taskID.rowID else { return nil }
        let sql = QueryBuilder()
        let text = """
            SELECT duration_amount, duration_unit FROM tasks
            WHERE id = \(sql.bind(task)) AND \(Visibility.tasks(sql.bind(owner)))
            """
        let visible = sql.query(text)
        return try await read { connection -> TaskTime? in
            guard let row = try await connection.firstRow(visible, logger: logger) else { return nil }
            let (amount, unit) = try row.decode((Int64?, String?).self)
            let own =
                try await connection.firstRow(
                    """
                    SELECT COALESCE(SUM(COALESCE(ended_at, \(now.micros)) - started_at), 0)::bigint FROM time_sessions
                    WHERE task_id = \(task)
                    """, logger: logger)?.decode(Int64.self) ?? 0
            let total =
                try await connection.firstRow(
                    """
                    WITH RECURSIVE tree(id) AS (
                        SELECT \(task)::bigint
                        UNION ALL SELECT tasks.id FROM tasks JOIN tree ON tasks.parent_id = tree.id
                    )
                    SELECT COALESCE(SUM(COALESCE(ended_at, \(now.micros)) - started_at), 0)::bigint FROM time_sessions
                    WHERE task_id IN (SELECT id FROM tree)
                    """, logger: logger)?.decode(Int64.self) ?? 0
            return TaskTime(
                taskID: taskID, estimateSeconds: Self.estimateSeconds(amount: amount, unit: unit),
                ownSeconds: Int(own / 1_000_000), totalSeconds: Int(total / 1_000_000))
        }
    }

    public func projectTime(userID: String, projectID: String, now: Date) async throws -> ProjectTime? {
        guard let owner = userID.rowID, let project = projectID.rowID else { return nil }
        let sql = QueryBuilder()
        let text = """
            SELECT 1 FROM projects WHERE id = \(sql.bind(project)) AND \(Visibility.projects(sql.bind(owner)))
            """
        let visible = sql.query(text)
        return try await read { connection -> ProjectTime? in
            guard try await connection.firstRow(visible, logger: logger) != nil else { return nil }
            let estimate =
                try await connection.firstRow(
                    """
                    SELECT COALESCE(
                    SUM(duration_amount * CASE duration_unit WHEN 'day' THEN 86400 ELSE 60 END), 0)::bigint
                    FROM tasks WHERE project_id = \(project)
                    """, logger: logger)?.decode(Int64.self) ?? 0
            // Everyone who can see the project sees what each person tracked on it, and only on it.
            let people = try await connection.rows(
                """
                SELECT s.user_id, u.name, SUM(COALESCE(s.ended_at, \(now.micros)) - s.started_at)::bigint AS spent
                FROM time_sessions s JOIN users u ON u.id = s.user_id
                LEFT JOIN tasks t ON t.id = s.task_id
                LEFT JOIN deleted_tasks d ON d.id = s.task_id AND t.id IS NULL
                WHERE COALESCE(t.project_id, d.project_id) = \(project)
                GROUP BY s.user_id, u.name ORDER BY spent DESC, s.user_id
                """, logger: logger
            ).map { row in
                let (user, name, spent) = try row.decode((Int64, String, Int64).self)
                return PersonTime(userID: user.apiID, name: name, seconds: Int(spent / 1_000_000))
            }
            return ProjectTime(
                projectID: projectID, estimateSeconds: Int(estimate),
                totalSeconds: people.reduce(0) { $0 + $1.seconds }, people: people)
        }
    }

    /// What reports call a deleted task whose title was not kept (it went with its owner's account).
    static let deletedTaskTitle = "Deleted task"

    // MARK: - Rows

    static let sessionColumns = "id, task_id, started_at, ended_at, source"

    static func session(row: PostgresRow) throws -> TimeSession {
        let (id, task, startedAt, endedAt, source) = try row.decode((Int64, Int64, Int64, Int64?, String).self)
        return TimeSession(
            id: id.apiID, taskID: task.apiID, startedAt: Date(micros: startedAt),
            endedAt: endedAt.map(Date.init(micros:)), source: TimeSession.Source(rawValue: source) ?? .manual)
    }

    static func session(
        _ connection: PostgresConnection, owner: Int64, id: Int64, logger: Logger
    ) async throws
        -> TimeSession?
    {
        try await connection.firstRow(
            "SELECT \(unescaped: sessionColumns) FROM time_sessions WHERE id = \(id) AND user_id = \(owner)",
            logger: logger
        ).map(session(row:))
    }

    static func stopwatch(_ connection: PostgresConnection, owner: Int64, logger: Logger) async throws -> Stopwatch {
        guard
            let row = try await connection.firstRow(
                """
                SELECT w.task_id, w.state, w.started_at, s.started_at, w.accumulated, w.stopped_at
                FROM stopwatches w LEFT JOIN time_sessions s ON s.id = w.running_session_id
                WHERE w.user_id = \(owner)
                """, logger: logger)
        else { return .idle }
        let (task, stateName, startedAt, runningSince, accumulated, stoppedAt) = try row.decode(
            (Int64, String, Int64, Int64?, Int64, Int64?).self)
        let state = Stopwatch.State(rawValue: stateName) ?? .stopped
        return Stopwatch(
            state: state, taskID: task.apiID, startedAt: Date(micros: startedAt),
            runningSince: state == .running ? runningSince.map(Date.init(micros:)) : nil,
            accumulatedSeconds: Double(accumulated) / 1_000_000, stoppedAt: stoppedAt.map(Date.init(micros:)))
    }

    /// Puts the change in the user's event feed, so their other devices show the stopwatch as it is now.
    private static func announceStopwatch(_ write: PostgresWrite, owner: Int64, now: Date) async throws -> Stopwatch {
        let watch = try await stopwatch(write.connection, owner: owner, logger: write.logger)
        write.add(.init(recipients: [owner.apiID], kind: .stopwatchChanged, taskID: watch.taskID), now: now)
        return watch
    }

    /// The segments of a running or paused stopwatch make up its clock; they change only once it is stopped.
    private static func requireOutsideCurrentRun(
        _ write: PostgresWrite, owner: Int64, _ session: TimeSession
    ) async throws {
        let watch = try await stopwatch(write.connection, owner: owner, logger: write.logger)
        guard watch.state == .running || watch.state == .paused, watch.taskID == session.taskID,
            let runStart = watch.startedAt, session.startedAt >= runStart
        else { return }
        throw KairosError.conflict(
            "Session \(session.id) is part of the stopwatch's current run: stop the stopwatch, then change the session."
        )
    }

    private static func requireTask(_ write: PostgresWrite, owner: Int64, id: String) async throws -> Int64 {
        guard let task = id.rowID else { throw KairosError.missing("Task") }
        let sql = QueryBuilder()
        let text = "SELECT 1 FROM tasks WHERE id = \(sql.bind(task)) AND \(Visibility.tasks(sql.bind(owner)))"
        guard try await write.firstRow(sql.query(text)) != nil else { throw KairosError.missing("Task") }
        return task
    }

    private static func insertSession(
        _ write: PostgresWrite, owner: Int64, task: Int64, start: Int64, end: Int64?, source: TimeSession.Source,
        now: Date
    ) async throws -> Int64 {
        let row = try await write.firstRow(
            """
            INSERT INTO time_sessions (user_id, task_id, started_at, ended_at, source, created_at)
            VALUES (\(owner), \(task), \(start), \(end), \(source.rawValue), \(now.micros)) RETURNING id
            """)
        return try require(row, "Session").decode(Int64.self)
    }

    /// Ends the running segment at `now` and adds it to the stopwatch's clock.
    private static func closeRunningSegment(_ write: PostgresWrite, owner: Int64, now: Date) async throws {
        guard
            let row = try await write.firstRow(
                """
                SELECT s.id, s.started_at FROM stopwatches w JOIN time_sessions s ON s.id = w.running_session_id
                WHERE w.user_id = \(owner) AND w.state = 'running' AND s.ended_at IS NULL
                """)
        else { return }
        let (session, start) = try row.decode((Int64, Int64).self)
        let end = now.micros
        if end > start {
            try await write.query("UPDATE time_sessions SET ended_at = \(end) WHERE id = \(session)")
        } else {
            // A segment paused in the microsecond it started holds no time.
            try await write.query("DELETE FROM time_sessions WHERE id = \(session)")
        }
        try await write.query(
            """
            UPDATE stopwatches SET accumulated = accumulated + \(max(0, end - start)), running_session_id = NULL
            WHERE user_id = \(owner)
            """)
    }

    private static func requireNoOverlap(
        _ write: PostgresWrite, owner: Int64, draft: TimeSessionDraft, except: Int64?, now: Date
    ) async throws {
        guard
            let row = try await write.firstRow(
                """
                SELECT id, started_at, ended_at FROM time_sessions
                WHERE user_id = \(owner) AND id <> \(except ?? 0) AND started_at < \(draft.endedAt.micros)
                    AND COALESCE(ended_at, \(max(now, draft.endedAt).micros)) > \(draft.startedAt.micros)
                ORDER BY started_at LIMIT 1
                """)
        else { return }
        let (id, startedAt, endedAt) = try row.decode((Int64, Int64, Int64?).self)
        let start = APITimestamp.format(Date(micros: startedAt))
        let end = endedAt.map { APITimestamp.format(Date(micros: $0)) } ?? "now (the stopwatch is running)"
        throw KairosError.conflict(
            "That time overlaps session \(id.apiID) (\(start) to \(end)): change the times or edit that session."
        )
    }

    private static func labels(
        _ connection: PostgresConnection, tasks: [Int64], logger: Logger
    ) async throws -> [Int64: [String]] {
        guard !tasks.isEmpty else { return [:] }
        var labels: [Int64: [String]] = [:]
        let rows = try await connection.rows(
            "SELECT task_id, name FROM task_labels WHERE task_id = ANY(\(tasks)) ORDER BY task_id, position",
            logger: logger)
        for row in rows {
            let (task, name) = try row.decode((Int64, String).self)
            labels[task, default: []].append(name)
        }
        return labels
    }

    /// Todoist's `duration` as an estimate: minutes, or whole days of 24 hours.
    private static func estimateSeconds(amount: Int64?, unit: String?) -> Int? {
        guard let amount else { return nil }
        return Int(amount) * (unit == "day" ? 86_400 : 60)
    }
}
