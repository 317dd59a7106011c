import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// One signed-in realtime socket per member. Each `message.created` of the run that reaches a member other
/// than its sender is timed from the moment its send was due.
///
/// The sockets are plain NIO channel handlers: a frame is read, searched and timed on the event loop that
/// received it, with no hop to a task, so the listeners take little of the cores the server runs on.
final class DeliveryListeners: Sendable {
    private struct State {
        var ready = 0
        /// Uptime nanoseconds at which the first send is due.
        var start: UInt64 = 0
        var latenciesMs: [Double] = []
        var lastDelivery: UInt64 = 0
        var refusal: String?
    }

    /// The open sockets; `close()` ends them.
    struct Listening {
        let channels: [any Channel]

        func close() {
            for channel in channels { channel.close(promise: nil) }
        }
    }

    private let state = NIOLockedValueBox(State())
    private let plan: SendPlan
    private let createdMarker = Array("\"kind\":\"message.created\"".utf8)
    private let clientIDMarker: [UInt8]

    init(plan: SendPlan) {
        self.plan = plan
        clientIDMarker = Array("\"client_id\":\"\(plan.tag)-".utf8)
    }

    /// Sets when the schedule starts; call before the first send.
    func begin(at start: UInt64) {
        state.withLockedValue { $0.start = start }
    }

    var deliveredCount: Int { state.withLockedValue { $0.latenciesMs.count } }
    var latenciesMs: [Double] { state.withLockedValue { $0.latenciesMs } }
    var lastDelivery: UInt64 { state.withLockedValue { $0.lastDelivery } }

    /// Connects every member, returning once all are signed in.
    func connect(port: Int, members: [Member]) async throws -> Listening {
        var channels: [any Channel] = []
        for member in members {
            channels.append(try await open(port: port, member: member))
        }
        let listening = Listening(channels: channels)
        let deadline = ContinuousClock.now + .seconds(30)
        while state.withLockedValue({ $0.ready }) < members.count {
            if let refusal = state.withLockedValue({ $0.refusal }) {
                listening.close()
                throw BenchError(refusal)
            }
            guard ContinuousClock.now < deadline else {
                listening.close()
                throw BenchError("sockets did not all become ready")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        return listening
    }

    private func open(port: Int, member: Member) async throws -> any Channel {
        try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                let request = UpgradeRequest(host: "127.0.0.1:\(port)")
                let upgrader = NIOWebSocketClientUpgrader(maxFrameSize: 1 << 20) { channel, _ in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(Listener(member: member, listeners: self))
                    }
                }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers(
                        withClientUpgrade: (
                            upgraders: [upgrader],
                            completionHandler: { context in context.pipeline.removeHandler(request, promise: nil) }
                        ))
                    try channel.pipeline.syncOperations.addHandler(request)
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
    }

    fileprivate func signedIn() {
        state.withLockedValue { $0.ready += 1 }
    }

    fileprivate func refused(_ reason: String) {
        state.withLockedValue { $0.refusal = $0.refusal ?? reason }
    }

    /// Times the frame if it is a `message.created` of this run sent by someone other than `member`.
    fileprivate func received(_ frame: ByteBuffer, by member: Member) {
        let now = NIODeadline.now().uptimeNanoseconds
        let index = frame.withUnsafeReadableBytes { bytes -> Int? in
            guard Self.find(createdMarker, in: bytes) != nil, let marker = Self.find(clientIDMarker, in: bytes)
            else { return nil }
            var index = 0
            var position = marker
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                index = index * 10 + Int(bytes[position] - UInt8(ascii: "0"))
                position += 1
            }
            return position > marker ? index : nil
        }
        guard let index, plan.sends.indices.contains(index), plan.sender(of: index) != member.id else { return }
        state.withLockedValue {
            let due = plan.due(index, start: $0.start)
            $0.latenciesMs.append(Double(Int64(now) - Int64(due)) / 1_000_000)
            $0.lastDelivery = now
        }
    }

    /// Where the bytes just after the first `needle` in `bytes` begin.
    private static func find(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var start = 0
        while start <= bytes.count - needle.count {
            if bytes[start] == first {
                var matched = 1
                while matched < needle.count && bytes[start + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return start + matched }
            }
            start += 1
        }
        return nil
    }
}

/// Asks for the upgrade to a WebSocket (the upgrader adds its headers to this request).
private final class UpgradeRequest: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    let host: String

    init(host: String) {
        self.host = host
    }

    func channelActive(context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: host)
        headers.add(name: "Content-Length", value: "0")
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: "/api/v1/ws", headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.fireChannelActive()
    }
}

/// Signs the socket in, then hands each text frame to the listeners.
private final class Listener: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let member: Member
    private let listeners: DeliveryListeners
    private var signedIn = false

    init(member: Member, listeners: DeliveryListeners) {
        self.member = member
        self.listeners = listeners
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let auth = context.channel.allocator.buffer(string: "{\"type\":\"auth\",\"token\":\"\(member.token)\"}")
        let frame = WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: auth)
        context.writeAndFlush(wrapOutboundOut(frame), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            let text = frame.unmaskedData
            if signedIn {
                listeners.received(text, by: member)
            } else if text.getString(at: text.readerIndex, length: text.readableBytes)?.contains("\"type\":\"ready\"")
                == true
            {
                signedIn = true
                listeners.signedIn()
            } else {
                listeners.refused("socket refused: \(String(buffer: text))")
            }
        case .ping:
            let pong = WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .connectionClose:
            if !signedIn { listeners.refused("socket closed before it was ready") }
            context.close(promise: nil)
        default:
            break
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !signedIn { listeners.refused("\(error)") }
        context.close(promise: nil)
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
