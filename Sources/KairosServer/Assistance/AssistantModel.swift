import KairosAI
import KairosCapture
import KairosCore
import Logging

/// The server's language model in the assistant chat: it suggests a list's items and writes conversational
/// replies, streamed. Each call ends within its budget and fails only with a `LanguageModelError`, so the
/// assistant can always answer offline instead.
public struct AssistantModel: Sendable {
    let model: any LanguageModel
    let logger: Logger
    /// The whole answer, retries included (seed 003: thirty seconds for an assistant answer).
    let budget: Duration

    public init(model: any LanguageModel, logger: Logger, budget: Duration = .seconds(30)) {
        self.model = model
        self.logger = logger
        self.budget = budget
    }

    /// Items to suggest for `list`, beyond those the user named.
    func suggestions(
        for list: AssistantList, request: String, context: CaptureContext
    ) async throws(LanguageModelError) -> [AssistantSuggestion] {
        let answer = try await model.generateJSON(
            for: AssistantPrompt.list(list, request: request, context: context), schema: AssistantPrompt.listSchema,
            within: budget)
        return AssistantPrompt.suggestions(in: answer, besides: list.subtasks)
    }

    /// The model's reply, each piece handed to `onDelta` as it arrives.
    func reply(
        to prompt: ModelPrompt, onDelta: @Sendable (String) async -> Void
    ) async throws(LanguageModelError) -> String {
        var received = ""
        do {
            for try await event in model.streamText(for: prompt, within: budget) {
                switch event {
                case .delta(let piece):
                    received += piece
                    await onDelta(piece)
                case .completed(let text):
                    return text
                }
            }
        } catch let error as LanguageModelError {
            throw error
        } catch {
            throw .connectionDropped(partialText: received)
        }
        throw .connectionDropped(partialText: received)
    }
}
