import Foundation
import KairosAI
import KairosCore

/// A language model that gives the answers a test scripts, in order, and keeps every prompt it is sent.
///
/// The vendors' wire formats are tested against fake vendor servers in KairosAITests; this stands in for any of
/// them where a test is about what Kairos does with an answer or a failure.
final class ScriptedModel: LanguageModel, @unchecked Sendable {
    enum Answer {
        /// A structured answer, checked against the schema asked for, as every provider checks it.
        case json(JSONValue)
        /// A streamed answer in these pieces, `pause` apart.
        case text([String], pause: Duration = .zero)
        /// The pieces, then the connection drops.
        case dropAfter([String])
        case failure(LanguageModelError)
    }

    let identity = ModelIdentity(provider: .openai, model: "scripted")
    private let lock = NSLock()
    private var script: [Answer]
    private var received: [ModelPrompt] = []

    init(_ script: Answer...) { self.script = script }

    /// Adds an answer after those scripted so far, for a test that knows it only once the server is running.
    func append(_ answer: Answer) { lock.withLock { script.append(answer) } }

    /// The prompts sent so far, oldest first.
    var prompts: [ModelPrompt] { lock.withLock { received } }

    func generateJSON(
        for prompt: ModelPrompt, schema: ResponseSchema, within budget: Duration
    ) async throws(LanguageModelError) -> JSONValue {
        switch next(prompt) {
        case .json(let value):
            try schema.validate(value)
            return value
        case .failure(let error): throw error
        default: throw .malformedAnswer("a text answer where JSON was asked for")
        }
    }

    func streamText(for prompt: ModelPrompt, within budget: Duration) -> ModelTextStream {
        let answer = next(prompt)
        return ModelTextStream { continuation in
            let task = Task {
                switch answer {
                case .text(let pieces, let pause):
                    for piece in pieces {
                        if pause > .zero { try? await Task.sleep(for: pause) }
                        continuation.yield(.delta(piece))
                    }
                    continuation.yield(.completed(pieces.joined()))
                    continuation.finish()
                case .dropAfter(let pieces):
                    for piece in pieces { continuation.yield(.delta(piece)) }
                    continuation.finish(throwing: LanguageModelError.connectionDropped(partialText: pieces.joined()))
                case .failure(let error):
                    continuation.finish(throwing: error)
                case .json:
                    continuation.finish(throwing: LanguageModelError.malformedAnswer("JSON where text was asked for"))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func next(_ prompt: ModelPrompt) -> Answer {
        lock.withLock {
            received.append(prompt)
            return script.isEmpty ? .failure(.serverError(status: 500)) : script.removeFirst()
        }
    }
}
