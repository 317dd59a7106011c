import KairosCore

/// The action items of a conversation's latest messages as the API answers them, each ready to become a task
/// in one tap: where it would go, to whom, and whether the caller already made it.
public struct ConversationActions: Hashable, Sendable {
    public var actions: [ActionProposal]
    /// Whether the server's model proposed them; dates are always the engine's reading.
    public var model: ModelUse

    public init(actions: [ActionProposal], model: ModelUse) {
        self.actions = actions
        self.model = model
    }
}

/// One action item: what the thread asks (title, assignee, due, the message that states it, the engine's
/// confidence), who wrote that message, the list and assignee a task made from it gets, and that task once made.
public struct ActionProposal: Hashable, Sendable {
    public var step: SummaryNextStep
    public var senderID: String
    /// The message's author; nil when they have left the conversation.
    public var sender: String?
    public var placement: ActionPlacement.Choice
    /// The caller's task made from this action, when there is one.
    public var taskID: String?

    public init(
        step: SummaryNextStep, senderID: String, sender: String?, placement: ActionPlacement.Choice,
        taskID: String? = nil
    ) {
        self.step = step
        self.senderID = senderID
        self.sender = sender
        self.placement = placement
        self.taskID = taskID
    }
}
