/// A capture case file's figures, as `capture-score.py` reports them.
public struct CaptureScore: Hashable, Sendable {
    public var caseExact = EvalFraction()
    /// Cases with the right number of tasks.
    public var taskCount = EvalFraction()
    /// Each field over the tasks paired by position in the cases whose task count is right.
    public var fields: [TaskField: EvalFraction] = [:]
    /// case_exact per category.
    public var categories: [String: EvalFraction] = [:]

    public init() {
        for field in TaskField.allCases { fields[field] = EvalFraction() }
    }

    mutating func add(_ verdict: AnswerVerdict, category: String) {
        caseExact.count(verdict.exact)
        categories[category, default: EvalFraction()].count(verdict.exact)
        guard let tasks = verdict.tasks else { return }
        taskCount.count(tasks.countRight)
        for field in TaskField.allCases {
            fields[field, default: EvalFraction()].right += tasks.fieldHits[field] ?? 0
            fields[field, default: EvalFraction()].total += tasks.paired
        }
    }
}
