import Foundation

/// What a user is told happened, in their own numbered feed.
public enum UserEventKind: String, Codable, Sendable, CaseIterable {
    case messageCreated = "message.created"
    case messageEdited = "message.edited"
    /// A task shown in one of the user's conversations was completed, reopened or re-dated; or a task of a
    /// shared project the user is in was added, edited, completed or reopened, assigned, commented on, got or
    /// lost a reminder, or moved into the project (`projectID` is then its project).
    case taskUpdated = "task.updated"
    /// A task was deleted from a shared project the user is in (`projectID`), or moved out of it to where the
    /// user does not see it.
    case taskDeleted = "task.deleted"
    /// A shared project the user is in (`projectID`) was renamed, recoloured, archived or unarchived, or its
    /// sections, members or roles changed, or it was deleted; a member who was removed hears this last.
    case projectUpdated = "project.updated"
    /// The user's stopwatch was started, paused, resumed or stopped (on another device, say): read `/time/timer`.
    case stopwatchChanged = "stopwatch.changed"
    /// `userID` read the conversation up to `messageID` (never told about someone who hides read receipts).
    case conversationRead = "conversation.read"
    /// A notification reached the user's feed outside their quiet hours: read `/notifications`.
    case notificationCreated = "notification.created"

    /// Whether the event carries its message (as it is now); others only name it.
    public var carriesMessage: Bool { self == .messageCreated || self == .messageEdited }
}

/// One entry of a user's event feed; `seq` grows with each entry of that user, skipping others' numbers.
public struct UserEvent: Decodable, Hashable, Sendable {
    public var seq: Int
    public var kind: UserEventKind
    public var conversationID: String?
    public var messageID: String?
    public var taskID: String?
    /// The shared project a task or project event is about.
    public var projectID: String?
    /// Who did it, where the kind names someone other than the author: the reader of a `conversation.read`,
    /// whoever changed a shared project or its task.
    public var userID: String?
    /// The message as it is now, for `message.created` and `message.edited`.
    public var message: Message?
    public var createdAt: Date

    public init(
        seq: Int, kind: UserEventKind, conversationID: String?, messageID: String?, taskID: String?,
        projectID: String? = nil, userID: String? = nil, message: Message?, createdAt: Date
    ) {
        self.seq = seq
        self.kind = kind
        self.conversationID = conversationID
        self.messageID = messageID
        self.taskID = taskID
        self.projectID = projectID
        self.userID = userID
        self.message = message
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case seq, kind, message
        case conversationID = "conversation_id"
        case messageID = "message_id"
        case taskID = "task_id"
        case projectID = "project_id"
        case userID = "user_id"
        case createdAt = "created_at"
    }
}

extension UserEvent: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("seq"); json.int(seq)
            json.key("kind"); json.string(kind.rawValue)
            json.key("conversation_id"); json.string(conversationID)
            json.key("message_id"); json.string(messageID)
            json.key("task_id"); json.string(taskID)
            json.key("project_id"); json.string(projectID)
            json.key("user_id"); json.string(userID)
            json.key("message"); json.value(message)
            json.key("created_at"); json.date(createdAt)
        }
    }
}
