import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The claim that keeps attachment files in place while a backup copies them: a `flock` on `backup.lock`
/// in the data folder (beside `attachments`, so that folder holds only content), shared by backups (several
/// may run together) and exclusive for the code that removes content files.
///
/// A backup copies the attachments after its database snapshot, so an upload row in the snapshot must still
/// find its file when the copy reaches it. Files are removed only by the sweeper of unposted uploads and by
/// account deletion, and both first commit the deletion of the rows, then remove the files no row uses. The
/// remover asks for the exclusive hold after that commit, and a backup takes its shared hold before its
/// snapshot begins. So when a snapshot still holds a row, its backup took the hold before the deletion
/// committed, hence before the remover asked, and the remover waits until the copy is done. When the
/// deletion committed first, the snapshot has no row, and a file copied anyway is harmless. `flock` works
/// between processes, so this holds for `kairos admin backup` beside a running server too, and the system
/// lets go of the lock when a process ends, however it ends.
final class BackupHold: @unchecked Sendable {
    private var descriptor: Int32

    /// The lock file's name, in the folder that holds the attachments folder.
    static let fileName = "backup.lock"

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { release() }

    /// Waits for the hold on the attachments in `folder`, shared with other backups or exclusive to a remover.
    /// Returns nil when the folder does not exist yet: there is nothing in it to keep or remove.
    static func acquire(attachmentsFolder folder: String, exclusive: Bool) async throws -> BackupHold? {
        guard FileManager.default.fileExists(atPath: folder) else { return nil }
        let path = ((folder as NSString).deletingLastPathComponent as NSString).appendingPathComponent(fileName)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw BackupError.unreadable(path: path, detail: String(cString: strerror(errno)))
        }
        // Polled rather than waited for in `flock`, so no thread is blocked meanwhile.
        while flock(descriptor, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) != 0 {
            do {
                try await Task.sleep(for: .milliseconds(20))
            } catch {
                close(descriptor)
                throw error
            }
        }
        return BackupHold(descriptor: descriptor)
    }

    /// Lets go of the hold (also done when it is released from memory).
    func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }
}
