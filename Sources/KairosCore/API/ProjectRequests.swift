/// `POST /api/v1/projects`.
public struct ProjectCreateRequest: Codable, Sendable {
    public var name: String
    public var description: String?
    public var parentID: String?
    public var color: String?
    /// Kairos: one of `ProjectIcon.all`; none gives the plain list glyph.
    public var icon: String?
    public var isFavorite: Bool?
    public var viewStyle: String?

    public init(
        name: String, description: String? = nil, parentID: String? = nil, color: String? = nil,
        icon: String? = nil, isFavorite: Bool? = nil, viewStyle: String? = nil
    ) {
        self.name = name
        self.description = description
        self.parentID = parentID
        self.color = color
        self.icon = icon
        self.isFavorite = isFavorite
        self.viewStyle = viewStyle
    }

    enum CodingKeys: String, CodingKey {
        case name, description, color, icon
        case parentID = "parent_id"
        case isFavorite = "is_favorite"
        case viewStyle = "view_style"
    }
}

/// `POST /api/v1/projects/{id}`: only the fields present change.
public struct ProjectUpdateRequest: Codable, Sendable {
    public var name: String?
    public var description: String?
    public var color: String?
    /// Kairos: a new icon, or `.clear` (`null`) for the plain list glyph.
    public var icon: FieldUpdate<String>
    public var isFavorite: Bool?
    public var viewStyle: String?
    public var childOrder: Int?
    public var isCollapsed: Bool?
    /// Kairos, owner only: let commenters complete tasks.
    public var commentersCanComplete: Bool?

    public init(
        name: String? = nil, description: String? = nil, color: String? = nil, icon: FieldUpdate<String> = .unchanged,
        isFavorite: Bool? = nil, viewStyle: String? = nil, childOrder: Int? = nil, isCollapsed: Bool? = nil,
        commentersCanComplete: Bool? = nil
    ) {
        self.name = name
        self.description = description
        self.color = color
        self.icon = icon
        self.isFavorite = isFavorite
        self.viewStyle = viewStyle
        self.childOrder = childOrder
        self.isCollapsed = isCollapsed
        self.commentersCanComplete = commentersCanComplete
    }

    enum CodingKeys: String, CodingKey {
        case name, description, color, icon
        case isFavorite = "is_favorite"
        case viewStyle = "view_style"
        case childOrder = "child_order"
        case isCollapsed = "is_collapsed"
        case commentersCanComplete = "commenters_can_complete"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        description = try c.decodeIfPresent(String.self, forKey: .description)
        color = try c.decodeIfPresent(String.self, forKey: .color)
        icon = try c.decodeUpdate(String.self, forKey: .icon)
        isFavorite = try c.decodeIfPresent(Bool.self, forKey: .isFavorite)
        viewStyle = try c.decodeIfPresent(String.self, forKey: .viewStyle)
        childOrder = try c.decodeIfPresent(Int.self, forKey: .childOrder)
        isCollapsed = try c.decodeIfPresent(Bool.self, forKey: .isCollapsed)
        commentersCanComplete = try c.decodeIfPresent(Bool.self, forKey: .commentersCanComplete)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeIfPresent(description, forKey: .description)
        try c.encodeIfPresent(color, forKey: .color)
        try c.encodeUpdate(icon, forKey: .icon)
        try c.encodeIfPresent(isFavorite, forKey: .isFavorite)
        try c.encodeIfPresent(viewStyle, forKey: .viewStyle)
        try c.encodeIfPresent(childOrder, forKey: .childOrder)
        try c.encodeIfPresent(isCollapsed, forKey: .isCollapsed)
        try c.encodeIfPresent(commentersCanComplete, forKey: .commentersCanComplete)
    }
}

/// `POST /api/v1/sections`.
public struct SectionCreateRequest: Codable, Sendable {
    public var name: String
    public var projectID: String
    public var order: Int?

    public init(name: String, projectID: String, order: Int? = nil) {
        self.name = name
        self.projectID = projectID
        self.order = order
    }

    enum CodingKeys: String, CodingKey {
        case name, order
        case projectID = "project_id"
    }
}

/// `POST /api/v1/sections/{id}`.
public struct SectionUpdateRequest: Codable, Sendable {
    public var name: String?
    public var sectionOrder: Int?
    public var isCollapsed: Bool?

    public init(name: String? = nil, sectionOrder: Int? = nil, isCollapsed: Bool? = nil) {
        self.name = name
        self.sectionOrder = sectionOrder
        self.isCollapsed = isCollapsed
    }

    enum CodingKeys: String, CodingKey {
        case name
        case sectionOrder = "section_order"
        case isCollapsed = "is_collapsed"
    }
}

/// `POST /api/v1/labels` and `POST /api/v1/labels/{id}`.
public struct LabelRequest: Codable, Sendable {
    public var name: String?
    public var color: String?
    public var order: Int?
    public var isFavorite: Bool?

    public init(name: String? = nil, color: String? = nil, order: Int? = nil, isFavorite: Bool? = nil) {
        self.name = name
        self.color = color
        self.order = order
        self.isFavorite = isFavorite
    }

    enum CodingKeys: String, CodingKey {
        case name, color, order
        case itemOrder = "item_order"
        case isFavorite = "is_favorite"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        color = try c.decodeIfPresent(String.self, forKey: .color)
        order = try c.decodeIfPresent(Int.self, forKey: .itemOrder) ?? c.decodeIfPresent(Int.self, forKey: .order)
        isFavorite = try c.decodeIfPresent(Bool.self, forKey: .isFavorite)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeIfPresent(color, forKey: .color)
        try c.encodeIfPresent(order, forKey: .itemOrder)
        try c.encodeIfPresent(isFavorite, forKey: .isFavorite)
    }
}

/// `POST /api/v1/comments`: on a task or on a project.
public struct CommentCreateRequest: Codable, Sendable {
    public var content: String
    public var taskID: String?
    public var projectID: String?

    public init(content: String, taskID: String? = nil, projectID: String? = nil) {
        self.content = content
        self.taskID = taskID
        self.projectID = projectID
    }

    enum CodingKeys: String, CodingKey {
        case content
        case taskID = "task_id"
        case projectID = "project_id"
    }
}

/// `POST /api/v1/comments/{id}`.
public struct CommentUpdateRequest: Codable, Sendable {
    public var content: String

    public init(content: String) {
        self.content = content
    }
}

/// `POST /api/v1/projects/{id}/members`: share a project with someone who has an account, by email or id.
public struct ProjectMemberRequest: Codable, Sendable {
    public var email: String?
    public var userID: String?
    public var role: String

    public init(email: String? = nil, userID: String? = nil, role: String) {
        self.email = email
        self.userID = userID
        self.role = role
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case email, role
        case userID = "user_id"
    }
}

/// `POST /api/v1/projects/{id}/members/{user_id}`: change a member's role.
public struct ProjectRoleRequest: Codable, Sendable {
    public var role: String

    public init(role: String) { self.role = role }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case role
    }
}

/// `POST /api/v1/labels/shared/rename?name=OLD`: the label's new name on every task.
public struct SharedLabelRenameRequest: Codable, Sendable {
    public var newName: String?

    public init(newName: String?) {
        self.newName = newName
    }

    enum CodingKeys: String, CodingKey {
        case newName = "new_name"
    }
}

/// `POST /api/v1/labels/shared/remove`: the label to take off every task.
public struct SharedLabelRemoveRequest: Codable, Sendable {
    public var name: String?

    public init(name: String?) {
        self.name = name
    }
}

/// `POST /api/v1/projects/reorder`: new `child_order` values for several of the caller's projects at once.
public struct ProjectReorderRequest: Codable, Sendable {
    /// One project's new place.
    public struct Item: Codable, Sendable {
        public var id: String
        public var childOrder: Int

        public init(id: String, childOrder: Int) {
            self.id = id
            self.childOrder = childOrder
        }

        enum CodingKeys: String, CodingKey {
            case id
            case childOrder = "child_order"
        }
    }

    public var projects: [Item]

    public init(projects: [Item]) { self.projects = projects }
}

/// `POST /api/v1/sections/reorder`: new `section_order` values for several sections at once.
public struct SectionReorderRequest: Codable, Sendable {
    /// One section's new place.
    public struct Item: Codable, Sendable {
        public var id: String
        public var sectionOrder: Int

        public init(id: String, sectionOrder: Int) {
            self.id = id
            self.sectionOrder = sectionOrder
        }

        enum CodingKeys: String, CodingKey {
            case id
            case sectionOrder = "section_order"
        }
    }

    public var sections: [Item]

    public init(sections: [Item]) { self.sections = sections }
}
