import KairosCapture
import KairosCore

extension ActionThread {
    /// The thread the action engine and the summarizer read from a conversation's `messages` (oldest first, as
    /// `user` sees them), with the messages it holds in the same order. Notices from Kairos and shared task
    /// cards are not anyone's words, so only people's written messages are in it; times are read in `user`'s
    /// zone.
    static func written(
        in conversation: Conversation, messages: [Message], for user: User
    ) -> (thread: ActionThread, messages: [Message]) {
        let written = messages.filter { $0.kind == .text && $0.authorID != nil && !$0.text.isEmpty }
        let thread = ActionThread(
            members: conversation.members.map { ActionMember(id: $0.userID, name: $0.name) },
            messages: written.map { message in
                ActionMessage(
                    senderID: message.authorID ?? "", sentAt: message.createdAt, in: user.timeZone, text: message.text)
            },
            timeZone: user.timeZone)
        return (thread, written)
    }
}
