import Foundation
import KairosCore
import KairosStore
import Logging
import NIOConcurrencyHelpers
import PostgresNIO

/// Brings the events every process's writes commit to this process's observers (its realtime sockets), one
/// batch per write, in the order of their numbers.
///
/// Each write that adds events notifies the channel with only its process and its numbers (`process first
/// last`); PostgreSQL delivers notifications once their transaction commits, in commit order, which is the
/// order of the numbers. Every process, the writer included, announces from that one stream, so none can see
/// a later event before an earlier one. The writer keeps its own events, messages and all, until their
/// notification comes (`keep`), so it reads nothing back; another process reads the numbers from the database.
/// Numbers have no gaps (a rolled-back write gives its numbers back), so a gap in the notifications means some
/// were missed while the listening connection was down, and the database fills it.
final class PostgresEventRelay: @unchecked Sendable {
    static let channel = "kairos_events"
    /// The listening connection's name in `pg_stat_activity`.
    static let applicationName = "kairos event relay"

    /// Names this process's notifications.
    let process = UUID().uuidString
    private let lock = NSLock()
    private var observers: [@Sendable ([NewEvent]) -> Void] = []
    /// This process's writes' events, by first number, from just before their commit until announced.
    private var kept: [Int64: [NewEvent]] = [:]
    /// Who hears the signals any process sends (`SignalStore`).
    let signals = SignalObservers()
    private var isListening = false
    private var listeningWaiters: [CheckedContinuation<Void, Never>] = []

    /// Returns once the relay listens: every write committed from then on is announced.
    func untilListening() async {
        await withCheckedContinuation { continuation in
            let now = lock.withLock {
                if isListening { return true }
                listeningWaiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    fileprivate func listening() {
        let waiters = lock.withLock {
            isListening = true
            defer { listeningWaiters.removeAll() }
            return listeningWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func observe(_ observer: @escaping @Sendable ([NewEvent]) -> Void) {
        lock.withLock { observers.append(observer) }
    }

    /// Keeps a write's events until its notification says it committed.
    func keep(_ events: [NewEvent], numberedFrom first: Int64) {
        lock.withLock { kept[first] = events }
    }

    /// The write numbered from `first` did not commit: it will never be announced.
    func forget(numberedFrom first: Int64) {
        _ = lock.withLock { kept.removeValue(forKey: first) }
    }

    /// The events this process kept for the write numbered from `first`, handed over once.
    fileprivate func takeKept(numberedFrom first: Int64) -> [NewEvent]? {
        lock.withLock { kept.removeValue(forKey: first) }
    }

    /// Drops what was kept for writes numbered up to `seq`, announced from the database instead.
    fileprivate func dropKept(through seq: Int64) {
        lock.withLock { kept = kept.filter { $0.key > seq } }
    }

    /// Hands `events` to every observer; they return at once (see `EventFeedStore.observeNewEvents`).
    fileprivate func announce(_ events: [NewEvent]) {
        guard !events.isEmpty else { return }
        for observer in lock.withLock({ observers }) { observer(events) }
    }
}

/// One notification of the channel: a write of `process` took the numbers `first...last`.
struct EventNotice: Equatable {
    let process: String
    let first: Int64
    let last: Int64

    init?(_ payload: String) {
        let parts = payload.split(separator: " ")
        guard parts.count == 3, let first = Int64(parts[1]), let last = Int64(parts[2]), first <= last else {
            return nil
        }
        process = String(parts[0])
        self.first = first
        self.last = last
    }
}

extension PostgresStore {
    /// Listens to the channel on a connection of its own until cancelled, announcing each committed write's
    /// events; when the connection drops, listens again and first announces what it missed meanwhile.
    func relayEvents() async {
        let announced = NIOLockedValueBox<Int64?>(nil)
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    // Named, so that an operator can tell it apart among the pool's connections.
                    try await connection.query(
                        "SET application_name = \(unescaped: "'\(PostgresEventRelay.applicationName)'")",
                        logger: logger)
                    try await connection.listen(on: PostgresEventRelay.channel) { notices in
                        // Listening before reading the counter: whatever commits after this read is notified.
                        let latest = try await latestSeq(connection)
                        if let through = announced.withLockedValue({ $0 }), latest > through {
                            try await announceStored(after: through, through: latest, connection)
                        }
                        announced.withLockedValue { $0 = latest }
                        relay.dropKept(through: latest)
                        relay.listening()
                        try await withThrowingTaskGroup(of: Void.self) { group in
                            group.addTask { try await self.follow(notices, announced: announced, connection) }
                            // A connection the server ended does not always end its notifications: a
                            // heartbeat finds out, and whichever ends first ends both.
                            group.addTask {
                                while true {
                                    try await Task.sleep(for: Self.heartbeat)
                                    try await connection.query("SELECT 1", logger: self.logger)
                                }
                            }
                            try await group.next()
                            group.cancelAll()
                        }
                    }
                }
            } catch {
                guard !Task.isCancelled else { return }
                // Before the first migration there is no counter to read yet: wait for it quietly.
                let beforeSchema = (error as? PSQLError)?.sqlState == PostgresError.Code.undefinedTable.raw
                logger.log(
                    level: beforeSchema ? .debug : .warning, "Listening for events failed; listening again",
                    metadata: ["error": "\(String(reflecting: error))"])
                try? await Task.sleep(for: .milliseconds(beforeSchema ? 500 : 100))
            }
        }
    }

    /// How often the listening connection is checked.
    static let heartbeat = Duration.seconds(2)

    /// Announces each committed write as its notification comes, filling gaps from the database.
    private func follow(
        _ notices: PostgresNotificationSequence, announced: NIOLockedValueBox<Int64?>,
        _ connection: PostgresConnection
    ) async throws {
        for try await notification in notices {
            if let signal = SignalPayload.signal(from: notification.payload) {
                // Passed on beside the events, so a slow observer holds none of them up.
                Task { await relay.signals.pass(signal) }
                continue
            }
            guard let notice = EventNotice(notification.payload), let through = announced.withLockedValue({ $0 }),
                notice.last > through
            else { continue }
            if notice.first > through + 1 {
                try await announceStored(after: through, through: notice.first - 1, connection)
            }
            if notice.process == relay.process, let kept = relay.takeKept(numberedFrom: notice.first) {
                relay.announce(kept)
            } else {
                try await announceStored(after: notice.first - 1, through: notice.last, connection)
            }
            announced.withLockedValue { $0 = notice.last }
        }
    }

    private func latestSeq(_ connection: PostgresConnection) async throws -> Int64 {
        try require(try await connection.firstRow("SELECT last FROM event_counter", logger: logger), "Event counter")
            .decode(Int64.self)
    }

    /// Announces the events numbered after `after` through `last`, as the database has them: those of each
    /// feed, and those of each conversation to whoever was in it by then.
    private func announceStored(after: Int64, through last: Int64, _ connection: PostgresConnection) async throws {
        let rows = try await connection.rows(
            """
            SELECT user_id, seq, kind, conversation_id, message_id, task_id, actor_id, created_at FROM events
            WHERE seq > \(after) AND seq <= \(last)
            UNION ALL
            SELECT cm.user_id, e.seq, e.kind, e.conversation_id, e.message_id, NULL, e.actor_id, e.created_at
            FROM conversation_events e JOIN conversation_members cm ON cm.conversation_id = e.conversation_id
            WHERE e.seq > \(after) AND e.seq <= \(last) AND cm.joined_after_seq < e.seq
            ORDER BY seq, user_id
            """, logger: logger)
        let events = try rows.compactMap { row -> NewEvent? in
            let (user, seq, kind, conversation, message, task, actor, createdAt) = try row.decode(
                (Int64, Int64, String, Int64?, Int64?, Int64?, Int64?, Int64).self)
            guard let kind = UserEventKind(rawValue: kind) else { return nil }
            return NewEvent(
                userID: user.apiID,
                event: UserEvent(
                    seq: Int(seq), kind: kind, conversationID: conversation?.apiID, messageID: message?.apiID,
                    taskID: task?.apiID, userID: actor?.apiID, message: nil, createdAt: Date(micros: createdAt)))
        }
        relay.dropKept(through: last)
        relay.announce(events)
    }
}
