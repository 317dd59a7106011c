import Foundation

/// A task, in the Todoist API v1 shape. Priority 4 is the most urgent (shown as p1).
public struct TaskItem: Decodable, Hashable, Sendable {
    public var id: String
    public var userID: String
    public var projectID: String
    public var sectionID: String?
    public var parentID: String?
    public var content: String
    public var description: String
    public var labels: [String]
    public var priority: Int
    public var due: Due?
    public var deadline: Deadline?
    public var duration: TaskDuration?
    public var childOrder: Int
    public var dayOrder: Int
    public var isCollapsed: Bool
    public var addedByUID: String
    public var assignedByUID: String?
    /// Todoist's single assignee: the first of `assigneeIDs`.
    public var responsibleUID: String?
    /// Kairos: everyone the task is assigned to, in the order they were given.
    public var assigneeIDs: [String]
    public var completedAt: Date?
    public var addedAt: Date
    public var updatedAt: Date
    public var noteCount: Int

    public init(
        id: String, userID: String, projectID: String, sectionID: String? = nil, parentID: String? = nil,
        content: String, description: String = "", labels: [String] = [], priority: Int = 1, due: Due? = nil,
        deadline: Deadline? = nil, duration: TaskDuration? = nil, childOrder: Int, dayOrder: Int = -1,
        isCollapsed: Bool = false, addedByUID: String, assignedByUID: String? = nil, responsibleUID: String? = nil,
        assigneeIDs: [String]? = nil, completedAt: Date? = nil, addedAt: Date, updatedAt: Date, noteCount: Int = 0
    ) {
        self.assigneeIDs = assigneeIDs ?? responsibleUID.map { [$0] } ?? []
        self.id = id
        self.userID = userID
        self.projectID = projectID
        self.sectionID = sectionID
        self.parentID = parentID
        self.content = content
        self.description = description
        self.labels = labels
        self.priority = priority
        self.due = due
        self.deadline = deadline
        self.duration = duration
        self.childOrder = childOrder
        self.dayOrder = dayOrder
        self.isCollapsed = isCollapsed
        self.addedByUID = addedByUID
        self.assignedByUID = assignedByUID
        self.responsibleUID = responsibleUID
        self.completedAt = completedAt
        self.addedAt = addedAt
        self.updatedAt = updatedAt
        self.noteCount = noteCount
    }

    public var isCompleted: Bool { completedAt != nil }

    enum CodingKeys: String, CodingKey {
        case id, content, description, labels, priority, due, deadline, duration
        case userID = "user_id"
        case projectID = "project_id"
        case sectionID = "section_id"
        case parentID = "parent_id"
        case childOrder = "child_order"
        case dayOrder = "day_order"
        case isCollapsed = "is_collapsed"
        case addedByUID = "added_by_uid"
        case assignedByUID = "assigned_by_uid"
        case responsibleUID = "responsible_uid"
        case assigneeIDs = "assignee_ids"
        case completedAt = "completed_at"
        case addedAt = "added_at"
        case updatedAt = "updated_at"
        case noteCount = "note_count"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        userID = try c.decodeIfPresent(String.self, forKey: .userID) ?? ""
        projectID = try c.decode(String.self, forKey: .projectID)
        sectionID = try c.decodeIfPresent(String.self, forKey: .sectionID)
        parentID = try c.decodeIfPresent(String.self, forKey: .parentID)
        content = try c.decode(String.self, forKey: .content)
        description = try c.decodeIfPresent(String.self, forKey: .description) ?? ""
        labels = try c.decodeIfPresent([String].self, forKey: .labels) ?? []
        priority = try c.decodeIfPresent(Int.self, forKey: .priority) ?? 1
        due = try c.decodeIfPresent(Due.self, forKey: .due)
        deadline = try c.decodeIfPresent(Deadline.self, forKey: .deadline)
        duration = try c.decodeIfPresent(TaskDuration.self, forKey: .duration)
        childOrder = try c.decodeIfPresent(Int.self, forKey: .childOrder) ?? 0
        dayOrder = try c.decodeIfPresent(Int.self, forKey: .dayOrder) ?? -1
        isCollapsed = try c.decodeIfPresent(Bool.self, forKey: .isCollapsed) ?? false
        addedByUID = try c.decodeIfPresent(String.self, forKey: .addedByUID) ?? userID
        assignedByUID = try c.decodeIfPresent(String.self, forKey: .assignedByUID)
        responsibleUID = try c.decodeIfPresent(String.self, forKey: .responsibleUID)
        assigneeIDs = try c.decodeIfPresent([String].self, forKey: .assigneeIDs) ?? responsibleUID.map { [$0] } ?? []
        completedAt = try c.decodeIfPresent(Date.self, forKey: .completedAt)
        addedAt = try c.decode(Date.self, forKey: .addedAt)
        updatedAt = try c.decode(Date.self, forKey: .updatedAt)
        noteCount = try c.decodeIfPresent(Int.self, forKey: .noteCount) ?? 0
    }
}

extension TaskItem: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(id)
            json.key("user_id"); json.string(userID)
            json.key("project_id"); json.string(projectID)
            json.key("section_id"); json.string(sectionID)
            json.key("parent_id"); json.string(parentID)
            json.key("content"); json.string(content)
            json.key("description"); json.string(description)
            json.key("labels"); json.array(labels) { json, label in json.string(label) }
            json.key("priority"); json.int(priority)
            json.key("due"); json.value(due)
            json.key("deadline"); json.value(deadline)
            json.key("duration"); json.value(duration)
            json.key("child_order"); json.int(childOrder)
            json.key("day_order"); json.int(dayOrder)
            json.key("is_collapsed"); json.bool(isCollapsed)
            json.key("added_by_uid"); json.string(addedByUID)
            json.key("assigned_by_uid"); json.string(assignedByUID)
            json.key("responsible_uid"); json.string(responsibleUID)
            json.key("assignee_ids"); json.array(assigneeIDs) { json, id in json.string(id) }
            json.key("completed_at"); json.date(completedAt)
            json.key("checked"); json.bool(isCompleted)
            json.key("is_deleted"); json.bool(false)
            json.key("added_at"); json.date(addedAt)
            json.key("updated_at"); json.date(updatedAt)
            json.key("note_count"); json.int(noteCount)
        }
    }
}
