import ArgumentParser
import Foundation
import KairosServer
import KairosStore

/// `kairos admin ...`: maintenance run directly against the data folder.
struct AdminCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin", abstract: "Manage the server's data directly (run on the server machine).",
        subcommands: subcommands)

    private static var subcommands: [any ParsableCommand.Type] {
        var commands: [any ParsableCommand.Type] = [
            CreateUserCommand.self, ResetPasswordCommand.self, OutboxCommand.self, VAPIDCommand.self,
            BackupCommand.self, RestoreCommand.self,
        ]
        #if Postgres
            commands.append(MigrateToPostgresCommand.self)
        #endif
        return commands
    }
}

/// `kairos admin create-user`: makes an account without the sign-up endpoint and prints its API token.
struct CreateUserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create-user", abstract: "Create an account and print an API token for it.")

    @Option(help: "Folder holding the server's database.")
    var data = "kairos-data"

    @Option(help: "Email address to log in with.")
    var email: String

    @Option(help: "Display name.")
    var name: String

    @Option(help: "IANA time zone, such as Europe/Paris. Defaults to this machine's.")
    var timezone: String?

    @Option(help: "Password (8 or more characters). Without it, it is read from standard input.")
    var password: String?

    func run() async throws {
        let secret = try password ?? Prompt.secret("Password for \(email): ")
        let configuration = ServerConfiguration(dataDirectory: data)
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let store = try SQLiteStore(
            path: configuration.databasePath, upgradeBackupFolder: configuration.backupsDirectory)
        let services = AppServices(
            store: store, attachmentFiles: try AttachmentFiles(folder: configuration.attachmentsDirectory),
            bcryptCost: configuration.bcryptCost, defaultTimeZone: configuration.defaultTimeZone)
        let created = try await services.accounts.createUser(
            email: email, name: name, password: secret, timezone: timezone)
        print("Created \(created.user.email) (id \(created.user.id), time zone \(created.user.timezone)).")
        print("API token: \(created.token)")
    }
}

/// `kairos admin vapid`: the server's VAPID public key for Web Push, made in the data folder if there is none yet.
struct VAPIDCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vapid", abstract: "Print the server's VAPID public key for Web Push (base64url).")

    @Option(help: "Folder holding the server's data.")
    var data = "kairos-data"

    func run() async throws {
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        do {
            print(try VAPIDKey.loadOrCreate(at: ServerConfiguration(dataDirectory: data).vapidKeyPath).publicKey)
        } catch let error as VAPIDKeyError {
            throw CLIError(error.description)
        }
    }
}
