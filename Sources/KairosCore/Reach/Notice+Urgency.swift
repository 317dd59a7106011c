extension Notice {
    /// Whether the notice asks for the person now, so a channel that can should make it louder (ntfy's high
    /// priority): a reminder going off, or someone mentioning them. The rest can wait to be seen.
    public var asksForAttention: Bool {
        switch kind {
        case .reminder, .mention: true
        case .message, .assigned, .taskCompleted, .taskReopened, .brief: false
        }
    }
}
