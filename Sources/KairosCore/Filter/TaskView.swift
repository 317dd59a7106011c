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
}
