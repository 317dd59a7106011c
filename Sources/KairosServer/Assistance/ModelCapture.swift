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
    public func capture(_ text: String, context: CaptureContext) async -> CaptureResult {
        guard text.contains(where: { !$0.isWhitespace }) else { return offline(text, context, .failed("empty")) }
        let answer: JSONValue
        do {
            answer = try await model.generateJSON(
                for: CapturePrompt.prompt(for: text, context: context), schema: CapturePrompt.schema, within: budget)
        } catch {
            return offline(text, context, .failed(error.code))
        }
        guard var merged = merge.merge(CapturePrompt.drafts(in: answer), into: text, context: context) else {
            logger.notice(
                "Model capture quoted words the transcript does not hold; using the offline engine",
                metadata: ["ai_provider": "\(model.identity.provider.rawValue)", "ai_error": "malformed_answer"])
            return offline(text, context, .failed("malformed_answer"))
        }
        merged.model = .used
        return merged
    }

    private func offline(_ text: String, _ context: CaptureContext, _ use: ModelUse) -> CaptureResult {
        var result = engine.capture(text, context: context, keepUnparsedText: true)
        result.model = use
        return result
    }
}
