import Foundation

/// Signals for the open realtime sockets that are passed on and never kept. The embedded store has one
/// process, whose observers hear each signal before `send` returns; on a shared database every process hears
/// every signal, the sender's too, as soon as the database passes it on.
public protocol SignalStore: Sendable {
    /// Passes `signal` on to the observers of every process.
    func send(_ signal: PassingSignal) async throws
    /// Calls `observer` with each signal sent from now on, by any process.
    func observeSignals(_ observer: @escaping @Sendable (PassingSignal) async -> Void)
}

/// A signal for the open sockets of whoever it names.
public enum PassingSignal: Sendable, Equatable {
    /// Someone is typing in a conversation: its audience is who sees it.
    case typing(conversationID: String, userID: String, audience: [String])
    /// Some of a person's API tokens (or all, their account gone) stopped working: their sockets signed in
    /// with one of those close.
    case tokensRevoked(userID: String)
}

/// The observers of signals, called in turn.
package final class SignalObservers: @unchecked Sendable {
    private let lock = NSLock()
    private var observers: [@Sendable (PassingSignal) async -> Void] = []

    package init() {}

    package func add(_ observer: @escaping @Sendable (PassingSignal) async -> Void) {
        lock.withLock { observers.append(observer) }
    }

    package func pass(_ signal: PassingSignal) async {
        for observer in lock.withLock({ observers }) { await observer(signal) }
    }
}
