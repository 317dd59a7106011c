import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos upcoming`: the next seven days.
struct UpcomingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "upcoming", abstract: "Tasks due in the next 7 days.")
    @OptionGroup var options: ListOptions

    func run() async throws {
        let session = try CLISession()
        let client = session.client
        try await session.show(options: options, order: TaskTable.agendaOrder) {
            try await client.allTasks(matching: TaskView.upcoming.query)
        }
    }
}
