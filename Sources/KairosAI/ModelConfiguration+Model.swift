import AsyncHTTPClient
import Logging

extension ModelConfiguration {
    /// The model this configuration names, speaking its vendor's wire format through `client`.
    public func makeModel(client: HTTPClient, retry: RetryPolicy = RetryPolicy(), logger: Logger) -> any LanguageModel {
        switch provider {
        case .anthropic: AnthropicModel(configuration: self, client: client, retry: retry, logger: logger)
        case .openai: OpenAICompatibleModel(configuration: self, client: client, retry: retry, logger: logger)
        case .gemini: GeminiModel(configuration: self, client: client, retry: retry, logger: logger)
        }
    }
}
