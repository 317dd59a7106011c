import KairosCore
import PostgresNIO

/// Runs a write whose only expected constraint failure is a unique index saying the value is taken,
/// reporting that as `conflict` rather than a server error.
func conflictOnUniqueViolation<T>(_ message: String, _ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as PSQLError where error.sqlState == PostgresError.Code.uniqueViolation.raw {
        throw KairosError.conflict(message)
    }
}

extension PSQLError {
    /// The SQLSTATE code the server gave, such as 23505 for a unique violation; nil for errors of the client.
    var sqlState: String? { serverInfo?[.sqlState] }
}
