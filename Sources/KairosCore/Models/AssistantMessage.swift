import Foundation

/// One message of a user's chat with the assistant: what the user said, or the assistant's answer with its cards.
public struct AssistantMessage: Hashable, Sendable {
    /// Who said it.
    public enum Role: String, Hashable, Sendable, Codable {
        case user, assistant
    }

    /// What an assistant answer answers (the assistant rules' types).
    public enum Kind: String, Hashable, Sendable, Codable {
        case reminder
        case todoList = "todo_list"
        case dateQuery = "date_query"
        case conversation
    }

    public var id: String
    public var role: Role
    /// The answer's type; nil for the user's own messages.
    public var type: Kind?
    public var text: String
    /// What the answer proposes or shows, in order; a card is addressed by its index.
    public var cards: [AssistantCard]
    /// The client's own id for the user's message; an answer carries its question's.
    public var clientID: String?
    public var createdAt: Date

    public init(
        id: String, role: Role, type: Kind? = nil, text: String, cards: [AssistantCard] = [], clientID: String? = nil,
        createdAt: Date
    ) {
        self.id = id
        self.role = role
        self.type = type
        self.text = text
        self.cards = cards
        self.clientID = clientID
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, role, type, text, cards
        case clientID = "client_id"
        case createdAt = "created_at"
    }
}

/// A card of an assistant answer: a task or a list to add with one tap, or the user's tasks that answer a question.
public struct AssistantCard: Hashable, Sendable {
    /// What the card shows.
    public enum Content: Hashable, Sendable {
        /// One proposed task, with the fields capture gives it.
        case task(CaptureCommitTask)
        /// A proposed list: added, it becomes a parent task with the items as its subtasks.
        case list(title: String, items: [String])
        /// The user's own tasks answering their question; nothing to add.
        case tasks([AssistantTaskSummary])
    }

    /// Where a proposal stands.
    public enum State: Hashable, Sendable {
        case proposed
        /// Added: the tasks made from it (a list's parent first, then its items).
        case added(taskIDs: [String])
        case dismissed

        public var name: String {
            switch self {
            case .proposed: "proposed"
            case .added: "added"
            case .dismissed: "dismissed"
            }
        }
    }

    public var content: Content
    /// nil for a card with nothing to add (`tasks`).
    public var state: State?
    /// Items a model suggests for a list, beyond those the user named; the user keeps or drops each when adding.
    public var suggestions: [AssistantSuggestion]

    public init(content: Content, state: State? = nil, suggestions: [AssistantSuggestion] = []) {
        self.content = content
        self.suggestions = suggestions
        if case .tasks = content {
            self.state = nil
        } else {
            self.state = state ?? .proposed
        }
    }

    /// The card's kind in JSON: `task`, `list` or `tasks`.
    public var kind: String {
        switch content {
        case .task: "task"
        case .list: "list"
        case .tasks: "tasks"
        }
    }

    /// Whether the card proposes something the user can add or dismiss.
    public var isProposal: Bool { state != nil }
}

/// An item a model suggests for a list: kept, it becomes a subtask with the note as its description.
public struct AssistantSuggestion: Hashable, Sendable, Decodable {
    public var title: String
    /// A step's detail or a resource to learn from; nil when there is none.
    public var note: String?
    /// The group it belongs to, such as a shopping list's aisle ("Produce"); nil when the list has none.
    public var group: String?

    public init(title: String, note: String? = nil, group: String? = nil) {
        self.title = title
        self.note = note
        self.group = group
    }
}

/// One of the user's tasks as an answer lists it.
public struct AssistantTaskSummary: Hashable, Sendable, Decodable {
    public var id: String
    public var content: String
    public var due: Due?

    public init(id: String, content: String, due: Due?) {
        self.id = id
        self.content = content
        self.due = due
    }

    public init(_ task: TaskItem) {
        self.init(id: task.id, content: task.content, due: task.due)
    }
}

// MARK: JSON

// A message is {"id", "role", "type", "text", "cards", "client_id", "created_at"}; `type` is null for the user's.
// A card is {"kind", "state", "task_ids", ...}: a `task` card adds "task" {"title", "description", "due", "list",
// "priority", "labels", "recurrence"}, a `list` card "title" and "items", a `tasks` card "tasks" [{"id", "content",
// "due"}] with a null state. A `list` card also has "suggestions" [{"title", "note", "group"}] (a model's). `task_ids` holds the created tasks once a card is added, else [].

extension AssistantMessage: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(id)
            json.key("role"); json.string(role.rawValue)
            json.key("type"); json.string(type?.rawValue)
            json.key("text"); json.string(text)
            json.key("cards"); json.array(cards) { json, card in card.write(to: &json) }
            json.key("client_id"); json.string(clientID)
            json.key("created_at"); json.date(createdAt)
        }
    }
}

extension AssistantMessage: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try c.decode(String.self, forKey: .id), role: try c.decode(Role.self, forKey: .role),
            type: try c.decodeIfPresent(Kind.self, forKey: .type), text: try c.decode(String.self, forKey: .text),
            cards: try c.decodeIfPresent([AssistantCard].self, forKey: .cards) ?? [],
            clientID: try c.decodeIfPresent(String.self, forKey: .clientID),
            createdAt: try c.decode(Date.self, forKey: .createdAt))
    }
}

extension AssistantCard: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("kind"); json.string(kind)
            json.key("state"); json.string(state?.name)
            json.key("task_ids")
            if case .added(let ids) = state {
                json.array(ids) { json, id in json.string(id) }
            } else {
                json.array([String]()) { json, id in json.string(id) }
            }
            switch content {
            case .task(let task):
                json.key("task")
                json.object { json in
                    json.key("title"); json.string(task.title)
                    json.key("description"); json.string(task.description)
                    json.key("due"); json.string(task.due)
                    json.key("list"); json.string(task.list)
                    json.key("priority"); json.int(task.priority)
                    json.key("labels"); json.array(task.labels ?? []) { json, label in json.string(label) }
                    json.key("recurrence"); json.string(task.recurrence)
                }
            case .list(let title, let items):
                json.key("title"); json.string(title)
                json.key("items"); json.array(items) { json, item in json.string(item) }
                json.key("suggestions")
                json.array(suggestions) { json, suggestion in
                    json.object { json in
                        json.key("title"); json.string(suggestion.title)
                        json.key("note"); json.string(suggestion.note)
                        json.key("group"); json.string(suggestion.group)
                    }
                }
            case .tasks(let tasks):
                json.key("tasks")
                json.array(tasks) { json, task in
                    json.object { json in
                        json.key("id"); json.string(task.id)
                        json.key("content"); json.string(task.content)
                        json.key("due"); json.value(task.due)
                    }
                }
            }
        }
    }
}

extension AssistantCard: Decodable {
    enum CodingKeys: String, CodingKey {
        case kind, state, task, title, items, tasks, suggestions
        case taskIDs = "task_ids"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let content: Content
        switch try c.decode(String.self, forKey: .kind) {
        case "task": content = .task(try c.decode(CaptureCommitTask.self, forKey: .task))
        case "list":
            content = .list(
                title: try c.decode(String.self, forKey: .title), items: try c.decode([String].self, forKey: .items))
        case "tasks": content = .tasks(try c.decode([AssistantTaskSummary].self, forKey: .tasks))
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: c, debugDescription: "Expected a card kind task, list or tasks, got \(other)")
        }
        let state: State?
        switch try c.decodeIfPresent(String.self, forKey: .state) {
        case nil: state = nil
        case "proposed": state = .proposed
        case "added": state = .added(taskIDs: try c.decodeIfPresent([String].self, forKey: .taskIDs) ?? [])
        case "dismissed": state = .dismissed
        case let other?:
            throw DecodingError.dataCorruptedError(
                forKey: .state, in: c, debugDescription: "Expected proposed, added or dismissed, got \(other)")
        }
        self.init(
            content: content, state: state,
            suggestions: try c.decodeIfPresent([AssistantSuggestion].self, forKey: .suggestions) ?? [])
    }
}

/// `POST /api/v1/assistant/messages/{id}/cards/{index}/add`: which of a list's suggestions to keep (their
/// indices); all of them when not sent.
public struct AssistantCardAddRequest: Codable, Sendable, ClosedRequestBody {
    public var suggestions: [Int]?

    public init(suggestions: [Int]? = nil) {
        self.suggestions = suggestions
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case suggestions
    }
}

/// `POST /api/v1/assistant/messages`: one message to the assistant.
public struct AssistantMessageRequest: Codable, Sendable, ClosedRequestBody {
    public var text: String
    /// The client's own id for the message: a retry carrying it gets the first answer back, and nothing is
    /// answered or added twice.
    public var clientID: String?

    public init(text: String, clientID: String? = nil) {
        self.text = text
        self.clientID = clientID
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case text
        case clientID = "client_id"
    }
}

/// The answer of `POST /api/v1/assistant/messages` and of a card action: `{"message": {...}}`.
public struct AssistantMessageResponse: Decodable, Sendable, JSONWritable {
    public var message: AssistantMessage

    public init(message: AssistantMessage) {
        self.message = message
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("message"); message.write(to: &json)
        }
    }
}

/// Words of an answer as they are made, the `delta` event of a streamed answer: `{"text": "..."}`.
public struct AssistantDelta: Decodable, Sendable, JSONWritable {
    public var text: String

    public init(text: String) {
        self.text = text
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("text"); json.string(text)
        }
    }
}
