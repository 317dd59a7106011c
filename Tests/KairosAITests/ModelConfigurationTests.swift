import KairosAI
import Testing

/// The message of the settings' refusal, or nil when they were accepted.
private func refusal(_ resolve: () throws -> ModelConfiguration?) -> String? {
    do {
        _ = try resolve()
        return nil
    } catch {
        return (error as? ModelConfigurationError)?.message ?? "not a ModelConfigurationError: \(error)"
    }
}

/// `KAIROS_AI_*` settings: off by default, vendor defaults, and a message naming what to set when they cannot work.
@Suite struct ModelConfigurationTests {
    @Test func noProviderOrOffMeansNoModel() throws {
        #expect(try ModelConfiguration.fromEnvironment([:]) == nil)
        #expect(try ModelConfiguration.fromEnvironment(["KAIROS_AI_PROVIDER": "off", "KAIROS_AI_MODEL": "x"]) == nil)
    }

    @Test func eachVendorHasItsDefaultBaseURL() throws {
        let claude = try #require(
            try ModelConfiguration.fromEnvironment([
                "KAIROS_AI_PROVIDER": "anthropic", "KAIROS_AI_MODEL": "claude-sonnet-4-5", "KAIROS_AI_API_KEY": "k",
            ]))
        #expect(claude.baseURL == "https://api.anthropic.com")
        let gemini = try #require(
            try ModelConfiguration.resolve(provider: "Gemini", baseURL: nil, apiKey: "k", model: "gemini-2.5-flash"))
        #expect(gemini.provider == .gemini)
        #expect(gemini.baseURL == "https://generativelanguage.googleapis.com")
        let openai = try #require(
            try ModelConfiguration.resolve(provider: "openai", baseURL: "", apiKey: "k", model: "gpt-4o-mini"))
        #expect(openai.baseURL == "https://api.openai.com/v1")
    }

    @Test func ollamaNeedsNoKey() throws {
        let ollama = try #require(
            try ModelConfiguration.resolve(
                provider: "openai", baseURL: "http://127.0.0.1:11434/v1/", apiKey: nil, model: "llama3.2"))
        #expect(ollama.baseURL == "http://127.0.0.1:11434/v1")
        #expect(ollama.apiKey == nil)
    }

    @Test func anUnknownProviderSaysWhichOnesExist() {
        #expect(
            refusal { try ModelConfiguration.resolve(provider: "claude", baseURL: nil, apiKey: "k", model: "m") }.map {
                message in message.contains("KAIROS_AI_PROVIDER") && message.contains("off, anthropic, openai, gemini")
            } == true)
    }

    @Test func aMissingModelSaysToSetIt() {
        #expect(
            refusal {
                try ModelConfiguration.resolve(
                    provider: "openai", baseURL: "http://127.0.0.1:11434/v1", apiKey: nil, model: " ")
            }.map { message in message.contains("KAIROS_AI_MODEL") } == true)
    }

    @Test func aBadBaseURLSaysToSetIt() {
        for base in ["127.0.0.1:11434", "ftp://models.local", "not a url"] {
            #expect(
                refusal {
                    try ModelConfiguration.resolve(provider: "openai", baseURL: base, apiKey: nil, model: "llama3.2")
                }.map { message in message.contains("KAIROS_AI_BASE_URL") } == true)
        }
    }

    @Test func aVendorServiceWithoutKeySaysToSetIt() {
        #expect(
            refusal {
                try ModelConfiguration.resolve(
                    provider: "anthropic", baseURL: nil, apiKey: nil, model: "claude-sonnet-4-5")
            }.map { message in message.contains("KAIROS_AI_API_KEY") } == true)
    }

    @Test func itsDescriptionNeverShowsTheKey() throws {
        let configuration = try #require(
            try ModelConfiguration.resolve(
                provider: "anthropic", baseURL: nil, apiKey: secretKey, model: "claude-sonnet-4-5"))
        #expect(!"\(configuration)".contains(secretKey))
        #expect(!String(reflecting: configuration.identity).contains(secretKey))
    }
}
