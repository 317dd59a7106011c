#if !canImport(Darwin) && canImport(HummingbirdWSClient)
    import Foundation
    import HummingbirdWSClient
    import Logging

    /// The event stream's socket on Linux, through the NIO WebSocket client of hummingbird-websocket.
    struct NIOWebSocketTransport: WebSocketTransport {
        private static let logger: Logger = {
            var logger = Logger(label: "kairos.client.websocket")
            logger.logLevel = .error
            return logger
        }()

        func withSocket(_ url: URL, _ body: @escaping @Sendable (TextSocket) async throws -> Void) async throws {
            try await WebSocketClient.connect(
                url: url.absoluteString, configuration: .init(maxFrameSize: RealtimeLimits.frameBytes),
                logger: Self.logger
            ) { inbound, outbound, _ in
                let (incoming, frames) = AsyncThrowingStream.makeStream(of: String.self)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        do {
                            for try await message in inbound.messages(maxSize: RealtimeLimits.frameBytes) {
                                if case .text(let text) = message { frames.yield(text) }
                            }
                            frames.finish()
                        } catch {
                            frames.finish(throwing: error)
                        }
                    }
                    try await body(TextSocket(incoming: incoming, send: { try await outbound.write(.text($0)) }))
                    group.cancelAll()
                }
            }
        }
    }
#endif
