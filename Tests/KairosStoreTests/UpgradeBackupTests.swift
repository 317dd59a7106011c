import Foundation
import GRDB
import KairosCore
import Testing

@testable import KairosStore

@Suite("Upgrades: a copy before migrating, and no database from a newer Kairos")
struct UpgradeBackupTests {
    private let now = Date(timeIntervalSince1970: 1_795_838_400)  // 2026-11-28T04:00:00Z

    /// A temp folder for one test, removed afterwards.
    private func withFolder(_ body: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kairos-upgrade-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder)
    }

    /// A database left one migration behind this version, holding Ada.
    private func databaseOneMigrationBehind(at path: String) throws -> String {
        let migrations = SchemaMigrations.migrator.migrations
        let older = migrations[migrations.count - 2]
        let queue = try DatabaseQueue(path: path)
        try SchemaMigrations.migrator.migrate(queue, upTo: older)
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO users (id, email, name, password_hash, timezone, created_at)
                        VALUES (1, 'ada@example.com', 'Ada', 'x', 'UTC', 0)
                    """)
        }
        try queue.close()
        return older
    }

    @Test("An existing database with migrations to apply is copied first, as it was, named after the newest")
    func backupBeforeMigrating() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("kairos.sqlite").path
            let older = try databaseOneMigrationBehind(at: path)
            let backups = folder.appendingPathComponent("backups").path
            let store = try SQLiteStore(path: path, upgradeBackupFolder: backups, now: now)
            let newest = try #require(SQLiteStore.knownMigrations.last)
            let copy = try #require(store.upgradeBackupPath)
            #expect(copy == backups + "/before-\(newest)-2026-11-28T040000Z.sqlite")
            #expect(try SQLiteStore.appliedMigrations(inDatabaseAt: copy).last == older)
            #expect(try SQLiteStore.integrityCheck(ofDatabaseAt: copy) == ["ok"])
            let ada = try await DatabaseQueue(path: copy).read { db in
                try String.fetchOne(db, sql: "SELECT email FROM users WHERE id = 1")
            }
            #expect(ada == "ada@example.com")
            #expect(try store.appliedMigrations().last == newest)
        }
    }

    @Test("A new database, and one already up to date, take no backup")
    func noBackupWithoutUpgrade() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("kairos.sqlite").path
            let backups = folder.appendingPathComponent("backups").path
            let fresh = try SQLiteStore(path: path, upgradeBackupFolder: backups, now: now)
            #expect(fresh.upgradeBackupPath == nil)
            let reopened = try SQLiteStore(path: path, upgradeBackupFolder: backups, now: now)
            #expect(reopened.upgradeBackupPath == nil)
            #expect(!FileManager.default.fileExists(atPath: backups))
        }
    }

    @Test("A database with a migration this version does not know is refused, named, and left as it was")
    func newerDatabaseRefused() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("kairos.sqlite").path
            _ = try databaseOneMigrationBehind(at: path)
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v999-from-the-future')")
            }
            try queue.close()
            let before = try SQLiteStore.appliedMigrations(inDatabaseAt: path)
            let backups = folder.appendingPathComponent("backups").path
            let error = #expect(throws: NewerDatabaseError.self) {
                try SQLiteStore(path: path, upgradeBackupFolder: backups, now: now)
            }
            #expect(error?.unknownMigrations == ["v999-from-the-future"])
            #expect(
                error?.description
                    == "This data folder was written by a newer Kairos (it has migration v999-from-the-future this "
                    + "version does not know). Run the newer kairos, or restore a backup made by this version.")
            #expect(try SQLiteStore.appliedMigrations(inDatabaseAt: path) == before)
            #expect(!FileManager.default.fileExists(atPath: backups))
        }
    }

    @Test("A snapshot taken while writes go on is whole: it holds every write committed before it began")
    func snapshotDuringWrites() async throws {
        try await withFolder { folder in
            let store = try SQLiteStore(path: folder.appendingPathComponent("kairos.sqlite").path)
            let ada = try await store.createUser(
                email: "ada@example.com", name: "Ada", passwordHash: "x", timezone: "UTC", now: now)
            for index in 0..<50 {
                _ = try await store.createTask(userID: ada.id, draft: TaskDraft(content: "t\(index)"), now: now)
            }
            let writer = Task {
                var written = 0
                while !Task.isCancelled {
                    _ = try await store.createTask(userID: ada.id, draft: TaskDraft(content: "more"), now: now)
                    written += 1
                }
                return written
            }
            let copy = folder.appendingPathComponent("copy.sqlite").path
            try await store.backUpDatabase(to: copy)
            writer.cancel()
            _ = try? await writer.value
            #expect(try SQLiteStore.integrityCheck(ofDatabaseAt: copy) == ["ok"])
            let copied = try await DatabaseQueue(path: copy).read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM tasks WHERE content LIKE 't%'")
            }
            #expect(copied == 50)
        }
    }

    @Test("Backing up a folder with no database says which folder to pass")
    func missingDatabase() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("kairos.sqlite").path
            await #expect(throws: MissingDatabaseError.self) {
                try await SQLiteStore.backUpDatabase(at: path, to: folder.appendingPathComponent("copy.sqlite").path)
            }
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }
}
