import KairosCore

/// A large language model reached over HTTP, whatever its vendor.
///
/// Both calls finish within the `budget` they are given, retries included, and fail only with a
/// `LanguageModelError`, so a caller can always fall back to the offline engine. Nothing a model answers is
/// trusted: structured answers are validated against their schema before they are returned.
public protocol LanguageModel: Sendable {
    /// Which vendor and model answer; safe to show (never holds the key).
    var identity: ModelIdentity { get }

    /// Asks for one JSON value of `schema`, validated before it is returned.
    func generateJSON(
        for prompt: ModelPrompt, schema: ResponseSchema, within budget: Duration
    ) async throws(LanguageModelError) -> JSONValue

    /// Streams a text answer: `.delta` events as words arrive, then one `.completed` with the whole text.
    ///
    /// The stream ends by throwing a `LanguageModelError` when the answer cannot be completed
    /// (`.connectionDropped` carries the text received so far). Cancelling the consuming task stops the request.
    func streamText(for prompt: ModelPrompt, within budget: Duration) -> ModelTextStream
}

/// The events of `LanguageModel.streamText`; it throws only `LanguageModelError`.
public typealias ModelTextStream = AsyncThrowingStream<TextStreamEvent, any Error>

/// One step of a streamed answer.
public enum TextStreamEvent: Sendable, Hashable {
    /// The next piece of text, to show as it arrives.
    case delta(String)
    /// The answer is complete; the whole text (all deltas joined).
    case completed(String)
}

/// What is asked of a model: instructions, then the conversation so far, ending with the user's turn.
public struct ModelPrompt: Sendable, Hashable {
    /// Instructions and context (the user's lists, time zone, today's date), sent as the vendor's system prompt.
    public var system: String
    /// The conversation, oldest first; the last message is normally the user's.
    public var messages: [ModelMessage]
    /// The most tokens the answer may use.
    public var maxOutputTokens: Int
    /// Sampling temperature; nil leaves the vendor's default.
    public var temperature: Double?

    public init(system: String, messages: [ModelMessage], maxOutputTokens: Int = 1024, temperature: Double? = nil) {
        self.system = system
        self.messages = messages
        self.maxOutputTokens = maxOutputTokens
        self.temperature = temperature
    }
}

/// One turn of a conversation with a model.
public struct ModelMessage: Sendable, Hashable {
    /// Who said it.
    public enum Role: String, Sendable, Hashable {
        case user
        case assistant
    }

    public var role: Role
    public var text: String

    public init(role: Role, text: String) {
        self.role = role
        self.text = text
    }

    /// A turn of the person using Kairos.
    public static func user(_ text: String) -> ModelMessage { ModelMessage(role: .user, text: text) }
    /// An earlier answer of the model.
    public static func assistant(_ text: String) -> ModelMessage { ModelMessage(role: .assistant, text: text) }
}

/// Which vendor and model answer.
public struct ModelIdentity: Sendable, Hashable {
    public var provider: ModelProvider
    public var model: String

    public init(provider: ModelProvider, model: String) {
        self.provider = provider
        self.model = model
    }
}

extension LanguageModel {
    /// The whole text of a streamed answer, for callers that do not show it as it arrives.
    public func generateText(
        for prompt: ModelPrompt, within budget: Duration
    ) async throws(LanguageModelError)
        -> String
    {
        var received = ""
        do {
            for try await event in streamText(for: prompt, within: budget) {
                switch event {
                case .delta(let text): received += text
                case .completed(let text): return text
                }
            }
        } catch let error as LanguageModelError {
            throw error
        } catch {
            // Only cancellation ends a stream with another error.
            throw .connectionDropped(partialText: received)
        }
        throw .connectionDropped(partialText: received)
    }
}
