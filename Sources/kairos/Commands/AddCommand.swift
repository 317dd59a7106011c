import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos add "text"`: the server's capture engine reads the text; one task is added at once, several after
/// a review.
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add tasks from what you type.",
        discussion: """
            Dates, times, #lists, @labels, p1-p4 and repeats are read from the text, and one line can hold \
            several tasks ("call mom tomorrow at 5pm, buy milk #Errands p1"). Several tasks are shown for \
            review first; lists you do not have yet are created when you agree.
            """)

    @Argument(help: "What to do.")
    var text: String

    @Option(
        help:
            "When it is due, instead of what the text says: today, tomorrow, friday, next week, 2026-03-12, \"friday at 3pm\", \"every monday\"."
    )
    var due: String?

    @Option(help: "Project name, instead of the list the text names (default: Inbox).")
    var project: String?

    @Option(help: "Priority p1 (most urgent) to p4, instead of what the text says.")
    var priority: String?

    @Option(name: .customLong("label"), help: "A label; repeat for several.")
    var labels: [String] = []

    @Flag(name: .shortAndLong, help: "Add without asking: no review of several tasks, missing lists are created.")
    var yes = false

    func run() async throws {
        let shownPriority = try priority.map(Self.shownPriority)
        let client = try CLISession().client
        let text = text
        async let projectList = settle { try await client.allProjects() }
        async let captured = settle { try await client.capture(text) }
        async let user = settle { try await client.currentUser() }
        let (projectResult, captureResult, userResult) = await (projectList, captured, user)
        let projects = try projectResult.get()
        let projectMatch = try project.map { name in
            guard let match = projects.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
                throw CLIError(
                    "No project named \"\(name)\". Your projects: \(projects.map(\.name).joined(separator: ", ")).")
            }
            return match
        }
        let proposals = try captureResult.get()
        var tasks = proposals.tasks.map(CaptureCommitTask.init)
        let zone = try userResult.get().timeZone
        guard !tasks.isEmpty else {
            let remarks = proposals.setAside.map { "\u{201C}\($0.text)\u{201D}" }.joined(separator: ", ")
            let reading =
                remarks.isEmpty ? "There is no task in \"\(text)\"." : "Nothing added: \(remarks) reads as a remark."
            throw CLIError("\(reading) Say what to do, such as: kairos add \"call mom tomorrow\"")
        }
        let notAdded = proposals.setAside.map { "Not added: \u{201C}\($0.text)\u{201D} (say it as a task to add it)" }
        for index in tasks.indices {
            if let projectMatch { tasks[index].list = projectMatch.name }
            if let shownPriority { tasks[index].priority = shownPriority }
            if !labels.isEmpty { tasks[index].labels = (tasks[index].labels ?? []) + labels }
            if let due {
                tasks[index].dueString = due
                tasks[index].due = nil
                tasks[index].recurrence = nil
            }
        }

        let review = CaptureReview(
            tasks: tasks, projectNames: projects.map(\.name), today: LocalDate.today(in: zone, now: Date()),
            timeZone: zone)
        if tasks.count > 1, !yes {
            print(review.render())
            notAdded.forEach { print($0) }
            guard Prompt.confirm("Add these \(tasks.count) tasks?") else {
                print("Nothing added.")
                return
            }
        }
        var createLists = false
        for list in review.missingLists {
            if yes || Prompt.confirm("You have no list \"\(list)\". Create it?") {
                createLists = true
            } else {
                for index in tasks.indices where tasks[index].list?.lowercased() == list.lowercased() {
                    tasks[index].list = nil
                }
                print("Tasks for \"\(list)\" go to the Inbox.")
            }
        }

        let created = try await client.commitCapture(tasks, createMissingLists: createLists)
        let table = TaskTable(projectNames: [:], today: review.today, timeZone: zone)
        for (task, asked) in zip(created, tasks) {
            let dueText = table.dueText(task.due)
            let list = asked.list.map { " in \($0)" } ?? ""
            print("Added \(task.id): \(task.content)\(list)\(dueText.isEmpty ? "" : " (due \(dueText))")")
        }
        if tasks.count == 1 || yes { notAdded.forEach { print($0) } }
    }

    /// "p1".."p4" (or 1..4) to the priority as the user sees it, 1 (most urgent) to 4.
    static func shownPriority(_ text: String) throws -> Int {
        let digits = text.lowercased().hasPrefix("p") ? String(text.dropFirst()) : text
        guard let shown = Int(digits), (1...4).contains(shown) else {
            throw ValidationError("--priority must be p1, p2, p3 or p4 (p1 is the most urgent).")
        }
        return shown
    }
}
