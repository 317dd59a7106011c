import Foundation

extension KairosClient {
    /// Your events as they happen, over the realtime socket (`/api/v1/ws`), oldest first.
    ///
    /// With `after`, the stream first replays the events that followed that seq; without it, it starts
    /// with the next new event. A dropped connection is reopened from the last event handed on, so no event
    /// is lost or repeated. The stream ends with an error when the token is refused or when the first
    /// connection cannot be made; cancel the task iterating it (or stop iterating) to close the socket.
    public func eventStream(
        after seq: Int? = nil, options: EventStreamOptions = EventStreamOptions()
    ) -> AsyncThrowingStream<UserEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: UserEvent.self)
        guard let token else {
            continuation.finish(throwing: KairosClientError.transport("Sign in first: the event stream needs a token."))
            return stream
        }
        let follower = EventFollower(
            url: socketURL, token: token, after: seq, transport: webSocketTransport, options: options,
            deliver: { continuation.yield($0) })
        let task = Task {
            do {
                try await follower.run()
                continuation.finish()
            } catch is CancellationError {
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// `ws://HOST/api/v1/ws` for an `http` server, `wss://` for `https`.
    var socketURL: URL {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) ?? URLComponents()
        components.scheme = components.scheme == "https" ? "wss" : "ws"
        var root = components.percentEncodedPath
        while root.hasSuffix("/") { root.removeLast() }
        components.percentEncodedPath = root + "/api/v1/ws"
        components.percentEncodedQuery = nil
        return components.url ?? baseURL
    }
}
