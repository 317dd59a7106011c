/// When a failed model request is tried again: on 429 and 5xx only, at most `maxRetries` times, waiting
/// `baseDelay` doubled at each retry, or the `retry-after` the vendor asked for.
public struct RetryPolicy: Sendable, Hashable {
    /// Retries after the first attempt (3: four attempts in all).
    public var maxRetries: Int
    /// The wait before the first retry.
    public var baseDelay: Duration
    /// The longest wait between two attempts, whatever the vendor asks.
    public var maxDelay: Duration

    public init(maxRetries: Int = 3, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(20)) {
        self.maxRetries = maxRetries
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    /// The wait before retry number `retry` (1 for the first), given the vendor's `retry-after` if any.
    func delay(beforeRetry retry: Int, retryAfter: Duration?) -> Duration {
        let backoff = baseDelay * (1 << min(max(retry - 1, 0), 16))
        return min(retryAfter ?? backoff, maxDelay)
    }
}
