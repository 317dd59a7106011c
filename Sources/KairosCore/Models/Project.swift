import Foundation

/// A list of tasks, in the Todoist API v1 shape.
public struct Project: Decodable, Hashable, Sendable {
    public var id: String
    public var name: String
    public var description: String
    public var parentID: String?
    public var childOrder: Int
    public var color: String
    /// Kairos: one of `ProjectIcon.all`, or nil for the plain list glyph.
    public var icon: String?
    public var isCollapsed: Bool
    public var isShared: Bool
    public var isFavorite: Bool
    public var isArchived: Bool
    public var canAssignTasks: Bool
    public var viewStyle: String
    public var isInbox: Bool
    /// Kairos: who owns the project; with `is_shared`, others have roles on it.
    public var ownerID: String
    /// Kairos: the caller's role here.
    public var role: Role
    /// Kairos: whether commenters may complete tasks.
    public var commentersCanComplete: Bool
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: String, name: String, description: String = "", parentID: String? = nil, childOrder: Int,
        color: String = ProjectColor.defaultColor, icon: String? = nil, isCollapsed: Bool = false,
        isShared: Bool = false, isFavorite: Bool = false, isArchived: Bool = false, canAssignTasks: Bool = false,
        viewStyle: String = "list", isInbox: Bool = false, ownerID: String, role: Role = .owner,
        commentersCanComplete: Bool = false, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.parentID = parentID
        self.childOrder = childOrder
        self.color = color
        self.icon = icon
        self.isCollapsed = isCollapsed
        self.isShared = isShared
        self.isFavorite = isFavorite
        self.isArchived = isArchived
        self.canAssignTasks = canAssignTasks
        self.viewStyle = viewStyle
        self.isInbox = isInbox
        self.ownerID = ownerID
        self.role = role
        self.commentersCanComplete = commentersCanComplete
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, name, description, color, icon
        case parentID = "parent_id"
        case childOrder = "child_order"
        case isCollapsed = "is_collapsed"
        case isShared = "is_shared"
        case isFavorite = "is_favorite"
        case isArchived = "is_archived"
        case canAssignTasks = "can_assign_tasks"
        case viewStyle = "view_style"
        case isInbox = "inbox_project"
        case ownerID = "owner_id"
        case role
        case commentersCanComplete = "commenters_can_complete"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        description = try c.decodeIfPresent(String.self, forKey: .description) ?? ""
        parentID = try c.decodeIfPresent(String.self, forKey: .parentID)
        childOrder = try c.decodeIfPresent(Int.self, forKey: .childOrder) ?? 0
        color = try c.decodeIfPresent(String.self, forKey: .color) ?? ProjectColor.defaultColor
        icon = try c.decodeIfPresent(String.self, forKey: .icon)
        isCollapsed = try c.decodeIfPresent(Bool.self, forKey: .isCollapsed) ?? false
        isShared = try c.decodeIfPresent(Bool.self, forKey: .isShared) ?? false
        isFavorite = try c.decodeIfPresent(Bool.self, forKey: .isFavorite) ?? false
        isArchived = try c.decodeIfPresent(Bool.self, forKey: .isArchived) ?? false
        canAssignTasks = try c.decodeIfPresent(Bool.self, forKey: .canAssignTasks) ?? false
        viewStyle = try c.decodeIfPresent(String.self, forKey: .viewStyle) ?? "list"
        isInbox = try c.decodeIfPresent(Bool.self, forKey: .isInbox) ?? false
        ownerID = try c.decodeIfPresent(String.self, forKey: .ownerID) ?? ""
        role = try c.decodeIfPresent(Role.self, forKey: .role) ?? .owner
        commentersCanComplete = try c.decodeIfPresent(Bool.self, forKey: .commentersCanComplete) ?? false
        createdAt = try c.decode(Date.self, forKey: .createdAt)
        updatedAt = try c.decode(Date.self, forKey: .updatedAt)
    }
}

extension Project: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(id)
            json.key("name"); json.string(name)
            json.key("description"); json.string(description)
            json.key("parent_id"); json.string(parentID)
            json.key("child_order"); json.int(childOrder)
            json.key("color"); json.string(color)
            json.key("icon"); json.string(icon)
            json.key("is_collapsed"); json.bool(isCollapsed)
            json.key("is_shared"); json.bool(isShared)
            json.key("is_favorite"); json.bool(isFavorite)
            json.key("is_archived"); json.bool(isArchived)
            json.key("can_assign_tasks"); json.bool(canAssignTasks)
            json.key("view_style"); json.string(viewStyle)
            json.key("inbox_project"); json.bool(isInbox)
            json.key("owner_id"); json.string(ownerID)
            json.key("role"); json.string(role.rawValue)
            json.key("commenters_can_complete"); json.bool(commentersCanComplete)
            json.key("capabilities"); json.array(capabilities) { json, capability in json.string(capability.rawValue) }
            json.key("created_at"); json.date(createdAt)
            json.key("updated_at"); json.date(updatedAt)
        }
    }
}
