import Foundation

/// `POST /time/timer/start`: the task to time.
public struct TimerStartRequest: Codable, Sendable {
    public var taskID: String

    public init(taskID: String) {
        self.taskID = taskID
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case taskID = "task_id"
    }
}

/// `POST /time/sessions` and `POST /time/sessions/{id}`: a session entered or corrected by hand.
public struct TimeSessionRequest: Codable, Sendable {
    public var taskID: String?
    public var startedAt: Date?
    public var endedAt: Date?
    /// Required to record more than 24 hours in one session, which is usually a forgotten stopwatch.
    public var confirmLong: Bool?

    public init(taskID: String?, startedAt: Date?, endedAt: Date?, confirmLong: Bool? = nil) {
        self.taskID = taskID
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.confirmLong = confirmLong
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case taskID = "task_id"
        case startedAt = "started_at"
        case endedAt = "ended_at"
        case confirmLong = "confirm_long"
    }
}
