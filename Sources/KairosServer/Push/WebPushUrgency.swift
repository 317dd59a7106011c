/// How much a push message matters to its reader now (RFC 8030 §5.3): a phone saving its battery may hold
/// back the lower ones.
public enum WebPushUrgency: String, Sendable, CaseIterable {
    case veryLow = "very-low"
    case low
    case normal
    case high
}
