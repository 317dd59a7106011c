import Foundation
import KairosAI
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import KairosCore

/// A vendor's API on 127.0.0.1 that answers each request with the next scripted reply, written byte for byte
/// (status line, headers, chunk frames), with pauses between writes and, when scripted, a dropped connection.
///
/// A request beyond the script is answered 500 and recorded, so a test that counts requests sees it.
final class FakeVendorServer: Sendable {
    /// One step of a reply.
    enum Step: Sendable {
        /// Writes these bytes and flushes them (one TCP write).
        case send(String)
        /// Waits before the next step.
        case pause(Duration)
        /// Closes the connection here, whatever is left unsaid.
        case drop
    }

    /// A whole reply to one request.
    struct Reply: Sendable {
        var steps: [Step]
    }

    /// A request as the fake received it.
    struct Received: Sendable {
        var method: HTTPMethod
        var uri: String
        var headers: HTTPHeaders
        var body: Data

        var json: JSONValue? { try? JSONValue(parsing: body) }
    }

    private let channel: any Channel
    private let state: NIOLockedValueBox<(replies: [Reply], received: [Received])>

    /// `http://127.0.0.1:PORT`.
    let baseURL: String

    private init(channel: any Channel, state: NIOLockedValueBox<(replies: [Reply], received: [Received])>) {
        self.channel = channel
        self.state = state
        baseURL = "http://127.0.0.1:\(channel.localAddress!.port!)"
    }

    /// Every request received so far, in order.
    var requests: [Received] { state.withLockedValue { $0.received } }

    /// Starts a fake that will answer `replies` in order.
    static func start(_ replies: [Reply]) async throws -> FakeVendorServer {
        let state = NIOLockedValueBox<(replies: [Reply], received: [Received])>((replies, []))
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes)))
                    try channel.pipeline.syncOperations.addHandler(ScriptedReplyHandler(state: state))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return FakeVendorServer(channel: channel, state: state)
    }

    /// Runs `body` against a fake answering `replies`, then stops it.
    static func with<T>(
        _ replies: [Reply], _ body: (FakeVendorServer) async throws -> T
    ) async throws -> T {
        let server = try await start(replies)
        do {
            let result = try await body(server)
            try await server.channel.close().get()
            return result
        } catch {
            try? await server.channel.close().get()
            throw error
        }
    }
}

/// Records each request and plays the next reply's steps on its connection.
private final class ScriptedReplyHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart

    private let state: NIOLockedValueBox<(replies: [FakeVendorServer.Reply], received: [FakeVendorServer.Received])>
    private var head: HTTPRequestHead?
    private var body = Data()

    init(state: NIOLockedValueBox<(replies: [FakeVendorServer.Reply], received: [FakeVendorServer.Received])>) {
        self.state = state
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body = Data()
        case .body(let buffer):
            body.append(contentsOf: buffer.readableBytesView)
        case .end:
            guard let head else { return }
            let request = FakeVendorServer.Received(
                method: head.method, uri: head.uri, headers: head.headers, body: body)
            let reply = state.withLockedValue { state -> FakeVendorServer.Reply in
                state.received.append(request)
                return state.replies.isEmpty
                    ? .json(status: 500, #"{"error": {"message": "the fake vendor did not expect this request"}}"#)
                    : state.replies.removeFirst()
            }
            let channel = context.channel
            Task {
                for step in reply.steps {
                    switch step {
                    case .send(let text):
                        try? await channel.writeAndFlush(ByteBuffer(string: text)).get()
                    case .pause(let duration):
                        try? await Task.sleep(for: duration)
                    case .drop:
                        try? await channel.close().get()
                        return
                    }
                }
                try? await channel.close().get()
            }
        }
    }
}

extension FakeVendorServer.Reply {
    /// A complete answer with a JSON body, as the vendors send it (Content-Length framing).
    static func json(
        status: Int = 200, _ body: String, headers: KeyValuePairs<String, String> = [:], after delay: Duration? = nil
    ) -> Self {
        var head = "HTTP/1.1 \(status) \(reason(status))\r\ncontent-type: application/json\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "content-length: \(body.utf8.count)\r\nconnection: close\r\n\r\n"
        var steps: [FakeVendorServer.Step] = []
        if let delay { steps.append(.pause(delay)) }
        steps.append(.send(head + body))
        return Self(steps: steps)
    }

    /// A `text/event-stream` answer in chunked encoding, each piece its own chunk and TCP write, a pause between.
    /// With `dropAfter`, the connection closes after that many pieces, without the closing chunk.
    static func eventStream(
        _ pieces: [String], pause: Duration = .milliseconds(15), dropAfter: Int? = nil
    ) -> Self {
        var steps: [FakeVendorServer.Step] = [
            .send(
                "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream; charset=utf-8\r\ncache-control: no-cache\r\n"
                    + "transfer-encoding: chunked\r\nconnection: close\r\n\r\n")
        ]
        for (index, piece) in pieces.enumerated() {
            if let dropAfter, index == dropAfter {
                steps.append(.drop)
                return Self(steps: steps)
            }
            steps.append(.send(String(piece.utf8.count, radix: 16) + "\r\n" + piece + "\r\n"))
            steps.append(.pause(pause))
        }
        if dropAfter != nil {
            steps.append(.drop)
        } else {
            steps.append(.send("0\r\n\r\n"))
        }
        return Self(steps: steps)
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

extension String {
    /// The text cut into pieces at the given offsets (in UTF-8 bytes), for splitting a stream across writes.
    func pieces(cutAt offsets: [Int]) -> [String] {
        let bytes = Array(utf8)
        var result: [String] = []
        var start = 0
        for offset in offsets + [bytes.count] where offset > start {
            result.append(String(decoding: bytes[start..<min(offset, bytes.count)], as: UTF8.self))
            start = min(offset, bytes.count)
        }
        return result
    }
}
