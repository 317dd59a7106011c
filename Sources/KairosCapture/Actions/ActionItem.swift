import KairosCore

/// One thing someone in a thread has to do, as the thread leaves it: a candidate task to review, never one made
/// without asking.
public struct ActionItem: Hashable, Sendable {
    /// The action in the sender's words, first letter upper-case, without the request, addressee or date.
    public var title: String
    /// Who has to do it; nil when the thread leaves it to anyone ("someone needs to ...").
    public var assignee: ActionMember?
    /// Local wall time in the thread's zone, to the minute; the latest date said for it.
    public var due: LocalDateTime?
    /// The index of the message that first states it.
    public var message: Int
    /// How sure the engine is, from 0 to 1.
    public var confidence: Double

    public init(title: String, assignee: ActionMember?, due: LocalDateTime?, message: Int, confidence: Double) {
        self.title = title
        self.assignee = assignee
        self.due = due
        self.message = message
        self.confidence = confidence
    }
}
