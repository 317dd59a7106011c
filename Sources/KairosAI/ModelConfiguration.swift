import Foundation

/// The model vendors Kairos speaks to, each in its own wire format.
public enum ModelProvider: String, Sendable, Hashable, CaseIterable {
    /// Anthropic's Messages API (Claude).
    case anthropic
    /// Any OpenAI-compatible chat completions server: OpenAI, Ollama, llama.cpp, vLLM, LocalAI.
    case openai
    /// Google's Gemini API.
    case gemini

    /// Where the vendor's own service answers, used when no base URL is given.
    public var defaultBaseURL: String {
        switch self {
        case .anthropic: "https://api.anthropic.com"
        case .openai: "https://api.openai.com/v1"
        case .gemini: "https://generativelanguage.googleapis.com"
        }
    }
}

/// A configured model: which vendor, where, with which key and model name.
///
/// Its `description` never shows the key, so the value can be logged as it is.
public struct ModelConfiguration: Sendable, Hashable, CustomStringConvertible {
    public var provider: ModelProvider
    /// The server's address without a trailing slash (e.g. `http://127.0.0.1:11434/v1` for Ollama).
    public var baseURL: String
    /// The key sent to the vendor; nil for local servers that need none.
    public var apiKey: String?
    /// The vendor's name of the model (`claude-sonnet-4-5`, `llama3.2`, `gemini-2.5-flash`).
    public var model: String

    public init(provider: ModelProvider, baseURL: String? = nil, apiKey: String? = nil, model: String) {
        self.provider = provider
        var base = baseURL ?? provider.defaultBaseURL
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
        self.apiKey = apiKey
        self.model = model
    }

    /// Which vendor and model this configuration reaches.
    public var identity: ModelIdentity { ModelIdentity(provider: provider, model: model) }

    public var description: String {
        "\(provider.rawValue) model \(model) at \(baseURL)" + (apiKey == nil ? "" : " (with an API key)")
    }

    /// Reads the four settings of `kairos serve` (flags, else `KAIROS_AI_*` variables); nil when the
    /// provider is `off` or not set. Throws a message saying what to set when the settings cannot work.
    public static func resolve(
        provider: String?, baseURL: String?, apiKey: String?, model: String?
    ) throws(ModelConfigurationError) -> ModelConfiguration? {
        let providerName = provider?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        if providerName.isEmpty || providerName == "off" { return nil }
        let choices = "off, " + ModelProvider.allCases.map(\.rawValue).joined(separator: ", ")
        guard let vendor = ModelProvider(rawValue: providerName) else {
            throw ModelConfigurationError(
                "KAIROS_AI_PROVIDER (--ai-provider) is \"\(providerName)\"; set it to one of \(choices).")
        }
        guard let model = model?.trimmingCharacters(in: .whitespaces), !model.isEmpty else {
            throw ModelConfigurationError(
                "KAIROS_AI_PROVIDER is \(vendor.rawValue) but no model is named; set KAIROS_AI_MODEL (--ai-model), "
                    + "e.g. \(exampleModel(of: vendor)).")
        }
        let base = baseURL?.trimmingCharacters(in: .whitespaces)
        let configuration = ModelConfiguration(
            provider: vendor, baseURL: base?.isEmpty == false ? base : nil,
            apiKey: apiKey.flatMap { $0.isEmpty ? nil : $0 }, model: model)
        guard let url = URL(string: configuration.baseURL), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else {
            throw ModelConfigurationError(
                "KAIROS_AI_BASE_URL (--ai-base-url) is \"\(configuration.baseURL)\"; set it to an http or https "
                    + "address such as \(vendor.defaultBaseURL).")
        }
        if configuration.apiKey == nil, url.host == URL(string: vendor.defaultBaseURL)?.host {
            throw ModelConfigurationError(
                "\(vendor.defaultBaseURL) needs an API key; set KAIROS_AI_API_KEY (or --ai-api-key), "
                    + "or point KAIROS_AI_BASE_URL at a server that needs none.")
        }
        return configuration
    }

    /// `resolve` over the `KAIROS_AI_PROVIDER`, `KAIROS_AI_BASE_URL`, `KAIROS_AI_API_KEY` and `KAIROS_AI_MODEL` variables.
    public static func fromEnvironment(
        _ environment: [String: String]
    ) throws(ModelConfigurationError)
        -> ModelConfiguration?
    {
        try resolve(
            provider: environment["KAIROS_AI_PROVIDER"], baseURL: environment["KAIROS_AI_BASE_URL"],
            apiKey: environment["KAIROS_AI_API_KEY"], model: environment["KAIROS_AI_MODEL"])
    }

    private static func exampleModel(of provider: ModelProvider) -> String {
        switch provider {
        case .anthropic: "claude-sonnet-4-5"
        case .openai: "llama3.2 for Ollama"
        case .gemini: "gemini-2.5-flash"
        }
    }
}

/// Model settings that cannot work; the message says which setting to change.
public struct ModelConfigurationError: Error, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
