#if Postgres
    import ArgumentParser
    import Foundation
    import KairosPostgres
    import KairosServer
    import KairosStore
    import Logging

    /// `kairos admin migrate-to-postgres`: copies an embedded server's data into PostgreSQL, checked table by
    /// table, so the same data can be served by several processes.
    struct MigrateToPostgresCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "migrate-to-postgres",
            abstract:
                "Copy a data folder's database into an empty PostgreSQL database, checked by counts and checksums.",
            discussion: """
                Stop kairos serve first: the data folder must not change while it is copied. The copy is one \
                transaction: it is all there, or nothing is. Uploads and the push key stay in the data folder: \
                serve with --data set to that folder (shared by every process) and --database set to the copy.
                """)

        @Option(help: "The data folder of the server to copy.")
        var from: String

        @Option(help: "The PostgreSQL database to copy into, as postgres://user:password@host:port/database.")
        var to: String

        func run() async throws {
            let configuration = ServerConfiguration(dataDirectory: from)
            guard FileManager.default.fileExists(atPath: configuration.databasePath) else {
                throw CLIError("No Kairos database in \(from). Pass --from with the folder the server uses.")
            }
            let lock: DataFolderLock
            do {
                lock = try DataFolderLock(folder: from)
            } catch is DataFolderUnavailable {
                throw CLIError("A kairos serve is using \(from). Stop it before copying its data.")
            }
            let source = try SQLiteStore(
                path: configuration.databasePath, upgradeBackupFolder: configuration.backupsDirectory)
            var logger = Logger(label: "kairos.migrate")
            logger.logLevel = .error
            let target: PostgresStore
            do {
                target = try PostgresStore(url: to, logger: logger)
            } catch let error as PostgresURLError {
                throw CLIError(error.description)
            }
            let copies = try await target.withRunning {
                try await target.migrate()
                do {
                    return try await SQLiteToPostgres(from: source, to: target).run { copy in
                        print("\(copy.table): \(copy.rows) rows, checksum \(copy.checksum)")
                    }
                } catch let error as SQLiteToPostgresError {
                    throw CLIError(error.description)
                }
            }
            withExtendedLifetime(lock) {}
            let rows = copies.reduce(0) { $0 + $1.rows }
            print(
                "Copied \(copies.count) tables (\(rows) rows); every count and checksum matches. "
                    + "Serve it with: kairos serve --database <the same URL>")
        }
    }
#endif
