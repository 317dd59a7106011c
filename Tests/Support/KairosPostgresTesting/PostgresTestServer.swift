import Foundation
import KairosPostgres
import Logging
import PostgresNIO

/// The PostgreSQL server the tests use, and a fresh database per test cloned from a migrated template.
public enum PostgresTestServer {
    /// The server's URL from `KAIROS_TEST_POSTGRES`, if set.
    public static let url: String? = ProcessInfo.processInfo.environment["KAIROS_TEST_POSTGRES"].flatMap {
        $0.isEmpty ? nil : $0
    }

    /// Migrated once per test run, then copied for each test: copying is much faster than migrating.
    public static let templateName = "kairos_template"

    /// Errors only: postgres-nio warns when a query waits for a pool that is still starting, which every
    /// test's first query may do.
    public static let logger = {
        var logger = Logger(label: "kairos.tests.postgres")
        logger.logLevel = .error
        return logger
    }()

    /// The template, built on first use and shared by every test of the run.
    private static let template = Task { try await buildTemplate() }

    /// The server's own database, where databases are created and dropped.
    public static func serverConfiguration() throws -> PostgresClient.Configuration {
        guard let url else {
            throw PostgresTestSetupError(
                "KAIROS_TEST_POSTGRES is not set, and CI must test PostgreSQL too. Start a server with "
                    + "scripts/postgres-test-server start and export its URL as KAIROS_TEST_POSTGRES.")
        }
        return try PostgresURL.configuration(url)
    }

    /// Runs `body` with a migrated store on a new database of its own, dropped afterwards.
    public static func withFreshDatabase(_ body: (PostgresStore) async throws -> Void) async throws {
        try await withFreshDatabase(processes: 1) { stores in try await body(stores[0]) }
    }

    /// Runs `body` with `processes` stores on one new migrated database, as that many server processes
    /// would have; dropped afterwards.
    public static func withFreshDatabase(processes: Int, _ body: ([PostgresStore]) async throws -> Void) async throws {
        try await template.value
        try await databases.whileHeld {
            let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            try await administer("CREATE DATABASE \(name) TEMPLATE \(templateName)")
            // Dropping is tidying up, not part of the test: one left behind goes with the server.
            defer { Task { try? await administer("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") } }
            try await withStores(processes, named: name, [], body)
        }
    }

    /// Test databases in use at once. Each test's stores keep a few connections (a pool each, with the event
    /// relay's), and a server takes 200: tests beyond this wait their turn rather than find it full, where a
    /// pool would retry for ever.
    private static let databases = TestSlots(10)

    /// Runs `body` with a store on a new, empty database (not migrated), dropped afterwards.
    public static func withEmptyDatabase(
        _ body: (_ configuration: PostgresClient.Configuration) async throws -> Void
    )
        async throws
    {
        try await databases.whileHeld {
            let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            try await administer("CREATE DATABASE \(name)")
            var configuration = try serverConfiguration()
            configuration.database = name
            do {
                try await body(configuration)
            } catch {
                try? await administer("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
                throw error
            }
            try await administer("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
        }
    }

    private static func withStores(
        _ count: Int, named name: String, _ running: [PostgresStore], _ body: ([PostgresStore]) async throws -> Void
    ) async throws {
        guard running.count < count else { return try await body(running) }
        var configuration = try serverConfiguration()
        configuration.database = name
        let store = PostgresStore(configuration: configuration, logger: logger)
        try await store.withRunning {
            await store.untilRelayingEvents()
            try await withStores(count, named: name, running + [store], body)
        }
    }

    private static func buildTemplate() async throws {
        try await administer("DROP DATABASE IF EXISTS \(templateName) WITH (FORCE)")
        try await administer("CREATE DATABASE \(templateName)")
        var configuration = try serverConfiguration()
        configuration.database = templateName
        let store = PostgresStore(configuration: configuration, logger: logger)
        try await store.withRunning { try await store.migrate() }
        // A database being copied may have no one connected: close what the pool may have left behind.
        try await administer(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(templateName)'")
    }

    /// Runs one statement on the server's own database. Database names cannot be bound as values; the
    /// names here are made by these tests, never taken from input.
    public static func administer(_ sql: String) async throws {
        let client = PostgresClient(configuration: try serverConfiguration(), backgroundLogger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            try await client.query(PostgresQuery(unsafeSQL: sql), logger: logger)
        }
    }
}

/// The test setup is missing something; the message says what to do.
public struct PostgresTestSetupError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// At most a number of holders at once; the others wait in turn.
public actor TestSlots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init(_ count: Int) {
        free = count
    }

    /// Runs `body` while holding a slot.
    public nonisolated func whileHeld<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        await take()
        do {
            let result = try await body()
            await give()
            return result
        } catch {
            await give()
            throw error
        }
    }

    private func take() async {
        guard free == 0 else {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func give() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
