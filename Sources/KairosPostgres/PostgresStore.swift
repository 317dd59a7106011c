import Foundation
import KairosCore
import KairosStore
import Logging
import PostgresNIO
import ServiceLifecycle

/// The store on PostgreSQL, for several server processes sharing one database.
///
/// Its connections come from one pool (`PostgresClient`), which works only while `run()` runs: add the store
/// to the application's services, or wrap the work in `withRunning(_:)`; either, once per store (the pool
/// cannot be started again). Call `migrate()` once the pool runs, before the first request.
public final class PostgresStore: Service, Sendable {
    let client: PostgresClient
    let logger: Logger
    let relay = PostgresEventRelay()
    let writes = WriteMonitor()

    /// A store on the database `configuration` names; nothing connects until `run()` starts the pool.
    public init(configuration: PostgresClient.Configuration, logger: Logger) {
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.logger = logger
    }

    /// A store on the database of a `postgres://` URL (see `PostgresURL`).
    public convenience init(url: String, logger: Logger) throws {
        self.init(configuration: try PostgresURL.configuration(url), logger: logger)
    }

    /// Keeps the connection pool running, and the events of every process's writes coming to this one's
    /// observers, until the task is cancelled or the service group shuts down.
    public func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask { await self.client.run() }
            group.addTask { await self.relayEvents() }
        }
    }

    /// Runs the pool while `body` runs, then shuts it down: for tools and tests that are not a service group.
    public func withRunning<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await self.run() }
            defer { group.cancelAll() }
            return try await body()
        }
    }

    /// Returns once this process hears every write committed from then on (its event relay listens):
    /// wait for it before serving requests.
    public func untilRelayingEvents() async {
        await relay.untilListening()
    }

    /// Brings the schema up to date (`PostgresMigrations`); safe when several processes start together.
    public func migrate() async throws {
        try await PostgresMigrations(logger: logger).migrate(on: client)
    }

    /// The versions of the migrations applied to the database, oldest first.
    public func appliedMigrations() async throws -> [Int] {
        try await read { connection in try await PostgresMigrations.appliedVersions(on: connection) }
    }

    /// Runs `body` on one connection, outside a transaction: for reads.
    func read<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        try await client.withConnection { connection in try await body(connection) }
    }

    /// Runs `body` as one transaction, committed when it returns and rolled back when it throws; its error
    /// comes out as thrown (postgres-nio's own `withTransaction` would wrap it). The events it added are
    /// numbered last, and kept for the relay to announce once it hears they were committed.
    func write<Result: Sendable>(_ body: (PostgresWrite) async throws -> Result) async throws -> Result {
        try await writes.measure { try await transaction(body) }
    }

    private func transaction<Result: Sendable>(_ body: (PostgresWrite) async throws -> Result) async throws -> Result {
        try await client.withConnection { connection in
            let write = PostgresWrite(connection: connection, logger: logger)
            do {
                return try await connection.transaction(logger: logger) { _ in
                    let result = try await body(write)
                    let events = try await write.writeEvents(relay: relay)
                    if let first = write.firstSeq { relay.keep(events, numberedFrom: first) }
                    return result
                }
            } catch {
                if let first = write.firstSeq { relay.forget(numberedFrom: first) }
                throw error
            }
        }
    }
}

extension PostgresConnection {
    /// Runs `body` between BEGIN and COMMIT, or ROLLBACK when it throws, and rethrows its error as it was.
    /// It runs where its caller runs (`nonisolated(nonsending)`), so `body` never crosses to another executor.
    nonisolated(nonsending) func transaction<Result: Sendable>(
        logger: Logger, _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await query("BEGIN", logger: logger)
        do {
            let result = try await body(self)
            try await query("COMMIT", logger: logger)
            return result
        } catch {
            // When the rollback itself fails the connection is broken, and the pool closes it; the error
            // that matters to the caller is the first one.
            _ = try? await query("ROLLBACK", logger: logger)
            throw error
        }
    }

    /// All the rows of a query, read into memory: for results bounded by the query (a page, one user).
    func rows(_ query: PostgresQuery, logger: Logger) async throws -> [PostgresRow] {
        try await self.query(query, logger: logger).collect()
    }

    /// The first row of a query, if any.
    func firstRow(_ query: PostgresQuery, logger: Logger) async throws -> PostgresRow? {
        try await rows(query, logger: logger).first
    }
}
