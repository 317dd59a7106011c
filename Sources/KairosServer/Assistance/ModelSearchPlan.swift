import Foundation
import KairosAI
import KairosCapture
import KairosCore
import Logging

/// Search plans through the server's language model: the model reads the query into a person, a direction, a
/// time and words, and the plan runs like the offline reading. Any failure (an error status, a timeout, a
/// schema violation, a person not among the user's people, a day that is not a date) gives the offline reading.
public struct ModelSearchPlan: Sendable {
    let model: any LanguageModel
    let logger: Logger
    /// The whole call, retries included: a search waits for it.
    let budget: Duration

    public init(model: any LanguageModel, logger: Logger, budget: Duration = .seconds(10)) {
        self.model = model
        self.logger = logger
        self.budget = budget
    }

    /// The model's reading of `query`, or `offline` with why the model's was not used.
    public func plan(
        _ query: String, people: [QueryPerson], offline: SearchQuestion, now: Date, timeZone: TimeZone
    ) async -> (question: SearchQuestion, model: ModelUse) {
        let answer: JSONValue
        do {
            answer = try await model.generateJSON(
                for: SearchPlanPrompt.prompt(for: query, people: people, now: now, timeZone: timeZone),
                schema: SearchPlanPrompt.schema, within: budget)
        } catch {
            return (offline, .failed(error.code))
        }
        guard let planned = SearchPlanPrompt.question(in: answer, people: people, timeZone: timeZone) else {
            logger.notice(
                "Model search plan named someone unknown or a day that is not a date; using the offline reading",
                metadata: ["ai_provider": "\(model.identity.provider.rawValue)", "ai_error": "malformed_answer"])
            return (offline, .failed("malformed_answer"))
        }
        return (planned, .used)
    }
}
