/// Time spent on a project's tasks, next to the sum of their estimates.
public struct ProjectTime: Decodable, Hashable, Sendable, JSONWritable {
    public var projectID: String
    /// The sum of the estimates (`duration`) of the project's open and completed tasks that have one.
    public var estimateSeconds: Int
    /// Sessions on the project's tasks and their subtasks, a running one up to now.
    public var totalSeconds: Int

    public init(projectID: String, estimateSeconds: Int, totalSeconds: Int) {
        self.projectID = projectID
        self.estimateSeconds = estimateSeconds
        self.totalSeconds = totalSeconds
    }

    enum CodingKeys: String, CodingKey {
        case projectID = "project_id"
        case estimateSeconds = "estimate_seconds"
        case totalSeconds = "total_seconds"
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("project_id"); json.string(projectID)
            json.key("estimate_seconds"); json.int(estimateSeconds)
            json.key("total_seconds"); json.int(totalSeconds)
        }
    }
}
