import Foundation
import KairosCore
import NIOConcurrencyHelpers

/// The realtime sockets open in this process, by user.
///
/// The hub carries no events itself: it wakes a user's sockets when their feed has grown, and each
/// socket reads what follows its last sent seq from the store, which stays the one source of order.
/// Only typing, which is not kept, travels through the hub.
public final class RealtimeHub: Sendable {
    private let sockets = NIOLockedValueBox<[String: [ObjectIdentifier: RealtimeSocket]]>([:])
    /// Keeps typing frames to one per user and conversation every couple of seconds.
    let typingThrottle: TypingThrottle

    public init(clock: Clock = .system) {
        typingThrottle = TypingThrottle(clock: clock)
    }

    func add(_ socket: RealtimeSocket) {
        sockets.withLockedValue { $0[socket.user.id, default: [:]][ObjectIdentifier(socket)] = socket }
    }

    func remove(_ socket: RealtimeSocket) {
        sockets.withLockedValue { sockets in
            sockets[socket.user.id]?[ObjectIdentifier(socket)] = nil
            if sockets[socket.user.id]?.isEmpty == true { sockets[socket.user.id] = nil }
        }
    }

    /// Tells these users' sockets that their event feeds have new entries.
    public func wake(_ userIDs: Set<String>) {
        for socket in self.sockets(of: userIDs) { socket.wake() }
    }

    /// Sends an unnumbered frame (typing) to whichever of these users are connected.
    func relay(_ frame: ServerFrame, to userIDs: some Sequence<String>) {
        let text = frame.text
        for socket in sockets(of: Set(userIDs)) { socket.send(text) }
    }

    /// Closes those of the user's sockets whose token `isLive` no longer accepts.
    func closeRevoked(userID: String, isLive: @Sendable (String) async -> Bool) async {
        for socket in sockets(of: [userID]) {
            if await !isLive(socket.token) {
                socket.close(.unauthorized("The API token of this connection was revoked. Log in again."))
            }
        }
    }

    /// How many sockets are open, for the log and tests.
    public var connectionCount: Int {
        sockets.withLockedValue { $0.values.reduce(0) { $0 + $1.count } }
    }

    private func sockets(of userIDs: Set<String>) -> [RealtimeSocket] {
        sockets.withLockedValue { sockets in userIDs.flatMap { sockets[$0].map { Array($0.values) } ?? [] } }
    }
}

/// One signed-in socket as the hub sees it: whom it serves and how to reach its writers.
final class RealtimeSocket: Sendable {
    /// What the socket's own writer sends, besides events.
    enum Outgoing: Sendable {
        case text(String)
        case close(KairosError)
    }

    let user: User
    /// Kept to check it again when one of the user's tokens is revoked.
    let token: String
    private let wakes: AsyncStream<Void>.Continuation
    private let outgoing: AsyncStream<Outgoing>.Continuation

    init(user: User, token: String, wakes: AsyncStream<Void>.Continuation, outgoing: AsyncStream<Outgoing>.Continuation) {
        self.user = user
        self.token = token
        self.wakes = wakes
        self.outgoing = outgoing
    }

    /// The wake stream keeps at most one pending wake: one read of the store catches up on any number.
    static func makeWakes() -> (AsyncStream<Void>, AsyncStream<Void>.Continuation) {
        AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Typing frames for a client that does not keep up are dropped beyond the newest few.
    static func makeOutgoing() -> (AsyncStream<Outgoing>, AsyncStream<Outgoing>.Continuation) {
        AsyncStream.makeStream(of: Outgoing.self, bufferingPolicy: .bufferingNewest(32))
    }

    func wake() { wakes.yield() }
    func send(_ text: String) { outgoing.yield(.text(text)) }
    func close(_ error: KairosError) { outgoing.yield(.close(error)) }

    func finish() {
        wakes.finish()
        outgoing.finish()
    }
}
