import Foundation

/// What the server's monitoring reads from the store: whether it is ready for requests, how much work
/// waits in its queues, and how big it is. Nothing here is about any one user.
public protocol StoreHealth: Sendable {
    /// The schema migrations this build knows but the database has not applied; answering at all shows the
    /// store takes reads.
    func pendingMigrations() async throws -> [String]
    /// How much work waits in the store's queues at `now`.
    func queueDepths(now: Date) async throws -> QueueDepths
    /// The database's size on disk, its write-ahead log included, in bytes.
    func databaseBytes() async throws -> Int64
    /// Writes waiting for the writer, not yet in a commit; on a backend with many writers, writes begun and
    /// not yet committed.
    var writerQueueDepth: Int { get }
    /// Tells `observer` about every commit of the writer from now on (one observer; a second replaces it).
    func observeWriter(_ observer: any WriterObserver)
}

/// Hears about the writer's commits, on the writer: it must return quickly.
public protocol WriterObserver: Sendable {
    /// A group of `writes` committed (or failed to) after `duration` on the writer.
    func writerCommitted(writes: Int, duration: Duration)
}

/// Work waiting in the store, counted for monitoring.
public struct QueueDepths: Sendable, Equatable {
    /// Emails not yet handed to the mail command.
    public var mailWaiting: Int
    /// Of those, emails whose last attempt failed.
    public var mailFailing: Int
    /// Notices waiting to go out, by channel (`push`, `webhook`, `email`).
    public var deliveriesWaiting: [String: Int]
    /// Reminders due by now that the scheduler has not set off yet.
    public var remindersDue: Int

    public init(mailWaiting: Int, mailFailing: Int, deliveriesWaiting: [String: Int], remindersDue: Int) {
        self.mailWaiting = mailWaiting
        self.mailFailing = mailFailing
        self.deliveriesWaiting = deliveriesWaiting
        self.remindersDue = remindersDue
    }
}
