/// An assistant case file's figures, as `score-assistant.py` reports them.
public struct AssistantScore: Hashable, Sendable {
    /// The figures of the cases of one expected type.
    public struct TypeScore: Hashable, Sendable {
        /// Cases answered with this type.
        public var type = EvalFraction()
        public var caseExact = EvalFraction()
        /// Each answer field over the cases of this type, in the scorer's order (tasks; title, subtasks; date,
        /// weekday).
        public var fields: [String: EvalFraction] = [:]
        public var fieldOrder: [String] = []
        /// The same fields over the cases whose type is right.
        public var fieldsGivenType: [String: EvalFraction] = [:]
        /// reminder: cases with the right number of tasks, and each task field over the paired tasks.
        public var taskCount = EvalFraction()
        public var taskFields: [TaskField: EvalFraction] = [:]
        /// todo_list: items matched as a multiset, over the items given and over the items expected.
        public var itemPrecision = EvalFraction()
        public var itemRecall = EvalFraction()

        public init() {}
    }

    public var caseExact = EvalFraction()
    public var type = EvalFraction()
    /// For each expected type, how many cases were answered with each type ("(none/invalid)" for no answer).
    public var confusion: [String: [String: Int]] = [:]
    /// By expected type, for the types the file has.
    public var types: [String: TypeScore] = [:]
    public var categories: [String: EvalFraction] = [:]

    public init() {}

    mutating func add(_ verdict: AnswerVerdict, expectedType: String, category: String) {
        caseExact.count(verdict.exact)
        type.count(verdict.typeRight)
        categories[category, default: EvalFraction()].count(verdict.exact)
        let given = verdict.gotType.flatMap { ExpectedAnswer.types.contains($0) ? $0 : nil } ?? "(none/invalid)"
        confusion[expectedType, default: [:]][given, default: 0] += 1
        var score = types[expectedType] ?? TypeScore()
        score.type.count(verdict.typeRight)
        score.caseExact.count(verdict.exact)
        for field in verdict.fields {
            if !score.fieldOrder.contains(field.name) { score.fieldOrder.append(field.name) }
            score.fields[field.name, default: EvalFraction()].count(field.right)
            if verdict.typeRight { score.fieldsGivenType[field.name, default: EvalFraction()].count(field.right) }
        }
        if let tasks = verdict.tasks {
            score.taskCount.count(tasks.countRight)
            for field in TaskField.allCases {
                score.taskFields[field, default: EvalFraction()].right += tasks.fieldHits[field] ?? 0
                score.taskFields[field, default: EvalFraction()].total += tasks.paired
            }
        }
        if let items = verdict.items {
            score.itemPrecision.right += items.matched
            score.itemPrecision.total += items.given
            score.itemRecall.right += items.matched
            score.itemRecall.total += items.expected
        }
        types[expectedType] = score
    }
}
