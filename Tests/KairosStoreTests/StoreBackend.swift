import Foundation
import KairosCore
import KairosPostgresTesting
import Logging
import Testing

@testable import KairosPostgres
@testable import KairosStore

/// What both backends implement: all of it.
typealias SharedStore = DataStore

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
