import NIOCore
import NIOHTTP1
import NIOPosix

/// Keep-alive HTTP/1.1 connections that post messages, each with one request in flight; a post that finds
/// every connection busy waits its turn. Everything but `connect` runs on `loop`, so nothing needs a lock.
final class MessagePoster: @unchecked Sendable {
    struct Post {
        let index: Int
        let conversationID: String
        let token: String
        let body: String
    }

    let loop: any EventLoop
    private let port: Int
    private var idle: [any Channel] = []
    private var inFlight: [ObjectIdentifier: Int] = [:]
    private var backlog: [Post] = []
    private var backlogHead = 0
    /// Called on `loop` with the post's index and the answer's status.
    var onAnswer: (_ index: Int, _ status: Int, _ channel: any Channel) -> Void = { _, _, _ in }

    private init(loop: any EventLoop, port: Int) {
        self.loop = loop
        self.port = port
    }

    static func connect(port: Int, connections: Int) async throws -> MessagePoster {
        let poster = MessagePoster(loop: MultiThreadedEventLoopGroup.singleton.next(), port: port)
        for _ in 0..<connections {
            let channel = try await ClientBootstrap(group: poster.loop)
                .channelOption(.socketOption(.tcp_nodelay), value: 1)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        try channel.pipeline.syncOperations.addHandler(AnswerReader(poster: poster))
                    }
                }
                .connect(host: "127.0.0.1", port: port).get()
            try await poster.loop.submit { poster.idle.append(channel) }.get()
        }
        return poster
    }

    /// Sends the post now if a connection is free, else once one is. Call on `loop`.
    func post(_ post: Post) {
        if let channel = idle.popLast() {
            send(post, on: channel)
        } else {
            backlog.append(post)
        }
    }

    /// Sends the next waiting post on `channel`, or returns it to the idle ones. Call on `loop`.
    func release(_ channel: any Channel) {
        if backlogHead < backlog.count {
            let next = backlog[backlogHead]
            backlogHead += 1
            send(next, on: channel)
        } else {
            idle.append(channel)
        }
    }

    fileprivate func answered(on channel: any Channel, status: Int) {
        guard let index = inFlight.removeValue(forKey: ObjectIdentifier(channel)) else { return }
        onAnswer(index, status, channel)
    }

    private func send(_ post: Post, on channel: any Channel) {
        inFlight[ObjectIdentifier(channel)] = post.index
        var head = HTTPRequestHead(
            version: .http1_1, method: .POST, uri: "/api/v1/conversations/\(post.conversationID)/messages")
        head.headers.add(name: "Host", value: "127.0.0.1:\(port)")
        head.headers.add(name: "Authorization", value: "Bearer \(post.token)")
        head.headers.add(name: "Content-Type", value: "application/json")
        head.headers.add(name: "Content-Length", value: String(post.body.utf8.count))
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        channel.write(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(string: post.body))), promise: nil)
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
    }
}

/// Hands each complete answer's status to the poster.
private final class AnswerReader: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    private let poster: MessagePoster
    private var status = 0

    init(poster: MessagePoster) {
        self.poster = poster
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): status = Int(head.status.code)
        case .body: break
        case .end: poster.answered(on: context.channel, status: status)
        }
    }
}
