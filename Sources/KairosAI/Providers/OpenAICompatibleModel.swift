import AsyncHTTPClient
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOHTTP1
import KairosCore

/// Any OpenAI-compatible chat completions server (`POST {base}/chat/completions`): OpenAI itself, Ollama,
/// llama.cpp's server, vLLM, LocalAI.
///
/// Local servers differ in what `response_format` they accept, so structured answers try `json_schema`
/// first, then `json_object`, then the schema in the prompt alone, each time a server answers 400 to the
/// previous way. The way that worked is remembered for the next calls.
public struct OpenAICompatibleModel: LanguageModel {
    public let identity: ModelIdentity
    private let endpoint: String
    private let apiKey: APIKey?
    private let transport: ModelHTTPTransport
    private let logger: Logger
    private let structuredMode: NIOLockedValueBox<StructuredMode>

    /// How a structured answer is asked for, from the strictest to the most widely understood.
    enum StructuredMode: Int, Comparable, CaseIterable {
        case jsonSchema
        case jsonObject
        case schemaInPrompt

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public init(
        configuration: ModelConfiguration, client: HTTPClient, retry: RetryPolicy = RetryPolicy(), logger: Logger
    ) {
        identity = configuration.identity
        endpoint = configuration.baseURL + "/chat/completions"
        apiKey = APIKey(configuration.apiKey)
        self.logger = logger
        structuredMode = NIOLockedValueBox(.jsonSchema)
        transport = ModelHTTPTransport(configuration: configuration, client: client, retry: retry, logger: logger)
    }

    public func generateJSON(
        for prompt: ModelPrompt, schema: ResponseSchema, within budget: Duration
    ) async throws(LanguageModelError) -> JSONValue {
        try await transport.run("structured answer", budget: budget) { deadline in
            var mode = structuredMode.withLockedValue { $0 }
            while true {
                let answer: Data
                do {
                    answer = try await transport.send(
                        httpRequest(structuredBody(prompt, schema, mode)), deadline: deadline)
                } catch LanguageModelError.refused(400, let message) where mode != .schemaInPrompt {
                    let next = StructuredMode(rawValue: mode.rawValue + 1)!
                    logger.notice(
                        "Model server refused response_format \(mode); asking with \(next) from now on",
                        metadata: [
                            "ai_provider": "\(identity.provider.rawValue)", "ai_model": "\(identity.model)",
                            "ai_error": "refused", "ai_vendor_message": "\(transport.scrub(message))",
                        ])
                    structuredMode.withLockedValue { $0 = max($0, next) }
                    mode = next
                    continue
                }
                let value = try Self.content(of: answer)
                try schema.validate(value)
                return value
            }
        }
    }

    public func streamText(for prompt: ModelPrompt, within budget: Duration) -> ModelTextStream {
        var body = requestBody(prompt, system: prompt.system)
        body["stream"] = true
        return transport.textStream(
            "streamed answer", request: httpRequest(.object(body)), budget: budget, decode: Self.decode)
    }

    // MARK: Wire format

    private func requestBody(_ prompt: ModelPrompt, system: String) -> [String: JSONValue] {
        var messages: [JSONValue] = []
        if !system.isEmpty { messages.append(["role": "system", "content": .string(system)]) }
        messages += prompt.messages.map { ["role": .string($0.role.rawValue), "content": .string($0.text)] }
        var body: [String: JSONValue] = [
            "model": .string(identity.model),
            "messages": .array(messages),
            "max_tokens": .number(Double(prompt.maxOutputTokens)),
        ]
        if let temperature = prompt.temperature { body["temperature"] = .number(temperature) }
        return body
    }

    private func structuredBody(_ prompt: ModelPrompt, _ schema: ResponseSchema, _ mode: StructuredMode) -> JSONValue {
        // Outside json_schema mode the model learns the shape from the prompt (json_object also requires
        // the word JSON in the messages).
        let system =
            mode == .jsonSchema
            ? prompt.system
            : prompt.system + (prompt.system.isEmpty ? "" : "\n\n")
                + "Answer with only one JSON object (\(schema.description)) that matches this JSON schema:\n"
                + schema.schema.jsonText
        var body = requestBody(prompt, system: system)
        switch mode {
        case .jsonSchema:
            body["response_format"] = [
                "type": "json_schema",
                "json_schema": [
                    "name": .string(schema.name), "description": .string(schema.description),
                    "schema": schema.schema, "strict": .bool(Self.isStrictCompatible(schema.schema)),
                ],
            ]
        case .jsonObject:
            body["response_format"] = ["type": "json_object"]
        case .schemaInPrompt:
            break
        }
        return .object(body)
    }

    private func httpRequest(_ body: JSONValue) -> ModelHTTPRequest {
        var headers = HTTPHeaders()
        if let apiKey { headers.add(name: "authorization", value: "Bearer \(apiKey.value)") }
        headers.add(name: "content-type", value: "application/json")
        return ModelHTTPRequest(url: endpoint, headers: headers, body: body.jsonData)
    }

    /// The JSON in `choices[0].message.content`, tolerating the code fences some local models add.
    static func content(of body: Data) throws(LanguageModelError) -> JSONValue {
        let answer = try JSONValue(answer: body)
        let message = answer["choices"]?.arrayValue?.first?["message"]
        if let refusal = message?["refusal"]?.stringValue {
            throw .refused(status: 200, message: String(refusal.prefix(300)))
        }
        guard let content = message?["content"]?.stringValue else {
            throw .malformedAnswer("no choices[0].message.content")
        }
        var text = content.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("```") {
            text = String(text.drop { $0 != "\n" }.dropFirst())
            if text.hasSuffix("```") { text = String(text.dropLast(3)) }
        }
        do { return try JSONValue(parsing: text) } catch {
            throw .malformedAnswer("message content is not JSON")
        }
    }

    /// One `data:` chunk: `choices[0].delta.content`, ending at `[DONE]` (or a finish reason for servers
    /// that never send it).
    static func decode(_ event: ServerSentEvent) throws(LanguageModelError) -> StreamStep {
        if event.data.trimmingCharacters(in: .whitespaces) == "[DONE]" { return StreamStep(isFinal: true) }
        let chunk = try JSONValue(answer: Data(event.data.utf8))
        // llama.cpp and vLLM report a failure mid-stream as a chunk holding only an error.
        if chunk["error"] != nil { throw .serverError(status: 500) }
        guard let choice = chunk["choices"]?.arrayValue?.first else { return .nothing }
        let finished = choice["finish_reason"].map { $0 != .null } ?? false
        return StreamStep(text: choice["delta"]?["content"]?.stringValue, isFinal: finished)
    }

    /// Whether OpenAI's strict mode accepts the schema: every object closes its properties and requires them all.
    static func isStrictCompatible(_ schema: JSONValue) -> Bool {
        guard case .object(let members) = schema else { return true }
        if let properties = members["properties"]?.objectValue {
            let required = Set(members["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            guard members["additionalProperties"] == .bool(false), required == Set(properties.keys) else {
                return false
            }
            guard properties.values.allSatisfy(isStrictCompatible) else { return false }
        }
        if let items = members["items"], !isStrictCompatible(items) { return false }
        return true
    }
}
