/// One task a case expects, in the case files' form: accepted titles and the other fields as the rules give them.
public struct ExpectedTask: Hashable, Sendable {
    /// Any of these titles is right.
    public var titles: [String]
    /// Local wall time `YYYY-MM-DDTHH:MM`, or nil for no date.
    public var due: String?
    public var list: String?
    public var priority: Int?
    public var labels: [String]
    /// An RRULE, or nil for a task that does not repeat.
    public var recurrence: String?

    public init(
        titles: [String], due: String? = nil, list: String? = nil, priority: Int? = nil, labels: [String] = [],
        recurrence: String? = nil
    ) {
        self.titles = titles
        self.due = due
        self.list = list
        self.priority = priority
        self.labels = labels
        self.recurrence = recurrence
    }

    /// Whether `task` has this task's `field`, as the scorers compare it.
    public func matches(_ field: TaskField, of task: CaptureProposal) -> Bool {
        switch field {
        case .title: TitleRule.accepts(titles, task.title)
        case .due: DueKey(due) == DueKey(task.due?.iso)
        case .list: ScoringKey.list(list) == ScoringKey.list(task.list)
        case .priority: priority == task.priority
        case .labels: ScoringKey.labels(labels) == ScoringKey.labels(task.labels)
        case .recurrence: RecurrenceKey(recurrence) == RecurrenceKey(task.recurrence?.rrule)
        }
    }
}

/// The fields of a task that are scored, in the scorers' order.
public enum TaskField: String, CaseIterable, Sendable {
    case title, due, list, priority, labels, recurrence
}
