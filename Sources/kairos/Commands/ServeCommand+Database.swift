import Foundation
import KairosServer
import Logging

#if Postgres
    import KairosPostgres
#endif

extension ServeCommand {
    /// Serves from the shared PostgreSQL database `url` until shutdown: migrated first (one process migrates
    /// when several start together), and hearing every process's writes before it takes a request.
    static func serve(_ configuration: ServerConfiguration, database url: String) async throws {
        #if Postgres
            let store: PostgresStore
            do {
                store = try PostgresStore(url: url, logger: Logger(label: "kairos.postgres"))
            } catch let error as PostgresURLError {
                throw CLIError("--database: \(error.description)")
            }
            try await store.withRunning {
                do {
                    try await store.migrate()
                } catch let error as NewerPostgresSchemaError {
                    throw CLIError(error.description)
                } catch {
                    throw CLIError(
                        "Could not prepare \(PostgresURL.withoutPassword(url)): \(String(reflecting: error)). Check "
                            + "that the server is up and the user may create tables in that database.")
                }
                await store.untilRelayingEvents()
                let app = try await buildApplication(configuration) { _ in
                    ServerStore(store: store, services: [], location: PostgresURL.withoutPassword(url))
                }
                try await app.runService()
            }
        #else
            throw CLIError(
                "This kairos was built without PostgreSQL. Build it with `swift build --traits Postgres`, or leave "
                    + "out --database to serve from the data folder's own database.")
        #endif
    }
}
