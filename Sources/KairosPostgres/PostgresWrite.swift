import Foundation
import KairosCore
import KairosStore
import Logging
import PostgresNIO

/// One write transaction on PostgreSQL: its connection, and the events it adds to people's feeds.
///
/// Events are numbered just before the transaction commits, not when they are added. Taking the numbers locks
/// the one event counter until the commit, so numbers are handed out in commit order and without gaps:
/// whoever has read event n of their feed has read every event before it, whichever process wrote them.
/// Taken last, the lock is held only for the commit itself, and after every other lock the transaction takes.
/// The same statement notifies every process (`PostgresEventRelay`), which PostgreSQL delivers on commit.
final class PostgresWrite {
    let connection: PostgresConnection
    let logger: Logger
    private var pending: [PendingEvent] = []
    private var notifications: [(notification: WritePlan.Notification, at: Date)] = []
    private var attached: [String: Message] = [:]
    /// The first number the events took, once they have.
    private(set) var firstSeq: Int64?

    private enum PendingEvent {
        /// An event in the feeds of the people it names.
        case feed(WritePlan.Event, at: Date)
        /// An event of a conversation, which each member's feed reads from when they joined.
        case conversation(UserEventKind, conversation: Int64, message: Int64, actor: Int64?, at: Date)
    }

    init(connection: PostgresConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    /// Runs a statement of the transaction.
    @discardableResult
    func query(_ query: PostgresQuery) async throws -> PostgresRowSequence {
        try await connection.query(query, logger: logger)
    }

    /// All the rows of a query, read into memory: for results bounded by the query.
    func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await connection.rows(query, logger: logger)
    }

    /// The first row of a query, if any.
    func firstRow(_ query: PostgresQuery) async throws -> PostgresRow? {
        try await connection.firstRow(query, logger: logger)
    }

    /// Adds `event` to its recipients' feeds when the transaction commits, as of `now`.
    func add(_ event: WritePlan.Event, now: Date) {
        guard !event.recipients.isEmpty else { return }
        pending.append(.feed(event, at: now))
    }

    /// Adds an event to the conversation's events when the transaction commits: everyone in it then sees it.
    func addConversationEvent(
        _ kind: UserEventKind, conversation: Int64, message: Int64, actor: Int64?, now: Date
    ) {
        pending.append(.conversation(kind, conversation: conversation, message: message, actor: actor, at: now))
    }

    /// Adds `notification` to its recipients' feeds when the transaction commits, as of `now`.
    ///
    /// Notifications wait for the event counter's lock too: their ids are then handed out in commit order, so
    /// the delivery queue, which takes notifications by id after the last it queued, never passes one that
    /// commits late with a lower id.
    func add(_ notification: WritePlan.Notification, now: Date) {
        guard !notification.recipients.isEmpty else { return }
        notifications.append((notification, now))
    }

    /// Hands `message`, as this write leaves it, to the events that name it, so they carry it when announced.
    func attach(_ message: Message) {
        attached[message.id] = message
    }

    /// Numbers and writes the events added so far, each under one number for all its recipients, in the
    /// order they were added; returns them as they are to be announced once the transaction commits.
    ///
    /// A row an event names may have gone in this same write (a task deleted after its update was planned):
    /// the event then names nothing there, as the foreign key would have left it had the event come first.
    /// `relay` names this process in the notification.
    func writeEvents(relay: PostgresEventRelay) async throws -> [NewEvent] {
        guard !pending.isEmpty else {
            guard !notifications.isEmpty else { return [] }
            try await query("SELECT last FROM event_counter FOR UPDATE")
            try await writeNotifications()
            return []
        }
        let count = Int64(pending.count)
        let last = try require(
            try await firstRow(
                """
                WITH counter AS (UPDATE event_counter SET last = last + \(count) RETURNING last)
                SELECT last, pg_notify(\(PostgresEventRelay.channel),
                    \(relay.process) || ' ' || (last - \(count) + 1) || ' ' || last)
                FROM counter
                """), "Event counter"
        ).decode((Int64, String).self).0
        firstSeq = last - count + 1
        try await writeNotifications()
        var seq = last - count
        var announced: [NewEvent] = []
        for event in pending {
            seq += 1
            switch event {
            case .feed(let event, let now):
                announced += try await write(event, seq: seq, now: now)
            case .conversation(let kind, let conversation, let message, let actor, let now):
                announced += try await writeConversationEvent(
                    kind, seq: seq, conversation: conversation, message: message, actor: actor, now: now)
            }
        }
        pending.removeAll()
        return announced
    }

    /// Each notification in each of its recipients' feeds, one statement per notification. One about a task,
    /// message or conversation deleted in this same write is left out, as deleting it would have taken the
    /// notification with it had the notification come first.
    private func writeNotifications() async throws {
        for (notification, now) in notifications {
            let users = notification.recipients.map { $0.userID.rowID ?? 0 }
            let quiet = notification.recipients.map(\.quiet)
            let conversation = notification.conversationID?.rowID
            let message = notification.messageID?.rowID
            let task = notification.taskID?.rowID
            try await query(
                """
                INSERT INTO notifications (user_id, kind, text, actor_id, conversation_id, message_id, task_id,
                    reminder_id, quiet, created_at)
                SELECT r.user_id, \(notification.kind.rawValue), \(notification.text),
                    (SELECT id FROM users WHERE id = \(notification.actorID?.rowID)), \(conversation), \(message),
                    \(task), \(notification.reminderID?.rowID), r.quiet, \(now.micros)
                FROM unnest(\(users)::bigint[], \(quiet)::boolean[]) AS r(user_id, quiet)
                JOIN users u ON u.id = r.user_id
                WHERE (\(conversation)::bigint IS NULL OR EXISTS (SELECT 1 FROM conversations WHERE id = \(conversation)))
                    AND (\(message)::bigint IS NULL OR EXISTS (SELECT 1 FROM messages WHERE id = \(message)))
                    AND (\(task)::bigint IS NULL OR EXISTS (SELECT 1 FROM tasks WHERE id = \(task)))
                """)
        }
        notifications.removeAll()
    }

    private func write(_ event: WritePlan.Event, seq: Int64, now: Date) async throws -> [NewEvent] {
        let gone = event.kind == .taskDeleted
        let recipients = event.recipients.compactMap(\.rowID)
        let rows = try await self.rows(
            """
            INSERT INTO events (user_id, seq, kind, conversation_id, message_id, task_id, removed_task_id,
                project_id, actor_id, created_at)
            SELECT u.id, \(seq), \(event.kind.rawValue),
                (SELECT id FROM conversations WHERE id = \(event.conversationID?.rowID)),
                (SELECT id FROM messages WHERE id = \(event.messageID?.rowID)),
                (SELECT id FROM tasks WHERE id = \(gone ? nil : event.taskID?.rowID)),
                \(gone ? event.taskID?.rowID : nil), \(event.projectID?.rowID),
                (SELECT id FROM users WHERE id = \(event.actorID?.rowID)), \(now.micros)
            FROM users u WHERE u.id = ANY(\(recipients))
            RETURNING user_id, conversation_id, message_id, task_id, actor_id
            """)
        return try rows.map { row in
            let (user, conversation, message, task, actor) = try row.decode(
                (Int64, Int64?, Int64?, Int64?, Int64?).self)
            return announcement(
                to: user, seq: seq, kind: event.kind, conversation: conversation, message: message, task: task,
                actor: actor, now: now)
        }
    }

    private func writeConversationEvent(
        _ kind: UserEventKind, seq: Int64, conversation: Int64, message: Int64, actor: Int64?, now: Date
    ) async throws -> [NewEvent] {
        let rows = try await self.rows(
            """
            WITH event AS (
                INSERT INTO conversation_events (seq, kind, conversation_id, message_id, actor_id, created_at)
                SELECT \(seq), \(kind.rawValue), c.id, (SELECT id FROM messages WHERE id = \(message)),
                    (SELECT id FROM users WHERE id = \(actor)), \(now.micros)
                FROM conversations c WHERE c.id = \(conversation)
                RETURNING conversation_id, message_id, actor_id
            )
            SELECT cm.user_id, event.message_id, event.actor_id
            FROM event JOIN conversation_members cm ON cm.conversation_id = event.conversation_id
            """)
        return try rows.map { row in
            let (user, message, actor) = try row.decode((Int64, Int64?, Int64?).self)
            return announcement(
                to: user, seq: seq, kind: kind, conversation: conversation, message: message, task: nil,
                actor: actor, now: now)
        }
    }

    private func announcement(
        to user: Int64, seq: Int64, kind: UserEventKind, conversation: Int64?, message: Int64?, task: Int64?,
        actor: Int64?, now: Date
    ) -> NewEvent {
        let messageID = message?.apiID
        return NewEvent(
            userID: user.apiID,
            event: UserEvent(
                seq: Int(seq), kind: kind, conversationID: conversation?.apiID, messageID: messageID,
                taskID: task?.apiID, userID: actor?.apiID,
                message: kind.carriesMessage ? messageID.flatMap { attached[$0] } : nil, createdAt: now))
    }
}
