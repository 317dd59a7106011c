/// What came of one case: the reply or why there was none, and how long the subject took.
public struct EvalOutcome: Sendable {
    public var reply: Result<EvalReply, EvalFailure>
    public var elapsed: Duration

    public init(reply: Result<EvalReply, EvalFailure>, elapsed: Duration) {
        self.reply = reply
        self.elapsed = elapsed
    }
}

/// Why a subject gave no answer to a case.
public struct EvalFailure: Error, Sendable {
    public var message: String

    public init(message: String) {
        self.message = message
    }
}
