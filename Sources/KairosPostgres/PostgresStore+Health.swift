import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: StoreHealth {
    public func pendingMigrations() async throws -> [String] {
        let applied = Set(try await appliedMigrations())
        return PostgresMigrations.all.filter { !applied.contains($0.version) }.map(\.name)
    }

    public func queueDepths(now: Date) async throws -> QueueDepths {
        try await read { connection in
            let (mailWaiting, mailFailing, remindersDue) = try require(
                try await connection.firstRow(
                    """
                    SELECT (SELECT count(*) FROM outbox WHERE sent_at IS NULL),
                        (SELECT count(*) FROM outbox WHERE sent_at IS NULL AND last_error IS NOT NULL),
                        (SELECT count(*) FROM reminders WHERE fired_at IS NULL AND fire_at <= \(now.micros))
                    """, logger: logger), "Queue depths"
            ).decode((Int64, Int64, Int64).self)
            var deliveries: [String: Int] = ["push": 0, "webhook": 0, "email": 0]
            for row in try await connection.rows(
                "SELECT channel, count(*) FROM deliveries WHERE state = 'waiting' GROUP BY channel", logger: logger)
            {
                let (channel, waiting) = try row.decode((String, Int64).self)
                deliveries[channel] = Int(waiting)
            }
            return QueueDepths(
                mailWaiting: Int(mailWaiting), mailFailing: Int(mailFailing), deliveriesWaiting: deliveries,
                remindersDue: Int(remindersDue))
        }
    }

    public func databaseBytes() async throws -> Int64 {
        try await read { connection in
            try await connection.firstRow("SELECT pg_database_size(current_database())", logger: logger)?
                .decode(Int64.self) ?? 0
        }
    }

    public var writerQueueDepth: Int { writes.unfinished }

    public func observeWriter(_ observer: any WriterObserver) {
        writes.observer = observer
    }
}

/// This process's writes as monitoring sees them: how many are under way, and how long each took.
final class WriteMonitor: @unchecked Sendable {
    private let lock = NSLock()
    private var running = 0
    private var heard: (any WriterObserver)?

    var unfinished: Int { lock.withLock { running } }

    var observer: (any WriterObserver)? {
        get { lock.withLock { heard } }
        set { lock.withLock { heard = newValue } }
    }

    /// Runs `body` as one write, counted while it runs and reported once it has committed or failed.
    func measure<Result>(_ body: () async throws -> Result) async throws -> Result {
        let started = ContinuousClock.now
        lock.withLock { running += 1 }
        defer {
            lock.withLock { running -= 1 }
            observer?.writerCommitted(writes: 1, duration: ContinuousClock.now - started)
        }
        return try await body()
    }
}
