/// What someone may try to do to a resource.
public enum Action: String, CaseIterable, Sendable {
    case view, create, update, delete, complete, comment, manageMembers
    /// Show the resource to people who cannot see it yet, such as posting a task into a conversation.
    case share
    /// Put a project away or bring it back.
    case archive
}

/// The kinds of things the guard decides about.
public enum Resource: String, CaseIterable, Sendable {
    case project, section, task, comment, conversation, message, attachment

    /// How error messages name it.
    public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
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
    /// A project's setting that lets commenters tick tasks off.
    public var commentersMayComplete: Bool

    public init(ownerID: String?, roles: [String: Role] = [:], commentersMayComplete: Bool = false) {
        self.ownerID = ownerID
        self.roles = roles
        self.commentersMayComplete = commentersMayComplete
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
    /// True when `actorID` may perform `action` on `resource` within `scope`. Roles held on a project
    /// carry over to its sections, tasks and comments: the scope of those is their project's.
    public static func can(_ actorID: String, _ action: Action, _ resource: Resource, in scope: AccessScope) -> Bool {
        guard let role = scope.role(of: actorID) else { return false }
        switch role {
        case .owner:
            return true
        case .editor:
            switch action {
            case .manageMembers: return false
            case .delete, .archive, .share: return resource != .project
            default: return true
            }
        case .commenter:
            if action == .complete { return resource == .task && scope.commentersMayComplete }
            return action == .view || action == .comment
        case .member:
            return action == .view || action == .comment
        }
    }

    /// Throws unless allowed: `notFound` when the actor has no standing at all (so existence does
    /// not leak), `forbidden` when they can see the resource but not do this.
    public static func require(
        _ actorID: String, _ action: Action, _ resource: Resource, in scope: AccessScope
    ) throws(KairosError) {
        guard can(actorID, action, resource, in: scope) else {
            guard let role = scope.role(of: actorID) else { throw .missing(resource.title) }
            throw .forbidden(
                "As \(role.article) \(role.rawValue) you cannot \(action.phrase) this \(resource.rawValue). "
                    + "Ask the owner for a different role.")
        }
    }
}

extension Role {
    var article: String { self == .owner || self == .editor ? "an" : "a" }
}

extension Action {
    /// The action in words, for error messages.
    var phrase: String {
        switch self {
        case .manageMembers: "manage the members of"
        default: rawValue
        }
    }
}
