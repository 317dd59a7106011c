/// Time spent on a task and its subtasks, next to what was estimated.
public struct TaskTime: Decodable, Hashable, Sendable, JSONWritable {
    public var taskID: String
    /// From the task's `duration`.
    public var estimateSeconds: Int?
    /// Sessions on the task itself, a running one up to now.
    public var ownSeconds: Int
    /// Sessions on the task and all its subtasks.
    public var totalSeconds: Int

    public init(taskID: String, estimateSeconds: Int?, ownSeconds: Int, totalSeconds: Int) {
        self.taskID = taskID
        self.estimateSeconds = estimateSeconds
        self.ownSeconds = ownSeconds
        self.totalSeconds = totalSeconds
    }

    enum CodingKeys: String, CodingKey {
        case taskID = "task_id"
        case estimateSeconds = "estimate_seconds"
        case ownSeconds = "own_seconds"
        case totalSeconds = "total_seconds"
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("task_id"); json.string(taskID)
            json.key("estimate_seconds"); json.int(estimateSeconds)
            json.key("own_seconds"); json.int(ownSeconds)
            json.key("total_seconds"); json.int(totalSeconds)
        }
    }
}
