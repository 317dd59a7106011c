import Foundation
import GRDB
import KairosCore

/// Tells observers, once a transaction has committed, which events it added to whose feed.
///
/// The statements that add events call `kairos_event_added`, a function of the writer connection, once for
/// each person an event is for (`SQLiteStore.insert(_:_:now:)` and `recordConversationEvent`); the rows are
/// handed over only on commit, when a reader can see them. A write that has a message at hand attaches it, so
/// the message's events go out without each recipient reading it back.
final class EventAnnouncer: TransactionObserver, @unchecked Sendable {
    private struct Row {
        let user: Int64
        let seq: Int
        let kind: String
        let conversation: Int64?
        let message: Int64?
        let task: Int64?
        let actor: Int64?
        let createdAt: Int64
    }

    private let lock = NSLock()
    private var pending: [Row] = []
    private var messages: [String: Message] = [:]
    /// Called on the writer right after each commit, so in commit order. They must only hand the events on
    /// (the hub queues them for each socket's writer): whatever they take, every write waits for.
    private var observers: [@Sendable ([NewEvent]) -> Void] = []

    /// The function the writer's statements call for each event they add, with the columns of `events`:
    /// `user_id, seq, kind, conversation_id, message_id, task_id, actor_id, created_at`.
    static let functionName = "kairos_event_added"

    /// Installs the function and the observer on the pool's writer; run after the migrations.
    func install(on pool: DatabasePool) throws {
        try pool.writeWithoutTransaction { db in
            db.add(
                function: DatabaseFunction(Self.functionName, argumentCount: 8, pure: false) { [self] values in
                    guard let user = Int64.fromDatabaseValue(values[0]), let seq = Int.fromDatabaseValue(values[1]),
                        let kind = String.fromDatabaseValue(values[2]),
                        let createdAt = Int64.fromDatabaseValue(values[7])
                    else { return nil }
                    let row = Row(
                        user: user, seq: seq, kind: kind, conversation: Int64.fromDatabaseValue(values[3]),
                        message: Int64.fromDatabaseValue(values[4]), task: Int64.fromDatabaseValue(values[5]),
                        actor: Int64.fromDatabaseValue(values[6]), createdAt: createdAt)
                    lock.withLock { pending.append(row) }
                    return nil
                })
            db.add(transactionObserver: self, extent: .databaseLifetime)
        }
    }

    func observe(_ observer: @escaping @Sendable ([NewEvent]) -> Void) {
        lock.withLock { observers.append(observer) }
    }

    /// How many rows the transaction under way has added so far, for `forget(after:)`.
    func mark() -> Int {
        lock.withLock { pending.count }
    }

    /// Drops the rows added after `mark`: a savepoint that added them was rolled back.
    func forget(after mark: Int) {
        lock.withLock { pending.removeSubrange(min(mark, pending.count)...) }
    }

    /// Hands the message, as the write under way leaves it, to the events that name it.
    func attach(_ message: Message) {
        lock.withLock { messages[message.id] = message }
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }

    func databaseDidChange(with event: DatabaseEvent) {}

    func databaseDidCommit(_ db: Database) {
        lock.lock()
        let rows = pending
        let attached = messages
        let observers = self.observers
        pending.removeAll(keepingCapacity: true)
        messages.removeAll(keepingCapacity: true)
        lock.unlock()
        guard !rows.isEmpty else { return }
        // Inline rather than on a queue of its own: waking another thread for each commit cost more than
        // handing the events over.
        Self.announce(rows, attached, to: observers)
    }

    private static func announce(
        _ rows: [Row], _ attached: [String: Message], to observers: [@Sendable ([NewEvent]) -> Void]
    ) {
        let events = rows.map { row in
            let kind = UserEventKind(rawValue: row.kind) ?? .messageCreated
            let messageID = row.message?.apiID
            return NewEvent(
                userID: row.user.apiID,
                event: UserEvent(
                    seq: row.seq, kind: kind,
                    conversationID: row.conversation?.apiID, messageID: messageID, taskID: row.task?.apiID,
                    userID: row.actor?.apiID, message: kind.carriesMessage ? messageID.flatMap { attached[$0] } : nil,
                    createdAt: Date(micros: row.createdAt)))
        }
        for observer in observers { observer(events) }
    }

    func databaseDidRollback(_ db: Database) {
        lock.withLock {
            pending.removeAll(keepingCapacity: true)
            messages.removeAll(keepingCapacity: true)
        }
    }
}
