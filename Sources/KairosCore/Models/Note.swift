import Foundation

/// A personal note: typed text or a voice transcript kept whole, seen only by its author, with the tasks made
/// from it.
public struct Note: Hashable, Sendable {
    /// How the note was taken.
    public enum Source: String, Hashable, Sendable, Codable, CaseIterable {
        case typed, voice
    }

    public var id: String
    public var text: String
    public var source: Source
    /// The tasks made from the note ("Extract tasks"), in the order they were made; a deleted task drops out.
    public var taskIDs: [String]
    /// The client's own id for the note, so a retried create is recognised.
    public var clientID: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: String, text: String, source: Source, taskIDs: [String] = [], clientID: String? = nil, createdAt: Date,
        updatedAt: Date
    ) {
        self.id = id
        self.text = text
        self.source = source
        self.taskIDs = taskIDs
        self.clientID = clientID
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, text, source
        case taskIDs = "task_ids"
        case clientID = "client_id"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

extension Note: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(id)
            json.key("text"); json.string(text)
            json.key("source"); json.string(source.rawValue)
            json.key("task_ids"); json.array(taskIDs) { json, id in json.string(id) }
            json.key("client_id"); json.string(clientID)
            json.key("created_at"); json.date(createdAt)
            json.key("updated_at"); json.date(updatedAt)
        }
    }
}

extension Note: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try c.decode(String.self, forKey: .id), text: try c.decode(String.self, forKey: .text),
            source: try c.decode(Source.self, forKey: .source),
            taskIDs: try c.decodeIfPresent([String].self, forKey: .taskIDs) ?? [],
            clientID: try c.decodeIfPresent(String.self, forKey: .clientID),
            createdAt: try c.decode(Date.self, forKey: .createdAt),
            updatedAt: try c.decode(Date.self, forKey: .updatedAt))
    }
}

/// `POST /api/v1/notes`: a new note.
public struct NoteCreateRequest: Codable, Sendable, ClosedRequestBody {
    public var text: String
    /// `typed` (the default) or `voice`.
    public var source: String?
    /// The client's own id for the note: a retry carrying it gets the first note back, and none is made twice.
    public var clientID: String?

    public init(text: String, source: String? = nil, clientID: String? = nil) {
        self.text = text
        self.source = source
        self.clientID = clientID
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case text, source
        case clientID = "client_id"
    }
}

/// `POST /api/v1/notes/{id}`: new text or source for a note; a field left out stays as it is.
public struct NoteUpdateRequest: Codable, Sendable, ClosedRequestBody {
    public var text: String?
    public var source: String?

    public init(text: String? = nil, source: String? = nil) {
        self.text = text
        self.source = source
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case text, source
    }
}

/// The answer of `POST /api/v1/notes/{id}/tasks`: the note with its linked tasks, and the tasks just made.
public struct NoteTasksResponse: Decodable, Sendable, JSONWritable {
    public var note: Note
    public var tasks: [TaskItem]

    public init(note: Note, tasks: [TaskItem]) {
        self.note = note
        self.tasks = tasks
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("note"); note.write(to: &json)
            json.key("tasks"); json.array(tasks) { json, task in task.write(to: &json) }
        }
    }
}

/// `POST /api/v1/notes/{id}/summary`: takes no fields; the body may be empty or `{}`.
public struct NoteSummaryRequest: Decodable, Sendable, ClosedRequestBody {
    /// No field at all, so any one given is named in a 400.
    public struct CodingKeys: CodingKey, CaseIterable {
        public var stringValue: String
        public var intValue: Int? { nil }

        public init?(stringValue: String) { nil }
        public init?(intValue: Int) { nil }

        public static var allCases: [CodingKeys] { [] }
    }

    public init() {}

    public init(from decoder: any Decoder) throws {
        _ = try decoder.container(keyedBy: CodingKeys.self)
    }
}
