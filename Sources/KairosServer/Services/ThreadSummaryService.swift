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
        let (thread, written) = ActionThread.written(in: conversation, messages: messages, for: user)
        // The shared task cards' tasks go to the model as the thread's task references.
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
