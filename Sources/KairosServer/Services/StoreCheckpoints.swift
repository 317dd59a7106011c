import KairosStore
import Logging
import ServiceLifecycle

/// Keeps the embedded database's write-ahead log short by checkpointing it in the background.
struct StoreCheckpoints: Service {
    let store: SQLiteStore
    let interval: Duration
    let logger: Logger

    func run() async throws {
        try await repeatUntilShutdown(
            every: interval, task: "checkpoints", logger: logger, failure: "The database log could not be checkpointed", level: .warning
        ) {
            try await store.checkpoint()
        }
    }
}
