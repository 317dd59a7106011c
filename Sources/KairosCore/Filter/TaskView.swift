/// The built-in task views every client shows, defined once as filter queries.
public enum TaskView: String, CaseIterable, Sendable {
    case today, upcoming, overdue

    /// The filter query the view runs.
    public var query: String {
        switch self {
        case .today: "today | overdue"
        case .upcoming: "next 7 days"
        case .overdue: "overdue"
        }
    }

    /// The parsed filters of every view, for recognising a view's query.
    public static let filters: Set<TaskFilter> = Set(allCases.compactMap { try? TaskFilter.parse($0.query) })
}
