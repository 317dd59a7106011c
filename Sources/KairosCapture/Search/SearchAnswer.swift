import Foundation
import KairosCore

/// What a search query answers: the question read from it and, for a commitment question about a person, the
/// tasks, commitments and messages that answer it, each with why it was found; otherwise the plain search's hits.
public struct SearchAnswer: Sendable {
    public var question: SearchQuestion
    /// The query was a commitment question about a person: `results` answer it and `hits` is empty.
    public var answered: Bool
    public var results: [AnswerResult]
    /// The plain search's first page, when the query was not a commitment question.
    public var hits: Page<SearchHit>
    /// Whether the server's model planned the query, and if not, why.
    public var model: ModelUse

    public init(
        question: SearchQuestion, answered: Bool, results: [AnswerResult], hits: Page<SearchHit>, model: ModelUse
    ) {
        self.question = question
        self.answered = answered
        self.results = results
        self.hits = hits
        self.model = model
    }
}

/// One thing that answers a commitment question, with the line that says why it was found.
public struct AnswerResult: Hashable, Sendable {
    public enum Kind: String, Sendable, Decodable {
        /// A task; `taskID` opens it.
        case task
        /// A commitment or a request the action engine found in a message; `messageID` is where it was said.
        case commitment
        /// A message holding the words searched for.
        case message
    }

    public var kind: Kind
    /// One line built from true facts: "You said you'd send the deck in Launch on Tuesday".
    public var reason: String
    /// The task's title, or the commitment's in the engine's words; nil for a message.
    public var title: String?
    /// A message's matching words, HTML-escaped, each match in `<mark>`…`</mark>`; nil otherwise.
    public var snippet: String?
    public var taskID: String?
    public var conversationID: String?
    public var messageID: String?
    /// When the task was added or the message sent.
    public var at: Date
    /// The task was completed (it is in the answer as recently done).
    public var isDone: Bool

    public init(
        kind: Kind, reason: String, title: String?, snippet: String? = nil, taskID: String? = nil,
        conversationID: String? = nil, messageID: String? = nil, at: Date, isDone: Bool = false
    ) {
        self.kind = kind
        self.reason = reason
        self.title = title
        self.snippet = snippet
        self.taskID = taskID
        self.conversationID = conversationID
        self.messageID = messageID
        self.at = at
        self.isDone = isDone
    }
}
