/// Something whose answers to eval cases are scored: the offline engines, or a configured model.
public protocol EvalSubject: Sendable {
    /// The subject's column in the table ("offline", "model").
    var name: String { get }
    /// Whether several of its cases may be answered at once (a model across the network); the offline engines
    /// answer one at a time, so their times are their own.
    var answersConcurrently: Bool { get }
    /// Its answer to one case; a thrown error counts as no answer, wrong everywhere.
    func answer(_ evalCase: EvalCase) async throws -> EvalReply
}

/// A subject's answer to one case, and why it fell back on the offline engine if it did.
public struct EvalReply: Sendable {
    public var answer: EvalAnswer
    /// Why the subject answered with its fallback ("timeout", "invalid output"); nil when it answered itself.
    public var fallbackReason: String?

    public init(answer: EvalAnswer, fallbackReason: String? = nil) {
        self.answer = answer
        self.fallbackReason = fallbackReason
    }
}

/// An answer in the engine's own types: capture's tasks, or the assistant's typed answer.
public enum EvalAnswer: Sendable {
    case tasks([CaptureProposal])
    case assistant(AssistantAnswer)
}
