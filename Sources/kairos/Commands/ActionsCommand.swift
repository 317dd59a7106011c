import ArgumentParser
import Foundation
import KairosCapture
import KairosClient
import KairosCore

/// `kairos actions ID`: the things a conversation's latest messages ask people to do, and `--add` to make them
/// tasks, assigned, dated and linked back to their messages.
struct ActionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "actions",
        abstract: "List the action items of a conversation's latest messages, and add them as tasks.",
        discussion: """
            Each action shows who it is for, when it is due, the list its task goes to and how sure Kairos is.
            kairos actions ID --add 1 --add 3 makes tasks of the first and third; --add-all makes all of them.
            """)
    @Argument(help: "The conversation's id (see kairos threads).")
    var id: String
    @Option(help: "How many of the latest messages to read (1-200).")
    var last = LatestMessagesRequest.defaultLast
    @Option(name: .customLong("add"), help: "Make a task of the action with this number (repeatable).")
    var numbers: [Int] = []
    @Flag(help: "Make a task of every action not made yet.")
    var addAll = false
    @Flag(help: "Print the actions as JSON.")
    var json = false

    func run() async throws {
        guard LatestMessagesRequest.lastRange.contains(last) else {
            throw CLIError("--last must be between 1 and 200.")
        }
        let client = try CLISession().client
        let found = try await client.actions(in: id, last: last)
        if let wrong = numbers.first(where: { !found.actions.indices.contains($0 - 1) }) {
            throw CLIError("There is no action \(wrong): the conversation has \(found.actions.count).")
        }
        let chosen = addAll ? Array(found.actions.indices) : numbers.map { $0 - 1 }
        guard !chosen.isEmpty else {
            if json { return printJSON(found) }
            return Self.lines(of: found, in: id).forEach { print($0) }
        }
        for index in chosen where found.actions[index].taskID == nil || !addAll {
            let task = try await client.createTask(from: found.actions[index])
            print("Added \(task.id): \(task.content)")
        }
    }

    /// One numbered line per action, with where its task goes and any note, then how to add them.
    static func lines(of found: ConversationActions, in id: String) -> [String] {
        guard !found.actions.isEmpty else { return ["No action items in the latest messages."] }
        var lines: [String] = []
        for (number, action) in zip(1..., found.actions) {
            let who = action.placement.assigneeID == nil ? "anyone" : action.step.assignee ?? "someone"
            let due = action.step.due.map { ", due \($0.iso.replacingOccurrences(of: "T", with: " "))" } ?? ""
            let list = action.placement.projectName ?? "Inbox"
            let made = action.taskID.map { " (added: task \($0))" } ?? ""
            lines.append(
                "\(number). \(action.step.title): \(who)\(due), into \(list), "
                    + "\(Int((action.step.confidence * 100).rounded()))% sure\(made)")
            lines.append("   From \(action.sender ?? "a former member")'s message \(action.step.messageID)")
            if let note = action.placement.note { lines.append("   \(note)") }
        }
        lines.append("Add them with kairos actions \(id) --add N, or all with --add-all.")
        return lines
    }
}
