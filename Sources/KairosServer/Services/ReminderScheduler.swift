import Foundation
import KairosStore
import Logging
import ServiceLifecycle

/// Sets off due reminders: each leaves an in-app notification (pushed over the event feed unless it is
/// the person's quiet hours) in the same write that marks it fired, so it goes off once, restarts
/// included. What `fireDue` returns is where further ways of delivering a reminder start.
public struct ReminderScheduler: Service {
    let store: any ReminderStore
    let clock: Clock
    let logger: Logger
    let interval: Duration

    public init(
        store: any ReminderStore, clock: Clock = .system, logger: Logger = Logger(label: "kairos.reminders"),
        interval: Duration = .seconds(1)
    ) {
        self.store = store
        self.clock = clock
        self.logger = logger
        self.interval = interval
    }

    public func run() async throws {
        try await repeatUntilShutdown(every: interval, task: "reminders", logger: logger, failure: "Due reminders could not be set off") {
            try await fireDue()
        }
    }

    /// One pass: sets off every reminder due by now.
    @discardableResult
    public func fireDue() async throws -> [FiredReminder] {
        var fired: [FiredReminder] = []
        // A pass takes a bounded batch per write; a backlog (after downtime) drains in several.
        while true {
            let batch = try await store.fireDueReminders(now: clock.now(), limit: 100)
            fired += batch
            if batch.count < 100 { break }
        }
        if !fired.isEmpty { logger.debug("Reminders went off", metadata: ["count": "\(fired.count)"]) }
        return fired
    }
}
