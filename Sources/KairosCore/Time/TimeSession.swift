import Foundation

/// A stretch of time spent on a task: a stopwatch segment or an entry made by hand.
public struct TimeSession: Decodable, Hashable, Sendable {
    public enum Source: String, Decodable, Sendable {
        /// Recorded by the stopwatch.
        case timer
        /// Entered or edited by hand.
        case manual
    }

    public var id: String
    public var taskID: String
    public var startedAt: Date
    /// Nil while the stopwatch is running this segment.
    public var endedAt: Date?
    public var source: Source

    public init(id: String, taskID: String, startedAt: Date, endedAt: Date?, source: Source) {
        self.id = id
        self.taskID = taskID
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.source = source
    }

    /// Whole seconds, nil while running.
    public var durationSeconds: Int? {
        endedAt.map { Int($0.timeIntervalSince(startedAt).rounded()) }
    }

    enum CodingKeys: String, CodingKey {
        case id, source
        case taskID = "task_id"
        case startedAt = "started_at"
        case endedAt = "ended_at"
    }
}

extension TimeSession: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(id)
            json.key("task_id"); json.string(taskID)
            json.key("started_at"); json.date(startedAt)
            json.key("ended_at"); json.date(endedAt)
            json.key("duration_seconds"); json.int(durationSeconds)
            json.key("source"); json.string(source.rawValue)
        }
    }
}
