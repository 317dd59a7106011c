import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos members PROJECT`: who a project is shared with; `--add` and `--remove` change that.
struct MembersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "members",
        abstract: "List, add or remove the people a project is shared with.",
        discussion: """
            kairos members Launch                         list the owner and members with their roles
            kairos members Launch --add bob@example.com   share as editor (or --role commenter)
            kairos members Launch --remove bob@example.com
            """)

    @Argument(help: "The project's name or id.")
    var project: String
    @Option(help: "Share the project with the person who has this email (or change their role).")
    var add: String?
    @Option(help: "The role for --add: editor (adds and edits tasks) or commenter (reads and comments).")
    var role: Role = .editor
    @Option(help: "Remove the member with this email; your own email leaves the project.")
    var remove: String?
    @Flag(help: "Print the members as JSON.")
    var json = false

    func validate() throws {
        if add != nil, remove != nil { throw ValidationError("Give --add or --remove, not both.") }
        if role == .owner || role == .member { throw ValidationError("--role must be editor or commenter.") }
    }

    func run() async throws {
        let session = try CLISession()
        let client = session.client
        let target = try await Self.project(named: project, client: client)
        if let email = add {
            let member = try await client.shareProject(id: target.id, withEmail: email, role: role)
            print("Shared \(target.name) with \(member.name) <\(member.email)> as \(member.role.rawValue).")
        } else if let email = remove {
            let members = try await client.members(projectID: target.id)
            guard let member = members.first(where: { $0.email.caseInsensitiveCompare(email) == .orderedSame }) else {
                throw CLIError("\(email) is not a member of \(target.name). See `kairos members \(project)`.")
            }
            try await client.removeMember(member.userID, fromProject: target.id)
            print("Removed \(member.name) from \(target.name).")
        }
        let members = try await client.members(projectID: target.id)
        if json { return printJSON(members) }
        if add != nil || remove != nil { print("") }
        let rows = [["NAME", "EMAIL", "ROLE"]] + members.map { [$0.name, $0.email, $0.role.rawValue] }
        print(TaskTable.align(rows))
    }

    /// The project with this id, or the one whose name matches ignoring case.
    static func project(named reference: String, client: KairosClient) async throws -> Project {
        let projects = try await client.allProjects()
        if let byID = projects.first(where: { $0.id == reference }) { return byID }
        let matches = projects.filter { $0.name.caseInsensitiveCompare(reference) == .orderedSame }
        guard matches.count == 1, let match = matches.first else {
            throw CLIError(
                matches.isEmpty
                    ? "No project is called \(reference). See `kairos projects`."
                    : "Several projects are called \(reference). Give its id from `kairos projects`.")
        }
        return match
    }
}

extension Role: ExpressibleByArgument {}
