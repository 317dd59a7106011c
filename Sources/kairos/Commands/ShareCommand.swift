import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos share TASK THREAD`: posts one of your tasks into a conversation as a card.
struct ShareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share", abstract: "Share one of your tasks into a conversation.")
    @Argument(help: "The task's id.")
    var task: String
    @Argument(help: "The conversation's id (see kairos threads).")
    var thread: String

    func run() async throws {
        let card = try await CLISession().client.shareTask(id: task, into: thread)
        print("Shared \u{201C}\(card.task?.content ?? card.text)\u{201D}; its changes will be posted there.")
    }
}
