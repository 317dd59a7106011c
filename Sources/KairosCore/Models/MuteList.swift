/// The projects and tasks a person muted: their activity does not notify them, mentions and assignments do.
public struct MuteList: Decodable, Hashable, Sendable {
    public var projectIDs: [String]
    public var taskIDs: [String]

    public init(projectIDs: [String], taskIDs: [String]) {
        self.projectIDs = projectIDs
        self.taskIDs = taskIDs
    }

    enum CodingKeys: String, CodingKey {
        case projectIDs = "project_ids"
        case taskIDs = "task_ids"
    }
}

extension MuteList: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("project_ids"); json.array(projectIDs) { json, id in json.string(id) }
            json.key("task_ids"); json.array(taskIDs) { json, id in json.string(id) }
        }
    }
}
