/// `POST /api/v1/tasks`, with Todoist's field names.
public struct TaskCreateRequest: Codable, Sendable {
    public var content: String
    public var description: String?
    public var projectID: String?
    public var sectionID: String?
    public var parentID: String?
    public var labels: [String]?
    public var priority: Int?
    public var dueString: String?
    public var dueLang: String?
    public var dueDate: String?
    public var dueDatetime: String?
    public var assigneeID: String?
    /// Kairos: several assignees at once, instead of `assignee_id`.
    public var assigneeIDs: [String]?
    public var order: Int?
    public var dayOrder: Int?
    public var duration: Int?
    public var durationUnit: String?
    public var deadlineDate: String?
    public var deadlineLang: String?
    /// Kairos: the client's own id for this task (a UUID). A retried create with it returns the task the
    /// first try made instead of a second one.
    public var clientID: String?

    public init(
        content: String, description: String? = nil, projectID: String? = nil, sectionID: String? = nil,
        parentID: String? = nil, labels: [String]? = nil, priority: Int? = nil, dueString: String? = nil,
        dueLang: String? = nil, dueDate: String? = nil, dueDatetime: String? = nil, assigneeID: String? = nil,
        order: Int? = nil, dayOrder: Int? = nil, duration: Int? = nil, durationUnit: String? = nil,
        deadlineDate: String? = nil, deadlineLang: String? = nil, assigneeIDs: [String]? = nil,
        clientID: String? = nil
    ) {
        self.assigneeIDs = assigneeIDs
        self.clientID = clientID
        self.content = content
        self.description = description
        self.projectID = projectID
        self.sectionID = sectionID
        self.parentID = parentID
        self.labels = labels
        self.priority = priority
        self.dueString = dueString
        self.dueLang = dueLang
        self.dueDate = dueDate
        self.dueDatetime = dueDatetime
        self.assigneeID = assigneeID
        self.order = order
        self.dayOrder = dayOrder
        self.duration = duration
        self.durationUnit = durationUnit
        self.deadlineDate = deadlineDate
        self.deadlineLang = deadlineLang
    }

    enum CodingKeys: String, CodingKey {
        case content, description, labels, priority, order, duration
        case projectID = "project_id"
        case sectionID = "section_id"
        case parentID = "parent_id"
        case dueString = "due_string"
        case dueLang = "due_lang"
        case dueDate = "due_date"
        case dueDatetime = "due_datetime"
        case assigneeID = "assignee_id"
        case assigneeIDs = "assignee_ids"
        case dayOrder = "day_order"
        case durationUnit = "duration_unit"
        case deadlineDate = "deadline_date"
        case deadlineLang = "deadline_lang"
        case clientID = "client_id"
    }
}

/// `POST /api/v1/tasks/{id}`: absent fields stay as they are; `null` clears a clearable field.
public struct TaskUpdateRequest: Codable, Sendable {
    public var content: String?
    public var description: String?
    public var labels: [String]?
    public var priority: Int?
    public var dueString: FieldUpdate<String> = .unchanged
    public var dueLang: String?
    public var dueDate: FieldUpdate<String> = .unchanged
    public var dueDatetime: FieldUpdate<String> = .unchanged
    public var assigneeID: FieldUpdate<String> = .unchanged
    /// Kairos: replaces every assignee (`null` or `[]` clears them).
    public var assigneeIDs: FieldUpdate<[String]> = .unchanged
    public var childOrder: Int?
    public var dayOrder: Int?
    public var isCollapsed: Bool?
    public var duration: FieldUpdate<Int> = .unchanged
    public var durationUnit: String?
    public var deadlineDate: FieldUpdate<String> = .unchanged
    public var deadlineLang: String?

    public init() {}

    enum CodingKeys: String, CodingKey {
        case content, description, labels, priority, duration
        case dueString = "due_string"
        case dueLang = "due_lang"
        case dueDate = "due_date"
        case dueDatetime = "due_datetime"
        case assigneeID = "assignee_id"
        case assigneeIDs = "assignee_ids"
        case childOrder = "child_order"
        case dayOrder = "day_order"
        case isCollapsed = "is_collapsed"
        case durationUnit = "duration_unit"
        case deadlineDate = "deadline_date"
        case deadlineLang = "deadline_lang"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        content = try c.decodeIfPresent(String.self, forKey: .content)
        description = try c.decodeIfPresent(String.self, forKey: .description)
        labels = try c.decodeIfPresent([String].self, forKey: .labels)
        priority = try c.decodeIfPresent(Int.self, forKey: .priority)
        dueString = try c.decodeUpdate(String.self, forKey: .dueString)
        dueLang = try c.decodeIfPresent(String.self, forKey: .dueLang)
        dueDate = try c.decodeUpdate(String.self, forKey: .dueDate)
        dueDatetime = try c.decodeUpdate(String.self, forKey: .dueDatetime)
        assigneeID = try c.decodeUpdate(String.self, forKey: .assigneeID)
        assigneeIDs = try c.decodeUpdate([String].self, forKey: .assigneeIDs)
        childOrder = try c.decodeIfPresent(Int.self, forKey: .childOrder)
        dayOrder = try c.decodeIfPresent(Int.self, forKey: .dayOrder)
        isCollapsed = try c.decodeIfPresent(Bool.self, forKey: .isCollapsed)
        duration = try c.decodeUpdate(Int.self, forKey: .duration)
        durationUnit = try c.decodeIfPresent(String.self, forKey: .durationUnit)
        deadlineDate = try c.decodeUpdate(String.self, forKey: .deadlineDate)
        deadlineLang = try c.decodeIfPresent(String.self, forKey: .deadlineLang)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(content, forKey: .content)
        try c.encodeIfPresent(description, forKey: .description)
        try c.encodeIfPresent(labels, forKey: .labels)
        try c.encodeIfPresent(priority, forKey: .priority)
        try c.encodeUpdate(dueString, forKey: .dueString)
        try c.encodeIfPresent(dueLang, forKey: .dueLang)
        try c.encodeUpdate(dueDate, forKey: .dueDate)
        try c.encodeUpdate(dueDatetime, forKey: .dueDatetime)
        try c.encodeUpdate(assigneeID, forKey: .assigneeID)
        try c.encodeUpdate(assigneeIDs, forKey: .assigneeIDs)
        try c.encodeIfPresent(childOrder, forKey: .childOrder)
        try c.encodeIfPresent(dayOrder, forKey: .dayOrder)
        try c.encodeIfPresent(isCollapsed, forKey: .isCollapsed)
        try c.encodeUpdate(duration, forKey: .duration)
        try c.encodeIfPresent(durationUnit, forKey: .durationUnit)
        try c.encodeUpdate(deadlineDate, forKey: .deadlineDate)
        try c.encodeIfPresent(deadlineLang, forKey: .deadlineLang)
    }
}

/// `POST /api/v1/tasks/{id}/move`: exactly one destination.
/// `POST /tasks/reorder`: tasks in the order the user put them, saved as one of the two orders a task has.
public struct TaskReorderRequest: Codable, Sendable {
    public var ids: [String]
    /// Which order to write; `child_order` (among siblings) unless given.
    public var by: TaskReorder?

    public init(ids: [String], by: TaskReorder? = nil) {
        self.ids = ids
        self.by = by
    }
}

/// `POST /tasks/completed/delete`: completed tasks to delete, all or none.
public struct CompletedTasksDeleteRequest: Codable, Sendable {
    public var ids: [String]

    public init(ids: [String]) {
        self.ids = ids
    }
}

/// The two orders of a task: its place among its siblings, or its place within its due day.
public enum TaskReorder: String, Codable, Sendable {
    case childOrder = "child_order"
    case dayOrder = "day_order"
}

public struct TaskMoveRequest: Codable, Sendable {
    public var projectID: String?
    public var sectionID: String?
    public var parentID: String?

    public init(projectID: String? = nil, sectionID: String? = nil, parentID: String? = nil) {
        self.projectID = projectID
        self.sectionID = sectionID
        self.parentID = parentID
    }

    enum CodingKeys: String, CodingKey {
        case projectID = "project_id"
        case sectionID = "section_id"
        case parentID = "parent_id"
    }
}
