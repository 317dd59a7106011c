/// How many open tasks sit in one project and section (nil: outside any section), top-level or sub-tasks.
public struct OpenTaskTally: Sendable, Equatable {
    public var projectID: String
    public var sectionID: String?
    public var isSubtask: Bool
    public var count: Int

    public init(projectID: String, sectionID: String?, isSubtask: Bool, count: Int) {
        self.projectID = projectID
        self.sectionID = sectionID
        self.isSubtask = isSubtask
        self.count = count
    }
}

/// The task count of each project and section that holds open tasks, counted by `ProjectRules.taskCount`.
public struct TaskCounts: Decodable, Equatable, Sendable {
    /// One project's or section's count.
    public struct Entry: Decodable, Equatable, Sendable {
        public var id: String
        public var taskCount: Int

        public init(id: String, taskCount: Int) {
            self.id = id
            self.taskCount = taskCount
        }

        enum CodingKeys: String, CodingKey {
            case id
            case taskCount = "task_count"
        }
    }

    public var projects: [Entry]
    public var sections: [Entry]

    /// Adds up the tallies; a project or section with no open task is left out (its count is 0).
    public init(tallies: [OpenTaskTally]) {
        var projects: [String: (top: Int, sub: Int)] = [:]
        var sections: [String: (top: Int, sub: Int)] = [:]
        for tally in tallies {
            let add = { (sums: inout (top: Int, sub: Int)) in
                if tally.isSubtask { sums.sub += tally.count } else { sums.top += tally.count }
            }
            add(&projects[tally.projectID, default: (0, 0)])
            if let section = tally.sectionID { add(&sections[section, default: (0, 0)]) }
        }
        let entries = { (sums: [String: (top: Int, sub: Int)]) in
            sums.map {
                Entry(id: $0.key, taskCount: ProjectRules.taskCount(topLevel: $0.value.top, subtasks: $0.value.sub))
            }
            .filter { $0.taskCount > 0 }
            .sorted { ($0.id.count, $0.id) < ($1.id.count, $1.id) }
        }
        self.projects = entries(projects)
        self.sections = entries(sections)
    }
}

extension TaskCounts: JSONWritable {
    public func write(to json: inout JSONWriter) {
        let write = { (json: inout JSONWriter, entry: Entry) in
            json.object { json in
                json.key("id"); json.string(entry.id)
                json.key("task_count"); json.int(entry.taskCount)
            }
        }
        json.object { json in
            json.key("projects"); json.array(projects, write)
            json.key("sections"); json.array(sections, write)
        }
    }
}
