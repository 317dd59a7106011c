import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos today`: what is due today, and what is still open from before.
struct TodayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "today", abstract: "Tasks due today or earlier.")
    @OptionGroup var options: ListOptions

    func run() async throws {
        try await CLISession().show(.today, options: options)
    }
}
