import Foundation
import KairosPostgres
import KairosPostgresTesting
import KairosStore

/// The store the server suites run on: SQLite in the test's folder, or, when `KAIROS_TEST_SERVER_STORE` is
/// `postgres`, a fresh PostgreSQL database on the server `KAIROS_TEST_POSTGRES` names (see
/// `PostgresTestServer`). The same routes, services and expectations run on both.
enum ServerTestStore {
    static let isPostgres = ProcessInfo.processInfo.environment["KAIROS_TEST_SERVER_STORE"] == "postgres"

    /// Runs `body` with a new, empty store, removed afterwards.
    static func with(folder: URL, _ body: (any DataStore) async throws -> Void) async throws {
        if isPostgres {
            try await PostgresTestServer.withFreshDatabase { store in try await body(store) }
        } else {
            try await body(try SQLiteStore(path: folder.appendingPathComponent("kairos.sqlite").path))
        }
    }
}
