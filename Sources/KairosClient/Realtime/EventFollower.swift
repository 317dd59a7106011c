import Foundation

/// Follows one user's event feed over the realtime socket (`/api/v1/ws`), reconnecting after a drop.
///
/// Each connection signs in with the seq of the last event handed on, so the server replays exactly what
/// was missed; an event at or below that seq (a replay racing a live push) is skipped, so none repeats.
actor EventFollower {
    private let url: URL
    private let token: String
    private let transport: any WebSocketTransport
    private let options: EventStreamOptions
    private let deliver: @Sendable (UserEvent) -> Void

    /// The seq of the last event handed on, or the feed's newest at the first `ready`; nil until known.
    private var lastSeq: Int?
    /// Whether the current connection got as far as `ready`.
    private var isReady = false
    /// When the server was last heard from on the current connection.
    private var lastHeard = ContinuousClock.now
    /// Set when the server refused the token: the stream ends with it instead of reconnecting.
    private var refusal: KairosClientError?

    init(
        url: URL, token: String, after seq: Int?, transport: any WebSocketTransport, options: EventStreamOptions,
        deliver: @escaping @Sendable (UserEvent) -> Void
    ) {
        self.url = url
        self.token = token
        self.lastSeq = seq
        self.transport = transport
        self.options = options
        self.deliver = deliver
    }

    /// Connects and hands on events until cancelled or refused. A first connection that never becomes
    /// ready throws, so a wrong URL shows at once; later drops are retried with backoff.
    func run() async throws {
        var delay = options.reconnectDelay
        var everReady = false
        while true {
            try Task.checkCancellation()
            isReady = false
            do {
                try await transport.withSocket(url) { socket in try await self.converse(on: socket) }
            } catch {
                try Task.checkCancellation()
                if let refusal { throw refusal }
                if !everReady && !isReady {
                    throw KairosClientError.transport(
                        "Could not open the live event stream at \(url.absoluteString) (\(error)). "
                            + "Check that `kairos serve` is running there and that the server URL is right.")
                }
            }
            try Task.checkCancellation()
            if let refusal { throw refusal }
            if isReady {
                everReady = true
                delay = options.reconnectDelay
            }
            try await Task.sleep(for: delay)
            delay = min(delay * 2, options.maxReconnectDelay)
        }
    }

    /// Signs in on a fresh socket, then reads frames while pinging, until the socket closes or goes silent.
    private func converse(on socket: TextSocket) async throws {
        lastHeard = .now
        try await socket.send(Self.text(.auth(token: token, after: lastSeq)))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for try await text in socket.incoming {
                    if await !self.handle(text) { return }
                }
            }
            group.addTask { try await self.keepAlive(socket) }
            _ = try await group.next()
            group.cancelAll()
        }
    }

    /// Takes one frame in; false when the connection should end.
    private func handle(_ text: String) -> Bool {
        lastHeard = .now
        guard let frame = try? APICoding.makeDecoder().decode(ServerFrame.self, from: Data(text.utf8)) else {
            return true
        }
        switch frame {
        case .ready(let seq):
            isReady = true
            if lastSeq == nil { lastSeq = seq }
        case .event(let event):
            if let lastSeq, event.seq <= lastSeq { return true }
            deliver(event)
            lastSeq = event.seq
        case .error(let code, let message) where code == "unauthorized":
            refusal = .server(status: 401, code: code, message: message)
            return false
        case .typing, .pong, .error:
            break
        }
        return true
    }

    /// Pings every interval; throws when nothing came back for two, so a dead connection is replaced.
    private func keepAlive(_ socket: TextSocket) async throws {
        while true {
            try await Task.sleep(for: options.pingInterval)
            if lastHeard.duration(to: .now) > options.pingInterval * 2 { throw SilentConnection() }
            try await socket.send(Self.text(.ping))
        }
    }

    private static func text(_ frame: ClientFrame) -> String {
        // Encoding a ClientFrame (strings and an optional int) cannot fail.
        String(decoding: (try? JSONEncoder().encode(frame)) ?? Data(), as: UTF8.self)
    }

    /// The server stopped answering pings.
    private struct SilentConnection: Error {}
}
