import Foundation
import PostgresNIO

/// Reads a libpq-style URL, `postgres://USER:PASSWORD@HOST:PORT/DATABASE?sslmode=MODE`, into a client
/// configuration. The user name and password may be percent-encoded; the port defaults to 5432; `sslmode`
/// is `disable`, `prefer` (the default: TLS when the server offers it) or `require`.
public enum PostgresURL {
    /// The configuration the URL describes, or an error naming what is wrong with it.
    public static func configuration(_ url: String) throws -> PostgresClient.Configuration {
        guard let parts = URLComponents(string: url), parts.scheme == "postgres" || parts.scheme == "postgresql"
        else {
            throw PostgresURLError("It must start with postgres:// (postgres://USER:PASSWORD@HOST:PORT/DATABASE).")
        }
        guard let host = parts.host, !host.isEmpty else { throw PostgresURLError("It names no host.") }
        guard let user = parts.percentEncodedUser?.removingPercentEncoding, !user.isEmpty else {
            throw PostgresURLError("It names no user (postgres://USER:PASSWORD@HOST/DATABASE).")
        }
        let database = String(parts.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty else { throw PostgresURLError("It names no database after the host.") }
        var configuration = PostgresClient.Configuration(
            host: host, port: parts.port ?? 5432, username: user,
            password: parts.percentEncodedPassword?.removingPercentEncoding, database: database,
            tls: try tls(mode: parts.queryItems?.first { $0.name == "sslmode" }?.value))
        configuration.options.additionalStartupParameters = [("application_name", "kairos")]
        return configuration
    }

    /// The URL without its password, for logs: `postgres://USER@HOST:PORT/DATABASE`.
    public static func withoutPassword(_ url: String) -> String {
        guard var parts = URLComponents(string: url) else { return "a PostgreSQL database" }
        parts.password = nil
        parts.query = nil
        return parts.string ?? "a PostgreSQL database"
    }

    private static func tls(mode: String?) throws -> PostgresClient.Configuration.TLS {
        switch mode {
        case "disable": .disable
        case nil, "prefer", "allow": .prefer(.makeClientConfiguration())
        case "require", "verify-ca", "verify-full": .require(.makeClientConfiguration())
        case let other?:
            throw PostgresURLError("Its sslmode \(other) is not one of disable, prefer or require.")
        }
    }
}

/// A database URL that cannot be used; the message says what to change.
public struct PostgresURLError: Error, CustomStringConvertible {
    public let description: String

    init(_ problem: String) {
        description = "The PostgreSQL URL cannot be used. \(problem)"
    }
}
