import AsyncHTTPClient
import ServiceLifecycle

/// Keeps an HTTP client (the language model's, Todoist's) open while the server runs; closes it at shutdown.
struct HTTPClientService: Service {
    let client: HTTPClient

    func run() async throws {
        // Returns once shutdown begins (or the task is cancelled); either way the connections close.
        try? await gracefulShutdown()
        try await client.shutdown()
    }
}
