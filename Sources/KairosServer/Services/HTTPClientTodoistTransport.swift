import AsyncHTTPClient
import Foundation
import KairosCore
import NIOCore
import NIOHTTP1
import ServiceLifecycle

/// Sends a `TodoistReader`'s requests with AsyncHTTPClient, each within `timeout`, reading at most `answerBytes`.
/// Its client is made at the first import, so a server that never imports (or an application built and never run)
/// holds none, and is closed when the server shuts down.
public final class HTTPClientTodoistTransport: TodoistTransport, Service, @unchecked Sendable {
    /// The largest answer read: a page of 200 tasks is far smaller, a whole account's Sync answer can be large.
    static let answerBytes = 64 << 20

    let timeout: Duration
    private let lock = NSLock()
    private var client: HTTPClient?
    private var closed = false

    public init(timeout: Duration = .seconds(30)) {
        self.timeout = timeout
    }

    public func send(_ request: TodoistRequest) async throws -> TodoistResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = request.method == .post ? .POST : .GET
        for (name, value) in request.headers {
            outgoing.headers.add(name: name, value: value)
        }
        if let body = request.body {
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        let response = try await openClient().execute(outgoing, timeout: TimeAmount(timeout))
        let body = try await response.body.collect(upTo: Self.answerBytes)
        return TodoistResponse(status: Int(response.status.code), body: Data(body.readableBytesView))
    }

    /// Returns once shutdown begins (or the task is cancelled), then closes the client if one was made.
    public func run() async throws {
        try? await gracefulShutdown()
        let open = lock.withLock {
            closed = true
            return client
        }
        try await open?.shutdown()
    }

    private func openClient() throws -> HTTPClient {
        try lock.withLock {
            guard !closed else { throw HTTPClientError.alreadyShutdown }
            if let client { return client }
            let made = HTTPClient.forTodoist()
            client = made
            return made
        }
    }
}

extension HTTPClient {
    /// A client for Todoist: it never follows a redirect (which would carry the person's token to wherever it
    /// points) and gives up connecting after five seconds. Shut it down when done.
    static func forTodoist() -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.timeout.connect = .seconds(5)
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }
}
