import ArgumentParser
import Foundation
import KairosServer
import KairosStore

/// `kairos admin reset-password EMAIL`: sets a new password for an account and signs it out everywhere.
struct ResetPasswordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset-password",
        abstract: "Set a new password for an account and sign it out everywhere.",
        discussion: "Without --password, a random password is made and printed: pass it on, and ask them to change it.")

    @Argument(help: "Email of the account.")
    var email: String

    @Option(help: "Folder holding the server's database.")
    var data = "kairos-data"

    @Option(help: "The new password (8 or more characters). Without it, one is made and printed.")
    var password: String?

    func run() async throws {
        let configuration = ServerConfiguration(dataDirectory: data)
        guard FileManager.default.fileExists(atPath: configuration.databasePath) else {
            throw CLIError("No Kairos database in \(data). Pass --data with the folder the server uses.")
        }
        let store = try SQLiteStore(
            path: configuration.databasePath, upgradeBackupFolder: configuration.backupsDirectory)
        let services = AppServices(
            store: store, attachmentFiles: try AttachmentFiles(folder: configuration.attachmentsDirectory),
            bcryptCost: configuration.bcryptCost, defaultTimeZone: configuration.defaultTimeZone)
        let secret = password ?? Self.randomPassword()
        let user = try await services.accounts.resetPassword(email: email, to: secret)
        print("Set a new password for \(user.email); every device it was signed in on is signed out.")
        if password == nil { print("New password: \(secret)") }
    }

    /// 16 characters from an alphabet without look-alikes (about 90 bits).
    static func randomPassword() -> String {
        let alphabet = Array("abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<16).map { _ in alphabet.randomElement(using: &generator)! })
    }
}
