import Foundation
import KairosCore
import KairosPostgresTesting
import Logging
import PostgresNIO
import Testing

@testable import KairosPostgres

/// The PostgreSQL schema's migrations: applied once, safe to race, and never run on a newer database.
@Suite("PostgreSQL migrations", .enabled(if: StoreBackend.all.contains(.postgres)))
struct PostgresMigrationTests {
    let now = Date(timeIntervalSince1970: 1_772_634_600)

    @Test("A new database is migrated to the latest version, recorded once; migrating again changes nothing")
    func migratesOnce() async throws {
        try await PostgresTestServer.withEmptyDatabase { configuration in
            let store = PostgresStore(configuration: configuration, logger: PostgresTestServer.logger)
            try await store.withRunning {
                #expect(try await store.appliedMigrations().isEmpty)
                try await store.migrate()
                let latest = PostgresMigrations.all.map(\.version)
                #expect(try await store.appliedMigrations() == latest)
                try await store.migrate()
                #expect(try await store.appliedMigrations() == latest)
                let ada = try await store.createUser(
                    email: "ada@example.com", name: "Ada", passwordHash: "x", timezone: "UTC", now: now)
                #expect(try await store.user(id: ada.id) == ada)
            }
        }
    }

    @Test("Two processes starting together on one database: one migrates, the other waits and finds it done")
    func concurrentMigrations() async throws {
        try await PostgresTestServer.withEmptyDatabase { configuration in
            let first = PostgresStore(configuration: configuration, logger: PostgresTestServer.logger)
            let second = PostgresStore(configuration: configuration, logger: PostgresTestServer.logger)
            try await first.withRunning {
                try await second.withRunning {
                    async let one: Void = first.migrate()
                    async let two: Void = second.migrate()
                    _ = try await (one, two)
                    #expect(try await first.appliedMigrations() == PostgresMigrations.all.map(\.version))
                }
            }
        }
    }

    @Test("A database migrated by a newer Kairos is refused, and left as it is")
    func refusesNewerDatabase() async throws {
        try await PostgresTestServer.withFreshDatabase { store in
            try await store.write { write in
                try await write.query(
                    "INSERT INTO kairos_migrations (version, name, applied_at) VALUES (999, 'from-the-future', 0)")
            }
            await #expect(throws: NewerPostgresSchemaError.self) { try await store.migrate() }
            #expect(try await store.appliedMigrations() == PostgresMigrations.all.map(\.version) + [999])
        }
    }

    @Test("Ids are never handed out twice, even after the newest row is deleted")
    func idsNeverReused() async throws {
        try await PostgresTestServer.withFreshDatabase { store in
            let ada = try await store.createUser(
                email: "ada@example.com", name: "Ada", passwordHash: "x", timezone: "UTC", now: now)
            let adaID = try #require(Int64(ada.id))
            try await store.write { write in try await write.query("DELETE FROM users WHERE id = \(adaID)") }
            let grace = try await store.createUser(
                email: "grace@example.com", name: "Grace", passwordHash: "x", timezone: "UTC", now: now)
            #expect(try #require(Int64(grace.id)) > adaID)
        }
    }
}
