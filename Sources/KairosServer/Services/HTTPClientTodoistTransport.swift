import AsyncHTTPClient
import Foundation
import KairosCore
import NIOCore
import NIOHTTP1
import ServiceLifecycle

/// Sends a `TodoistReader`'s requests with AsyncHTTPClient, each within `timeout`, reading at most `answerBytes`.
/// Its client is made at the first import, so a server that never imports (or an application built and never run)
/// holds none, and is closed when the server shuts down.
public final class HTTPClientTodoistTransport: TodoistTransport, Service {
    /// The largest answer read: a page of 200 tasks is far smaller, a whole account's Sync answer can be large.
    static let answerBytes = 64 << 20

    let timeout: Duration
    private let client = LazyHTTPClient()

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
        let response = try await client.open().execute(outgoing, timeout: TimeAmount(timeout))
        let body = try await response.body.collect(upTo: Self.answerBytes)
        return TodoistResponse(status: Int(response.status.code), body: Data(body.readableBytesView))
    }

    public func run() async throws {
        try await client.run()
    }
}

