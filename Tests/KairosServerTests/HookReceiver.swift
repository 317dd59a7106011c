import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOPosix
import Testing

/// A receiver of hooks on a real local port: it keeps every request it gets and answers each with the status
/// and headers it was told.
actor HookReceiver {
    /// One request as it arrived.
    struct Received: Sendable {
        let method: HTTPRequest.Method
        let path: String
        let headers: HTTPFields
        let body: Data

        /// The body as a loosely typed JSON object.
        var object: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }

        func header(_ name: String) -> String? { HTTPField.Name(name).flatMap { headers[$0] } }
    }

    private(set) var received: [Received] = []
    private var status: HTTPResponse.Status
    private var answerHeaders: HTTPFields
    private var delay: Duration = .zero

    init(status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) {
        self.status = status
        self.answerHeaders = headers
    }

    /// Answers the next requests with `status` and `headers`, each `delay` after it came.
    func answer(_ status: HTTPResponse.Status, headers: HTTPFields = [:], after delay: Duration = .zero) {
        self.status = status
        self.answerHeaders = headers
        self.delay = delay
    }

    fileprivate func record(_ request: Received) -> (Response, Duration) {
        received.append(request)
        return (Response(status: status, headers: answerHeaders), delay)
    }

    /// Runs `body` with a receiver listening on 127.0.0.1 and its address (`http://127.0.0.1:PORT`).
    static func listening(
        _ body: @Sendable (_ address: String, _ receiver: HookReceiver) async throws -> Void
    ) async throws {
        let receiver = HookReceiver()
        let router = Router()
        let handler: @Sendable (Request, BasicRequestContext) async throws -> Response = { request, _ in
            let bytes = try await request.body.collect(upTo: 1 << 20)
            let (response, delay) = await receiver.record(
                Received(
                    method: request.method, path: request.uri.path, headers: request.headers,
                    body: Data(buffer: bytes)))
            try await Task.sleep(for: delay)
            return response
        }
        router.post("/", use: handler)
        router.post("**", use: handler)
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            try await body("http://127.0.0.1:\(try #require(client.port))", receiver)
        }
    }

    /// A port on 127.0.0.1 that was free a moment ago and has no listener now.
    static func freePort() async throws -> Int {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(channel.localAddress?.port)
        try await channel.close()
        return port
    }
}
