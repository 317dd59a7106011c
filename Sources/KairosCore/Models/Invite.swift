import Foundation

/// An invitation by email to a project or a group, as the inviter and the invitee see it. The secret
/// link itself is only ever in the email.
public struct Invite: Decodable, Hashable, Sendable {
    public var id: String
    public var email: String
    public var role: Role
    public var projectID: String?
    public var conversationID: String?
    /// The project's or group's name.
    public var targetName: String
    public var inviterID: String
    public var inviterName: String
    public var createdAt: Date
    public var expiresAt: Date
    public var acceptedAt: Date?

    public init(
        id: String, email: String, role: Role, projectID: String?, conversationID: String?, targetName: String,
        inviterID: String, inviterName: String, createdAt: Date, expiresAt: Date, acceptedAt: Date?
    ) {
        self.id = id
        self.email = email
        self.role = role
        self.projectID = projectID
        self.conversationID = conversationID
        self.targetName = targetName
        self.inviterID = inviterID
        self.inviterName = inviterName
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.acceptedAt = acceptedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, email, role
        case projectID = "project_id"
        case conversationID = "conversation_id"
        case targetName = "target_name"
        case inviterID = "inviter_id"
        case inviterName = "inviter_name"
        case createdAt = "created_at"
        case expiresAt = "expires_at"
        case acceptedAt = "accepted_at"
    }
}

extension Invite: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(id)
            json.key("email"); json.string(email)
            json.key("role"); json.string(role.rawValue)
            json.key("project_id"); json.string(projectID)
            json.key("conversation_id"); json.string(conversationID)
            json.key("target_name"); json.string(targetName)
            json.key("inviter_id"); json.string(inviterID)
            json.key("inviter_name"); json.string(inviterName)
            json.key("created_at"); json.date(createdAt)
            json.key("expires_at"); json.date(expiresAt)
            json.key("accepted_at"); json.date(acceptedAt)
        }
    }
}

/// `POST /api/v1/invites`: invite someone by email to a project (as editor or commenter) or a group.
public struct InviteRequest: Codable, Sendable {
    public var email: String
    public var projectID: String?
    public var conversationID: String?
    public var role: String?

    public init(email: String, projectID: String? = nil, conversationID: String? = nil, role: String? = nil) {
        self.email = email
        self.projectID = projectID
        self.conversationID = conversationID
        self.role = role
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case email, role
        case projectID = "project_id"
        case conversationID = "conversation_id"
    }
}

/// `POST /api/v1/invites/accept`: the secret from the link, and a name for a new guest account.
public struct InviteAcceptRequest: Codable, Sendable {
    public var token: String
    public var name: String?
    public var timezone: String?

    public init(token: String, name: String? = nil, timezone: String? = nil) {
        self.token = token
        self.name = name
        self.timezone = timezone
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case token, name, timezone
    }
}

/// What accepting answers: an API token to sign in with, the account, and where they now belong.
public struct InviteAcceptResponse: Decodable, Sendable {
    public var token: String
    public var user: User
    public var invite: Invite

    public init(token: String, user: User, invite: Invite) {
        self.token = token
        self.user = user
        self.invite = invite
    }
}

extension InviteAcceptResponse: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("token"); json.string(token)
            json.key("user"); json.value(user)
            json.key("invite"); json.value(invite)
        }
    }
}
