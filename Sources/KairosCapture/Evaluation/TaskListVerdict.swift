/// How a task list compares with the expected one: the count, and each field of the tasks paired by position when
/// the counts agree.
public struct TaskListVerdict: Hashable, Sendable {
    /// Whether the number of tasks is right.
    public var countRight: Bool
    /// Whether every task is right, in order.
    public var exact: Bool
    /// The tasks paired by position: all of them when the count is right, else none.
    public var paired: Int
    /// For each field, how many paired tasks have it right.
    public var fieldHits: [TaskField: Int]

    /// Compares `got` with `expected`; nil `got` (no answer) is wrong everywhere.
    public init(expected: [ExpectedTask], got: [CaptureProposal]?) {
        fieldHits = Dictionary(uniqueKeysWithValues: TaskField.allCases.map { ($0, 0) })
        guard let got, got.count == expected.count else {
            countRight = false
            exact = false
            paired = 0
            return
        }
        countRight = true
        paired = got.count
        var exact = true
        for (want, task) in zip(expected, got) {
            for field in TaskField.allCases where want.matches(field, of: task) {
                fieldHits[field, default: 0] += 1
            }
            exact = exact && TaskField.allCases.allSatisfy { want.matches($0, of: task) }
        }
        self.exact = exact
    }

    /// The fields some paired task has wrong, in the scorers' order; empty when the count is wrong.
    public var wrongFields: [TaskField] {
        TaskField.allCases.filter { (fieldHits[$0] ?? 0) < paired }
    }
}
