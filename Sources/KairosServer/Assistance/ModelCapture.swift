import KairosAI
import KairosCapture
import KairosCore
import Logging

/// Capture through the server's language model: the model splits and words the tasks, the offline engine reads
/// every date, list and the rest from the words it quotes. Any failure (an error status, a timeout, malformed
/// JSON, a schema violation, quotes the transcript does not hold) gives the offline engine's answer instead, so
/// a failing model never costs a word.
public struct ModelCapture: Sendable {
    let model: any LanguageModel
    let logger: Logger
    /// The whole call, retries included (seed 004: ten seconds for a capture).
    let budget: Duration
    private let merge = ModelTaskMerge()
    private let engine = CaptureEngine()

    public init(model: any LanguageModel, logger: Logger, budget: Duration = .seconds(10)) {
        self.model = model
        self.logger = logger
        self.budget = budget
    }

    /// The tasks `text` holds, split by the model where it answers well, with `model` saying whether it did.
    /// With `keepUnparsedText` (the API's way), a transcript that gives no task comes back as one.
    public func capture(_ text: String, context: CaptureContext, keepUnparsedText: Bool = true) async -> CaptureResult {
        let offline = { (use: ModelUse) in
            var result = engine.capture(text, context: context, keepUnparsedText: keepUnparsedText)
            result.model = use
            return result
        }
        guard text.contains(where: { !$0.isWhitespace }) else { return offline(.failed("empty")) }
        let answer: JSONValue
        do {
            answer = try await model.generateJSON(
                for: CapturePrompt.prompt(for: text, context: context), schema: CapturePrompt.schema, within: budget)
        } catch {
            return offline(.failed(error.code))
        }
        let drafts = CapturePrompt.drafts(in: answer)
        guard var merged = merge.merge(drafts, into: text, context: context, keepUnparsedText: keepUnparsedText)
        else {
            logger.notice(
                "Model capture quoted words the transcript does not hold; using the offline engine",
                metadata: ["ai_provider": "\(model.identity.provider.rawValue)", "ai_error": "malformed_answer"])
            return offline(.failed("malformed_answer"))
        }
        merged.model = .used
        return merged
    }

    /// The assistant's answer with a reminder's tasks split and worded by the model as capture's are (their
    /// fields still the engine's); other answers, and a reminder the model fails on, stay as the engine gave them.
    /// `model` is nil when the model was not asked (not a reminder).
    public func refine(
        _ answer: AssistantAnswer, of text: String, context: CaptureContext
    ) async -> (answer: AssistantAnswer, model: ModelUse?) {
        guard case .reminder(_, let setAside) = answer else { return (answer, nil) }
        let captured = await capture(text, context: context, keepUnparsedText: false)
        guard captured.model?.used == true else { return (answer, captured.model) }
        guard !captured.tasks.isEmpty else { return (answer, .failed("no_tasks")) }
        return (
            .reminder(tasks: captured.tasks, setAside: captured.setAside.isEmpty ? setAside : captured.setAside), .used
        )
    }
}
