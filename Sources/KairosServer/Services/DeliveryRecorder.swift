import Foundation
import KairosCore
import KairosStore
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle

/// Writes delivered receipts off the path of the request or socket that delivered the messages.
///
/// Marks are merged per member and conversation (the highest message wins). The first of a quiet spell
/// is written at once; after each write the recorder gathers for `gathering` before the next, so a busy
/// server pays one transaction (and one disk sync) every few milliseconds, not one per delivery. As a
/// service, it writes what is still queued when the server shuts down gracefully.
public final class DeliveryRecorder: Service, Sendable {
    private struct Key: Hashable {
        let conversationID: String
        let userID: String
    }

    private struct Queue {
        var pending: [Key: Int64] = [:]
        /// The write under way, which goes on until nothing is pending.
        var writer: Task<Void, Never>?
    }

    private let store: any ConversationStore
    private let logger: Logger
    private let gathering: Duration
    private let queue = NIOLockedValueBox(Queue())

    public init(
        store: any ConversationStore, gathering: Duration = .milliseconds(20),
        logger: Logger = Logger(label: "kairos.delivery")
    ) {
        self.store = store
        self.gathering = gathering
        self.logger = logger
    }

    /// Queues the marks and starts writing them unless a write is already under way.
    public func record(_ marks: [DeliveryMark]) {
        guard !marks.isEmpty else { return }
        queue.withLockedValue { queue in
            for mark in marks {
                guard let message = Int64(mark.messageID) else { continue }
                let key = Key(conversationID: mark.conversationID, userID: mark.userID)
                queue.pending[key] = max(queue.pending[key] ?? 0, message)
            }
            if queue.writer == nil { queue.writer = Task { await self.drain() } }
        }
    }

    /// Queues the receipts of `messages` shown to `user`: the newest message of each of their conversations.
    public func record(_ messages: [Message], deliveredTo user: User) {
        var newest: [String: Int64] = [:]
        for message in messages {
            guard let id = Int64(message.id) else { continue }
            newest[message.conversationID] = max(newest[message.conversationID] ?? 0, id)
        }
        record(newest.map { DeliveryMark(conversationID: $0.key, userID: user.id, messageID: String($0.value)) })
    }

    /// Waits for the receipts queued so far to be written.
    public func flush() async {
        while let writer = queue.withLockedValue({ $0.writer }) { await writer.value }
    }

    /// Waits for graceful shutdown, then writes what is still queued (the server has stopped delivering by then).
    public func run() async throws {
        try? await gracefulShutdown()
        await flush()
    }

    private func drain() async {
        while let batch = nextBatch() {
            do {
                try await store.markDelivered(batch)
            } catch {
                logger.error("Could not record delivered receipts", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: gathering)
        }
    }

    private func nextBatch() -> [DeliveryMark]? {
        queue.withLockedValue { queue in
            guard !queue.pending.isEmpty else {
                queue.writer = nil
                return nil
            }
            defer { queue.pending.removeAll(keepingCapacity: true) }
            return queue.pending.map {
                DeliveryMark(conversationID: $0.key.conversationID, userID: $0.key.userID, messageID: String($0.value))
            }
        }
    }
}
