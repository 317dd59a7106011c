import KairosAI
import KairosCapture
import KairosCore
import Logging

/// A thread's action items through the server's language model, merged with the action engine's
/// (`ModelActionMerge`: dates are the engine's). Any failure (an error status, a timeout, malformed JSON, a
/// schema violation, an action at a message the thread does not have or quoting words it does not hold) gives
/// the engine's actions instead.
public struct ModelActions: Sendable {
    let model: any LanguageModel
    let logger: Logger
    /// The whole call, retries included.
    let budget: Duration
    private let engine = ActionEngine()

    public init(model: any LanguageModel, logger: Logger, budget: Duration = .seconds(30)) {
        self.model = model
        self.logger = logger
        self.budget = budget
    }

    /// The actions of `thread`, with `model` saying whether the model's answer was used.
    public func actions(in thread: ActionThread) async -> (items: [ActionItem], model: ModelUse) {
        let offline = engine.actions(in: thread)
        guard !thread.messages.isEmpty else { return (offline, .failed("empty")) }
        let answer: JSONValue
        do {
            answer = try await model.generateJSON(
                for: ActionPrompt.prompt(for: thread), schema: ActionPrompt.schema, within: budget)
        } catch {
            return (offline, .failed(error.code))
        }
        guard let merged = ModelActionMerge.merge(ActionPrompt.actions(in: answer), engine: offline, thread: thread)
        else {
            logger.notice(
                "Model actions pointed at a message or words the thread does not have; using the engine's",
                metadata: ["ai_provider": "\(model.identity.provider.rawValue)", "ai_error": "malformed_answer"])
            return (offline, .failed("malformed_answer"))
        }
        return (merged, .used)
    }
}
