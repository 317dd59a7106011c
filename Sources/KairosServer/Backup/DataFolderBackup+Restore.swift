import Crypto
import Foundation
import KairosStore
import NIOPosix

extension DataFolderBackup {
    /// What a restore wrote.
    public struct Restored: Sendable {
        /// The files written, the database included.
        public let files: Int
        /// Their total size in bytes.
        public let bytes: Int64
        /// The schema migrations applied to the restored database, oldest first.
        public let migrations: [String]
    }

    /// Restores `archive` into `folder`, which must not exist or be empty, and not be served.
    ///
    /// The whole archive is read and checked against its manifest before anything is written; a damaged or
    /// cut archive, or one made by a newer Kairos, is refused. A restore that fails part-way (or whose
    /// database fails SQLite's integrity check) empties the folder again.
    public static func restore(archive: String, into folder: String) async throws -> Restored {
        try await NIOThreadPool.singleton.runIfActive { try restoreNow(archive: archive, into: folder) }
    }

    private static func restoreNow(archive: String, into folder: String) throws -> Restored {
        let manifest = try verify(archive)
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let lockPath = (folder as NSString).appendingPathComponent("serve.lock")
        let lockExisted = fileManager.fileExists(atPath: lockPath)
        let lock = try DataFolderLock(folder: folder)
        defer { withExtendedLifetime(lock) {} }
        let present = try fileManager.contentsOfDirectory(atPath: folder).filter { $0 != "serve.lock" }
        guard present.isEmpty else {
            if !lockExisted { try? fileManager.removeItem(atPath: lockPath) }
            throw BackupError.folderNotEmpty(folder: absolute(folder))
        }
        do {
            try extract(archive, into: folder, manifest: manifest)
            let database = (folder as NSString).appendingPathComponent(databaseName)
            let problems = try SQLiteStore.integrityCheck(ofDatabaseAt: database)
            guard problems == ["ok"] else {
                throw BackupError.failedIntegrityCheck(detail: problems.prefix(3).joined(separator: "; "))
            }
        } catch {
            for name in (try? fileManager.contentsOfDirectory(atPath: folder)) ?? [] {
                try? fileManager.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
            }
            throw error
        }
        return Restored(
            files: manifest.files.count, bytes: manifest.files.reduce(0) { $0 + $1.size },
            migrations: manifest.kairosMigrations)
    }

    /// Reads the whole archive, hashing every file, and returns its manifest once every file matches it.
    static func verify(_ archive: String) throws -> BackupManifest {
        guard FileManager.default.isReadableFile(atPath: archive) else {
            throw BackupError.unreadable(path: archive, detail: "it does not exist or cannot be read")
        }
        var reader = try TarReader(path: archive)
        defer { reader.close() }
        var found: [String: BackupManifest.File] = [:]
        var manifestData: Data?
        do {
            while let header = try reader.nextEntry() {
                guard header.kind == .regularFile else { continue }
                guard isSafe(header.name) else {
                    throw BackupError.damaged(archive: archive, detail: "it holds the path \(header.name)")
                }
                if header.name == BackupManifest.entryName {
                    guard header.size <= 64 << 20 else {
                        throw BackupError.damaged(archive: archive, detail: "its manifest is too large")
                    }
                    var data = Data()
                    try reader.readContent { data.append($0) }
                    manifestData = data
                    continue
                }
                var hasher = SHA256()
                try reader.readContent { hasher.update(data: $0) }
                guard found[header.name] == nil else {
                    throw BackupError.damaged(archive: archive, detail: "it holds \(header.name) twice")
                }
                found[header.name] = BackupManifest.File(
                    path: header.name, size: header.size, sha256: hasher.finalize().hexString)
            }
        } catch let error as TarFormatError {
            throw BackupError.damaged(archive: archive, detail: error.description)
        }
        guard let manifestData else {
            throw BackupError.damaged(archive: archive, detail: "it has no manifest.json")
        }
        guard let manifest = try? BackupManifest.decode(manifestData) else {
            throw BackupError.damaged(archive: archive, detail: "its manifest.json cannot be read")
        }
        let unknown = manifest.kairosMigrations.filter { !SQLiteStore.knownMigrations.contains($0) }
        guard manifest.format <= BackupManifest.currentFormat, unknown.isEmpty else {
            throw BackupError.newerBackup(
                archive: archive, unknownMigrations: unknown.isEmpty ? ["format \(manifest.format)"] : unknown)
        }
        guard manifest.files.contains(where: { $0.path == databaseName }) else {
            throw BackupError.damaged(archive: archive, detail: "it holds no \(databaseName)")
        }
        for file in manifest.files {
            guard let actual = found[file.path] else {
                throw BackupError.damaged(archive: archive, detail: "\(file.path) is missing")
            }
            guard actual == file else {
                throw BackupError.damaged(archive: archive, detail: "\(file.path) does not match its checksum")
            }
        }
        guard found.count == manifest.files.count else {
            throw BackupError.damaged(archive: archive, detail: "it holds files its manifest does not list")
        }
        return manifest
    }

    /// Writes each file of a verified archive under `folder`, checking its checksum again on the way (the
    /// archive could have changed since it was verified).
    private static func extract(_ archive: String, into folder: String, manifest: BackupManifest) throws {
        let expected = Dictionary(uniqueKeysWithValues: manifest.files.map { ($0.path, $0) })
        var reader = try TarReader(path: archive)
        defer { reader.close() }
        do {
            while let header = try reader.nextEntry() {
                guard header.kind == .regularFile, let file = expected[header.name] else { continue }
                let path = (folder as NSString).appendingPathComponent(file.path)
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                guard
                    FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
                    let output = FileHandle(forWritingAtPath: path)
                else { throw BackupError.unreadable(path: path, detail: "it cannot be created") }
                defer { try? output.close() }
                var hasher = SHA256()
                try reader.readContent { chunk in
                    hasher.update(data: chunk)
                    try output.write(contentsOf: chunk)
                }
                try output.synchronize()
                guard hasher.finalize().hexString == file.sha256 else {
                    throw BackupError.damaged(archive: archive, detail: "\(file.path) changed while it was restored")
                }
            }
        } catch let error as TarFormatError {
            throw BackupError.damaged(archive: archive, detail: error.description)
        }
    }

    /// A relative path that stays inside the folder: no `..`, no leading `/`, no empty parts.
    private static func isSafe(_ path: String) -> Bool {
        guard !path.hasPrefix("/") else { return false }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." } && path != "serve.lock"
    }
}
