import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos invite EMAIL --project NAME`: emails someone a link to join a project or a group.
struct InviteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "invite", abstract: "Email someone a link to join one of your projects or groups.")

    @Argument(help: "Their email address.")
    var email: String
    @Option(help: "The project's name or id.")
    var project: String?
    @Option(help: "The group's id (see `kairos threads`).")
    var thread: String?
    @Option(help: "For a project: editor (adds and edits tasks) or commenter (reads and comments).")
    var role: Role?

    func validate() throws {
        guard (project == nil) != (thread == nil) else { throw ValidationError("Give --project or --thread.") }
    }

    func run() async throws {
        let client = try CLISession().client
        let invite: Invite
        if let project {
            let target = try await MembersCommand.project(named: project, client: client)
            invite = try await client.invite(email: email, projectID: target.id, role: role)
        } else {
            invite = try await client.invite(email: email, conversationID: thread, role: role)
        }
        let days = Int((invite.expiresAt.timeIntervalSince(invite.createdAt) / 86_400).rounded())
        print(
            "Invited \(invite.email) to \(invite.targetName) as \(invite.role.rawValue). "
                + "The emailed link works once, for \(days) days.")
    }
}

/// `kairos join LINK`: accepts an invitation and signs in with it, like `kairos login`.
struct JoinCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join", abstract: "Accept an emailed invitation and sign in with it.")

    @Argument(help: "The link from the invitation email.")
    var link: String
    @Option(help: "Your name, if this makes you a new account.")
    var name: String?

    func run() async throws {
        guard let components = URLComponents(string: link),
            let fragment = components.fragment, fragment.hasPrefix("/invite/"),
            components.scheme == "http" || components.scheme == "https", components.host != nil
        else {
            throw ValidationError("The link must be the one from the email, such as https://kairos.example/#/invite/…")
        }
        let token = String(fragment.dropFirst("/invite/".count))
        var base = components
        base.fragment = nil
        base.query = nil
        if base.path == "/" { base.path = "" }
        guard let server = base.url else { throw ValidationError("The link has no server address.") }
        let accepted = try await KairosClient(baseURL: server).acceptInvite(
            token: token, name: name, timezone: TimeZone.current.identifier)
        try CLIConfig(server: server.absoluteString, token: accepted.token).save()
        let invite = accepted.invite
        print(
            "Joined \(invite.targetName) as \(invite.role.rawValue), invited by \(invite.inviterName). "
                + "Signed in to \(server.absoluteString) as \(accepted.user.email).")
    }
}
