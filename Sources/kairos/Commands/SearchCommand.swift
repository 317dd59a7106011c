import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos search TEXT`: full-text search over your open tasks.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "search", abstract: "Search your open tasks.")
    @Argument(help: "Words to look for in titles and notes.")
    var text: String
    @OptionGroup var options: ListOptions

    func run() async throws {
        let session = try CLISession()
        let client = session.client
        let text = text
        try await session.show(options: options) { try await client.searchTasks(query: text, limit: 50).results }
    }
}
