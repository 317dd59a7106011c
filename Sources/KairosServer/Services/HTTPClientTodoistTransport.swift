import AsyncHTTPClient
import Foundation
import KairosCore
import NIOCore
import NIOHTTP1

/// Sends a `TodoistReader`'s requests with AsyncHTTPClient, each within `timeout`, reading at most `answerBytes`.
public struct HTTPClientTodoistTransport: TodoistTransport {
    /// The largest answer read: a page of 200 tasks is far smaller, a whole account's Sync answer can be large.
    static let answerBytes = 64 << 20

    let client: HTTPClient
    let timeout: Duration

    public init(client: HTTPClient, timeout: Duration = .seconds(30)) {
        self.client = client
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
        let response = try await client.execute(outgoing, timeout: TimeAmount(timeout))
        let body = try await response.body.collect(upTo: Self.answerBytes)
        return TodoistResponse(status: Int(response.status.code), body: Data(body.readableBytesView))
    }
}

extension HTTPClient {
    /// A client for Todoist: it never follows a redirect (which would carry the person's token to wherever it
    /// points) and gives up connecting after five seconds. Shut it down when done.
    public static func forTodoist() -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.timeout.connect = .seconds(5)
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }
}
