import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos thread ID`: the latest messages of a conversation, oldest at the top.
struct ThreadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thread", abstract: "Show the latest messages of a conversation.")
    @Argument(help: "The conversation's id (see kairos threads).")
    var id: String
    @Option(help: "How many of the latest messages to show (1-200).")
    var limit = 20
    @Flag(help: "Print the messages as JSON, newest first.")
    var json = false

    func run() async throws {
        guard PageLimit.range.contains(limit) else { throw CLIError("--limit must be between 1 and 200.") }
        let client = try CLISession().client
        let (id, limit) = (id, limit)
        async let page = settle { try await client.messages(conversationID: id, limit: limit) }
        async let thread = settle { try await client.conversation(id: id) }
        async let user = settle { try await client.currentUser() }
        let (pageResult, threadResult, userResult) = await (page, thread, user)
        let messages = try pageResult.get().results
        if json { return printJSON(messages) }
        let conversation = try threadResult.get()
        let me = try userResult.get()
        let text = ThreadText(me: me, conversation: conversation)
        print(
            "\(ThreadText.title(of: conversation, for: me)) (\(conversation.members.map(\.name).joined(separator: ", ")))"
        )
        if messages.isEmpty { print("No messages yet. Say hello: kairos send \(id) \"hello\"") }
        for message in messages.reversed() { text.lines(message).forEach { print($0) } }
    }
}
