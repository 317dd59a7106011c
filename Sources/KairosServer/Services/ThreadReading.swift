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
        // Notices from Kairos and shared task cards are not anyone's words.
        let written = messages.filter { $0.kind == .text && $0.authorID != nil && !$0.text.isEmpty }
        let thread = ActionThread(
            members: conversation.members.map { ActionMember(id: $0.userID, name: $0.name) },
            messages: written.map { message in
                ActionMessage(
                    senderID: message.authorID ?? "", sentAt: message.createdAt, in: user.timeZone, text: message.text)
            },
            timeZone: user.timeZone)
        return ThreadReading(
            conversation: conversation, thread: thread, messageIDs: written.map(\.id),
            sharedTasks: messages.compactMap { $0.kind == .taskCard ? $0.task : nil })
    }
}
