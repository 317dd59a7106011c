import KairosCore

/// What the offline assistant makes of one chat message: its type and the answer that type carries.
public enum AssistantAnswer: Hashable, Sendable {
    /// Something to remember or do: the capture engine's tasks for the message, and the clauses it set aside.
    case reminder(tasks: [CaptureProposal], setAside: [SetAsideClause])
    /// A request for a new list, checklist or plan: its name and the items said, in order.
    case todoList(AssistantList)
    /// A question about which date, or which day of the week, a date expression is.
    case dateQuery(LocalDate)
    /// Anything else: greetings, thanks, small talk, advice, questions about the user's own tasks.
    case conversation

    /// The type's name in the assistant's JSON: `reminder`, `todo_list`, `date_query` or `conversation`.
    public var type: String {
        switch self {
        case .reminder: "reminder"
        case .todoList: "todo_list"
        case .dateQuery: "date_query"
        case .conversation: "conversation"
        }
    }
}

/// A list the user asked to be made: the name as said and the items named, never invented ones.
public struct AssistantList: Hashable, Sendable {
    /// The list noun phrase as said, first letter upper-case ("Packing list for the beach").
    public var title: String
    /// The items as capture titles them, in the order said; empty when none were named.
    public var subtasks: [String]

    public init(title: String, subtasks: [String]) {
        self.title = title
        self.subtasks = subtasks
    }
}
