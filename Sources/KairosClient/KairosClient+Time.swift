import Foundation

extension KairosClient {
    // MARK: Stopwatch

    /// The stopwatch as of now; `idle` before the first start (`GET /time/timer`).
    public func stopwatch() async throws -> TimerReading {
        try await send(.get, "time", "timer")
    }

    /// Starts timing a task from now, stopping any stopwatch already running (`POST /time/timer/start`).
    public func startStopwatch(taskID: String) async throws -> TimerReading {
        try await send(.post, "time", "timer", "start", body: TimerStartRequest(taskID: taskID))
    }

    /// Pauses the running stopwatch, recording the time so far as a session (`POST /time/timer/pause`).
    public func pauseStopwatch() async throws -> TimerReading {
        try await send(.post, "time", "timer", "pause")
    }

    /// Resumes the paused stopwatch on the same task (`POST /time/timer/resume`).
    public func resumeStopwatch() async throws -> TimerReading {
        try await send(.post, "time", "timer", "resume")
    }

    /// Stops the stopwatch; safe to retry, as a second stop records nothing more (`POST /time/timer/stop`).
    public func stopStopwatch() async throws -> TimerReading {
        try await send(.post, "time", "timer", "stop")
    }

    // MARK: Sessions

    /// One page of recorded sessions overlapping `from`..`to` (dates of the user's zone, inclusive), oldest
    /// first (`GET /time/sessions`).
    public func timeSessions(
        from: LocalDate? = nil, to: LocalDate? = nil, taskID: String? = nil, cursor: String? = nil, limit: Int? = nil
    ) async throws -> Page<TimeSession> {
        try await send(
            .get, "time", "sessions",
            query: [
                "from": from?.iso, "to": to?.iso, "task_id": taskID, "cursor": cursor,
                "limit": limit.map { String($0) },
            ])
    }

    /// Every recorded session overlapping `from`..`to`, across all pages.
    public func allTimeSessions(
        from: LocalDate? = nil, to: LocalDate? = nil, taskID: String? = nil
    ) async throws -> [TimeSession] {
        try await collectPages {
            try await timeSessions(from: from, to: to, taskID: taskID, cursor: $0, limit: PageLimit.range.upperBound)
        }
    }

    /// One session (`GET /time/sessions/{id}`).
    public func timeSession(id: String) async throws -> TimeSession {
        try await send(.get, "time", "sessions", id)
    }

    /// Records time already spent on a task (`POST /time/sessions`).
    public func addTimeSession(_ request: TimeSessionRequest) async throws -> TimeSession {
        try await send(.post, "time", "sessions", body: request)
    }

    /// Corrects the fields set in `request` (`POST /time/sessions/{id}`).
    public func updateTimeSession(id: String, _ request: TimeSessionRequest) async throws -> TimeSession {
        try await send(.post, "time", "sessions", id, body: request)
    }

    /// Deletes a session (`DELETE /time/sessions/{id}`).
    public func deleteTimeSession(id: String) async throws {
        let _: NoContent = try await send(.delete, "time", "sessions", id)
    }

    /// The sessions between two dates of the user's zone as CSV text, one row each after a header
    /// (`GET /time/sessions/export`); by default the last 7 days.
    public func exportTimeSessions(from: LocalDate? = nil, to: LocalDate? = nil) async throws -> String {
        try await sendForText(
            .get, "time", "sessions", "export", query: ["from": from?.iso, "to": to?.iso], accept: "text/csv")
    }

    // MARK: Reports

    /// Where the time went between two dates of the user's zone, inclusive; by default the last 7 days
    /// (`GET /time/report`).
    public func timeReport(
        from: LocalDate? = nil, to: LocalDate? = nil, groupBy: TimeReport.Grouping = .day
    ) async throws -> TimeReport {
        try await send(
            .get, "time", "report", query: ["from": from?.iso, "to": to?.iso, "group_by": groupBy.rawValue])
    }

    /// Time recorded on a task and its subtasks, next to its estimate (`GET /time/tasks/{id}`).
    public func taskTime(id: String) async throws -> TaskTime {
        try await send(.get, "time", "tasks", id)
    }
}
