import AsyncHTTPClient
import Foundation
import ServiceLifecycle

/// An HTTP client for calls to another service, made at the first call (so a server that never makes one,
/// or an application built and never run, holds none) and closed when the server shuts down. It never
/// follows a redirect, which would carry credentials to wherever it points, and gives up connecting after
/// five seconds.
final class LazyHTTPClient: Service, @unchecked Sendable {
    private let lock = NSLock()
    private var client: HTTPClient?
    private var closed = false

    /// The client, made now if this is the first call; fails once the server is shutting down.
    func open() throws -> HTTPClient {
        try lock.withLock {
            guard !closed else { throw HTTPClientError.alreadyShutdown }
            if let client { return client }
            var configuration = HTTPClient.Configuration()
            configuration.redirectConfiguration = .disallow
            configuration.timeout.connect = .seconds(5)
            let made = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            client = made
            return made
        }
    }

    /// Returns once shutdown begins (or the task is cancelled), then closes the client if one was made.
    func run() async throws {
        try? await gracefulShutdown()
        let open = lock.withLock {
            closed = true
            return client
        }
        try await open?.shutdown()
    }
}
