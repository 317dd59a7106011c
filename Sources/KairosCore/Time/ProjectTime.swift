/// Time spent on a project's tasks, next to the sum of their estimates.
public struct ProjectTime: Decodable, Hashable, Sendable, JSONWritable {
    public var projectID: String
    /// The sum of the estimates (`duration`) of the project's open and completed tasks that have one.
    public var estimateSeconds: Int
    /// Sessions on the project's tasks and their subtasks, a running one up to now, whoever tracked them.
    public var totalSeconds: Int
    /// Each person's part of the total, most first: in a shared project, every member sees everyone's.
    public var people: [PersonTime]

    public init(projectID: String, estimateSeconds: Int, totalSeconds: Int, people: [PersonTime] = []) {
        self.projectID = projectID
        self.estimateSeconds = estimateSeconds
        self.totalSeconds = totalSeconds
        self.people = people
    }

    enum CodingKeys: String, CodingKey {
        case people
        case projectID = "project_id"
        case estimateSeconds = "estimate_seconds"
        case totalSeconds = "total_seconds"
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("project_id"); json.string(projectID)
            json.key("estimate_seconds"); json.int(estimateSeconds)
            json.key("total_seconds"); json.int(totalSeconds)
            json.key("people"); json.array(people) { json, person in person.write(to: &json) }
        }
    }
}

/// One person's tracked time within a project.
public struct PersonTime: Decodable, Hashable, Sendable, JSONWritable {
    public var userID: String
    public var name: String
    public var seconds: Int

    public init(userID: String, name: String, seconds: Int) {
        self.userID = userID
        self.name = name
        self.seconds = seconds
    }

    enum CodingKeys: String, CodingKey {
        case name, seconds
        case userID = "user_id"
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("user_id"); json.string(userID)
            json.key("name"); json.string(name)
            json.key("seconds"); json.int(seconds)
        }
    }
}
