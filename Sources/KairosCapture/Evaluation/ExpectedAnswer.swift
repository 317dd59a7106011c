/// The answer an assistant case expects.
public enum ExpectedAnswer: Hashable, Sendable {
    case reminder([ExpectedTask])
    /// The accepted names of the list, and for each item in order its accepted titles.
    case todoList(titles: [String], subtasks: [[String]])
    /// `YYYY-MM-DD` and the English weekday name.
    case dateQuery(date: String, weekday: String)
    case conversation

    /// The type's name in the case files and the assistant's JSON.
    public var type: String {
        switch self {
        case .reminder: "reminder"
        case .todoList: "todo_list"
        case .dateQuery: "date_query"
        case .conversation: "conversation"
        }
    }

    /// The types in the scorer's order.
    public static let types = ["reminder", "todo_list", "date_query", "conversation"]
}
