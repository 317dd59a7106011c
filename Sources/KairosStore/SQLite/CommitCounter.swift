import Foundation
import GRDB

/// Counts the writer's commits, or only those that changed one of `tables`. Each count is taken after
/// SQLite has committed, inside the write, so a caller that got an answer to a write never sees the
/// count from before it.
final class CommitCounter: TransactionObserver, @unchecked Sendable {
    private let tables: Set<String>?
    private let lock = NSLock()
    private var commits: UInt64 = 0
    /// Whether the open transaction changed a watched table; touched only on the writer.
    private var changed = false

    /// Counts every commit, or with `tables`, only the commits that changed one of them.
    init(tables: Set<String>? = nil) {
        self.tables = tables
    }

    var value: UInt64 { lock.withLock { commits } }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        tables.map { $0.contains(eventKind.tableName) } ?? false
    }

    func databaseDidChange(with event: DatabaseEvent) {
        changed = true
    }

    func databaseDidCommit(_ db: Database) {
        guard tables == nil || changed else { return }
        changed = false
        lock.withLock { commits &+= 1 }
    }

    func databaseDidRollback(_ db: Database) {
        changed = false
    }
}
