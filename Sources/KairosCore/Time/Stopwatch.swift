import Foundation

/// A user's stopwatch. It lives on the server, so it survives restarts and shows the same on every device:
/// elapsed time is always worked out from stored instants, never counted in memory.
public struct Stopwatch: Decodable, Hashable, Sendable {
    public enum State: String, Decodable, Sendable {
        case idle, running, paused, stopped
    }

    public var state: State
    public var taskID: String?
    /// When the stopwatch was started on this task.
    public var startedAt: Date?
    /// The start of the running segment; nil unless running.
    public var runningSince: Date?
    /// Time in closed segments.
    public var accumulatedSeconds: Double
    public var stoppedAt: Date?

    public init(
        state: State, taskID: String? = nil, startedAt: Date? = nil, runningSince: Date? = nil,
        accumulatedSeconds: Double = 0, stoppedAt: Date? = nil
    ) {
        self.state = state
        self.taskID = taskID
        self.startedAt = startedAt
        self.runningSince = runningSince
        self.accumulatedSeconds = accumulatedSeconds
        self.stoppedAt = stoppedAt
    }

    public static let idle = Stopwatch(state: .idle)

    /// Seconds on the clock at `now`.
    public func elapsedSeconds(at now: Date) -> Int {
        let running = runningSince.map { max(0, now.timeIntervalSince($0)) } ?? 0
        return Int((accumulatedSeconds + running).rounded(.down))
    }

    enum CodingKeys: String, CodingKey {
        case state
        case taskID = "task_id"
        case startedAt = "started_at"
        case runningSince = "running_since"
        case accumulatedSeconds = "accumulated_seconds"
        case stoppedAt = "stopped_at"
    }
}

/// The stopwatch as sent to clients, with its elapsed time at the moment of the answer.
public struct StopwatchReading: JSONWritable, Sendable {
    public var stopwatch: Stopwatch
    public var now: Date

    public init(_ stopwatch: Stopwatch, at now: Date) {
        self.stopwatch = stopwatch
        self.now = now
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("state"); json.string(stopwatch.state.rawValue)
            json.key("task_id"); json.string(stopwatch.taskID)
            json.key("started_at"); json.date(stopwatch.startedAt)
            json.key("running_since"); json.date(stopwatch.runningSince)
            json.key("accumulated_seconds"); json.int(Int(stopwatch.accumulatedSeconds))
            json.key("stopped_at"); json.date(stopwatch.stoppedAt)
            json.key("elapsed_seconds"); json.int(stopwatch.elapsedSeconds(at: now))
            json.key("as_of"); json.date(now)
        }
    }
}
