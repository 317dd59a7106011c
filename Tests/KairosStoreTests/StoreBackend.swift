import Foundation
import KairosCore
import Logging
import PostgresNIO
import Testing

@testable import KairosPostgres
@testable import KairosStore

/// The store protocols both backends implement so far. It grows as the PostgreSQL store is ported, until it
/// is `DataStore`.
typealias SharedStore = AccountStore & CredentialStore & ProjectStore & TaskStore & TaskActivityStore & TimeStore
    & PushSubscriptionStore & DeliveryStore & ReachSettingsStore & WebhookStore & StoreHealth & OIDCStore
    & AttachmentStore & AssistantStore & ReminderStore & NoteStore & BriefStore & DailyBriefStore
    & ConversationStore & EventFeedStore & SharingStore & InviteStore & NotificationStore & MessageTaskLinkStore
    & MentionDigestStore & SearchStore & CalendarStore & CalendarObjectStore & SyncStore

/// A backend the shared store suites run against, each test on a fresh, empty store of its own.
///
/// SQLite always runs. PostgreSQL runs when `KAIROS_TEST_POSTGRES` holds a server URL (start one with
/// `scripts/postgres-test-server start`); under CI (`CI` set) a missing URL fails the PostgreSQL cases
/// rather than skipping them.
enum StoreBackend: String, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    /// The backends to run here.
    static var all: [StoreBackend] {
        let environment = ProcessInfo.processInfo.environment
        let postgresWanted = PostgresTestServer.url != nil || environment["CI"].map { !$0.isEmpty } == true
        return postgresWanted ? [.sqlite, .postgres] : [.sqlite]
    }

    var testDescription: String {
        switch self {
        case .sqlite: "SQLite"
        case .postgres: "PostgreSQL"
        }
    }

    /// Runs `body` with a fresh store of this backend, removed afterwards.
    func withStore(_ body: (any SharedStore) async throws -> Void) async throws {
        switch self {
        case .sqlite:
            let temporary = try TemporaryStore()
            // The folder goes when `temporary` does: keep it until the test is done.
            defer { withExtendedLifetime(temporary) {} }
            try await body(temporary.store)
        case .postgres:
            try await PostgresTestServer.withFreshDatabase { store in try await body(store) }
        }
    }
}

/// The PostgreSQL server the tests use, and a fresh database per test cloned from a migrated template.
enum PostgresTestServer {
    /// The server's URL from `KAIROS_TEST_POSTGRES`, if set.
    static let url: String? = ProcessInfo.processInfo.environment["KAIROS_TEST_POSTGRES"].flatMap {
        $0.isEmpty ? nil : $0
    }

    /// Migrated once per test run, then copied for each test: copying is much faster than migrating.
    static let templateName = "kairos_template"

    /// Errors only: postgres-nio warns when a query waits for a pool that is still starting, which every
    /// test's first query may do.
    static let logger = {
        var logger = Logger(label: "kairos.tests.postgres")
        logger.logLevel = .error
        return logger
    }()

    /// The template, built on first use and shared by every test of the run.
    private static let template = Task { try await buildTemplate() }

    /// The server's own database, where databases are created and dropped.
    static func serverConfiguration() throws -> PostgresClient.Configuration {
        guard let url else {
            throw PostgresTestSetupError(
                "KAIROS_TEST_POSTGRES is not set, and CI must test PostgreSQL too. Start a server with "
                    + "scripts/postgres-test-server start and export its URL as KAIROS_TEST_POSTGRES.")
        }
        return try PostgresURL.configuration(url)
    }

    /// Runs `body` with a migrated store on a new database of its own, dropped afterwards.
    static func withFreshDatabase(_ body: (PostgresStore) async throws -> Void) async throws {
        try await withFreshDatabase(processes: 1) { stores in try await body(stores[0]) }
    }

    /// Runs `body` with `processes` stores on one new migrated database, as that many server processes
    /// would have; dropped afterwards.
    static func withFreshDatabase(processes: Int, _ body: ([PostgresStore]) async throws -> Void) async throws {
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
    static func withEmptyDatabase(
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
    static func administer(_ sql: String) async throws {
        let client = PostgresClient(configuration: try serverConfiguration(), backgroundLogger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            try await client.query(PostgresQuery(unsafeSQL: sql), logger: logger)
        }
    }
}

/// The test setup is missing something; the message says what to do.
struct PostgresTestSetupError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Applies a write plan in a write of its own, as the stores do inside theirs: for suites that need, say,
/// notifications, before the store that makes them is shared.
func apply(_ plan: WritePlan, to store: any SharedStore, now: Date) async throws {
    switch store {
    case let sqlite as SQLiteStore:
        try await sqlite.write { db in try SQLiteStore.apply(plan, db, now: now) }
    case let postgres as PostgresStore:
        try await postgres.write { write in try await PostgresStore.apply(plan, write, now: now) }
    default:
        Issue.record("No way to apply a plan to \(type(of: store))")
    }
}

/// At most a number of holders at once; the others wait in turn.
actor TestSlots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ count: Int) {
        free = count
    }

    /// Runs `body` while holding a slot.
    nonisolated func whileHeld<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
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
