/// How one answer compares with its case, as the scorers judge it.
public struct AnswerVerdict: Hashable, Sendable {
    /// One answer field and whether it is right.
    public struct Field: Hashable, Sendable {
        public var name: String
        public var right: Bool
    }

    /// Items matched as a multiset (a diagnostic of todo_list answers): matched, given and expected counts.
    public struct ItemHits: Hashable, Sendable {
        public var matched: Int
        public var given: Int
        public var expected: Int
    }

    /// Whether the answer is right in every scored respect.
    public var exact: Bool
    /// What is wrong, in the scorers' words ("task count", "due", "type", "subtasks"); empty when exact.
    public var wrong: [String]
    /// The capture comparison of the task list: a capture case's, or an assistant reminder's.
    public var tasks: TaskListVerdict?
    /// Assistant cases: whether the type is right.
    public var typeRight: Bool
    /// Assistant cases: the answer type given, nil when there is no answer.
    public var gotType: String?
    /// Assistant cases: each answer field of the expected type, in the scorer's order, and whether it is right.
    public var fields: [Field]
    /// todo_list cases: items matched as a multiset, of the items given and of the items expected.
    public var items: ItemHits?

    /// Compares a capture answer (nil: none) with the expected tasks.
    public init(expected: [ExpectedTask], got: [CaptureProposal]?) {
        let tasks = TaskListVerdict(expected: expected, got: got)
        self.tasks = tasks
        exact = tasks.exact
        typeRight = true
        fields = []
        if got == nil {
            wrong = ["no answer"]
        } else if !tasks.countRight {
            wrong = ["task count \(got?.count ?? 0) != \(expected.count)"]
        } else {
            wrong = tasks.wrongFields.map(\.rawValue)
        }
    }

    /// Compares an assistant answer (nil: none) with the expected one; a wrong type makes every field wrong.
    public init(expected: ExpectedAnswer, got: AssistantAnswer?) {
        gotType = got?.type
        typeRight = got?.type == expected.type
        let answer = typeRight ? got : nil
        fields = []
        switch expected {
        case .reminder(let want):
            var given: [CaptureProposal]?
            if case .reminder(let tasks, _) = answer { given = tasks }
            let verdict = TaskListVerdict(expected: want, got: given)
            tasks = verdict
            fields = [Field(name: "tasks", right: verdict.exact)]
        case .todoList(let titles, let subtasks):
            var given: AssistantList?
            if case .todoList(let list) = answer { given = list }
            fields = [
                Field(name: "title", right: given.map { TitleRule.accepts(titles, $0.title) } ?? false),
                Field(name: "subtasks", right: given.map { Self.itemsInOrder(subtasks, $0.subtasks) } ?? false),
            ]
            items = Self.itemHits(subtasks, given?.subtasks)
        case .dateQuery(let date, let weekday):
            var given: LocalDateAnswer?
            if case .dateQuery(let day) = answer {
                given = LocalDateAnswer(date: day.iso, weekday: ListDirectory.capitalizeFirst(day.weekday.name))
            }
            fields = [
                Field(name: "date", right: given.map { ScoringKey.date($0.date) == date } ?? false),
                Field(
                    name: "weekday",
                    right: given.map { ScoringKey.weekday($0.weekday) == weekday.lowercased() } ?? false),
            ]
        case .conversation:
            break
        }
        exact = typeRight && fields.allSatisfy(\.right)
        if got == nil {
            wrong = ["no answer"]
        } else {
            wrong = (typeRight ? [] : ["type"]) + fields.filter { !$0.right }.map(\.name)
            if typeRight, let tasks, !tasks.countRight { wrong.append("task count") }
            if typeRight, let tasks, tasks.countRight { wrong += tasks.wrongFields.map(\.rawValue) }
        }
    }

    /// The same number of items, each in its place one of the accepted titles.
    static func itemsInOrder(_ expected: [[String]], _ given: [String]) -> Bool {
        given.count == expected.count && zip(expected, given).allSatisfy { TitleRule.accepts($0, $1) }
    }

    /// Each expected item takes the first given item it accepts that no earlier expected item took.
    static func itemHits(_ expected: [[String]], _ given: [String]?) -> ItemHits {
        guard let given else { return ItemHits(matched: 0, given: 0, expected: expected.count) }
        var left: [String?] = given.map(ScoringKey.title)
        var matched = 0
        for accepted in expected {
            let keys = Set(accepted.map(ScoringKey.title))
            if let index = left.firstIndex(where: { $0.map(keys.contains) ?? false }) {
                left[index] = nil
                matched += 1
            }
        }
        return ItemHits(matched: matched, given: given.count, expected: expected.count)
    }
}

/// A date answer in the form the assistant writes it, so it is read as the scorer reads the JSON.
private struct LocalDateAnswer {
    var date: String
    var weekday: String
}
