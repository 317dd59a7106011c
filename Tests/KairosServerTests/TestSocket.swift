import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import KairosCore
import KairosServer
import KairosStore
import Testing

/// Like `withAPI`, on a real server listening on a loopback port with the WebSocket router, so tests
/// can open realtime sockets beside their HTTP calls.
func withLiveAPI(
    socketAuthTimeout: Duration = .seconds(10), monitoring: Monitoring = Monitoring(),
    _ body: @Sendable (TestAPI) async throws -> Void
) async throws {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("kairos-live-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let clock = TestClock(wednesdayAfternoon)
    try await ServerTestStore.with(folder: folder) { store in
        let services = AppServices(
            store: store,
            attachmentFiles: try AttachmentFiles(folder: folder.appendingPathComponent("attachments").path),
            clock: clock.serverClock, bcryptCost: 4, defaultTimeZone: "Europe/Paris",
            socketAuthTimeout: socketAuthTimeout)
        let app = Application(
            router: buildRouter(services, monitoring: monitoring),
            server: .http1WebSocketUpgrade(webSocketRouter: buildWebSocketRouter(services)),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            try await body(TestAPI(client: client, clock: clock, store: store, dataFolder: folder))
        }
    }
}

/// Ada, Bob and Carol signed up on a fresh live server.
func withLiveAdaBobAndCarol(
    _ body: @Sendable (_ ada: TestAPI, _ bob: TestAPI, _ carol: TestAPI) async throws -> Void
) async throws {
    try await withLiveAPI { api in
        let ada = try await api.signUp("ada@example.com", name: "Ada Lovelace")
        let bob = try await api.signUp("bob@example.com", name: "Bob")
        let carol = try await api.signUp("carol@example.com", name: "Carol")
        try await body(ada, bob, carol)
    }
}

/// A realtime socket as a test drives it: frames to send, and the frames received so far.
struct TestSocket: Sendable {
    private let inbox = Inbox()
    private let outgoing: AsyncStream<String>.Continuation
    private let connection: Task<Void, any Error>

    /// Opens `/api/v1/ws` on the live server behind `api`; nothing is sent yet.
    init(_ api: TestAPI) {
        let (stream, outgoing) = AsyncStream.makeStream(of: String.self)
        self.outgoing = outgoing
        let inbox = self.inbox
        let client = api.client
        connection = Task {
            defer { Task { await inbox.close() } }
            try await client.ws("/api/v1/ws") { inbound, outbound, _ in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await text in stream { try await outbound.write(.text(text)) }
                        try await outbound.close(.normalClosure, reason: nil)
                    }
                    for try await message in inbound.messages(maxSize: 1 << 20) {
                        if case .text(let text) = message { await inbox.append(text) }
                    }
                    group.cancelAll()
                }
            }
        }
    }

    /// Opens a socket and signs in as `api`'s user, after `after` if given; returns it once `ready` came.
    static func signedIn(_ api: TestAPI, after: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> (socket: TestSocket, readySeq: Int)
    {
        let socket = TestSocket(api)
        socket.send(.auth(token: try #require(api.token), after: after))
        let first = try await socket.next(sourceLocation: sourceLocation)
        guard case .ready(let seq) = first else {
            Issue.record("expected ready, got \(String(describing: first))", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        return (socket, seq)
    }

    func send(_ frame: ClientFrame) {
        send(text: String(decoding: try! JSONEncoder().encode(frame), as: UTF8.self))
    }

    func send(text: String) {
        outgoing.yield(text)
    }

    /// The next frame, or nil once the socket has closed with nothing left to read.
    func next(timeout: Duration = .seconds(15), sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> ServerFrame?
    {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            switch await inbox.take() {
            case .frame(let text):
                return try APICoding.makeDecoder().decode(ServerFrame.self, from: Data(text.utf8))
            case .closed:
                return nil
            case .empty:
                try await Task.sleep(for: .milliseconds(5))
            }
        }
        Issue.record("no frame within \(timeout)", sourceLocation: sourceLocation)
        return nil
    }

    /// The next frame, which must be an event; returns the event.
    func nextEvent(sourceLocation: SourceLocation = #_sourceLocation) async throws -> UserEvent {
        let frame = try await next(sourceLocation: sourceLocation)
        guard case .event(let event) = frame else {
            Issue.record("expected an event, got \(String(describing: frame))", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        return event
    }

    /// Waits `duration` and returns whatever arrived meanwhile (nothing, in a passing test).
    func framesArriving(within duration: Duration = .milliseconds(400)) async throws -> [String] {
        try await Task.sleep(for: duration)
        return await inbox.drain()
    }

    /// Whether the server has closed the socket (waiting up to `timeout` for it).
    func isClosed(within timeout: Duration = .seconds(5)) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if await inbox.isClosed { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    func close() async {
        outgoing.finish()
        _ = await connection.result
    }

    private actor Inbox {
        enum Item { case frame(String), closed, empty }
        private var frames: [String] = []
        private(set) var isClosed = false

        func append(_ text: String) { frames.append(text) }
        func close() { isClosed = true }

        func take() -> Item {
            if !frames.isEmpty { return .frame(frames.removeFirst()) }
            return isClosed ? .closed : .empty
        }

        func drain() -> [String] {
            defer { frames.removeAll() }
            return frames
        }
    }
}
