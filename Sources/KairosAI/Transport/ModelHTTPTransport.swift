import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import KairosCore

/// One POST to a vendor: where, with which headers, carrying which JSON.
struct ModelHTTPRequest: Sendable {
    var url: String
    var headers: HTTPHeaders
    var body: Data
}

/// The end of one call to a model, all attempts included.
struct CallDeadline: Sendable {
    let instant: ContinuousClock.Instant
    let budget: Duration

    init(budget: Duration) {
        self.budget = budget
        instant = .now + budget
    }

    var remaining: Duration { ContinuousClock.now.duration(to: instant) }

    /// The same moment for async-http-client, which then ends the request itself when it passes.
    var nioDeadline: NIODeadline {
        let (seconds, attoseconds) = remaining.components
        return .now() + .nanoseconds(max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
    }
}

/// What one server-sent event adds to a streamed answer.
struct StreamStep: Sendable {
    /// Text to append (and show).
    var text: String?
    /// The vendor's event that ends a complete answer (`message_stop`, `[DONE]`, a finish reason).
    var isFinal = false

    static let nothing = StreamStep()
}

/// The HTTP side every provider shares: deadlines, retries with backoff, error classification, event streams,
/// and one log line per failure that never holds the key.
struct ModelHTTPTransport: Sendable {
    let client: HTTPClient
    let identity: ModelIdentity
    /// Scrubbed from every message that is logged or returned.
    let secret: APIKey?
    let retry: RetryPolicy
    let logger: Logger

    /// The largest answer read; model answers are a few kilobytes.
    private static let maxBodyBytes = 8 << 20

    // MARK: Calls

    /// Runs one call within `budget`: `body` may send several requests, all before the same deadline.
    /// The final failure, whatever it is, is logged here once.
    func run<Value: Sendable>(
        _ purpose: String, budget: Duration,
        _ body: @escaping @Sendable (CallDeadline) async throws -> Value
    ) async throws(LanguageModelError) -> Value {
        let deadline = CallDeadline(budget: budget)
        do {
            return try await withThrowingTaskGroup(of: Value.self) { group in
                group.addTask { try await body(deadline) }
                group.addTask {
                    try await Task.sleep(until: deadline.instant, clock: .continuous)
                    throw LanguageModelError.timedOut(budget: budget)
                }
                defer { group.cancelAll() }
                return try await group.next()!
            }
        } catch {
            let failure = classify(error, budget: budget, partialText: "")
            logFailure(failure, purpose: purpose)
            throw failure
        }
    }

    /// Streams a text answer, decoding each server-sent event with `decode`.
    func textStream(
        _ purpose: String, request: ModelHTTPRequest, budget: Duration,
        decode: @escaping @Sendable (ServerSentEvent) throws(LanguageModelError) -> StreamStep
    ) -> ModelTextStream {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let text = try await run(purpose, budget: budget) { deadline in
                        let response = try await open(request, deadline: deadline)
                        return try await readEvents(of: response, budget: budget, decode: decode) {
                            continuation.yield(.delta($0))
                        }
                    }
                    continuation.yield(.completed(text))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    // MARK: Requests

    /// Sends `request` (retrying 429 and 5xx) and returns the whole body of its successful answer.
    func send(_ request: ModelHTTPRequest, deadline: CallDeadline) async throws -> Data {
        let response = try await open(request, deadline: deadline)
        do {
            return Data(try await response.body.collect(upTo: Self.maxBodyBytes).readableBytesView)
        } catch {
            throw classify(error, budget: deadline.budget, partialText: "")
        }
    }

    /// Sends `request` until an attempt succeeds, then returns the answer with its body unread.
    /// Throws the last attempt's `LanguageModelError` when the retries or the time run out.
    func open(_ request: ModelHTTPRequest, deadline: CallDeadline) async throws -> HTTPClientResponse {
        var attempt = 0
        while true {
            attempt += 1
            var outgoing = HTTPClientRequest(url: request.url)
            outgoing.method = .POST
            outgoing.headers = request.headers
            outgoing.body = .bytes(ByteBuffer(bytes: request.body))
            let response: HTTPClientResponse
            do {
                response = try await client.execute(outgoing, deadline: deadline.nioDeadline, logger: nil)
            } catch {
                throw classify(error, budget: deadline.budget, partialText: "")
            }
            let status = Int(response.status.code)
            if (200..<300).contains(status) { return response }

            let errorBody = try? await response.body.collect(upTo: 64 << 10)
            let message = vendorMessage(errorBody)
            let failure: LanguageModelError
            switch status {
            case 429: failure = .rateLimited(retryAfter: Self.retryAfter(response.headers))
            case 500...599: failure = .serverError(status: status)
            case 401, 403: failure = .unauthorized(status: status)
            default: failure = .refused(status: status, message: message)
            }
            let retryable = status == 429 || (500...599).contains(status)
            guard retryable, attempt <= retry.maxRetries else { throw failure }
            var retryAfter: Duration?
            if case .rateLimited(let after) = failure { retryAfter = after }
            let wait = retry.delay(beforeRetry: attempt, retryAfter: retryAfter)
            // A wait that outlasts the budget would only end in a timeout: report the vendor's answer now.
            guard wait < deadline.remaining else { throw failure }
            logger.notice(
                "Model request failed (attempt \(attempt) of \(retry.maxRetries + 1)): \(scrub(failure.description)); retrying in \(wait)",
                metadata: metadata(failure, purpose: nil, detail: message))
            try await Task.sleep(for: wait)
        }
    }

    /// Reads a `text/event-stream` answer to its final event, passing each piece of text on as it arrives.
    private func readEvents(
        of response: HTTPClientResponse, budget: Duration,
        decode: (ServerSentEvent) throws(LanguageModelError) -> StreamStep, onDelta: (String) -> Void
    ) async throws -> String {
        var parser = ServerSentEventParser()
        var received = ""
        func apply(_ event: ServerSentEvent) throws -> Bool {
            let step = try decode(event)
            if let text = step.text, !text.isEmpty {
                received += text
                onDelta(text)
            }
            return step.isFinal
        }
        do {
            for try await chunk in response.body {
                for event in parser.feed(chunk.readableBytesView) {
                    if try apply(event) { return received }
                }
            }
        } catch let error as LanguageModelError {
            throw error
        } catch {
            throw classify(error, budget: budget, partialText: received)
        }
        if let last = parser.finish(), try apply(last) { return received }
        throw LanguageModelError.connectionDropped(partialText: received)
    }

    // MARK: Errors and logs

    /// The `LanguageModelError` an HTTP client, cancellation or deadline error stands for.
    private func classify(_ error: any Error, budget: Duration, partialText: String) -> LanguageModelError {
        if let error = error as? LanguageModelError { return error }
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .writeTimeout: return .timedOut(budget: budget)
            case .connectTimeout, .socksHandshakeTimeout, .tlsHandshakeTimeout:
                return .unreachable(scrub("\(error)"))
            case .remoteConnectionClosed, .cancelled: return .connectionDropped(partialText: partialText)
            default: break
            }
        }
        if error is CancellationError { return .connectionDropped(partialText: partialText) }
        if partialText.isEmpty, error is NIOConnectionError || error is IOError || error is ChannelError {
            return .unreachable(scrub("\(error)"))
        }
        return .connectionDropped(partialText: partialText)
    }

    /// Logs the final failure of a call.
    private func logFailure(_ failure: LanguageModelError, purpose: String) {
        logger.warning(
            "Model \(purpose) failed: \(scrub(failure.description)); Kairos answers without the model",
            metadata: metadata(failure, purpose: purpose, detail: nil))
    }

    private func metadata(_ failure: LanguageModelError, purpose: String?, detail: String?) -> Logger.Metadata {
        var metadata: Logger.Metadata = [
            "ai_provider": "\(identity.provider.rawValue)", "ai_model": "\(scrub(identity.model))",
            "ai_error": "\(failure.code)",
        ]
        if let purpose { metadata["ai_call"] = "\(purpose)" }
        if let detail, !detail.isEmpty { metadata["ai_vendor_message"] = "\(scrub(detail))" }
        return metadata
    }

    /// The text with the key taken out, for anything logged or returned.
    func scrub(_ text: String) -> String {
        guard let secret else { return text }
        return text.replacingOccurrences(of: secret.value, with: "[key]")
    }

    /// The vendor's own words from an error body (`{"error": {"message"}}`, `{"error": "..."}`), shortened.
    private func vendorMessage(_ body: ByteBuffer?) -> String {
        guard let body else { return "" }
        let bytes = Data(body.readableBytesView)
        let json = try? JSONValue(parsing: bytes)
        let message =
            json?["error"]?["message"]?.stringValue ?? json?["error"]?.stringValue ?? json?["message"]?.stringValue
            ?? String(decoding: bytes, as: UTF8.self)
        return scrub(String(message.prefix(300)))
    }

    /// `retry-after-ms` or `retry-after` (seconds, or an HTTP date) as a duration.
    static func retryAfter(_ headers: HTTPHeaders) -> Duration? {
        if let milliseconds = headers.first(name: "retry-after-ms").flatMap(Double.init), milliseconds >= 0 {
            return .milliseconds(Int(milliseconds))
        }
        guard let value = headers.first(name: "retry-after")?.trimmingCharacters(in: .whitespaces) else {
            return nil
        }
        if let seconds = Double(value), seconds >= 0 { return .milliseconds(Int(seconds * 1000)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return .milliseconds(max(0, Int(date.timeIntervalSinceNow * 1000)))
    }
}

extension ModelHTTPTransport {
    /// The transport of a configured model: its vendor and model named in logs, its key kept out of them.
    init(configuration: ModelConfiguration, client: HTTPClient, retry: RetryPolicy, logger: Logger) {
        self.init(
            client: client, identity: configuration.identity, secret: APIKey(configuration.apiKey), retry: retry,
            logger: logger)
    }
}
