/// What someone may try to do to a resource.
public enum Action: String, CaseIterable, Sendable {
    case view, create, update, delete, complete, comment, manageMembers
    /// Show the resource to people who cannot see it yet, such as posting a task into a conversation.
    case share
}

/// A person's standing on a shared resource.
public enum Role: String, CaseIterable, Codable, Sendable {
    case owner, editor, commenter
    /// Someone in a conversation: reads it and posts to it.
    case member
}

/// Who owns a resource and who else has a role on it; what the guard decides on.
public struct AccessScope: Sendable, Equatable {
    /// Nil for a resource with no owner above its members' roles (a direct message).
    public var ownerID: String?
    public var roles: [String: Role]

    public init(ownerID: String?, roles: [String: Role] = [:]) {
        self.ownerID = ownerID
        self.roles = roles
    }

    /// A conversation: each member's own role decides, whoever started it.
    public static func conversation(members roles: [String: Role]) -> AccessScope {
        AccessScope(ownerID: nil, roles: roles)
    }

    /// The role `userID` holds here, if any; the owner always holds `.owner`.
    public func role(of userID: String) -> Role? {
        userID == ownerID ? .owner : roles[userID]
    }
}

/// The one place that decides whether an actor may do an action on a resource.
public enum PermissionGuard {
    /// True when `actorID` may perform `action` within `scope`.
    public static func can(_ actorID: String, _ action: Action, _ scope: AccessScope) -> Bool {
        guard let role = scope.role(of: actorID) else { return false }
        switch role {
        case .owner:
            return true
        case .editor:
            return action != .manageMembers && action != .share
        case .commenter, .member:
            return action == .view || action == .comment
        }
    }

    /// Throws unless allowed: `notFound` when the actor has no standing at all (so existence does
    /// not leak), `forbidden` when they can see the resource but not do this.
    public static func require(
        _ actorID: String, _ action: Action, _ scope: AccessScope, resource: String
    ) throws(KairosError) {
        guard can(actorID, action, scope) else {
            if scope.role(of: actorID) == nil { throw .missing(resource) }
            throw .forbidden("Your role does not allow you to \(action.rawValue) this \(resource.lowercased()).")
        }
    }
}
