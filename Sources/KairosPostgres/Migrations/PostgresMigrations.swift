import Foundation
import KairosStore
import Logging
import PostgresNIO

/// Brings a database's schema up to date, in order, each migration in its own transaction, recorded in
/// `kairos_migrations`. Every transaction first takes one advisory lock, so when several server processes
/// start together one migrates while the others wait, then find the work done. A database that has
/// migrations this version does not know was written by a newer Kairos and is refused.
struct PostgresMigrations {
    /// Every migration, oldest first; append only.
    static let all: [PostgresMigration] = [.schema, .eventsBySeq, .changeJournals]

    /// The advisory lock every migration takes (an arbitrary number, the same in every Kairos version).
    static let lockKey: Int64 = 0x6B61_6972_6F73  // "kairos" in ASCII

    let logger: Logger

    func migrate(on client: PostgresClient) async throws {
        try await client.withConnection { connection in
            for migration in Self.all {
                try await connection.transaction(logger: logger) { connection in
                    try await apply(migration, on: connection)
                }
            }
        }
    }

    /// Applies one migration unless it already is; checks first that the database is not newer than us.
    private func apply(_ migration: PostgresMigration, on connection: PostgresConnection) async throws {
        try await connection.query("SELECT pg_advisory_xact_lock(\(Self.lockKey))", logger: logger)
        try await connection.query(
            """
            CREATE TABLE IF NOT EXISTS kairos_migrations (
                version bigint PRIMARY KEY,
                name text NOT NULL,
                applied_at bigint NOT NULL
            )
            """, logger: logger)
        let applied = try await Self.appliedVersions(on: connection)
        let known = Set(Self.all.map(\.version))
        let unknown = applied.filter { !known.contains($0) }
        guard unknown.isEmpty else { throw NewerPostgresSchemaError(unknownVersions: unknown) }
        guard !applied.contains(migration.version) else { return }
        logger.notice(
            "Migrating the PostgreSQL schema",
            metadata: ["version": "\(migration.version)", "name": "\(migration.name)"])
        for statement in migration.statements {
            try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
        try await connection.query(
            """
            INSERT INTO kairos_migrations (version, name, applied_at)
            VALUES (\(migration.version), \(migration.name), \(Date().micros))
            """, logger: logger)
    }

    /// The versions recorded in `kairos_migrations`, oldest first; none when the table is not there yet.
    static func appliedVersions(on connection: PostgresConnection) async throws -> [Int] {
        let table = try await connection.firstRow(
            "SELECT to_regclass('kairos_migrations') IS NOT NULL", logger: .silent)
        guard try table?.decode(Bool.self) == true else { return [] }
        return try await connection.rows("SELECT version FROM kairos_migrations ORDER BY version", logger: .silent)
            .map { try $0.decode(Int.self) }
    }
}

extension Logger {
    /// A logger that drops everything, for bookkeeping queries not worth a line.
    static let silent = Logger(label: "kairos.postgres.silent", factory: { _ in SwiftLogNoOpLogHandler() })
}

/// The database was migrated by a newer Kairos: this version would not understand its schema.
public struct NewerPostgresSchemaError: Error, CustomStringConvertible {
    /// The applied migration versions this Kairos does not know, in order.
    public let unknownVersions: [Int]

    public var description: String {
        let versions = unknownVersions.map(String.init).joined(separator: ", ")
        return "This PostgreSQL database was migrated by a newer Kairos (it has schema version \(versions), "
            + "which this version does not know). Run the newer kairos, or point this one at another database."
    }
}
