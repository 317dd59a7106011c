import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos done ID`: completes a task (a recurring one moves to its next date).
struct DoneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "done", abstract: "Complete a task.")
    @Argument(help: "The task's id.")
    var id: String

    func run() async throws {
        let session = try CLISession()
        try await session.client.closeTask(id: id)
        let task = try await session.client.task(id: id)
        if task.isCompleted {
            print("Done: \(task.content)")
        } else if let due = task.due {
            print("Done for now: \(task.content). Next: \(due.date.iso).")
        }
    }
}
