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

    /// A project with members besides its owner; what happens in it goes in its audit log.
    public var isShared: Bool { !roles.isEmpty }

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
        return allows(role, action, resource, commentersMayComplete: scope.commentersMayComplete)
    }

    /// True when someone holding `role` on a project may perform `action` on `resource` in it.
    public static func allows(
        _ role: Role, _ action: Action, _ resource: Resource, commentersMayComplete: Bool
    ) -> Bool {
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
            if action == .complete { return resource == .task && commentersMayComplete }
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

extension PermissionGuard {
    /// Throws unless `actorID` may move a task from the project of `source` into the project of `destination`
    /// (the same scope for a move within one project). They must be allowed to edit the task where it is and to
    /// add tasks where it goes; and a task leaves its owner's hands (for a project someone else owns, the mover's
    /// own Inbox included) only when the owner moves it: an editor moves tasks between the projects the owner
    /// shares with them, never out of them.
    public static func requireMove(
        _ actorID: String, from source: AccessScope, to destination: AccessScope
    ) throws(KairosError) {
        try require(actorID, .update, .task, in: source)
        try require(actorID, .create, .task, in: destination)
        guard source.ownerID != destination.ownerID, let role = source.role(of: actorID), role != .owner else {
            return
        }
        throw .forbidden(
            "As \(role.article) \(role.rawValue) you can move this task only between projects its owner shares "
                + "with you. Ask the project's owner to move it elsewhere.")
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
