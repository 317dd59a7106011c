import AsyncHTTPClient
import Foundation
import Logging
import NIOHTTP1
import KairosCore

/// Google's Gemini API: `POST {base}/v1beta/models/{model}:generateContent`, and
/// `:streamGenerateContent?alt=sse` for text as server-sent events.
///
/// Structured answers use `generationConfig.responseMimeType: application/json` with `responseSchema`,
/// Gemini's OpenAPI-style subset of JSON schema (see `geminiSchema`).
public struct GeminiModel: LanguageModel {
    public let identity: ModelIdentity
    private let modelURL: String
    private let apiKey: APIKey?
    private let transport: ModelHTTPTransport

    public init(
        configuration: ModelConfiguration, client: HTTPClient, retry: RetryPolicy = RetryPolicy(), logger: Logger
    ) {
        identity = configuration.identity
        let model =
            configuration.model.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? configuration.model
        modelURL = configuration.baseURL + "/v1beta/models/" + model
        apiKey = APIKey(configuration.apiKey)
        transport = ModelHTTPTransport(configuration: configuration, client: client, retry: retry, logger: logger)
    }

    public func generateJSON(
        for prompt: ModelPrompt, schema: ResponseSchema, within budget: Duration
    ) async throws(LanguageModelError) -> JSONValue {
        var body = requestBody(prompt)
        var generation = body["generationConfig"]?.objectValue ?? [:]
        generation["responseMimeType"] = "application/json"
        generation["responseSchema"] = Self.geminiSchema(schema.schema)
        body["generationConfig"] = .object(generation)
        let request = httpRequest(url: modelURL + ":generateContent", body: .object(body))
        return try await transport.run("structured answer", budget: budget) { deadline in
            let answer = try JSONValue(answer: try await transport.send(request, deadline: deadline))
            let text = try Self.text(of: answer)
            let value: JSONValue
            do { value = try JSONValue(parsing: text) } catch {
                throw LanguageModelError.malformedAnswer("the candidate's text is not JSON")
            }
            try schema.validate(value)
            return value
        }
    }

    public func streamText(for prompt: ModelPrompt, within budget: Duration) -> ModelTextStream {
        let request = httpRequest(url: modelURL + ":streamGenerateContent?alt=sse", body: .object(requestBody(prompt)))
        return transport.textStream("streamed answer", request: request, budget: budget, decode: Self.decode)
    }

    // MARK: Wire format

    private func requestBody(_ prompt: ModelPrompt) -> [String: JSONValue] {
        var body: [String: JSONValue] = [
            "contents": .array(
                prompt.messages.map {
                    ["role": .string($0.role == .user ? "user" : "model"), "parts": [["text": .string($0.text)]]]
                })
        ]
        if !prompt.system.isEmpty { body["systemInstruction"] = ["parts": [["text": .string(prompt.system)]]] }
        var generation: [String: JSONValue] = ["maxOutputTokens": .number(Double(prompt.maxOutputTokens))]
        if let temperature = prompt.temperature { generation["temperature"] = .number(temperature) }
        body["generationConfig"] = .object(generation)
        return body
    }

    private func httpRequest(url: String, body: JSONValue) -> ModelHTTPRequest {
        var headers = HTTPHeaders()
        if let apiKey { headers.add(name: "x-goog-api-key", value: apiKey.value) }
        headers.add(name: "content-type", value: "application/json")
        return ModelHTTPRequest(url: url, headers: headers, body: body.jsonData)
    }

    /// The text of the first candidate's parts; a blocked prompt or candidate is a refusal.
    static func text(of answer: JSONValue) throws(LanguageModelError) -> String {
        if let blocked = answer["promptFeedback"]?["blockReason"]?.stringValue {
            throw .refused(status: 200, message: "prompt blocked: \(blocked)")
        }
        guard let candidate = answer["candidates"]?.arrayValue?.first else {
            throw .malformedAnswer("no candidates")
        }
        let reason = candidate["finishReason"]?.stringValue
        guard let parts = candidate["content"]?["parts"]?.arrayValue else {
            throw .malformedAnswer("no content parts (finishReason \(reason ?? "none"))")
        }
        return parts.compactMap { $0["text"]?.stringValue }.joined()
    }

    /// One streamed `GenerateContentResponse`: its text, and the end once a finish reason comes.
    static func decode(_ event: ServerSentEvent) throws(LanguageModelError) -> StreamStep {
        let chunk = try JSONValue(answer: Data(event.data.utf8))
        if chunk["error"] != nil {
            throw .serverError(status: chunk["error"]?["code"]?.numberValue.map { Int($0) } ?? 500)
        }
        if let blocked = chunk["promptFeedback"]?["blockReason"]?.stringValue {
            throw .refused(status: 200, message: "prompt blocked: \(blocked)")
        }
        guard let candidate = chunk["candidates"]?.arrayValue?.first else { return .nothing }
        let text = candidate["content"]?["parts"]?.arrayValue?.compactMap { $0["text"]?.stringValue }.joined()
        let finished = candidate["finishReason"]?.stringValue.map { $0 != "FINISH_REASON_UNSPECIFIED" } ?? false
        return StreamStep(text: text, isFinal: finished)
    }

    /// A JSON schema in Gemini's `Schema` form: upper-case types, `nullable` for `["x", "null"]`, and only the
    /// keywords it knows (`additionalProperties` and the like are dropped; validation still checks them here).
    static func geminiSchema(_ schema: JSONValue) -> JSONValue {
        guard case .object(let members) = schema else { return schema }
        var result: [String: JSONValue] = [:]
        switch members["type"] {
        case .string(let type):
            result["type"] = .string(type.uppercased())
        case .array(let types):
            let named = types.compactMap(\.stringValue)
            if let type = named.first(where: { $0 != "null" }) { result["type"] = .string(type.uppercased()) }
            if named.contains("null") { result["nullable"] = true }
        default:
            break
        }
        for key in ["description", "enum", "required", "format", "minItems", "maxItems", "nullable"] {
            if let value = members[key] { result[key] = value }
        }
        if let properties = members["properties"]?.objectValue {
            result["properties"] = .object(properties.mapValues(geminiSchema))
        }
        if let items = members["items"] { result["items"] = geminiSchema(items) }
        return .object(result)
    }
}
