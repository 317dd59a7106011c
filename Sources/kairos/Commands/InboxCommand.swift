import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos inbox`: tasks not yet sorted into a project.
struct InboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "inbox", abstract: "Tasks in your Inbox.")
    @OptionGroup var options: ListOptions

    func run() async throws {
        let session = try CLISession()
        let projects = try await session.client.allProjects()
        guard let inbox = projects.first(where: \.isInbox) else { throw CLIError("Your account has no Inbox.") }
        let client = session.client
        try await session.show(options: options, showProject: false) {
            try await client.allTasks(projectID: inbox.id)
        }
    }
}
