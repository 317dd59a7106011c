import Foundation

/// What became of one attempt to hand a notice to a channel (a push service, a webhook, an ntfy server).
public enum DeliveryOutcome: Sendable, Equatable {
    /// The receiver took it.
    case delivered(status: Int)
    /// Worth trying again: the receiver was busy or down, or could not be reached. `after` is its own wish
    /// (`Retry-After`), when it said one.
    case retry(status: Int?, reason: String, after: Duration?)
    /// The address is gone for good (a push subscription the browser dropped): it is removed, with what
    /// waits for it.
    case gone(status: Int)
    /// It will not succeed as it is (refused, too large, not allowed): kept in the log, not tried again.
    case failed(status: Int?, reason: String)

    /// How an HTTP answer reads. Push services answer 404 or 410 for a subscription that is no more; other
    /// receivers' 404 may be a passing misconfiguration, so only `goneOn404` channels drop on it.
    public static func of(status: Int, retryAfter: Duration? = nil, goneOn404: Bool) -> DeliveryOutcome {
        switch status {
        case 200..<300:
            .delivered(status: status)
        case 410:
            .gone(status: status)
        case 404 where goneOn404:
            .gone(status: status)
        case 408, 425, 429, 500..<600:
            .retry(status: status, reason: "The receiver answered \(status).", after: retryAfter)
        default:
            .failed(status: status, reason: "The receiver refused it with \(status).")
        }
    }
}

/// When a delivery that did not go through is tried again: after 30 seconds, then twice as long each time,
/// at most an hour apart, and given up after `maxAttempts`.
public enum DeliveryBackoff {
    public static let maxAttempts = 12

    /// The wait after attempt `attempts` (1 for the first) failed, or nil when it is time to give up. A
    /// receiver's own `Retry-After` is kept when it is longer, up to a day.
    public static func delay(afterAttempt attempts: Int, retryAfter: Duration? = nil) -> Duration? {
        guard attempts < maxAttempts else { return nil }
        let backoff = Duration.seconds(min(30 * (1 << min(attempts - 1, 10)), 3_600))
        guard let retryAfter else { return backoff }
        return max(backoff, min(retryAfter, .seconds(86_400)))
    }
}
