import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos threads`: your conversations, most recent first.
struct ThreadsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "threads", abstract: "List your conversations, most recent first.")
    @Flag(help: "Print the conversations as JSON.")
    var json = false

    func run() async throws {
        let client = try CLISession().client
        async let threads = settle { try await client.allConversations() }
        async let user = settle { try await client.currentUser() }
        let (threadResult, userResult) = await (threads, user)
        let conversations = try threadResult.get()
        if json { return printJSON(conversations) }
        guard !conversations.isEmpty else {
            return print("No conversations yet. Start one with the API: POST /api/v1/conversations.")
        }
        let me = try userResult.get()
        let rows =
            [["ID", "THREAD", "KIND", "UNREAD"]]
            + conversations.map {
                [
                    $0.id, ThreadText.title(of: $0, for: me) + ($0.muted ? " (muted)" : ""), $0.kind.rawValue,
                    $0.unreadCount > 0 ? String($0.unreadCount) : "",
                ]
            }
        print(TaskTable.align(rows))
    }
}
