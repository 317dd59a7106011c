import KairosCore

/// The summary of a note as the API answers it (`POST /api/v1/notes/{id}/summary`): the parts of a thread
/// summary, read from the note's sentences. Its points quote the note itself, so they name no message or sender.
public struct NoteSummary: Hashable, Sendable {
    /// A bullet, decision, blocker or open question.
    public struct Point: Hashable, Sendable {
        public var text: String

        public init(text: String) { self.text = text }
    }

    /// Something left to do, as the action engine reads it from the note.
    public struct NextStep: Hashable, Sendable {
        public var title: String
        /// Set when the note says who does it and that is its author ("I'll call Sam"); nil otherwise.
        public var assigneeID: String?
        public var assignee: String?
        /// Wall time in the author's zone.
        public var due: LocalDateTime?
        /// How sure the engine is, from 0 to 1.
        public var confidence: Double

        public init(title: String, assigneeID: String?, assignee: String?, due: LocalDateTime?, confidence: Double) {
            self.title = title
            self.assigneeID = assigneeID
            self.assignee = assignee
            self.due = due
            self.confidence = confidence
        }
    }

    /// At most `ThreadSummarizer.maxBullets`, in the note's order.
    public var summary: [Point]
    public var decisions: [Point]
    public var blockers: [Point]
    public var openQuestions: [Point]
    public var nextSteps: [NextStep]
    /// Whether the server's model wrote the points; next steps are always the engine's.
    public var model: ModelUse

    public init(
        summary: [Point], decisions: [Point], blockers: [Point], openQuestions: [Point], nextSteps: [NextStep],
        model: ModelUse
    ) {
        self.summary = summary
        self.decisions = decisions
        self.blockers = blockers
        self.openQuestions = openQuestions
        self.nextSteps = nextSteps
        self.model = model
    }

    /// The API's form of `summary`, made from a note read as a thread.
    public init(_ summary: ThreadSummary, model: ModelUse) {
        func points(_ points: [SummaryPoint]) -> [Point] { points.map { Point(text: $0.text) } }
        self.init(
            summary: points(summary.summary), decisions: points(summary.decisions),
            blockers: points(summary.blockers), openQuestions: points(summary.openQuestions),
            nextSteps: summary.nextSteps.map { action in
                NextStep(
                    title: action.title, assigneeID: action.assignee?.id, assignee: action.assignee?.name,
                    due: action.due, confidence: action.confidence)
            }, model: model)
    }
}
