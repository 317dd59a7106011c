import AsyncHTTPClient
import ServiceLifecycle

/// Keeps the language model's HTTP client open while the server runs; closes it at shutdown.
struct HTTPClientService: Service {
    let client: HTTPClient

    func run() async throws {
        // Returns once shutdown begins (or the task is cancelled); either way the connections close.
        try? await gracefulShutdown()
        try await client.shutdown()
    }
}
