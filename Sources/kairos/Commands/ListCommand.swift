import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos list --filter QUERY`: the open tasks a filter query finds, such as `assigned to: me` or `followed`.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Tasks a filter finds, such as: kairos list --filter \"assigned to: me & shared\"",
        discussion: """
            The filter is Todoist's language, read by the server: today, overdue, no date, 7 days, #Project, \
            @label, p1-p4, search: text, assigned to: me / others / NAME, assigned by: me, added by: me, shared, \
            subtask and followed, joined by &, | and !, with parentheses.
            """)
    @Option(name: .shortAndLong, help: "The filter query, such as \"followed & !assigned to: me\".")
    var filter: String
    @OptionGroup var options: ListOptions

    func run() async throws {
        let session = try CLISession()
        let client = session.client
        let query = filter
        try await session.show(options: options, order: TaskOrder.agenda) {
            try await client.allTasks(matching: query)
        }
    }
}
