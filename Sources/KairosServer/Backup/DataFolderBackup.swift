import Foundation
import KairosStore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Backups of a data folder as one plain tar archive: `kairos.sqlite` from SQLite's online backup (consistent
/// while writes go on), then the attachments and every other file of the folder, then `manifest.json` with
/// each file's size and SHA-256. Restored with `restore(archive:into:)`.
public struct DataFolderBackup: Sendable {
    /// The data folder backed up.
    public let dataDirectory: String
    /// Paths inside the folder left out, besides the live database files, the lock, partial uploads and the
    /// `backups` folder (such as a backup folder set elsewhere inside it).
    public let excluding: [String]

    public init(dataDirectory: String, excluding: [String] = []) {
        self.dataDirectory = dataDirectory
        self.excluding = excluding
    }

    /// What a backup wrote.
    public struct Summary: Sendable {
        /// The archive's path.
        public let archive: String
        /// The files in it, the database included (the manifest not).
        public let files: Int
        /// Their total size in bytes.
        public let bytes: Int64
        /// The schema migrations applied to the archived database, oldest first.
        public let migrations: [String]
    }

    /// Backs up the folder, whether or not a server (in another process) is running on it, to `archive`.
    public func create(at archive: String, now: Date = Date()) async throws -> Summary {
        let database = databasePath
        return try await create(at: archive, now: now) { snapshot in
            try await SQLiteStore.backUpDatabase(at: database, to: snapshot)
        }
    }

    /// Backs up the folder whose database `store` has open (this process serves it) to `archive`.
    public func create(at archive: String, from store: SQLiteStore, now: Date = Date()) async throws -> Summary {
        try await create(at: archive, now: now) { snapshot in try await store.backUpDatabase(to: snapshot) }
    }

    /// The archive is written as `archive.partial` and renamed once complete and synced, so a crash never
    /// leaves a half archive under the real name.
    private func create(
        at archive: String, now: Date, snapshot: (String) async throws -> Void
    ) async throws -> Summary {
        let partial = archive + ".partial"
        let snapshotPath = archive + ".partial-db"
        let fileManager = FileManager.default
        for leftover in [partial, snapshotPath] { try? fileManager.removeItem(atPath: leftover) }
        defer {
            for suffix in ["", "-wal", "-shm", "-journal"] {
                try? fileManager.removeItem(atPath: snapshotPath + suffix)
            }
        }
        do {
            // Taken before the snapshot and kept until the attachments are copied: see `BackupHold`.
            let hold = try await BackupHold.acquire(attachmentsFolder: attachmentsDirectory, exclusive: false)
            try await snapshot(snapshotPath)
            let migrations = try SQLiteStore.appliedMigrations(inDatabaseAt: snapshotPath)
            let contents = try SQLiteStore.attachmentContents(inDatabaseAt: snapshotPath)
            let files = try dataFiles(leavingOut: [archive, partial, snapshotPath])
            let folder = dataDirectory
            let manifest = try await NIOThreadPool.singleton.runIfActive {
                try Self.writeArchive(
                    at: partial, database: snapshotPath, files: files, contents: contents, folder: folder,
                    migrations: migrations, now: now)
            }
            hold?.release()
            guard rename(partial, archive) == 0 else {
                throw BackupError.unreadable(path: archive, detail: String(cString: strerror(errno)))
            }
            Self.synchronizeFolder(of: archive)
            return Summary(
                archive: archive, files: manifest.files.count, bytes: manifest.files.reduce(0) { $0 + $1.size },
                migrations: migrations)
        } catch {
            try? fileManager.removeItem(atPath: partial)
            throw error
        }
    }

    /// Writes the archive: the database snapshot, the data files, then any content an upload in the snapshot
    /// refers to that the listing missed, then the manifest. Runs on a thread of its own.
    private static func writeArchive(
        at path: String, database: String, files: [String], contents: Set<String>, folder: String,
        migrations: [String], now: Date
    ) throws -> BackupManifest {
        let writer = try TarWriter(path: path)
        do {
            var entries = [try writer.addFile(named: DataFolderBackup.databaseName, from: database)]
            for file in files {
                let source = (folder as NSString).appendingPathComponent(file)
                // Another data file may go while the copy runs (attachments cannot: see `BackupHold`).
                guard FileManager.default.fileExists(atPath: source) else { continue }
                entries.append(try writer.addFile(named: file, from: source))
            }
            // An upload's row is committed just before its file is moved into place, so the snapshot may hold
            // the row of an upload whose file arrived after the folder was listed. Its file comes within
            // moments; one whose upload failed never does, and its row is then an unposted upload that was
            // never acknowledged (the state a crash at that point leaves), swept like any other.
            let archived = Set(entries.map(\.path))
            for sha256 in contents.sorted() {
                let name = "attachments/\(sha256.prefix(2))/\(sha256)"
                guard !archived.contains(name) else { continue }
                let source = (folder as NSString).appendingPathComponent(name)
                for _ in 0..<20 where !FileManager.default.fileExists(atPath: source) { usleep(100_000) }
                guard FileManager.default.fileExists(atPath: source) else { continue }
                entries.append(try writer.addFile(named: name, from: source))
            }
            let manifest = BackupManifest(
                format: BackupManifest.currentFormat, createdAt: now, kairosMigrations: migrations, files: entries)
            try writer.addFile(named: BackupManifest.entryName, contents: try manifest.encoded())
            try writer.finish()
            return manifest
        } catch {
            writer.abandon()
            throw error
        }
    }

    /// The database's name inside the data folder and the archive.
    static let databaseName = "kairos.sqlite"

    var databasePath: String { (dataDirectory as NSString).appendingPathComponent(Self.databaseName) }
    var attachmentsDirectory: String { (dataDirectory as NSString).appendingPathComponent("attachments") }

    /// Left out of every backup, by path inside the data folder: the live database (the archive holds its
    /// snapshot instead), the server's lock, uploads still arriving, and earlier backups.
    private static let alwaysLeftOut: Set<String> = [
        databaseName, databaseName + "-wal", databaseName + "-shm", databaseName + "-journal", "serve.lock",
        "backups", "attachments/incoming", BackupHold.fileName,
    ]

    /// The regular files of the data folder to archive, as paths inside it, in name order.
    func dataFiles(leavingOut extra: [String] = []) throws -> [String] {
        let leftOut = Set((excluding + extra).map(Self.absolute))
        var found: [String] = []
        func walk(_ relative: String) throws {
            let path = relative.isEmpty ? dataDirectory : (dataDirectory as NSString).appendingPathComponent(relative)
            for name in try FileManager.default.contentsOfDirectory(atPath: path).sorted() {
                let child = relative.isEmpty ? name : relative + "/" + name
                let childPath = (path as NSString).appendingPathComponent(name)
                if Self.alwaysLeftOut.contains(child) || leftOut.contains(Self.absolute(childPath)) { continue }
                let type = try FileManager.default.attributesOfItem(atPath: childPath)[.type] as? FileAttributeType
                switch type {
                case .typeDirectory?: try walk(child)
                case .typeRegular?: found.append(child)
                default: continue  // links, sockets and the like are not data
                }
            }
        }
        try walk("")
        return found
    }

    static func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    /// Makes a rename or a new file in the folder holding `path` survive a power cut.
    static func synchronizeFolder(of path: String) {
        let descriptor = open((absolute(path) as NSString).deletingLastPathComponent, O_RDONLY)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}
