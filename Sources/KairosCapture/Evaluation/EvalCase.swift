/// One worked case of a case file: what was said, in which context, and the answer the rules give.
public struct EvalCase: Sendable {
    public var id: String
    /// The case's group in the per-category figures; "?" when the file gives none, as the scorers print it.
    public var category: String
    public var input: String
    public var context: CaptureContext
    public var expected: Expectation
    /// The line of the file the case is on, from 1.
    public var line: Int

    public init(id: String, category: String, input: String, context: CaptureContext, expected: Expectation, line: Int)
    {
        self.id = id
        self.category = category
        self.input = input
        self.context = context
        self.expected = expected
        self.line = line
    }

    /// What a case expects: capture's tasks, or the assistant's typed answer.
    public enum Expectation: Hashable, Sendable {
        case capture([ExpectedTask])
        case assistant(ExpectedAnswer)

        public var kind: EvalKind {
            switch self {
            case .capture: .capture
            case .assistant: .assistant
            }
        }
    }
}

/// Which engine a case file scores.
public enum EvalKind: String, CaseIterable, Sendable {
    /// Speech or typed text to task proposals (`expected.tasks`).
    case capture
    /// A chat message to the assistant's typed answer (`expected.type`).
    case assistant
}
