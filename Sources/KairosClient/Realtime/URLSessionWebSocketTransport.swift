#if canImport(Darwin)
    import Foundation

    /// The event stream's socket on Apple platforms, through `URLSessionWebSocketTask`.
    struct URLSessionWebSocketTransport: WebSocketTransport {
        let session: URLSession

        func withSocket(_ url: URL, _ body: @escaping @Sendable (TextSocket) async throws -> Void) async throws {
            let task = session.webSocketTask(with: url)
            task.maximumMessageSize = RealtimeLimits.frameBytes
            task.resume()
            defer { task.cancel(with: .normalClosure, reason: nil) }
            let incoming = AsyncThrowingStream<String, any Error> {
                switch try await task.receive() {
                case .string(let text): return text
                case .data(let data): return String(decoding: data, as: UTF8.self)
                @unknown default: return ""
                }
            }
            try await body(TextSocket(incoming: incoming, send: { try await task.send(.string($0)) }))
        }
    }
#endif
