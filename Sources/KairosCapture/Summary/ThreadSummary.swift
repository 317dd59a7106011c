import KairosCore

/// What a message thread comes to: its most telling messages, what was decided, what holds things up, what was
/// asked and never answered, and what is left to do. Every point names the message it comes from.
public struct ThreadSummary: Hashable, Sendable {
    /// At most `ThreadSummarizer.maxBullets`, in thread order.
    public var summary: [SummaryPoint]
    public var decisions: [SummaryPoint]
    public var blockers: [SummaryPoint]
    public var openQuestions: [SummaryPoint]
    /// The thread's open action items, from the action engine.
    public var nextSteps: [ActionItem]

    public init(
        summary: [SummaryPoint], decisions: [SummaryPoint], blockers: [SummaryPoint], openQuestions: [SummaryPoint],
        nextSteps: [ActionItem]
    ) {
        self.summary = summary
        self.decisions = decisions
        self.blockers = blockers
        self.openQuestions = openQuestions
        self.nextSteps = nextSteps
    }
}

/// One point of a summary: words from a message, and the index of that message in the thread.
public struct SummaryPoint: Hashable, Sendable {
    public var text: String
    /// An index into the thread's messages.
    public var message: Int

    public init(text: String, message: Int) {
        self.text = text
        self.message = message
    }
}
