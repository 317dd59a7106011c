import Foundation

/// A text WebSocket as the live event stream needs it, so the rest of the SDK does not care which library
/// carries it: URLSession on Apple platforms, the NIO WebSocket client on Linux (where URLSession has none).
protocol WebSocketTransport: Sendable {
    /// Connects to `url` and runs `session` on the open socket; the socket is closed once `session` returns.
    /// Throws when the connection cannot be made or breaks.
    func withSocket(_ url: URL, _ session: @escaping @Sendable (TextSocket) async throws -> Void) async throws
}

/// One open WebSocket: the server's text frames as they arrive, and a way to send one.
struct TextSocket: Sendable {
    /// The server's text frames; finishes when the socket closes.
    let incoming: AsyncThrowingStream<String, any Error>
    /// Sends one text frame.
    let send: @Sendable (String) async throws -> Void
}

extension KairosClient {
    /// The platform's WebSocket library.
    var webSocketTransport: any WebSocketTransport {
        #if canImport(Darwin)
            URLSessionWebSocketTransport(session: session)
        #else
            NIOWebSocketTransport()
        #endif
    }
}

/// Sizes the client accepts on the realtime socket.
enum RealtimeLimits {
    /// The largest frame from the server: one event carries at most one message of 10,000 characters and
    /// its attachment list, far below this.
    static let frameBytes = 1 << 20
}
