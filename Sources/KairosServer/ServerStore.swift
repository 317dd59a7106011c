import Foundation
import KairosStore
import Logging
import ServiceLifecycle

/// The database a server runs on, with what must run beside it: the embedded SQLite database this process
/// holds alone, or a shared database several processes serve from.
public struct ServerStore: Sendable {
    public var store: any DataStore
    /// Run beside the server, and stopped after it.
    public var services: [any Service]
    /// Where the data is, for the line that says the server is ready.
    public var location: String

    public init(store: any DataStore, services: [any Service], location: String) {
        self.store = store
        self.services = services
        self.location = location
    }

    /// The SQLite database in the data folder, which this process locks for itself, with its checkpoints and
    /// the scheduled backups of the folder when they are asked for.
    public static func embedded(_ configuration: ServerConfiguration, logger: Logger) throws -> ServerStore {
        let folderLock = try DataFolderLock(folder: configuration.dataDirectory)
        let store = try SQLiteStore(
            path: configuration.databasePath, upgradeBackupFolder: configuration.backupsDirectory)
        if let backup = store.upgradeBackupPath {
            logger.notice("Backed up the database before upgrading its schema", metadata: ["backup": "\(backup)"])
        }
        var services: [any Service] = [
            folderLock, StoreCheckpoints(store: store, interval: .milliseconds(50), logger: logger),
        ]
        if let interval = configuration.backupInterval {
            services.append(
                ScheduledBackups(
                    backup: DataFolderBackup(
                        dataDirectory: configuration.dataDirectory, excluding: [configuration.backupsDirectory]),
                    store: store, folder: configuration.backupsDirectory, interval: interval.duration,
                    keep: configuration.backupKeep, logger: logger))
        }
        return ServerStore(store: store, services: services, location: configuration.databasePath)
    }
}
