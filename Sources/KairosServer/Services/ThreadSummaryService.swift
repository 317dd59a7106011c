import KairosCapture
import KairosCore

/// Summaries of a conversation's latest messages for one of its members: offline by the thread summarizer, or
/// by the server's model when the member allows it. A summary is only ever answered to the one who asked; it
/// is never posted into the thread.
public struct ThreadSummaryService: Sendable {
    let conversations: ConversationService
    let model: ModelSummary?
    private let summarizer = ThreadSummarizer()

    public init(conversations: ConversationService, model: ModelSummary? = nil) {
        self.conversations = conversations
        self.model = model
    }

    /// The summary of the latest `request.last` messages of conversation `id`, as `user` sees them; "not found"
    /// for someone not in it.
    public func summary(
        of id: String, _ request: ConversationSummaryRequest, for user: User
    ) async throws -> ConversationSummary {
        let last = try request.requireLast()
        let (conversation, messages) = try await conversations.latestMessages(in: id, of: user, last: last)
        // Notices from Kairos and shared task cards are not anyone's words; the cards' tasks go to the model as
        // the thread's task references.
        let written = messages.filter { $0.kind == .text && $0.authorID != nil && !$0.text.isEmpty }
        let thread = ActionThread(
            members: conversation.members.map { ActionMember(id: $0.userID, name: $0.name) },
            messages: written.map { message in
                ActionMessage(
                    senderID: message.authorID ?? "", sentAt: message.createdAt, in: user.timeZone, text: message.text)
            },
            timeZone: user.timeZone)
        let sharedTasks = messages.compactMap { $0.kind == .taskCard ? $0.task?.content : nil }
        let answer: (summary: ThreadSummary, model: ModelUse)
        switch ModelConsent(model: model, user: user) {
        case .allowed(let model):
            answer = await model.summary(of: thread, sharedTasks: sharedTasks)
        case .refused(let use):
            answer = (summarizer.summary(of: thread), use)
        }
        return ConversationSummary(
            answer.summary, of: thread, messageIDs: written.map(\.id), model: answer.model)
    }
}
