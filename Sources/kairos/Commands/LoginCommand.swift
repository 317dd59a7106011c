import ArgumentParser
import Foundation
import KairosClient

/// `kairos login`: signs in to a server and remembers the token for the other commands.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login", abstract: "Sign in to a Kairos server and store the token in your config folder.")

    @Option(help: "The server's address, such as http://127.0.0.1:8080.")
    var server: String

    @Option(help: "Your account's email address.")
    var email: String?

    @Option(help: "Your password; without it you are asked (or it is read from standard input).")
    var password: String?

    @Option(help: "An API token to store instead of signing in with email and password.")
    var token: String?

    func run() async throws {
        let trimmed = server.hasSuffix("/") ? String(server.dropLast()) : server
        guard let url = URL(string: trimmed), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw ValidationError("--server must be an address such as http://127.0.0.1:8080.")
        }
        let anonymous = KairosClient(baseURL: url)
        let signedIn: (token: String, email: String)
        if let token {
            let user = try await KairosClient(baseURL: url, token: token).currentUser()
            signedIn = (token, user.email)
        } else {
            guard let email else { throw ValidationError("Give --email (or --token).") }
            let secret = try password ?? Prompt.secret("Password for \(email): ")
            let auth = try await anonymous.logIn(email: email, password: secret)
            signedIn = (auth.token, auth.user.email)
        }
        try CLIConfig(server: trimmed, token: signedIn.token).save()
        print("Logged in to \(trimmed) as \(signedIn.email). Token saved to \(CLIConfig.fileURL.path).")
    }
}
