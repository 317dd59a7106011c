import Foundation

/// One result of searching tasks and messages together, best match first.
public struct SearchHit: Decodable, Hashable, Sendable, JSONWritable {
    public enum Kind: String, Decodable, Sendable {
        case task, message
    }

    public var kind: Kind
    /// The task's or the message's id.
    public var id: String
    public var projectID: String?
    public var conversationID: String?
    public var authorID: String?
    /// A message's author by name; nil for a task, or an author whose account is gone.
    public var authorName: String?
    /// A message's thread by name: a group's name, or the other person's in a direct message.
    public var conversationName: String?
    /// The matching text around the words found, HTML-escaped, with each match in `<mark>`…`</mark>`.
    public var snippet: String
    public var createdAt: Date?

    public init(
        kind: Kind, id: String, projectID: String?, conversationID: String?, authorID: String?, snippet: String,
        createdAt: Date?, authorName: String? = nil, conversationName: String? = nil
    ) {
        self.kind = kind
        self.id = id
        self.projectID = projectID
        self.conversationID = conversationID
        self.authorID = authorID
        self.snippet = snippet
        self.createdAt = createdAt
        self.authorName = authorName
        self.conversationName = conversationName
    }

    enum CodingKeys: String, CodingKey {
        case kind, id, snippet
        case projectID = "project_id"
        case conversationID = "conversation_id"
        case authorID = "author_id"
        case createdAt = "created_at"
        case authorName = "author_name"
        case conversationName = "conversation_name"
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("kind"); json.string(kind.rawValue)
            json.key("id"); json.string(id)
            json.key("project_id"); json.string(projectID)
            json.key("conversation_id"); json.string(conversationID)
            json.key("author_id"); json.string(authorID)
            json.key("author_name"); json.string(authorName)
            json.key("conversation_name"); json.string(conversationName)
            json.key("snippet"); json.string(snippet)
            json.key("created_at"); json.date(createdAt)
        }
    }
}

/// What to search for, and where.
public struct SearchQuery: Sendable {
    public var text: String
    /// Only tasks or only messages.
    public var kind: SearchHit.Kind?
    /// Only messages written by this person.
    public var personID: String?
    /// Only messages in this conversation.
    public var conversationID: String?
    /// Only tasks in this project, and messages in conversations linked to it.
    public var projectID: String?
    /// Only messages in these conversations.
    public var conversationIDs: [String]?
    /// Only messages sent at or after this moment.
    public var since: Date?
    /// Only messages sent before this moment.
    public var until: Date?

    public init(
        text: String, kind: SearchHit.Kind? = nil, personID: String? = nil, conversationID: String? = nil,
        projectID: String? = nil, conversationIDs: [String]? = nil, since: Date? = nil, until: Date? = nil
    ) {
        self.text = text
        self.kind = kind
        self.personID = personID
        self.conversationID = conversationID
        self.projectID = projectID
        self.conversationIDs = conversationIDs
        self.since = since
        self.until = until
    }
}
