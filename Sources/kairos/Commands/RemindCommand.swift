import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos remind ID WHEN`: a reminder on a task, at a time given the way due dates are.
struct RemindCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind", abstract: "Set a reminder on a task, such as: kairos remind 42 tomorrow at 9am")
    @Argument(help: "The task's id.")
    var id: String
    @Argument(help: "When, as you would say it: \"tomorrow at 9am\", \"friday 17:30\".")
    var when: [String]

    func run() async throws {
        let session = try CLISession()
        let reminder = try await session.client.createReminder(
            ReminderCreateRequest(taskID: id, type: "absolute", due: .init(string: when.joined(separator: " "))))
        let zone = try await session.client.currentUser().timeZone
        print("Reminder set: \(ReminderText(timeZone: zone).describe(reminder))")
    }
}
