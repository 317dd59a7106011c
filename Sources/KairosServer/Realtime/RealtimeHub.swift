import Foundation
import KairosCore
import KairosStore
import NIOConcurrencyHelpers

/// The realtime sockets open in this process, by user.
///
/// The store stays the one source of order: the hub hands each socket the events its user just got, in
/// commit order, and the socket sends them only when it has lost none of the hub's batches since it last
/// caught up and they carry all they need (a new or edited message with the message); otherwise it reads
/// what follows from the store. Seqs cannot tell a gap: a person's feed skips the numbers of others' events. Typing, which
/// is not kept, travels only through the hub.
public final class RealtimeHub: Sendable {
    private let sockets = NIOLockedValueBox<[String: [ObjectIdentifier: RealtimeSocket]]>([:])
    /// Keeps typing frames to one per user and conversation every couple of seconds.
    let typingThrottle: TypingThrottle
    /// Told how long each handed-over batch took to reach its socket (`observeFanOut`).
    private let fanOutObserver = NIOLockedValueBox<(@Sendable (Duration) -> Void)?>(nil)

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

    /// Hands just-committed events to their users' sockets, in order.
    public func publish(_ events: [NewEvent]) {
        var byUser: [String: [RealtimeSocket.Framed]] = [:]
        // A conversation's event is the same for each member: its frame is written once.
        var frames: [Int: RealtimeSocket.Framed] = [:]
        for new in events {
            let framed: RealtimeSocket.Framed
            if let known = frames[new.event.seq], known.event == new.event {
                framed = known
            } else {
                framed = RealtimeSocket.Framed(event: new.event, text: ServerFrame.event(new.event).text)
                frames[new.event.seq] = framed
            }
            byUser[new.userID, default: []].append(framed)
        }
        let sockets = sockets.withLockedValue { sockets in
            byUser.keys.flatMap { sockets[$0].map { Array($0.values) } ?? [] }
        }
        for socket in sockets { socket.feed(byUser[socket.user.id] ?? []) }
    }

    /// Tells `report`, from now on, how long each batch of events took from its commit to a socket's writer.
    public func observeFanOut(_ report: @escaping @Sendable (Duration) -> Void) {
        fanOutObserver.withLockedValue { $0 = report }
    }

    /// A socket wrote the events of a batch handed over at `handedOverAt`.
    func fannedOut(since handedOverAt: ContinuousClock.Instant) {
        guard let report = fanOutObserver.withLockedValue({ $0 }) else { return }
        report(ContinuousClock.now - handedOverAt)
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
    /// A batch of events for the pump, numbered in the order the hub handed them over, so that a batch the
    /// buffer dropped shows as a gap.
    struct Batch: Sendable {
        let number: Int
        let events: [Framed]
        /// When the hub had it, right after the commit that made the events.
        let handedOverAt: ContinuousClock.Instant
    }

    /// An event with its frame's text.
    struct Framed: Sendable {
        let event: UserEvent
        let text: String
    }

    /// What the socket's own writer sends, besides events.
    enum Outgoing: Sendable {
        case text(String)
        case close(KairosError)
    }

    let user: User
    /// Kept to check it again when one of the user's tokens is revoked.
    let token: String
    private let wakes: AsyncStream<Batch>.Continuation
    private let outgoing: AsyncStream<Outgoing>.Continuation
    private let handedOver = NIOLockedValueBox(0)

    init(
        user: User, token: String, wakes: AsyncStream<Batch>.Continuation,
        outgoing: AsyncStream<Outgoing>.Continuation
    ) {
        self.user = user
        self.token = token
        self.wakes = wakes
        self.outgoing = outgoing
    }

    /// New events for the pump. A socket that falls behind loses the oldest batches, and the gap in their
    /// numbers sends its pump to the store, which has them all.
    static func makeWakes() -> (AsyncStream<Batch>, AsyncStream<Batch>.Continuation) {
        AsyncStream.makeStream(of: Batch.self, bufferingPolicy: .bufferingNewest(64))
    }

    /// Typing frames for a client that does not keep up are dropped beyond the newest few.
    static func makeOutgoing() -> (AsyncStream<Outgoing>, AsyncStream<Outgoing>.Continuation) {
        AsyncStream.makeStream(of: Outgoing.self, bufferingPolicy: .bufferingNewest(32))
    }

    func feed(_ events: [Framed]) {
        // Numbered and queued under one lock, so numbers follow the order batches reach the pump.
        handedOver.withLockedValue { count in
            count += 1
            wakes.yield(Batch(number: count, events: events, handedOverAt: .now))
        }
    }
    func send(_ text: String) { outgoing.yield(.text(text)) }
    func close(_ error: KairosError) { outgoing.yield(.close(error)) }

    func finish() {
        wakes.finish()
        outgoing.finish()
    }
}
