import AsyncHTTPClient
import Foundation
import Logging
import NIOHTTP1
import KairosCore

/// Claude through Anthropic's Messages API (`POST {base}/v1/messages`).
///
/// Structured answers come from a forced tool call: the schema is the tool's `input_schema`, `tool_choice`
/// names the tool, and the answer is the `tool_use` block's `input`. Text streams as server-sent events.
public struct AnthropicModel: LanguageModel {
    public let identity: ModelIdentity
    private let endpoint: String
    private let apiKey: APIKey?
    private let transport: ModelHTTPTransport

    /// The API version this client speaks.
    static let apiVersion = "2023-06-01"

    public init(
        configuration: ModelConfiguration, client: HTTPClient, retry: RetryPolicy = RetryPolicy(), logger: Logger
    ) {
        identity = configuration.identity
        endpoint = configuration.baseURL + "/v1/messages"
        apiKey = APIKey(configuration.apiKey)
        transport = ModelHTTPTransport(configuration: configuration, client: client, retry: retry, logger: logger)
    }

    public func generateJSON(
        for prompt: ModelPrompt, schema: ResponseSchema, within budget: Duration
    ) async throws(LanguageModelError) -> JSONValue {
        var body = requestBody(prompt)
        body["tools"] = [
            ["name": .string(schema.name), "description": .string(schema.description), "input_schema": schema.schema]
        ]
        body["tool_choice"] = ["type": "tool", "name": .string(schema.name)]
        let request = httpRequest(.object(body))
        return try await transport.run("structured answer", budget: budget) { deadline in
            let answer = try JSONValue(answer: try await transport.send(request, deadline: deadline))
            if answer["type"]?.stringValue == "error" { throw Self.streamError(answer) }
            let toolUse = answer["content"]?.arrayValue?.first {
                $0["type"]?.stringValue == "tool_use" && $0["name"]?.stringValue == schema.name
            }
            guard let input = toolUse?["input"] else {
                let reason = answer["stop_reason"]?.stringValue ?? "none"
                throw LanguageModelError.malformedAnswer(
                    "no tool_use block named \(schema.name) (stop_reason \(reason))")
            }
            try schema.validate(input)
            return input
        }
    }

    public func streamText(for prompt: ModelPrompt, within budget: Duration) -> ModelTextStream {
        var body = requestBody(prompt)
        body["stream"] = true
        return transport.textStream(
            "streamed answer", request: httpRequest(.object(body)), budget: budget, decode: Self.decode)
    }

    // MARK: Wire format

    private func requestBody(_ prompt: ModelPrompt) -> [String: JSONValue] {
        var body: [String: JSONValue] = [
            "model": .string(identity.model),
            "max_tokens": .number(Double(prompt.maxOutputTokens)),
            "messages": .array(
                prompt.messages.map { ["role": .string($0.role.rawValue), "content": .string($0.text)] }),
        ]
        if !prompt.system.isEmpty { body["system"] = .string(prompt.system) }
        if let temperature = prompt.temperature { body["temperature"] = .number(temperature) }
        return body
    }

    private func httpRequest(_ body: JSONValue) -> ModelHTTPRequest {
        var headers = HTTPHeaders()
        if let apiKey { headers.add(name: "x-api-key", value: apiKey.value) }
        headers.add(name: "anthropic-version", value: Self.apiVersion)
        headers.add(name: "content-type", value: "application/json")
        return ModelHTTPRequest(url: endpoint, headers: headers, body: body.jsonData)
    }

    /// One event of a Messages stream: text from `text_delta`, the end at `message_stop`, errors as errors.
    static func decode(_ event: ServerSentEvent) throws(LanguageModelError) -> StreamStep {
        let payload = try JSONValue(answer: Data(event.data.utf8))
        switch event.name ?? payload["type"]?.stringValue {
        case "content_block_delta":
            guard payload["delta"]?["type"]?.stringValue == "text_delta" else { return .nothing }
            guard let text = payload["delta"]?["text"]?.stringValue else {
                throw .malformedAnswer("a text_delta without text")
            }
            return StreamStep(text: text)
        case "message_stop":
            return StreamStep(isFinal: true)
        case "error":
            throw streamError(payload)
        default:
            // message_start, content_block_start/stop, message_delta, ping, and event types added later.
            return .nothing
        }
    }

    /// The error an `error` event or body stands for (`overloaded_error`, `rate_limit_error`, ...).
    static func streamError(_ payload: JSONValue) -> LanguageModelError {
        let message = payload["error"]?["message"]?.stringValue ?? ""
        switch payload["error"]?["type"]?.stringValue {
        case "overloaded_error": return .serverError(status: 529)
        case "rate_limit_error": return .rateLimited(retryAfter: nil)
        case "authentication_error", "permission_error": return .unauthorized(status: 401)
        case "invalid_request_error", "not_found_error", "request_too_large":
            return .refused(status: 400, message: message)
        default: return .serverError(status: 500)
        }
    }
}
