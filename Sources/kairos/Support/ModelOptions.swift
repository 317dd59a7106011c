import ArgumentParser
import Foundation
import KairosAI

/// The `--ai-*` options, each falling back on its `KAIROS_AI_*` variable: which language model to use, if any.
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

    /// The configured model; nil when it is off. Settings that cannot work are a usage error saying what to set.
    func configuration() throws -> ModelConfiguration? {
        let environment = ProcessInfo.processInfo.environment
        do {
            return try ModelConfiguration.resolve(
                provider: aiProvider ?? environment["KAIROS_AI_PROVIDER"],
                baseURL: aiBaseURL ?? environment["KAIROS_AI_BASE_URL"],
                apiKey: aiApiKey ?? environment["KAIROS_AI_API_KEY"], model: aiModel ?? environment["KAIROS_AI_MODEL"])
        } catch {
            throw ValidationError(error.message)
        }
    }
}
