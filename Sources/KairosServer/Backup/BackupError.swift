/// Why a backup could not be made or restored; each message says what to do next.
public enum BackupError: Error, CustomStringConvertible, Equatable {
    /// The archive is not a whole Kairos backup: cut short, changed, or not one at all.
    case damaged(archive: String, detail: String)
    /// The folder to restore into holds something.
    case folderNotEmpty(folder: String)
    /// The backup was made by a newer Kairos, whose schema this version does not know.
    case newerBackup(archive: String, unknownMigrations: [String])
    /// A file could not be read or written.
    case unreadable(path: String, detail: String)
    /// The restored database failed SQLite's integrity check.
    case failedIntegrityCheck(detail: String)
    /// A file is too large for the archive format (8 GiB each).
    case fileTooLarge(path: String)

    public var description: String {
        switch self {
        case .damaged(let archive, let detail):
            "The backup \(archive) is damaged or incomplete (\(detail)); nothing was restored. Use another backup."
        case .folderNotEmpty(let folder):
            "The folder \(folder) is not empty. Restore into a new or empty folder, so nothing in it is overwritten."
        case .newerBackup(let archive, let unknown):
            "The backup \(archive) was made by a newer Kairos (it has migration \(unknown.joined(separator: ", ")) "
                + "this version does not know). Restore it with the newer kairos."
        case .unreadable(let path, let detail):
            "\(path) could not be used (\(detail)). Check that it exists and that this user may read and write it."
        case .failedIntegrityCheck(let detail):
            "The restored database failed SQLite's integrity check (\(detail)); the folder was emptied again. "
                + "Use another backup."
        case .fileTooLarge(let path):
            "\(path) is larger than a backup archive can hold (8 GiB a file)."
        }
    }
}
