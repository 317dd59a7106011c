import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos upcoming`: the next seven days.
struct UpcomingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "upcoming", abstract: "Tasks due in the next 7 days.")
    @OptionGroup var options: ListOptions

    func run() async throws {
        try await CLISession().show(.upcoming, options: options)
    }
}
