import Foundation
import KairosStore
import Logging
import ServiceLifecycle

/// Keeps the delivery log to its last month: every notice to every device and hook leaves a row, and a busy
/// server would otherwise keep them all. What still waits is never swept.
public struct DeliveryLogSweeper: Service {
    /// How long a finished delivery stays in its hook's log.
    public static let kept: TimeInterval = 30 * 86_400

    let store: any DeliveryStore
    let clock: Clock
    let logger: Logger
    let interval: Duration

    public init(store: any DeliveryStore, clock: Clock = .system, logger: Logger, interval: Duration = .seconds(3600)) {
        self.store = store
        self.clock = clock
        self.logger = logger
        self.interval = interval
    }

    public func run() async throws {
        try await repeatUntilShutdown(every: interval, task: "delivery_log_sweep", logger: logger, failure: "The delivery log could not be swept") {
            try await sweep()
        }
    }

    /// One pass; returns how many finished deliveries were forgotten.
    @discardableResult
    public func sweep() async throws -> Int {
        try await store.forgetFinishedDeliveries(finishedBefore: clock.now().addingTimeInterval(-Self.kept))
    }
}
