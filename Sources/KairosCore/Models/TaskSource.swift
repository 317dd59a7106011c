import Foundation

/// A message a task was made from, as its reader sees it.
public struct TaskSourceMessage: Hashable, Sendable {
    public var messageID: String
    public var conversationID: String
    public var conversationKind: ConversationKind
    /// The group's name; nil for a direct message.
    public var conversationName: String?
    /// Nil once the author's account is gone.
    public var authorID: String?
    public var authorName: String?
    public var sentAt: Date

    public init(
        messageID: String, conversationID: String, conversationKind: ConversationKind, conversationName: String?,
        authorID: String?, authorName: String?, sentAt: Date
    ) {
        self.messageID = messageID
        self.conversationID = conversationID
        self.conversationKind = conversationKind
        self.conversationName = conversationName
        self.authorID = authorID
        self.authorName = authorName
        self.sentAt = sentAt
    }
}

/// Where a task came from, as `GET /api/v1/tasks/{id}/sources` answers it: the message and a line saying so
/// ("From Ben's message in Launch").
public struct TaskSource: Hashable, Sendable {
    public var message: TaskSourceMessage
    public var label: String

    public init(_ message: TaskSourceMessage, viewerID: String) {
        self.message = message
        label = Self.label(of: message, viewerID: viewerID)
    }

    /// "From Ben's message in Launch", "From your message in Launch", "From Ben's message" (a direct message),
    /// "From a message in Launch" (its author's account is gone).
    static func label(of message: TaskSourceMessage, viewerID: String) -> String {
        let whose =
            message.authorID == viewerID ? "your message"
            : message.authorName.map { "\($0)'s message" } ?? "a message"
        guard message.conversationKind == .group, let name = message.conversationName else { return "From \(whose)" }
        return "From \(whose) in \(name)"
    }
}

/// The answer of `GET /api/v1/tasks/{id}/sources`.
public struct TaskSources: Hashable, Sendable, JSONWritable, Decodable {
    public var sources: [TaskSource]

    public init(sources: [TaskSource]) {
        self.sources = sources
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("sources")
            json.array(sources) { json, source in
                json.object { json in
                    json.key("message_id"); json.string(source.message.messageID)
                    json.key("conversation_id"); json.string(source.message.conversationID)
                    json.key("conversation_kind"); json.string(source.message.conversationKind.rawValue)
                    json.key("conversation_name"); json.string(source.message.conversationName)
                    json.key("author_id"); json.string(source.message.authorID)
                    json.key("author"); json.string(source.message.authorName)
                    json.key("sent_at"); json.date(source.message.sentAt)
                    json.key("label"); json.string(source.label)
                }
            }
        }
    }

    enum CodingKeys: String, CodingKey { case sources }

    private struct Wire: Decodable {
        var messageID: String
        var conversationID: String
        var conversationKind: ConversationKind
        var conversationName: String?
        var authorID: String?
        var author: String?
        var sentAt: Date
        var label: String

        enum CodingKeys: String, CodingKey {
            case author, label
            case messageID = "message_id"
            case conversationID = "conversation_id"
            case conversationKind = "conversation_kind"
            case conversationName = "conversation_name"
            case authorID = "author_id"
            case sentAt = "sent_at"
        }
    }

    public init(from decoder: any Decoder) throws {
        let wire = try decoder.container(keyedBy: CodingKeys.self).decode([Wire].self, forKey: .sources)
        sources = wire.map { item in
            var source = TaskSource(
                TaskSourceMessage(
                    messageID: item.messageID, conversationID: item.conversationID,
                    conversationKind: item.conversationKind, conversationName: item.conversationName,
                    authorID: item.authorID, authorName: item.author, sentAt: item.sentAt),
                viewerID: "")
            source.label = item.label
            return source
        }
    }
}
