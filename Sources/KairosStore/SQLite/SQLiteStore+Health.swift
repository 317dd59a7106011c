import Foundation
import GRDB

extension SQLiteStore: StoreHealth {
    public func pendingMigrations() async throws -> [String] {
        try await pool.read { db in
            let applied = Set(try SchemaMigrations.migrator.appliedIdentifiers(db))
            return SchemaMigrations.migrator.migrations.filter { !applied.contains($0) }
        }
    }

    public func queueDepths(now: Date) async throws -> QueueDepths {
        // Each count reads a partial index of the waiting rows only, so it stays cheap as history grows.
        try await pool.read { db in
            let mailWaiting = try db.fetchValue(Int.self, sql: "SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL")
            let mailFailing = try db.fetchValue(
                Int.self, sql: "SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND last_error IS NOT NULL")
            var deliveries: [String: Int] = ["push": 0, "webhook": 0, "email": 0]
            for row in try db.fetchRows(
                sql: "SELECT channel, COUNT(*) AS waiting FROM deliveries WHERE state = 'waiting' GROUP BY channel")
            {
                let channel: String = row["channel"]
                let waiting: Int = row["waiting"]
                deliveries[channel] = waiting
            }
            let remindersDue = try db.fetchValue(
                Int.self, sql: "SELECT COUNT(*) FROM reminders WHERE fired_at IS NULL AND fire_at <= ?",
                arguments: [now.micros])
            return QueueDepths(
                mailWaiting: mailWaiting ?? 0, mailFailing: mailFailing ?? 0, deliveriesWaiting: deliveries,
                remindersDue: remindersDue ?? 0)
        }
    }

    public func databaseBytes() async throws -> Int64 {
        [path, path + "-wal"].reduce(0) { total, file in
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size]) as? NSNumber
            return total + (size?.int64Value ?? 0)
        }
    }

    public var writerQueueDepth: Int { groupCommit.waitingCount }

    public func observeWriter(_ observer: any WriterObserver) {
        groupCommit.observer = observer
    }
}
