import KairosPostgres
import PostgresNIO
import Testing

/// Reading `postgres://` URLs into client settings; no server needed.
@Suite("PostgreSQL URLs")
struct PostgresURLTests {
    @Test("A malformed database URL is refused")
    func malformed() throws {
        #expect(throws: PostgresURLError.self) { try PostgresURL.configuration("mysql://x@host/db") }
        #expect(throws: PostgresURLError.self) { try PostgresURL.configuration("postgres://host/db") }
        #expect(throws: PostgresURLError.self) { try PostgresURL.configuration("postgres://user@host") }
        #expect(throws: PostgresURLError.self) { try PostgresURL.configuration("postgres://u@h/db?sslmode=maybe") }
    }

    @Test("User and password may be percent-encoded; host, port and database are read as given")
    func parts() throws {
        let configuration = try PostgresURL.configuration("postgres://kai%40ros:p%2Fw@127.0.0.1:6543/kairos_test")
        #expect(configuration.username == "kai@ros")
        #expect(configuration.password == "p/w")
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == 6543)
        #expect(configuration.database == "kairos_test")
        #expect(try PostgresURL.configuration("postgresql://kairos@db.internal/kairos").port == 5432)
    }
}
