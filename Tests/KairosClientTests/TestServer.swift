import Foundation
import KairosClient
import KairosServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a real Kairos server on a free loopback port for the length of `body`, with its own data folder.
func withServer(_ body: (_ server: URL) async throws -> Void) async throws {
    try await withRestartableServer { url, _ in try await body(url) }
}

/// Like `withServer`, and `restart` stops the server (closing every connection) and starts it again on the
/// same port and data, as a deploy or a crash would.
func withRestartableServer(
    _ body: (_ server: URL, _ restart: () async throws -> Void) async throws -> Void
) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kairos-client-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    // Port 0: the system picks a port no other test's server holds.
    var (server, port) = try await startServer(port: 0, directory: directory)
    let url = URL(string: "http://127.0.0.1:\(port)")!
    let outcome: Result<Void, any Error>
    do {
        try await body(url) {
            await stop(server)
            (server, port) = try await startServer(port: port, directory: directory)
        }
        outcome = .success(())
    } catch {
        outcome = .failure(error)
    }
    await stop(server)
    try outcome.get()
}

/// Starts a Kairos server on `port` (0 for any) over the data in `directory`, waits until it answers, and
/// returns it with the port it listens on.
private func startServer(port: Int, directory: URL) async throws -> (Task<Void, any Error>, Int) {
    let listening = ListeningPort()
    var configuration = ServerConfiguration(
        host: "127.0.0.1", port: port, dataDirectory: directory.path, bcryptCost: 4, defaultTimeZone: "UTC",
        logLevel: .critical)
    configuration.onListening = { listening.port = $0 }
    let app = try await buildApplication(configuration)
    let server = Task { try await app.runService(gracefulShutdownSignals: []) }
    do {
        for _ in 0..<250 where listening.port == nil {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        guard let bound = listening.port else {
            throw KairosClientError.transport("The test server did not start listening on port \(port).")
        }
        try await waitUntilHealthy(URL(string: "http://127.0.0.1:\(bound)")!)
        return (server, bound)
    } catch {
        await stop(server)
        throw error
    }
}

/// The port a test server reports once it listens.
private final class ListeningPort: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Int?

    var port: Int? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

private func stop(_ server: Task<Void, any Error>) async {
    server.cancel()
    _ = await server.result
}

/// Runs `body` with a client signed in as a freshly signed-up user of a new server.
func withSignedInClient(_ body: (_ client: KairosClient) async throws -> Void) async throws {
    try await withServer { url in
        var client = KairosClient(baseURL: url)
        let auth = try await client.signUp(
            email: "ada@example.com", password: "correct horse", name: "Ada", timezone: "UTC")
        client.token = auth.token
        try await body(client)
    }
}

/// Polls `GET /health` until the server answers, for at most about five seconds.
private func waitUntilHealthy(_ server: URL) async throws {
    let health = server.appendingPathComponent("health")
    for _ in 0..<250 {
        if let (_, response) = try? await URLSession.shared.data(from: health),
            (response as? HTTPURLResponse)?.statusCode == 200
        {
            return
        }
        try await Task.sleep(nanoseconds: 20_000_000)
    }
    throw KairosClientError.transport("The test server at \(server) never became healthy.")
}

/// Asks the kernel for a free TCP port on 127.0.0.1 by binding port 0, then releases it.
func freeLoopbackPort() throws -> Int {
    #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw POSIXError(.EMFILE) }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
            bind(fd, raw, length) == 0 && getsockname(fd, raw, &length) == 0
        }
    }
    guard bound else { throw POSIXError(.EADDRINUSE) }
    return Int(UInt16(bigEndian: address.sin_port))
}
