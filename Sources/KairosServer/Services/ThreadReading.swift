import KairosCapture
import KairosCore

/// A conversation's latest messages as the thread engines read them (summaries, action items): only what
/// people wrote, oldest first, in the reader's time zone.
public struct ThreadReading: Sendable {
    public var conversation: Conversation
    public var thread: ActionThread
    /// The id of each of `thread.messages`, in the same order.
    public var messageIDs: [String]
    /// The tasks shared among those messages as cards.
    public var sharedTasks: [MessageTask]
}

extension ConversationService {
    /// The latest `last` messages of conversation `id` as `user` sees them; "not found" for someone not in it.
    public func reading(of id: String, for user: User, last: Int) async throws -> ThreadReading {
        let (conversation, messages) = try await latestMessages(in: id, of: user, last: last)
        let (thread, written) = ActionThread.written(in: conversation, messages: messages, for: user)
        return ThreadReading(
            conversation: conversation, thread: thread, messageIDs: written.map(\.id),
            sharedTasks: messages.compactMap { $0.kind == .taskCard ? $0.task : nil })
    }
}
