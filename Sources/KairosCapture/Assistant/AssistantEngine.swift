import KairosCore

/// The offline assistant: decides what one chat message asks for and answers it, following the assistant rules.
/// Pure and deterministic; reminders are the capture engine's tasks and dates come from its date arithmetic.
public struct AssistantEngine: Sendable {
    public init() {}

    /// The type of `text` and its answer, relative to the context's moment, time zone and lists.
    ///
    /// The first type that applies wins: a date question, then a request for a new list, then a reminder; a
    /// question or a request for an answer in the chat, and anything capture makes no task of, is conversation.
    public func answer(_ text: String, context: CaptureContext) -> AssistantAnswer {
        let message = ChatMessage(text)
        guard !message.request.isEmpty else { return .conversation }
        if let date = DateQuestionReader(message: message, context: context).date() { return .dateQuery(date) }
        if let list = ListRequestReader(message: message, context: context).list() { return .todoList(list) }
        if ChatRequestReader(message: message, context: context).wantsChatAnswer { return .conversation }
        let result = ReminderReader(message: message, context: context).capture()
        return result.tasks.isEmpty ? .conversation : .reminder(tasks: result.tasks, setAside: result.setAside)
    }
}
