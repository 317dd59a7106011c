import Foundation

/// One change to who may see what (a join, a role change, a removal, an invite) or a task moved in or out.
public struct AuditEntry: Decodable, Hashable, Sendable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case memberAdded = "member.added"
        case roleChanged = "member.role_changed"
        case memberRemoved = "member.removed"
        case memberLeft = "member.left"
        case inviteSent = "invite.sent"
        case inviteAccepted = "invite.accepted"
        case taskMoved = "task.moved"
    }

    public var id: String
    public var kind: Kind
    public var actorID: String?
    public var projectID: String?
    public var conversationID: String?
    public var subjectID: String?
    /// For invitations: the address invited.
    public var subjectEmail: String?
    /// For a task moved: the task, the project it was in and the one it went to (the same for a move within).
    public var taskID: String?
    public var fromProjectID: String?
    public var toProjectID: String?
    public var role: Role?
    public var createdAt: Date

    public init(
        id: String, kind: Kind, actorID: String?, projectID: String?, conversationID: String?, subjectID: String?,
        subjectEmail: String? = nil, taskID: String? = nil, fromProjectID: String? = nil, toProjectID: String? = nil,
        role: Role?, createdAt: Date
    ) {
        self.subjectEmail = subjectEmail
        self.taskID = taskID
        self.fromProjectID = fromProjectID
        self.toProjectID = toProjectID
        self.id = id
        self.kind = kind
        self.actorID = actorID
        self.projectID = projectID
        self.conversationID = conversationID
        self.subjectID = subjectID
        self.role = role
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, role
        case actorID = "actor_id"
        case projectID = "project_id"
        case conversationID = "conversation_id"
        case subjectID = "subject_id"
        case subjectEmail = "subject_email"
        case taskID = "task_id"
        case fromProjectID = "from_project_id"
        case toProjectID = "to_project_id"
        case createdAt = "created_at"
    }
}

extension AuditEntry: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(id)
            json.key("kind"); json.string(kind.rawValue)
            json.key("actor_id"); json.string(actorID)
            json.key("project_id"); json.string(projectID)
            json.key("conversation_id"); json.string(conversationID)
            json.key("subject_id"); json.string(subjectID)
            json.key("subject_email"); json.string(subjectEmail)
            json.key("task_id"); json.string(taskID)
            json.key("from_project_id"); json.string(fromProjectID)
            json.key("to_project_id"); json.string(toProjectID)
            json.key("role"); json.string(role?.rawValue)
            json.key("created_at"); json.date(createdAt)
        }
    }
}
