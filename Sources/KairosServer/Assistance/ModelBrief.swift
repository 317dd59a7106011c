import KairosAI
import KairosCore
import Logging

/// The opening paragraph of a daily brief through the server's language model, from the brief's own facts.
/// Any failure (an error status, a timeout, malformed JSON, an empty or overlong answer) leaves the opening to
/// Kairos' own rules, with the reason.
public struct ModelBrief: Sendable {
    let model: any LanguageModel
    let logger: Logger
    /// The whole call, retries included.
    let budget: Duration

    public init(model: any LanguageModel, logger: Logger, budget: Duration = .seconds(30)) {
        self.model = model
        self.logger = logger
        self.budget = budget
    }

    /// The model's opening for `brief`, or nil with why it has none.
    public func opening(of brief: DailyBrief, for user: User) async -> (text: String?, model: ModelUse) {
        let answer: JSONValue
        do {
            answer = try await model.generateJSON(
                for: BriefPrompt.prompt(for: brief, of: user), schema: BriefPrompt.schema, within: budget)
        } catch {
            return (nil, .failed(error.code))
        }
        guard let opening = BriefPrompt.opening(in: answer) else {
            logger.notice(
                "Model brief opening was empty or too long; using Kairos' own",
                metadata: ["ai_provider": "\(model.identity.provider.rawValue)", "ai_error": "malformed_answer"])
            return (nil, .failed("malformed_answer"))
        }
        return (opening, .used)
    }
}
