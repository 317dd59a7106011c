import ArgumentParser
import Foundation
import KairosServer

/// `kairos admin backup FILE`: one archive of the data folder, taken while the server runs.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Back up the data folder (database, attachments, keys) into one archive, while the server runs.")

    @Argument(help: "The archive to write, such as kairos-backup.tar. It must not exist yet.")
    var file: String

    @Option(help: "Folder holding the server's data.")
    var data = "kairos-data"

    func run() async throws {
        guard !FileManager.default.fileExists(atPath: file) else {
            throw CLIError("\(file) already exists. Pass a new file name: a backup never overwrites a file.")
        }
        let summary = try await DataFolderBackup(dataDirectory: data).create(at: file)
        print(
            "Backed up \(data) to \(file): \(summary.files) files, \(summary.bytes) bytes, "
                + "schema \(summary.migrations.last ?? "empty").")
    }
}

/// `kairos admin restore FILE`: a backup archive unpacked into a new data folder, checked before and after.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore a backup archive into a new or empty data folder, then serve it with kairos serve.")

    @Argument(help: "The archive made by kairos admin backup (or a scheduled backup).")
    var file: String

    @Option(help: "The folder to restore into; it must not exist or be empty.")
    var data = "kairos-data"

    func run() async throws {
        let restored = try await DataFolderBackup.restore(archive: file, into: data)
        print(
            "Restored \(file) into \(data): \(restored.files) files, \(restored.bytes) bytes, "
                + "schema \(restored.migrations.last ?? "empty"). Start it with: kairos serve --data \(data)")
    }
}
