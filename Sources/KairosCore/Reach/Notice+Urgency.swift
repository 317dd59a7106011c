extension AppNotification.Kind {
    /// Whether a notice of this kind asks for the person now, so a channel that can should make it louder
    /// (ntfy's high priority, Web Push's high urgency): a reminder going off, or someone mentioning them. The
    /// rest can wait to be seen.
    public var asksForAttention: Bool {
        switch self {
        case .reminder, .mention: true
        case .message, .assigned, .taskCompleted, .taskReopened, .brief, .digest: false
        }
    }
}
