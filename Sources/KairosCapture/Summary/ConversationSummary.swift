import KairosCore

/// The summary of a conversation's latest messages as the API answers it: each point names its message (by id)
/// and who wrote it, so a client can open the thread there. Nothing in it is posted to the thread.
public struct ConversationSummary: Hashable, Sendable {
    /// At most five bullets, in thread order.
    public var summary: [SummaryItem]
    public var decisions: [SummaryItem]
    public var blockers: [SummaryItem]
    public var openQuestions: [SummaryItem]
    /// The action engine's open items over the same messages.
    public var nextSteps: [SummaryNextStep]
    /// Whether the server's model wrote the points; next steps are always the engine's.
    public var model: ModelUse

    public init(
        summary: [SummaryItem], decisions: [SummaryItem], blockers: [SummaryItem], openQuestions: [SummaryItem],
        nextSteps: [SummaryNextStep], model: ModelUse
    ) {
        self.summary = summary
        self.decisions = decisions
        self.blockers = blockers
        self.openQuestions = openQuestions
        self.nextSteps = nextSteps
        self.model = model
    }

    /// The API's form of `summary` of `thread`, whose messages have the ids `messageIDs` (same order).
    public init(_ summary: ThreadSummary, of thread: ActionThread, messageIDs: [String], model: ModelUse) {
        func items(_ points: [SummaryPoint]) -> [SummaryItem] {
            points.map { point in
                let senderID = thread.messages[point.message].senderID
                return SummaryItem(
                    text: point.text, messageID: messageIDs[point.message], senderID: senderID,
                    sender: thread.member(id: senderID)?.name)
            }
        }
        self.init(
            summary: items(summary.summary), decisions: items(summary.decisions), blockers: items(summary.blockers),
            openQuestions: items(summary.openQuestions),
            nextSteps: summary.nextSteps.map { action in
                SummaryNextStep(
                    title: action.title, assigneeID: action.assignee?.id, assignee: action.assignee?.name,
                    due: action.due, messageID: messageIDs[action.message], confidence: action.confidence)
            }, model: model)
    }
}

/// A bullet, decision, blocker or open question: words from a message, the message's id and its sender.
public struct SummaryItem: Hashable, Sendable {
    public var text: String
    public var messageID: String
    public var senderID: String
    /// The sender's name; nil when they have left the conversation.
    public var sender: String?

    public init(text: String, messageID: String, senderID: String, sender: String?) {
        self.text = text
        self.messageID = messageID
        self.senderID = senderID
        self.sender = sender
    }
}

/// Something left to do, as the action engine reads it from the thread.
public struct SummaryNextStep: Hashable, Sendable {
    public var title: String
    /// Nil when the thread leaves it to anyone.
    public var assigneeID: String?
    public var assignee: String?
    /// Wall time in the caller's zone.
    public var due: LocalDateTime?
    /// The message that first states it.
    public var messageID: String
    /// How sure the engine is, from 0 to 1.
    public var confidence: Double

    public init(
        title: String, assigneeID: String?, assignee: String?, due: LocalDateTime?, messageID: String,
        confidence: Double
    ) {
        self.title = title
        self.assigneeID = assigneeID
        self.assignee = assignee
        self.due = due
        self.messageID = messageID
        self.confidence = confidence
    }
}
