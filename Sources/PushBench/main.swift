import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

// The push service of scripts/bench-push: a local HTTP server that takes every Web Push request (answering
// 201 as a push service does) and notes when each arrived and its `Topic`, in Swift so that counting 100,000
// pushes takes little of the two cores the server also runs on. It prints its port on stdout; `GET /report`
// answers one `<topic> <arrival, Unix seconds> <content-encoding>` line per push.

/// Every push taken so far.
final class Arrivals: Sendable {
    private let lines = NIOLockedValueBox<[String]>([])

    func record(topic: String, encoding: String) {
        let line = "\(topic) \(String(format: "%.6f", Date().timeIntervalSince1970)) \(encoding)\n"
        lines.withLockedValue { $0.append(line) }
    }

    var report: String { lines.withLockedValue { $0.joined() } }
}

final class PushHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let arrivals: Arrivals
    private let head = NIOLockedValueBox<HTTPRequestHead?>(nil)

    init(arrivals: Arrivals) {
        self.arrivals = arrivals
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            head.withLockedValue { $0 = request }
        case .body:
            break
        case .end:
            guard let request = head.withLockedValue({ $0 }) else { return }
            var body = ""
            var status = HTTPResponseStatus.created
            if request.method == .GET, request.uri == "/report" {
                body = arrivals.report
                status = .ok
            } else {
                arrivals.record(
                    topic: request.headers.first(name: "Topic") ?? "-",
                    encoding: request.headers.first(name: "Content-Encoding") ?? "-")
            }
            var headers = HTTPHeaders([("Content-Length", "\(body.utf8.count)")])
            if !request.isKeepAlive { headers.add(name: "Connection", value: "close") }
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: status, headers: headers))), promise: nil)
            if !body.isEmpty {
                context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: body)))), promise: nil)
            }
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }
}

let arrivals = Arrivals()
let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
    .serverChannelOption(.backlog, value: 1024)
    .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
    .childChannelInitializer { channel in
        channel.pipeline.configureHTTPServerPipeline().flatMap {
            channel.pipeline.addHandler(PushHandler(arrivals: arrivals))
        }
    }
    .bind(host: "127.0.0.1", port: 0).get()
FileHandle.standardOutput.write(Data("\(channel.localAddress?.port ?? 0)\n".utf8))
try await channel.closeFuture.get()
