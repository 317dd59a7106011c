/// Why a model gave no usable answer. Every case means the same to a caller: use the offline engine instead.
public enum LanguageModelError: Error, Sendable, Hashable {
    /// No model is configured (`KAIROS_AI_PROVIDER` is `off`); nothing was sent.
    case notConfigured
    /// The whole call, retries included, did not finish within its budget.
    case timedOut(budget: Duration)
    /// The vendor kept answering 429 until the retries or the budget ran out.
    case rateLimited(retryAfter: Duration?)
    /// The vendor kept failing (5xx, or an overload or error event mid-stream).
    case serverError(status: Int)
    /// The vendor turned the key down (401, 403): check `KAIROS_AI_API_KEY`.
    case unauthorized(status: Int)
    /// The vendor refused the request (another 4xx, or a refusal by the model); `message` is theirs, without the key.
    case refused(status: Int, message: String)
    /// No connection could be made to the base URL.
    case unreachable(String)
    /// The connection ended before the answer was complete; `partialText` is what had arrived.
    case connectionDropped(partialText: String)
    /// The answer was not the JSON (or the event stream) the vendor's format promises.
    case malformedAnswer(String)
    /// The answer was JSON but not of the requested schema; the message names the first difference.
    case schemaViolation(String)

    /// A short stable word for logs and API answers (`"timeout"`, `"rate_limited"`, ...).
    public var code: String {
        switch self {
        case .notConfigured: "not_configured"
        case .timedOut: "timeout"
        case .rateLimited: "rate_limited"
        case .serverError: "server_error"
        case .unauthorized: "unauthorized"
        case .refused: "refused"
        case .unreachable: "unreachable"
        case .connectionDropped: "connection_dropped"
        case .malformedAnswer: "malformed_answer"
        case .schemaViolation: "schema_violation"
        }
    }
}

extension LanguageModelError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notConfigured: "no model is configured"
        case .timedOut(let budget): "no complete answer within \(budget)"
        case .rateLimited(let after):
            "rate limited by the vendor" + (after.map { " (asked to wait \($0))" } ?? "")
        case .serverError(let status): "the vendor failed with status \(status)"
        case .unauthorized(let status): "the vendor refused the API key (status \(status)); check KAIROS_AI_API_KEY"
        case .refused(let status, let message): "the vendor refused the request (status \(status)): \(message)"
        case .unreachable(let reason): "could not connect to the model server: \(reason)"
        case .connectionDropped(let partial):
            "the connection dropped mid-answer after \(partial.count) characters"
        case .malformedAnswer(let reason): "the answer was malformed: \(reason)"
        case .schemaViolation(let reason): "the answer broke the schema: \(reason)"
        }
    }
}
