import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos token`: the API tokens of your account, such as the app password a CalDAV app signs in with.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Make, list or revoke API tokens (app passwords for other apps).",
        subcommands: [Create.self, List.self, Revoke.self], defaultSubcommand: List.self)

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a token, shown this once.",
            discussion: """
                kairos token create --name "iPhone" makes an app password: Apple Reminders, DAVx5 or Thunderbird \
                sign in with your email and it. Revoke it when the device is gone.
                """)

        @Option(help: "What the token is for, such as the device it goes on.")
        var name: String

        func run() async throws {
            let created = try await CLISession().client.createToken(name: name)
            print("Made token \(created.info.id) (\(created.info.name)). It is shown this once:")
            print(created.token)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List your live tokens, without their secrets.")

        func run() async throws {
            let tokens = try await CLISession().client.tokens()
            guard !tokens.isEmpty else { return print("No tokens.") }
            for token in tokens {
                print("\(token.id)\t\(token.name)\tmade \(token.createdAt.formatted(.iso8601))")
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a token: apps using it are signed out.")

        @Argument(help: "The token's id, from kairos token list.")
        var id: String

        func run() async throws {
            try await CLISession().client.revokeToken(id: id)
            print("Revoked token \(id).")
        }
    }
}
