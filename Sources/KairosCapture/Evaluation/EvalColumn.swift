/// One subject's column of the results: its figures, each case's verdict, its fallbacks and its times.
public struct EvalColumn: Sendable {
    /// The figures, in the form of the case file's kind.
    public enum Score: Sendable {
        case capture(CaptureScore)
        case assistant(AssistantScore)
    }

    public var name: String
    public var score: Score
    /// Each case's verdict, in file order.
    public var verdicts: [AnswerVerdict]
    /// Each case's answer, in file order; nil where the subject gave none.
    public var answers: [EvalAnswer?]
    /// How many answers fell back on the offline engine, by the reason given.
    public var fallbacks: [String: Int]
    /// Cases the subject gave no answer to, with why.
    public var failures: [(line: Int, message: String)]
    /// The median and 95th-percentile time of one answer (nearest rank).
    public var p50: Duration
    public var p95: Duration

    /// Scores `outcomes`, one per case in the same order, as the shared scorers would score the same answers.
    public init(name: String, cases: [EvalCase], outcomes: [EvalOutcome]) {
        self.name = name
        var captureScore = CaptureScore()
        var assistantScore = AssistantScore()
        verdicts = []
        answers = []
        fallbacks = [:]
        failures = []
        for (evalCase, outcome) in zip(cases, outcomes) {
            var answer: EvalAnswer?
            switch outcome.reply {
            case .success(let reply):
                answer = reply.answer
                if let reason = reply.fallbackReason { fallbacks[reason, default: 0] += 1 }
            case .failure(let failure):
                failures.append((evalCase.line, failure.message))
            }
            answers.append(answer)
            switch evalCase.expected {
            case .capture(let expected):
                var tasks: [CaptureProposal]?
                if case .tasks(let given) = answer { tasks = given }
                let verdict = AnswerVerdict(expected: expected, got: tasks)
                captureScore.add(verdict, category: evalCase.category)
                verdicts.append(verdict)
            case .assistant(let expected):
                var given: AssistantAnswer?
                if case .assistant(let reply) = answer { given = reply }
                let verdict = AnswerVerdict(expected: expected, got: given)
                assistantScore.add(verdict, expectedType: expected.type, category: evalCase.category)
                verdicts.append(verdict)
            }
        }
        score = cases.first?.expected.kind == .assistant ? .assistant(assistantScore) : .capture(captureScore)
        let times = outcomes.map(\.elapsed).sorted()
        p50 = Self.percentile(0.50, of: times)
        p95 = Self.percentile(0.95, of: times)
    }

    /// The value at rank ceil(share × count) of sorted `times`; zero for none.
    static func percentile(_ share: Double, of times: [Duration]) -> Duration {
        guard !times.isEmpty else { return .zero }
        let rank = Int((share * Double(times.count)).rounded(.up))
        return times[min(max(rank, 1), times.count) - 1]
    }
}
