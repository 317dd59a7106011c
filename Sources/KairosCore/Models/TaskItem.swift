import Foundation

/// A task, in the Todoist API v1 shape. Priority 4 is the most urgent (shown as p1).
public struct TaskItem: Codable, Hashable, Sendable {
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
    public var responsibleUID: String?
    public var completedAt: Date?
    public var addedAt: Date
    public var updatedAt: Date
    public var noteCount: Int

    public init(
        id: String, userID: String, projectID: String, sectionID: String? = nil, parentID: String? = nil,
        content: String, description: String = "", labels: [String] = [], priority: Int = 1, due: Due? = nil,
        deadline: Deadline? = nil, duration: TaskDuration? = nil, childOrder: Int, dayOrder: Int = -1,
        isCollapsed: Bool = false, addedByUID: String, assignedByUID: String? = nil, responsibleUID: String? = nil,
        completedAt: Date? = nil, addedAt: Date, updatedAt: Date, noteCount: Int = 0
    ) {
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
        case id, content, description, labels, priority, due, deadline, duration, checked
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
        case completedAt = "completed_at"
        case addedAt = "added_at"
        case updatedAt = "updated_at"
        case noteCount = "note_count"
        case isDeleted = "is_deleted"
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
        completedAt = try c.decodeIfPresent(Date.self, forKey: .completedAt)
        addedAt = try c.decode(Date.self, forKey: .addedAt)
        updatedAt = try c.decode(Date.self, forKey: .updatedAt)
        noteCount = try c.decodeIfPresent(Int.self, forKey: .noteCount) ?? 0
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(userID, forKey: .userID)
        try c.encode(projectID, forKey: .projectID)
        try c.encode(sectionID, forKey: .sectionID)
        try c.encode(parentID, forKey: .parentID)
        try c.encode(content, forKey: .content)
        try c.encode(description, forKey: .description)
        try c.encode(labels, forKey: .labels)
        try c.encode(priority, forKey: .priority)
        try c.encode(due, forKey: .due)
        try c.encode(deadline, forKey: .deadline)
        try c.encode(duration, forKey: .duration)
        try c.encode(childOrder, forKey: .childOrder)
        try c.encode(dayOrder, forKey: .dayOrder)
        try c.encode(isCollapsed, forKey: .isCollapsed)
        try c.encode(addedByUID, forKey: .addedByUID)
        try c.encode(assignedByUID, forKey: .assignedByUID)
        try c.encode(responsibleUID, forKey: .responsibleUID)
        try c.encode(completedAt, forKey: .completedAt)
        try c.encode(isCompleted, forKey: .checked)
        try c.encode(false, forKey: .isDeleted)
        try c.encode(addedAt, forKey: .addedAt)
        try c.encode(updatedAt, forKey: .updatedAt)
        try c.encode(noteCount, forKey: .noteCount)
    }
}
