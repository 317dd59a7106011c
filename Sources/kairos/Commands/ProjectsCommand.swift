import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos projects`: your projects, Inbox first.
struct ProjectsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "projects", abstract: "List your projects.")
    @Flag(help: "Print the projects as JSON.")
    var json = false

    func run() async throws {
        let session = try CLISession()
        let projects = try await session.client.allProjects()
        if json { return printJSON(projects) }
        let rows =
            [["ID", "PROJECT", "COLOR", "ICON", "ROLE"]]
            + projects.map {
                [
                    $0.id, ($0.isFavorite ? "★ " : "") + $0.name, $0.color, $0.icon ?? "",
                    $0.isShared ? $0.role.rawValue : "",
                ]
            }
        print(TaskTable.align(rows))
    }
}
