import KairosStore
import Logging
import PostgresNIO

extension PostgresStore {
    /// Runs `body` as one read-only transaction that sees the database as its first statement found it, for
    /// reads of several statements that must agree with each other: a journal position and what it stands for,
    /// a calendar's version and its entries. Each statement of `read` sees what was committed when it began.
    func readSnapshot<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        try await read { connection in
            try await connection.query("START TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger: logger)
            do {
                let result = try await body(connection)
                try await connection.query("COMMIT", logger: logger)
                return result
            } catch {
                // A failed rollback leaves the connection broken, and the pool closes it.
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw error
            }
        }
    }
}
