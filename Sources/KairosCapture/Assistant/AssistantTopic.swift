import KairosCore

/// What a conversation message is about, as far as the offline assistant can answer it.
public enum AssistantTopic: Hashable, Sendable {
    /// A question about the user's own tasks.
    case tasks(AssistantTaskQuestion)
    /// A greeting or small talk ("hi", "how are you").
    case greeting
    /// Thanks.
    case thanks
    /// Anything else: advice, general knowledge, questions about the assistant.
    case other
}

/// A question about the user's own tasks that their task list answers.
public enum AssistantTaskQuestion: Hashable, Sendable {
    /// Which open tasks are due in `period`.
    case due(AssistantPeriod)
    /// Which open tasks are past due.
    case overdue
    /// Which tasks the user completed in `period`.
    case completed(AssistantPeriod)
}

/// The days a question about tasks covers, as the user said them.
public struct AssistantPeriod: Hashable, Sendable {
    /// How the days were named, for the answer's words.
    public enum Name: Hashable, Sendable {
        case today, tomorrow, yesterday, thisWeek, nextWeek, lastWeek
        /// One day named otherwise ("friday", "march 6").
        case day
    }

    public var name: Name
    public var first: LocalDate
    public var last: LocalDate

    public init(name: Name, first: LocalDate, last: LocalDate) {
        self.name = name
        self.first = first
        self.last = last
    }
}

/// Reads what a conversation message is about: a question about the user's tasks ("what's due tomorrow", "what's
/// overdue", "what did I complete this week"), a greeting, thanks, or something else.
struct AssistantTopicReader {
    let message: ChatMessage
    let context: CaptureContext

    private var today: LocalDate { context.now.date }

    func topic() -> AssistantTopic {
        let words = message.words
        guard !words.isEmpty else {
            let said = Set(message.tokens.filter { $0.kind == .word }.map(\.word))
            if !said.isDisjoint(with: Self.thanksWords) { return .thanks }
            return said.isEmpty ? .other : .greeting
        }
        if Self.smallTalk.contains(words) { return .greeting }
        if let question = taskQuestion() { return .tasks(question) }
        return .other
    }

    private func taskQuestion() -> AssistantTaskQuestion? {
        let words = message.words
        let set = Set(words)
        guard let first = words.first, Self.askingWords.contains(first) || message.text.contains("?") else {
            return nil
        }
        // "how do I change a due date" asks for advice; "how many tasks are due" asks about the tasks.
        if first == "how", words.count < 2 || !["many", "much"].contains(words[1]) { return nil }
        if set.contains("overdue") || set.contains("late") || (set.contains("past") && set.contains("due")) {
            return .overdue
        }
        let period = self.period()
        if !set.isDisjoint(with: Self.completionWords) || (set.contains("did") && set.contains("do")) {
            guard set.contains("i") || set.contains("i've") || set.contains("ive") else { return nil }
            if let period { return .completed(period) }
            return .completed(AssistantPeriod(name: .today, first: today, last: today))
        }
        let asksDue = words.indices.contains {
            words[$0] == "due" && (words.indices.contains($0 + 1) ? words[$0 + 1] != "date" : true)
        }
        let asksPlans = !set.isDisjoint(with: Self.planWords)
        guard asksDue || (asksPlans && period != nil) else { return nil }
        return .due(period ?? AssistantPeriod(name: .today, first: today, last: today))
    }

    /// The days the question names: a week, or one day; nil when it names none.
    private func period() -> AssistantPeriod? {
        let words = message.words
        for (index, word) in words.enumerated() where word == "week" {
            let before = index > 0 ? words[index - 1] : ""
            let monday = today.adding(days: -(today.weekday.rawValue - 1))
            switch before {
            case "next":
                return AssistantPeriod(name: .nextWeek, first: monday.adding(days: 7), last: monday.adding(days: 13))
            case "last":
                return AssistantPeriod(name: .lastWeek, first: monday.adding(days: -7), last: monday.adding(days: -1))
            default:
                return AssistantPeriod(name: .thisWeek, first: monday, last: monday.adding(days: 6))
            }
        }
        if words.contains(where: { $0 == "today" || $0 == "tonight" || $0 == "today's" }) {
            return AssistantPeriod(name: .today, first: today, last: today)
        }
        if words.contains(where: { Self.tomorrowWords.contains($0) }) {
            let day = today.adding(days: 1)
            return AssistantPeriod(name: .tomorrow, first: day, last: day)
        }
        if words.contains("yesterday") {
            let day = today.adding(days: -1)
            return AssistantPeriod(name: .yesterday, first: day, last: day)
        }
        let expressions = DateExpressionReader(tokens: message.tokens, context: context).expressions()
        guard let day = expressions.lazy.compactMap(\.date).first else { return nil }
        return AssistantPeriod(name: .day, first: day, last: day)
    }

    static let askingWords: Set<String> = [
        "what", "what's", "whats", "which", "how", "show", "list", "tell", "do", "did", "is", "are", "am", "have",
        "any", "anything", "give", "wat", "wats",
    ]
    static let completionWords: Set<String> = [
        "complete", "completed", "finish", "finished", "done", "accomplish", "accomplished", "checked", "ticked",
    ]
    static let planWords: Set<String> = [
        "have", "got", "scheduled", "planned", "agenda", "plate", "tasks", "task", "todo", "todos", "to-do", "on",
    ]
    static let tomorrowWords: Set<String> = ["tomorrow", "tmr", "tmrw", "tomorow", "tomorrow's"]
    static let thanksWords: Set<String> = ["thanks", "thank", "thx", "ty", "cheers", "appreciate", "appreciated"]
    static let smallTalk: Set<[String]> = [
        ["how", "are", "you"], ["how", "are", "u"], ["how's", "it", "going"], ["hows", "it", "going"],
        ["what's", "up"], ["whats", "up"], ["sup"], ["how", "are", "you", "doing"], ["how", "is", "it", "going"],
    ]
}

extension AssistantEngine {
    /// What a conversation message is about: a question about the user's tasks, a greeting, thanks, or other.
    public func topic(of text: String, context: CaptureContext) -> AssistantTopic {
        AssistantTopicReader(message: ChatMessage(text), context: context).topic()
    }
}
