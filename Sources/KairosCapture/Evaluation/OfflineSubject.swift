/// The offline engines, called as `kairos parse --jsonl` calls them: capture without keeping unparsed text, and
/// the assistant.
public struct OfflineSubject: EvalSubject {
    public init() {}

    public var name: String { "offline" }
    public var answersConcurrently: Bool { false }

    public func answer(_ evalCase: EvalCase) async -> EvalReply {
        switch evalCase.expected.kind {
        case .capture:
            let result = CaptureEngine().capture(evalCase.input, context: evalCase.context, keepUnparsedText: false)
            return EvalReply(answer: .tasks(result.tasks))
        case .assistant:
            return EvalReply(answer: .assistant(AssistantEngine().answer(evalCase.input, context: evalCase.context)))
        }
    }
}
