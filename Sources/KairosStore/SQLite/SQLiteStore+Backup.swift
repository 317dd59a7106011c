import Foundation
import GRDB

/// The data folder holds a database written by a newer Kairos: it has migrations this version does not know,
/// so its schema may mean things this version would get wrong. It is not opened.
public struct NewerDatabaseError: Error, CustomStringConvertible {
    /// The applied migrations this version does not know, in name order.
    public let unknownMigrations: [String]

    public var description: String {
        let names = unknownMigrations.joined(separator: ", ")
        let noun = unknownMigrations.count == 1 ? "migration" : "migrations"
        return "This data folder was written by a newer Kairos (it has \(noun) \(names) this version does not "
            + "know). Run the newer kairos, or restore a backup made by this version."
    }
}

/// The database file to back up is missing.
public struct MissingDatabaseError: Error, CustomStringConvertible {
    public let path: String

    public var description: String {
        "There is no database at \(path). Pass the --data folder of a Kairos server."
    }
}

extension SQLiteStore {
    /// The migrations this version knows, oldest first.
    public static var knownMigrations: [String] { SchemaMigrations.migrator.migrations }

    /// Copies a consistent snapshot of the database, as of the last commit, to a new SQLite file at `path`
    /// while writes go on beside it.
    public func backUpDatabase(to path: String) async throws {
        let destination = try DatabaseQueue(path: path)
        try await pool.read { db in try Self.copySnapshot(db, to: destination) }
        try destination.close()
    }

    /// Copies a consistent snapshot of the database at `source`, which a running server may be writing,
    /// to a new SQLite file at `destination`. Only reads `source`: its schema is copied as it is.
    public static func backUpDatabase(at source: String, to destination: String) async throws {
        guard FileManager.default.fileExists(atPath: source) else { throw MissingDatabaseError(path: source) }
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        let pool = try DatabasePool(path: source, configuration: configuration)
        let copy = try DatabaseQueue(path: destination)
        try await pool.read { db in try copySnapshot(db, to: copy) }
        try copy.close()
        try pool.close()
    }

    /// The migrations applied to the database at `path`, in the order this version knows them, followed by
    /// any it does not know (in name order).
    public static func appliedMigrations(inDatabaseAt path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        let applied = try queue.read { db in try SchemaMigrations.migrator.appliedIdentifiers(db) }
        let known = knownMigrations
        return known.filter(applied.contains) + applied.subtracting(known).sorted()
    }

    /// The content hashes the uploads in the database at `path` refer to (empty before attachments existed).
    public static func attachmentContents(inDatabaseAt path: String) throws -> Set<String> {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            guard try db.tableExists("attachments") else { return [] }
            return try String.fetchSet(db, sql: "SELECT DISTINCT sha256 FROM attachments")
        }
    }

    /// SQLite's `PRAGMA integrity_check` on the database at `path`: `["ok"]` when it is sound, else the
    /// problems found.
    public static func integrityCheck(ofDatabaseAt path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }

    /// Refuses a database from a newer Kairos and, when `backupFolder` is given and an existing database
    /// is about to be migrated, copies it there first. Returns the copy's path.
    static func prepareUpgrade(of pool: DatabasePool, backupFolder: String?, now: Date) throws -> String? {
        let migrator = SchemaMigrations.migrator
        let applied = try pool.read { db in try migrator.appliedIdentifiers(db) }
        let unknown = applied.subtracting(migrator.migrations)
        guard unknown.isEmpty else { throw NewerDatabaseError(unknownMigrations: unknown.sorted()) }
        // A new database has nothing to lose: only one that already holds a schema is copied.
        guard let backupFolder, !applied.isEmpty,
            let newest = migrator.migrations.last(where: { !applied.contains($0) })
        else { return nil }
        try FileManager.default.createDirectory(atPath: backupFolder, withIntermediateDirectories: true)
        let name = "before-\(newest)-\(BackupTimestamp.string(for: now)).sqlite"
        let path = (backupFolder as NSString).appendingPathComponent(name)
        let destination = try DatabaseQueue(path: path)
        try pool.read { db in try copySnapshot(db, to: destination) }
        try destination.close()
        return path
    }

    /// Runs SQLite's online backup from `source`, a connection inside a read transaction, into `destination`.
    ///
    /// The read transaction is what makes the copy both consistent and finite. Once it has read something it
    /// holds one snapshot (write-ahead logging keeps it for it), and every step of the backup reads from it.
    /// Without it each step would start a read of its own, and a write committed between two steps would make
    /// SQLite start the copy over, for ever under steady writes. Writers are never held up: in WAL mode a
    /// reader does not block them, it only keeps checkpoints from going past its snapshot until it ends.
    /// The copy goes in steps of 1,024 pages; with the snapshot held, the step size changes nothing for
    /// writers, and nothing else ever opens the new file while it is written.
    private static func copySnapshot(_ source: Database, to destination: DatabaseQueue) throws {
        _ = try Int.fetchOne(source, sql: "SELECT count(*) FROM sqlite_master")
        try destination.writeWithoutTransaction { copy in
            try source.backup(to: copy, pagesPerStep: 1024)
        }
    }
}
