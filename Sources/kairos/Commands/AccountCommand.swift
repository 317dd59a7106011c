import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos account`: what concerns the account as a whole.
struct AccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account", abstract: "Manage your account.", subcommands: [DeleteAccountCommand.self])
}

/// `kairos account delete`: deletes the signed-in account for good.
struct DeleteAccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete your account and your data for good.",
        discussion: """
            Your tasks, projects, time, reminders and tokens are deleted. Shared projects you own go to their \
            longest-standing editor (--shared-projects transfer; a project with no editor is deleted) or are \
            deleted for everyone (--shared-projects delete). Your messages in others' conversations stay, shown \
            as from "Deleted user". Run `kairos export` first to keep a copy.
            """)

    @Option(help: "Your password; without it you are asked (or it is read from standard input).")
    var password: String?

    @Option(help: "What happens to the shared projects you own: transfer or delete.")
    var sharedProjects: SharedProjectsChoice?

    @Flag(help: "Do not ask for confirmation.")
    var yes = false

    func run() async throws {
        let config = try CLIConfig.load()
        let client = try config.client()
        let user = try await client.currentUser()
        guard
            yes
                || Prompt.confirm(
                    "Delete the account \(user.email) on \(config.server) and all its data? This cannot be undone.")
        else {
            throw CLIError("Nothing was deleted.")
        }
        let secret = try password ?? Prompt.secret("Password for \(user.email): ")
        do {
            try await client.deleteAccount(password: secret, sharedProjects: sharedProjects)
        } catch KairosClientError.server(_, _, let message) where message.contains("shared_projects") {
            throw CLIError(
                "\(message) Pass --shared-projects transfer or --shared-projects delete. Nothing was deleted.")
        }
        try? FileManager.default.removeItem(at: CLIConfig.fileURL)
        print("Deleted the account \(user.email). Signed out of \(config.server).")
    }
}

extension SharedProjectsChoice: ExpressibleByArgument {}
