import KairosAI
import KairosCapture
import KairosCore
import Logging

/// Thread summaries through the server's language model: the model writes the bullets, decisions, blockers and
/// open questions, each pointing at a message; the next steps stay the action engine's. Any failure (an error
/// status, a timeout, malformed JSON, a schema violation, a point at a message the thread does not have) gives
/// the offline summary instead.
public struct ModelSummary: Sendable {
    let model: any LanguageModel
    let logger: Logger
    /// The whole call, retries included.
    let budget: Duration
    private let summarizer = ThreadSummarizer()

    public init(model: any LanguageModel, logger: Logger, budget: Duration = .seconds(30)) {
        self.model = model
        self.logger = logger
        self.budget = budget
    }

    /// The summary of `thread`, written by the model where it answers well, with `model` saying whether it did.
    /// `sharedTasks` are the titles of the tasks shared into the thread; `source` says whether it is a note's
    /// sentences.
    public func summary(
        of thread: ActionThread, sharedTasks: [String], source: SummarySource = .thread
    ) async -> (summary: ThreadSummary, model: ModelUse) {
        let offline = summarizer.summary(of: thread, source: source)
        guard !thread.messages.isEmpty else { return (offline, .failed("empty")) }
        let answer: JSONValue
        do {
            answer = try await model.generateJSON(
                for: SummaryPrompt.prompt(for: thread, sharedTasks: sharedTasks, source: source),
                schema: SummaryPrompt.schema, within: budget)
        } catch {
            return (offline, .failed(error.code))
        }
        guard
            let written = SummaryPrompt.summary(
                in: answer, messageCount: thread.messages.count, nextSteps: offline.nextSteps)
        else {
            logger.notice(
                "Model summary pointed at a message the thread does not have; using the offline summary",
                metadata: ["ai_provider": "\(model.identity.provider.rawValue)", "ai_error": "malformed_answer"])
            return (offline, .failed("malformed_answer"))
        }
        return (written, .used)
    }
}
