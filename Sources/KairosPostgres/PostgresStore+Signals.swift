import KairosStore
import PostgresNIO

extension PostgresStore: SignalStore {
    /// Notifies the events' channel, which every process's relay listens to, this one's included. Typing in a
    /// group too big for a notification's payload is not passed on.
    public func send(_ signal: PassingSignal) async throws {
        guard let payload = SignalPayload.text(of: signal) else { return }
        try await client.query("SELECT pg_notify(\(PostgresEventRelay.channel), \(payload))", logger: logger)
    }

    public func observeSignals(_ observer: @escaping @Sendable (PassingSignal) async -> Void) {
        relay.signals.add(observer)
    }
}

/// A signal as a notification's payload: its kind and ids separated by spaces, an audience's ids by commas.
/// Kinds are words, which no process's name (a UUID) is, so the relay tells signals from events.
enum SignalPayload {
    /// Under PostgreSQL's limit of 8,000 bytes.
    static let limit = 7_900

    static func text(of signal: PassingSignal) -> String? {
        let text =
            switch signal {
            case .typing(let conversation, let user, let audience):
                "typing \(conversation) \(user) \(audience.joined(separator: ","))"
            case .tokensRevoked(let user):
                "revoked \(user)"
            }
        return text.utf8.count <= limit ? text : nil
    }

    static func signal(from payload: String) -> PassingSignal? {
        let words = payload.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        switch words.first {
        case "typing" where words.count == 4:
            let audience = words[3].split(separator: ",").map(String.init)
            return .typing(conversationID: words[1], userID: words[2], audience: audience)
        case "revoked" where words.count == 2:
            return .tokensRevoked(userID: words[1])
        default:
            return nil
        }
    }
}
