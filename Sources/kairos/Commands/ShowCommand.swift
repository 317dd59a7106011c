import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos show ID`: one task in full.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one task in full.")
    @Argument(help: "The task's id.")
    var id: String
    @Flag(help: "Print the task as JSON.")
    var json = false

    func run() async throws {
        let session = try CLISession()
        let client = session.client
        let id = id
        async let taskRequest = settle { try await client.task(id: id) }
        async let userRequest = settle { try await client.currentUser() }
        async let remindersRequest = settle { try await client.reminders(taskID: id, limit: 200) }
        let (taskResult, userResult, remindersResult) = await (taskRequest, userRequest, remindersRequest)
        let task = try taskResult.get()
        if json { return printJSON(task) }
        let zone = try userResult.get().timeZone
        let project = try await session.client.project(id: task.projectID)
        let table = TaskTable(projectNames: [:], today: LocalDate.today(in: zone, now: Date()), timeZone: zone)
        var lines = [
            ("Task", task.content), ("ID", task.id), ("Project", project.name),
            ("Status", task.isCompleted ? "done" : "open"),
        ]
        if !task.description.isEmpty { lines.append(("Notes", task.description)) }
        if let due = task.due { lines.append(("Due", "\(table.dueText(due)) — \"\(due.string)\"")) }
        if task.priority > 1 { lines.append(("Priority", TaskTable.priorityLabel(task.priority))) }
        if !task.labels.isEmpty { lines.append(("Labels", task.labels.map { "@\($0)" }.joined(separator: " "))) }
        if let duration = task.duration { lines.append(("Estimate", "\(duration.amount) \(duration.unit.rawValue)s")) }
        if let deadline = task.deadline { lines.append(("Deadline", deadline.date.iso)) }
        if task.noteCount > 0 { lines.append(("Comments", String(task.noteCount))) }
        for reminder in try remindersResult.get().results where reminder.firedAt == nil {
            lines.append(("Reminder", ReminderText(timeZone: zone).describe(reminder)))
        }
        print(TaskTable.align(lines.map { ["\($0.0):", $0.1] }))
    }
}
