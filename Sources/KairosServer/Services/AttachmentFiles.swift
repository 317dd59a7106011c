import Crypto
import Foundation
import KairosCore
import NIOCore
import NIOFileSystem

/// The attachments' content on disk: `<folder>/<first 2 hex>/<sha256>`, one file per distinct content,
/// however many uploads share it. A file is first received into `<folder>/incoming`, then moved into
/// place under its hash, so a path that exists always holds complete, synced content.
public struct AttachmentFiles: Sendable {
    /// The `attachments` folder inside the data folder.
    public let folder: String
    private let fileSystem = FileSystem.shared

    /// Uses (creating if needed) `folder`, and clears leftovers of uploads cut off by a crash.
    public init(folder: String) throws {
        self.folder = folder
        let incoming = (folder as NSString).appendingPathComponent("incoming")
        try FileManager.default.createDirectory(atPath: incoming, withIntermediateDirectories: true)
        let hourAgo = Date().addingTimeInterval(-3600)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: incoming)) ?? [] {
            let path = (incoming as NSString).appendingPathComponent(name)
            let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
            if let modified, modified < hourAgo { try? FileManager.default.removeItem(atPath: path) }
        }
    }

    /// A file received into `incoming`, not yet kept.
    struct Received: Sendable {
        let path: String
        let size: Int
        let sha256: String
        /// The first bytes, for telling the type and reading an image's size.
        let head: [UInt8]
    }

    /// Streams `body` into a new file in `incoming`, hashing it on the way. More than `limit` bytes is
    /// `attachmentTooLarge`, and then nothing is left on disk.
    func receive<Body: AsyncSequence>(
        _ body: Body, limit: Int, headLength: Int
    ) async throws -> Received where Body.Element == ByteBuffer {
        let path = (folder as NSString).appendingPathComponent("incoming/\(UUID().uuidString)")
        var hasher = SHA256()
        var size = 0
        var head: [UInt8] = []
        try await fileSystem.withFileHandle(forWritingAt: FilePath(path)) { file in
            try await file.withBufferedWriter(capacity: .mebibytes(1)) { writer in
                for try await chunk in body {
                    size += chunk.readableBytes
                    guard size <= limit else { throw KairosError.attachmentTooLarge }
                    chunk.withUnsafeReadableBytes { hasher.update(bufferPointer: $0) }
                    if head.count < headLength {
                        head += chunk.readableBytesView.prefix(headLength - head.count)
                    }
                    _ = try await writer.write(contentsOf: chunk)
                }
                try await writer.flush()
            }
            try await file.synchronize()
        }
        let digest = hasher.finalize().map { String(format: "%02x", $0) }.joined()
        return Received(path: path, size: size, sha256: digest, head: head)
    }

    /// Moves a received file to its place under its hash, durably. When the same content is already
    /// there, that copy is kept and this one dropped.
    func keep(_ received: Received) async throws {
        let shelf = (folder as NSString).appendingPathComponent(String(received.sha256.prefix(2)))
        do {
            try await fileSystem.createDirectory(
                at: FilePath(shelf), withIntermediateDirectories: false, permissions: nil)
            try await synchronizeDirectory(folder)
        } catch let error as FileSystemError where error.code == .fileAlreadyExists {}
        do {
            try await fileSystem.moveItem(at: FilePath(received.path), to: FilePath(path(sha256: received.sha256)))
            try await synchronizeDirectory(shelf)
        } catch let error as FileSystemError where error.code == .fileAlreadyExists {
            await discard(received)
        }
    }

    /// Removes a received file that will not be kept.
    func discard(_ received: Received) async {
        _ = try? await fileSystem.removeItem(at: FilePath(received.path), recursively: false)
    }

    /// Removes the content with this hash unless `isInUse` says an upload still has it. Call it only after the
    /// deletion of the rows that used it has committed: the removal then waits for any backup copying the
    /// attachments (see `BackupHold`). The content is withdrawn first and `isInUse` asked after, since an
    /// upload of the same bytes may be recorded meanwhile; then it is put back.
    func removeUnused(sha256: String, isInUse: () async throws -> Bool) async throws {
        let hold = try await BackupHold.acquire(attachmentsFolder: folder, exclusive: true)
        defer { hold?.release() }
        guard let withdrawn = try await withdraw(sha256: sha256) else { return }
        if try await isInUse() {
            try await restore(withdrawn)
        } else {
            await discard(withdrawn)
        }
    }

    /// Moves the content with this hash out of place, into `incoming`; returns where it went, or nil when
    /// there was none. `restore` puts it back, `discard` drops it.
    func withdraw(sha256: String) async throws -> Received? {
        let aside = (folder as NSString).appendingPathComponent("incoming/\(UUID().uuidString)")
        do {
            try await fileSystem.moveItem(at: FilePath(path(sha256: sha256)), to: FilePath(aside))
        } catch let error as FileSystemError where error.code == .notFound {
            return nil
        }
        return Received(path: aside, size: 0, sha256: sha256, head: [])
    }

    /// Puts withdrawn content back in place, unless a copy of the same bytes was kept there meanwhile.
    func restore(_ withdrawn: Received) async throws {
        do {
            try await fileSystem.moveItem(at: FilePath(withdrawn.path), to: FilePath(path(sha256: withdrawn.sha256)))
        } catch let error as FileSystemError where error.code == .fileAlreadyExists {
            await discard(withdrawn)
        }
    }

    /// Where the content with this hash is kept.
    func path(sha256: String) -> String {
        (folder as NSString).appendingPathComponent("\(sha256.prefix(2))/\(sha256)")
    }

    /// Makes a rename or a new entry in `directory` survive a power cut.
    private func synchronizeDirectory(_ directory: String) async throws {
        try await fileSystem.withDirectoryHandle(atPath: FilePath(directory)) { try await $0.synchronize() }
    }
}
