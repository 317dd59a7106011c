import Foundation
import KairosCore
import KairosStore

/// The rules for the stopwatch, recorded sessions and time reports.
public struct TimeService: Sendable {
    let store: any TimeStore
    let clock: Clock

    /// Longer sessions need `confirm_long`: they are usually a stopwatch left running.
    static let longSession: TimeInterval = 24 * 3600
    /// Clocks differ a little between devices; a session may end this far past the server's now.
    static let clockSkew: TimeInterval = 60
    static let longestReport = 366

    public init(store: any TimeStore, clock: Clock) {
        self.store = store
        self.clock = clock
    }

    /// Now, to the whole second. Every instant recorded is a whole second, so a session's duration, a day's total
    /// and a task's total are exact sums of whole seconds and a report adds up with no rounding left over.
    private func currentSecond() -> Date {
        Self.wholeSecond(clock.now())
    }

    static func wholeSecond(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    // MARK: Stopwatch

    public func stopwatch(of user: User) async throws -> StopwatchReading {
        StopwatchReading(try await store.stopwatch(userID: user.id), at: currentSecond())
    }

    public func start(_ request: TimerStartRequest, for user: User) async throws -> StopwatchReading {
        let now = currentSecond()
        return StopwatchReading(
            try await store.startStopwatch(userID: user.id, taskID: request.taskID, now: now), at: now)
    }

    public func pause(for user: User) async throws -> StopwatchReading {
        let now = currentSecond()
        return StopwatchReading(try await store.pauseStopwatch(userID: user.id, now: now), at: now)
    }

    public func resume(for user: User) async throws -> StopwatchReading {
        let now = currentSecond()
        return StopwatchReading(try await store.resumeStopwatch(userID: user.id, now: now), at: now)
    }

    public func stop(for user: User) async throws -> StopwatchReading {
        let now = currentSecond()
        let stopped = try await store.stopStopwatch(userID: user.id, now: now)
        // Read a stopped stopwatch as of when it stopped, so a retried stop answers the same.
        return StopwatchReading(stopped, at: stopped.stoppedAt ?? now)
    }

    // MARK: Sessions

    public func sessions(
        of user: User, from: String?, to: String?, taskID: String?, page: PageRequest
    ) async throws -> Page<TimeSession> {
        let zone = user.timeZone
        let start = try from.map { try Self.instant($0, field: "from", in: zone, endOfDay: false) }
        let end = try to.map { try Self.instant($0, field: "to", in: zone, endOfDay: true) }
        return try await store.sessions(userID: user.id, from: start, to: end, taskID: taskID, page: page)
    }

    public func session(_ id: String, of user: User) async throws -> TimeSession {
        try require(try await store.session(userID: user.id, id: id), "Session")
    }

    public func addSession(_ request: TimeSessionRequest, for user: User) async throws -> TimeSession {
        let now = currentSecond()
        let draft = try Self.validated(
            taskID: request.taskID, start: request.startedAt, end: request.endedAt, confirmLong: request.confirmLong,
            now: now)
        return try await store.addSession(userID: user.id, draft: draft, now: now)
    }

    /// Changes the fields given; the others keep their values.
    public func updateSession(_ id: String, _ request: TimeSessionRequest, for user: User) async throws -> TimeSession {
        let existing = try await session(id, of: user)
        let draft = try Self.validated(
            taskID: request.taskID ?? existing.taskID, start: request.startedAt ?? existing.startedAt,
            end: request.endedAt ?? existing.endedAt, confirmLong: request.confirmLong, now: currentSecond())
        return try await store.updateSession(userID: user.id, id: id, draft: draft)
    }

    public func deleteSession(_ id: String, for user: User) async throws {
        try await store.deleteSession(userID: user.id, id: id)
    }

    static func validated(
        taskID: String?, start: Date?, end: Date?, confirmLong: Bool?, now: Date
    ) throws(KairosError) -> TimeSessionDraft {
        guard let taskID else { throw .invalidField(field: "task_id", message: "task_id is required.") }
        guard var start else {
            throw .invalidField(field: "started_at", message: "started_at is required, e.g. 2026-03-04T09:00:00Z.")
        }
        guard var end else {
            throw .invalidField(field: "ended_at", message: "ended_at is required, e.g. 2026-03-04T10:30:00Z.")
        }
        start = wholeSecond(start)
        end = wholeSecond(end)
        guard end > start else {
            throw .invalidField(field: "ended_at", message: "ended_at must be at least a second after started_at.")
        }
        guard end <= now.addingTimeInterval(clockSkew) else {
            throw .invalidField(
                field: "ended_at",
                message:
                    "ended_at is in the future. Record time already spent, or use the stopwatch for time being spent now."
            )
        }
        guard end.timeIntervalSince(start) <= longSession || confirmLong == true else {
            throw .invalidField(
                field: "confirm_long",
                message: "The session is longer than 24 hours. If that is right, send it again with confirm_long: true."
            )
        }
        return TimeSessionDraft(taskID: taskID, startedAt: start, endedAt: end)
    }

    // MARK: Reports

    public func taskTime(_ taskID: String, of user: User) async throws -> TaskTime {
        try require(try await store.taskTime(userID: user.id, taskID: taskID, now: currentSecond()), "Task")
    }

    public func projectTime(_ projectID: String, of user: User) async throws -> ProjectTime {
        try require(try await store.projectTime(userID: user.id, projectID: projectID, now: currentSecond()), "Project")
    }

    /// The report between two of the user's calendar dates (inclusive); the last 7 days by default.
    public func report(of user: User, from: String?, to: String?, groupBy: String?) async throws -> TimeReport {
        let zone = user.timeZone
        let now = currentSecond()
        let today = LocalDate(now, in: zone)
        let (first, last) = try Self.range(from: from, to: to, today: today)
        guard let grouping = TimeReport.Grouping(rawValue: groupBy ?? "day") else {
            throw KairosError.invalidField(field: "group_by", message: "group_by must be day, project, label or task.")
        }
        let spans = try await store.trackedSpans(
            userID: user.id, from: first.startOfDay(in: zone), to: last.adding(days: 1).startOfDay(in: zone), now: now)
        let activeDays = Self.activeDays(try await store.trackedIntervals(userID: user.id, now: now), in: zone)
        return TimeReport(
            spans: spans, from: first, to: last, timeZone: zone, grouping: grouping, activeDays: activeDays,
            today: today)
    }

    /// Sessions between two dates as CSV, one row per session, for spreadsheets.
    public func csv(of user: User, from: String?, to: String?) async throws -> String {
        let zone = user.timeZone
        let now = currentSecond()
        let (first, last) = try Self.range(from: from, to: to, today: LocalDate(now, in: zone))
        let spans = try await store.trackedSpans(
            userID: user.id, from: first.startOfDay(in: zone), to: last.adding(days: 1).startOfDay(in: zone), now: now)
        var lines = ["session_id,task_id,task,project,labels,started_at,ended_at,duration_seconds"]
        for span in spans {
            let fields = [
                span.sessionID, span.taskID, span.taskContent, span.projectName, span.labels.joined(separator: " "),
                APITimestamp.format(span.start), APITimestamp.format(span.end),
                String(Int(span.end.timeIntervalSince(span.start).rounded())),
            ]
            lines.append(fields.map(Self.csvField).joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    private static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func range(from: String?, to: String?, today: LocalDate) throws -> (LocalDate, LocalDate) {
        let last = try to.map { try date($0, field: "to") } ?? today
        let first = try from.map { try date($0, field: "from") } ?? last.adding(days: -6)
        guard first <= last else { throw KairosError.invalidField(field: "to", message: "to must not be before from.") }
        guard LocalDate.daysBetween(first, last) < longestReport else {
            throw KairosError.invalidField(
                field: "from", message: "from and to may be at most \(longestReport) days apart.")
        }
        return (first, last)
    }

    private static func date(_ text: String, field: String) throws(KairosError) -> LocalDate {
        guard let date = LocalDate(iso: text) else {
            throw .invalidField(field: field, message: "\(field) must be a date such as 2026-03-04.")
        }
        return date
    }

    /// A date means the start of that day in the user's zone (the end of it for `to`); an instant is taken as is.
    private static func instant(_ text: String, field: String, in zone: TimeZone, endOfDay: Bool) throws -> Date {
        if let day = LocalDate(iso: text) { return (endOfDay ? day.adding(days: 1) : day).startOfDay(in: zone) }
        guard let instant = APITimestamp.parse(text) else {
            throw KairosError.invalidField(
                field: field,
                message: "\(field) must be a date such as 2026-03-04 or a time such as 2026-03-04T09:00:00Z.")
        }
        return instant
    }

    /// The user's calendar days that hold tracked time.
    static func activeDays(_ intervals: [(start: Date, end: Date)], in zone: TimeZone) -> Set<LocalDate> {
        var days = Set<LocalDate>()
        for interval in intervals where interval.end > interval.start {
            var day = LocalDate(interval.start, in: zone)
            let last = LocalDate(interval.end.addingTimeInterval(-0.000_001), in: zone)
            while day <= last {
                days.insert(day)
                day = day.adding(days: 1)
            }
        }
        return days
    }
}
