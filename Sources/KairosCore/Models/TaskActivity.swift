import Foundation

/// One thing that happened to a task, and who did it: the task's history, newest first.
public struct TaskActivity: Decodable, Hashable, Sendable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case created
        case contentEdited = "content_edited"
        case descriptionEdited = "description_edited"
        /// `detail`: the new due as the API's `due.date` (`YYYY-MM-DD` or a UTC time); nil when removed.
        case dueChanged = "due_changed"
        /// `detail`: the new priority, 1 (normal) to 4 (urgent).
        case priorityChanged = "priority_changed"
        /// `detail`: the name of the project it moved to.
        case moved
        case completed
        /// A recurring task was completed; `detail`: its next date.
        case completedOccurrence = "completed_occurrence"
        case reopened
        /// `detail`: who was assigned, by name ("Bob and Carol").
        case assigned
        /// `detail`: who was taken off it, by name.
        case unassigned
        case commented
        /// `detail`: the seconds recorded.
        case timeTracked = "time_tracked"
    }

    public var id: String
    public var taskID: String
    public var kind: Kind
    /// Who did it; nil once their account is gone.
    public var actorID: String?
    public var actorName: String?
    public var detail: String?
    public var createdAt: Date

    public init(
        id: String, taskID: String, kind: Kind, actorID: String?, actorName: String?, detail: String?, createdAt: Date
    ) {
        self.id = id
        self.taskID = taskID
        self.kind = kind
        self.actorID = actorID
        self.actorName = actorName
        self.detail = detail
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, detail
        case taskID = "task_id"
        case actorID = "actor_id"
        case actorName = "actor_name"
        case createdAt = "created_at"
    }
}

extension TaskActivity: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(id)
            json.key("task_id"); json.string(taskID)
            json.key("kind"); json.string(kind.rawValue)
            json.key("actor_id"); json.string(actorID)
            json.key("actor_name"); json.string(actorName)
            json.key("detail"); json.string(detail)
            json.key("created_at"); json.date(createdAt)
        }
    }
}
