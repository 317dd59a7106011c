import Foundation
import GRDB

/// Writes that arrive while the writer is busy go into one transaction together, each in a savepoint of
/// its own, so a burst pays one commit and one disk sync rather than one each.
///
/// A write that throws is rolled back alone and its caller gets its error; the others commit. Every
/// caller resumes only once the shared transaction has committed (or with the commit's error).
final class GroupCommit: @unchecked Sendable {
    /// One caller's write: `run` applies it inside the shared transaction, `finish` answers the caller.
    private struct Job {
        let run: (Database) -> Void
        let finish: (_ commitError: (any Error)?) -> Void
    }

    private let pool: DatabasePool
    private let announcer: EventAnnouncer
    private let lock = NSLock()
    private var waiting: [Job] = []
    /// Callers of `checkpoint()` waiting for the writer to reach the gap between two groups.
    private var checkpointWaiters: [CheckedContinuation<Void, any Error>] = []
    private var draining = false
    private var _observer: (any WriterObserver)?
    /// Keeps one transaction (and the wait of its first caller) bounded under a flood of writes.
    static let largestGroup = 64

    init(pool: DatabasePool, announcer: EventAnnouncer) {
        self.pool = pool
        self.announcer = announcer
    }

    /// Told how long each group took on the writer, for monitoring.
    var observer: (any WriterObserver)? {
        get { lock.withLock { _observer } }
        set { lock.withLock { _observer = newValue } }
    }

    /// Writes queued behind the one the writer is running.
    var waitingCount: Int { lock.withLock { waiting.count } }

    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let outcome = Outcome<T>()
            let job = Job(
                run: { [announcer] db in
                    let mark = announcer.mark()
                    do {
                        var value: T?
                        try db.inSavepoint {
                            value = try body(db)
                            return .commit
                        }
                        outcome.result = value.map { .success($0) }
                    } catch {
                        announcer.forget(after: mark)
                        outcome.result = .failure(error)
                    }
                },
                finish: { commitError in
                    continuation.resume(with: commitError.map { .failure($0) } ?? outcome.result!)
                })
            enqueue { waiting.append(job) }
        }
    }

    /// Copies the log's remaining frames into the database file on the writer, in the gap between two
    /// groups rather than after the whole burst, so the next write can start the log over. Queued behind
    /// a burst, it would wait seconds while the log (and the cost of syncing it) grew.
    func checkpoint() async throws {
        try await withCheckedThrowingContinuation { continuation in
            enqueue { checkpointWaiters.append(continuation) }
        }
    }

    /// Adds work under the lock and starts the writer's drain unless it is already running.
    private func enqueue(_ add: () -> Void) {
        let starts = lock.withLock {
            add()
            defer { draining = true }
            return !draining
        }
        if starts { pool.asyncWriteWithoutTransaction { [self] db in drain(db) } }
    }

    /// Runs on the writer: commits group after group, with any checkpoint asked for in between, until
    /// nothing is waiting.
    private func drain(_ db: Database) {
        while true {
            let (group, checkpoints): ([Job], [CheckedContinuation<Void, any Error>]) = lock.withLock {
                let group = Array(waiting.prefix(Self.largestGroup))
                waiting.removeFirst(group.count)
                let checkpoints = checkpointWaiters
                checkpointWaiters.removeAll()
                if group.isEmpty && checkpoints.isEmpty { draining = false }
                return (group, checkpoints)
            }
            if !checkpoints.isEmpty {
                let outcome = Result { _ = try db.checkpoint(.passive) }
                for waiter in checkpoints { waiter.resume(with: outcome) }
            }
            if group.isEmpty {
                if checkpoints.isEmpty { return }
                continue
            }
            let started = ContinuousClock.now
            do {
                try db.inTransaction {
                    for job in group {
                        // A failure that ended the whole transaction leaves nothing for the rest to join.
                        guard db.isInsideTransaction else { throw DatabaseError(resultCode: .SQLITE_ABORT) }
                        job.run(db)
                    }
                    return .commit
                }
                observer?.writerCommitted(writes: group.count, duration: ContinuousClock.now - started)
                for job in group { job.finish(nil) }
            } catch {
                observer?.writerCommitted(writes: group.count, duration: ContinuousClock.now - started)
                for job in group { job.finish(error) }
            }
        }
    }
}

/// Where a job leaves its result for the caller; written inside the transaction, read after it.
private final class Outcome<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
