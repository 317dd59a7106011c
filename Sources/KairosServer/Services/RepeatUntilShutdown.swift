import Logging
import Metrics
import ServiceLifecycle

/// Runs `pass` now and again after each `interval` until a graceful shutdown. A pass that throws is
/// logged as `failure` (with the error), counted in `kairos_background_failures_total` under `task` (a
/// short name such as `reminders`), and the next one comes on time. The shutdown cuts the pause short
/// and the loop returns normally, so the service ends without an error.
func repeatUntilShutdown(
    every interval: Duration, task: String, logger: Logger, failure: Logger.Message, level: Logger.Level = .error,
    _ pass: @escaping @Sendable () async throws -> Void
) async throws {
    let failures = Counter(label: "kairos_background_failures_total", dimensions: [("task", task)])
    try await cancelWhenGracefulShutdown {
        while !Task.isCancelled {
            do {
                try await pass()
            } catch {
                logger.log(level: level, failure, metadata: ["error": "\(error)"])
                failures.increment()
            }
            try? await Task.sleep(for: interval)
        }
    }
}
