import Foundation
import GRDB

/// Tells observers, once a transaction has committed, which users got new rows in `events`.
///
/// A temporary trigger on the writer connection reports each new row through a SQL function, so every
/// write that adds events is covered, whichever code path inserts them; the users are handed over only
/// on commit, when a reader can see the rows.
final class EventAnnouncer: TransactionObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var pending: Set<Int64> = []
    private var observers: [@Sendable (Set<String>) -> Void] = []

    /// Installs the trigger and the observer on the pool's writer; run after the migrations.
    func install(on pool: DatabasePool) throws {
        try pool.writeWithoutTransaction { db in
            db.add(
                function: DatabaseFunction("kairos_event_added", argumentCount: 1, pure: false) { [self] values in
                    if let user = Int64.fromDatabaseValue(values[0]) { lock.withLock { _ = pending.insert(user) } }
                    return nil
                })
            try db.execute(
                sql: """
                    CREATE TEMP TRIGGER events_announce AFTER INSERT ON main.events BEGIN
                        SELECT kairos_event_added(NEW.user_id);
                    END
                    """)
            db.add(transactionObserver: self, extent: .databaseLifetime)
        }
    }

    func observe(_ observer: @escaping @Sendable (Set<String>) -> Void) {
        lock.withLock { observers.append(observer) }
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }

    func databaseDidChange(with event: DatabaseEvent) {}

    func databaseDidCommit(_ db: Database) {
        let (users, observers) = lock.withLock {
            defer { pending.removeAll(keepingCapacity: true) }
            return (pending, self.observers)
        }
        guard !users.isEmpty else { return }
        let ids = Set(users.map(\.apiID))
        for observer in observers { observer(ids) }
    }

    func databaseDidRollback(_ db: Database) {
        lock.withLock { pending.removeAll(keepingCapacity: true) }
    }
}
