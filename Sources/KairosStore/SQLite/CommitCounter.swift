import Foundation
import GRDB

/// Counts the writer's commits. Each count is taken after SQLite has committed, inside the write,
/// so a caller that got an answer to a write never sees the count from before it.
final class CommitCounter: TransactionObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var commits: UInt64 = 0

    var value: UInt64 { lock.withLock { commits } }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }

    func databaseDidChange(with event: DatabaseEvent) {}

    func databaseDidCommit(_ db: Database) {
        lock.withLock { commits &+= 1 }
    }

    func databaseDidRollback(_ db: Database) {}
}
