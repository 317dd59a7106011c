import Foundation

/// Someone with a role on a project: its owner or a person it was shared with.
public struct ProjectMember: Decodable, Hashable, Sendable {
    public var userID: String
    public var name: String
    public var email: String
    public var role: Role
    /// When they joined; the project's creation for its owner.
    public var addedAt: Date

    public init(userID: String, name: String, email: String, role: Role, addedAt: Date) {
        self.userID = userID
        self.name = name
        self.email = email
        self.role = role
        self.addedAt = addedAt
    }

    enum CodingKeys: String, CodingKey {
        case name, email, role
        case userID = "user_id"
        case addedAt = "added_at"
    }
}

extension ProjectMember: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("user_id"); json.string(userID)
            json.key("name"); json.string(name)
            json.key("email"); json.string(email)
            json.key("role"); json.string(role.rawValue)
            json.key("added_at"); json.date(addedAt)
        }
    }
}

/// Who decides what happens in a project: its owner, its members' roles and its settings.
public struct ProjectAccess: Sendable, Equatable {
    public var projectID: String
    public var ownerID: String
    public var roles: [String: Role]
    public var commentersCanComplete: Bool

    public init(projectID: String, ownerID: String, roles: [String: Role], commentersCanComplete: Bool) {
        self.projectID = projectID
        self.ownerID = ownerID
        self.roles = roles
        self.commentersCanComplete = commentersCanComplete
    }

    /// What the permission guard decides on, for the project and everything in it.
    public var scope: AccessScope {
        AccessScope(ownerID: ownerID, roles: roles, commentersMayComplete: commentersCanComplete)
    }
}
