/// `GET /api/v1/ai`: whether the server has a language model behind the assistant and capture, and which.
/// Never carries the key.
public struct AIStatus: Decodable, Sendable, Hashable, JSONWritable {
    public var enabled: Bool
    /// `anthropic`, `openai` or `gemini`; nil when no model is configured.
    public var provider: String?
    /// The vendor's model name; nil when no model is configured.
    public var model: String?

    public init(enabled: Bool, provider: String? = nil, model: String? = nil) {
        self.enabled = enabled
        self.provider = provider
        self.model = model
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("enabled"); json.bool(enabled)
            if let provider, let model {
                json.key("provider"); json.string(provider)
                json.key("model"); json.string(model)
            }
        }
    }
}
