import ArgumentParser
import Foundation
import KairosAI
import KairosServer

/// The `--ai-*` options, each falling back on its `KAIROS_AI_*` variable (and, for `kairos serve`, the config
/// file): which language model to use, if any.
struct ModelOptions: ParsableArguments {
    @Option(help: "Language model: off, anthropic, openai (OpenAI-compatible) or gemini ($KAIROS_AI_PROVIDER).")
    var aiProvider: String?

    @Option(help: "The model server's address, e.g. http://127.0.0.1:11434/v1 for Ollama ($KAIROS_AI_BASE_URL).")
    var aiBaseURL: String?

    // No default shown: `--help` would print the key.
    @Option(help: "The model vendor's API key; prefer $KAIROS_AI_API_KEY, which `ps` does not show.")
    var aiApiKey: String?

    @Option(help: "The vendor's name of the model, e.g. llama3.2 or claude-sonnet-4-5 ($KAIROS_AI_MODEL).")
    var aiModel: String?

    static let settingNames: Set<String> = ["ai-provider", "ai-base-url", "ai-api-key", "ai-model"]

    /// Settings never printed.
    static let secretNames: Set<String> = ["ai-api-key"]

    /// The values given as flags, by setting name.
    var flags: [String: String?] {
        ["ai-provider": aiProvider, "ai-base-url": aiBaseURL, "ai-api-key": aiApiKey, "ai-model": aiModel]
    }

    /// The configured model from the flags and the environment; nil when it is off.
    func configuration() throws -> ModelConfiguration? {
        try configuration(
            sources: SettingSources(environment: ProcessInfo.processInfo.environment, file: nil, known: []))
    }

    /// The configured model; nil when it is off. Settings that cannot work are a usage error saying what to set.
    func configuration(sources: SettingSources) throws -> ModelConfiguration? {
        do {
            return try ModelConfiguration.resolve(
                provider: sources.string("ai-provider", flag: aiProvider),
                baseURL: sources.string("ai-base-url", flag: aiBaseURL),
                apiKey: sources.string("ai-api-key", flag: aiApiKey), model: sources.string("ai-model", flag: aiModel))
        } catch {
            throw ValidationError(error.message)
        }
    }
}
