import AsyncHTTPClient
import Foundation
import KairosAI
import Logging
import NIOConcurrencyHelpers
import KairosCore

/// Every log line a model wrote, at every level, with its metadata as text.
final class CapturedLogs: Sendable {
    private let lines = NIOLockedValueBox<[String]>([])

    /// A logger that writes here, at trace level so nothing is filtered out.
    var logger: Logger {
        var logger = Logger(label: "kairos.ai.test") { _ in CapturingLogHandler(logs: self) }
        logger.logLevel = .trace
        return logger
    }

    var all: [String] { lines.withLockedValue { $0 } }

    func append(_ line: String) { lines.withLockedValue { $0.append(line) } }
}

private struct CapturingLogHandler: LogHandler {
    let logs: CapturedLogs
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let fields = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        logs.append("\(event.level) \(event.message) \(fields)")
    }
}

/// Retries fast enough for tests: 20 ms, doubling.
let quickRetries = RetryPolicy(maxRetries: 3, baseDelay: .milliseconds(20), maxDelay: .seconds(5))

/// A secret that must never be seen outside the request headers.
let secretKey = "sk-test-DO-NOT-LEAK-4f2a9c"

/// A model of `provider` aimed at `server`, logging into `logs`.
func makeModel(
    _ provider: ModelProvider, at server: FakeVendorServer, logs: CapturedLogs = CapturedLogs(),
    key: String? = secretKey, name: String? = nil
) -> any LanguageModel {
    let defaultName =
        switch provider {
        case .anthropic: "claude-sonnet-4-5"
        case .openai: "llama3.2"
        case .gemini: "gemini-2.5-flash"
        }
    let base = provider == .openai ? server.baseURL + "/v1" : server.baseURL
    return ModelConfiguration(provider: provider, baseURL: base, apiKey: key, model: name ?? defaultName)
        .makeModel(client: .shared, retry: quickRetries, logger: logs.logger)
}

/// A prompt as the capture engine would send it.
let capturePrompt = ModelPrompt(
    system: "Split the transcript into tasks. Today is Wednesday 2026-03-04, time zone America/New_York.",
    messages: [.user("buy milk tomorrow and call the dentist")], maxOutputTokens: 512)

/// The capture schema used across the provider tests.
let taskListSchema = ResponseSchema(
    name: "capture_tasks", description: "the tasks in the transcript",
    schema: [
        "type": "object",
        "properties": [
            "tasks": [
                "type": "array",
                "items": [
                    "type": "object",
                    "properties": ["title": ["type": "string"], "due": ["type": ["string", "null"]]],
                    "required": ["title", "due"],
                    "additionalProperties": false,
                ],
            ]
        ],
        "required": ["tasks"],
        "additionalProperties": false,
    ])

/// The answer the fakes give to `capturePrompt`.
let twoTasks: JSONValue = [
    "tasks": [["title": "Buy milk", "due": "tomorrow"], ["title": "Call the dentist", "due": nil]]
]

/// Collects a stream: its deltas, its completed text, and the error that ended it, if any.
func collect(_ stream: ModelTextStream) async -> (deltas: [String], completed: String?, error: LanguageModelError?) {
    var deltas: [String] = []
    var completed: String?
    do {
        for try await event in stream {
            switch event {
            case .delta(let text): deltas.append(text)
            case .completed(let text): completed = text
            }
        }
        return (deltas, completed, nil)
    } catch {
        return (deltas, completed, error as? LanguageModelError)
    }
}

/// Runs `body` and gives back how long it took.
func timed<T>(_ body: () async throws -> T) async rethrows -> (T, Duration) {
    let start = ContinuousClock.now
    let result = try await body()
    return (result, ContinuousClock.now - start)
}

/// Runs a structured call and gives back its result or its error.
func structured(
    _ model: any LanguageModel, within budget: Duration = .seconds(10)
) async -> Result<JSONValue, LanguageModelError> {
    do {
        return .success(try await model.generateJSON(for: capturePrompt, schema: taskListSchema, within: budget))
    } catch {
        return .failure(error)
    }
}
