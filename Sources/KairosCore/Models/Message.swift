import Foundation

/// What a message is: someone's text, a notice from Kairos, or a task shared into the conversation.
public enum MessageKind: String, Codable, Sendable, CaseIterable {
    case text, system
    case taskCard = "task_card"
}

/// A task as a conversation shows it: read live, so a card follows the task's changes.
public struct MessageTask: Decodable, Hashable, Sendable {
    public var id: String
    public var content: String
    /// The due date, `YYYY-MM-DD`, if the task has one.
    public var dueDate: String?
    public var dueString: String?
    public var isCompleted: Bool

    public init(id: String, content: String, dueDate: String?, dueString: String?, isCompleted: Bool) {
        self.id = id
        self.content = content
        self.dueDate = dueDate
        self.dueString = dueString
        self.isCompleted = isCompleted
    }

    enum CodingKeys: String, CodingKey {
        case id, content
        case dueDate = "due_date"
        case dueString = "due_string"
        case isCompleted = "is_completed"
    }
}

/// One message of a conversation.
public struct Message: Decodable, Hashable, Sendable {
    public var id: String
    public var conversationID: String
    /// Nil for Kairos' own notices.
    public var authorID: String?
    public var kind: MessageKind
    public var text: String
    /// The user ids the text mentions, among the conversation's members.
    public var mentions: [String]
    /// The task a card or a task notice is about; nil once the task is deleted.
    public var task: MessageTask?
    public var clientID: String?
    public var createdAt: Date
    public var editedAt: Date?
    /// The files it carries, in the order they were attached.
    public var attachments: [MessageAttachment]

    public init(
        id: String, conversationID: String, authorID: String?, kind: MessageKind, text: String, mentions: [String],
        task: MessageTask?, clientID: String?, createdAt: Date, editedAt: Date?, attachments: [MessageAttachment] = []
    ) {
        self.id = id
        self.conversationID = conversationID
        self.authorID = authorID
        self.kind = kind
        self.text = text
        self.mentions = mentions
        self.task = task
        self.clientID = clientID
        self.createdAt = createdAt
        self.editedAt = editedAt
        self.attachments = attachments
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, text, mentions, task, attachments
        case conversationID = "conversation_id"
        case authorID = "author_id"
        case clientID = "client_id"
        case createdAt = "created_at"
        case editedAt = "edited_at"
    }

    fileprivate func writeFields(to json: inout JSONWriter) {
        json.key("id"); json.string(id)
        json.key("conversation_id"); json.string(conversationID)
        json.key("author_id"); json.string(authorID)
        json.key("kind"); json.string(kind.rawValue)
        json.key("text"); json.string(text)
        json.key("mentions"); json.array(mentions) { json, id in json.string(id) }
        json.key("task"); json.value(task)
        json.key("client_id"); json.string(clientID)
        json.key("created_at"); json.date(createdAt)
        json.key("edited_at"); json.date(editedAt)
        json.key("attachments"); json.array(attachments) { json, attachment in attachment.write(to: &json) }
    }
}

/// A message just sent or edited, with the mentions that name nobody in the conversation, so the
/// client can offer to add those people, and the mentioned people who cannot open tasks shared in the
/// conversation, so the client can offer to share them.
public struct PostedMessage: Decodable, Hashable, Sendable {
    public var message: Message
    /// The mention names (without `@`) that match no member.
    public var unresolvedMentions: [String]
    public var mentionsWithoutTaskAccess: [MentionTaskAccess]

    public init(
        message: Message, unresolvedMentions: [String], mentionsWithoutTaskAccess: [MentionTaskAccess] = []
    ) {
        self.message = message
        self.unresolvedMentions = unresolvedMentions
        self.mentionsWithoutTaskAccess = mentionsWithoutTaskAccess
    }

    enum CodingKeys: String, CodingKey {
        case unresolvedMentions = "unresolved_mentions"
        case mentionsWithoutTaskAccess = "mentions_without_task_access"
    }

    public init(from decoder: any Decoder) throws {
        message = try Message(from: decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        unresolvedMentions = try c.decode([String].self, forKey: .unresolvedMentions)
        mentionsWithoutTaskAccess =
            try c.decodeIfPresent([MentionTaskAccess].self, forKey: .mentionsWithoutTaskAccess) ?? []
    }
}

/// A mentioned member and the tasks shared in the conversation that they cannot open.
public struct MentionTaskAccess: Codable, Hashable, Sendable {
    public var userID: String
    public var taskIDs: [String]

    public init(userID: String, taskIDs: [String]) {
        self.userID = userID
        self.taskIDs = taskIDs
    }

    enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case taskIDs = "task_ids"
    }
}

extension MessageTask: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(id)
            json.key("content"); json.string(content)
            json.key("due_date"); json.string(dueDate)
            json.key("due_string"); json.string(dueString)
            json.key("is_completed"); json.bool(isCompleted)
        }
    }
}

extension Message: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in writeFields(to: &json) }
    }
}

extension PostedMessage: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            message.writeFields(to: &json)
            json.key("unresolved_mentions"); json.array(unresolvedMentions) { json, name in json.string(name) }
            json.key("mentions_without_task_access")
            json.array(mentionsWithoutTaskAccess) { json, access in
                json.object { json in
                    json.key("user_id"); json.string(access.userID)
                    json.key("task_ids"); json.array(access.taskIDs) { json, id in json.string(id) }
                }
            }
        }
    }
}
