import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// Options every listing command takes.
struct ListOptions: ParsableArguments {
    @Flag(help: "Print the tasks as JSON instead of a table.")
    var json = false
}

/// Prints a value in the API's JSON shape, indented for reading.
func printJSON(_ value: some JSONWritable) throws {
    let parsed = try JSONSerialization.jsonObject(with: Data(JSONWriter.encode(value)), options: .fragmentsAllowed)
    let pretty = try JSONSerialization.data(
        withJSONObject: parsed, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
    print(String(decoding: pretty, as: UTF8.self))
}

/// A signed-in conversation with the server, with what the listings need to print names and dates.
struct CLISession {
    let client: KairosClient

    init() throws {
        client = try CLIConfig.load().client()
    }

    /// Prints tasks as JSON or as a table with project names and dates in the user's zone.
    func show(_ tasks: [TaskItem], options: ListOptions, showProject: Bool = true) async throws {
        if options.json { return try printJSON(tasks) }
        async let user = client.currentUser()
        async let projects = showProject ? client.allProjects() : []
        let zone = try await user.timeZone
        let names = Dictionary(try await projects.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let table = TaskTable(projectNames: names, today: LocalDate.today(in: zone, now: Date()), timeZone: zone)
        print(table.render(tasks, showProject: showProject))
    }
}

/// `kairos add "text"`: adds a task to the Inbox or a named project.
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a task.")

    @Argument(help: "What to do.")
    var text: String

    @Option(
        help: "When it is due: today, tomorrow, friday, next week, 2026-03-12, \"friday at 3pm\", \"every monday\".")
    var due: String?

    @Option(help: "Project name (default: Inbox).")
    var project: String?

    @Option(help: "Priority p1 (most urgent) to p4.")
    var priority: String?

    @Option(name: .customLong("label"), help: "A label; repeat for several.")
    var labels: [String] = []

    func run() async throws {
        let session = try CLISession()
        var projectID: String?
        if let project {
            let all = try await session.client.allProjects()
            guard let match = all.first(where: { $0.name.caseInsensitiveCompare(project) == .orderedSame }) else {
                throw CLIError(
                    "No project named \"\(project)\". Your projects: \(all.map(\.name).joined(separator: ", ")).")
            }
            projectID = match.id
        }
        let request = TaskCreateRequest(
            content: text, projectID: projectID, labels: labels.isEmpty ? nil : labels,
            priority: try priority.map(Self.apiPriority), dueString: due)
        let task = try await session.client.createTask(request)
        let table = TaskTable(projectNames: [:], today: LocalDate.today(in: .current, now: Date()), timeZone: .current)
        let dueText = table.dueText(task.due)
        print("Added \(task.id): \(task.content)\(dueText.isEmpty ? "" : " (due \(dueText))")")
    }

    /// "p1".."p4" (or 1..4 as the user sees them) to the API's 4..1.
    static func apiPriority(_ text: String) throws -> Int {
        let digits = text.lowercased().hasPrefix("p") ? String(text.dropFirst()) : text
        guard let shown = Int(digits), (1...4).contains(shown) else {
            throw ValidationError("--priority must be p1, p2, p3 or p4 (p1 is the most urgent).")
        }
        return 5 - shown
    }
}

/// `kairos today`: what is due today, and what is still open from before.
struct TodayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "today", abstract: "Tasks due today or earlier.")
    @OptionGroup var options: ListOptions

    func run() async throws {
        let session = try CLISession()
        let tasks = try await session.client.allTasks(matching: TaskView.today.query)
        try await session.show(Self.sorted(tasks), options: options)
    }

    /// Earliest due first, then most urgent.
    static func sorted(_ tasks: [TaskItem]) -> [TaskItem] {
        tasks.sorted { a, b in
            let left = (a.due?.date ?? .init(year: 9999, month: 12, day: 31)!, a.due?.time?.iso ?? "99", -a.priority)
            let right = (b.due?.date ?? .init(year: 9999, month: 12, day: 31)!, b.due?.time?.iso ?? "99", -b.priority)
            return left < right
        }
    }
}

/// `kairos upcoming`: the next seven days.
struct UpcomingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "upcoming", abstract: "Tasks due in the next 7 days.")
    @OptionGroup var options: ListOptions

    func run() async throws {
        let session = try CLISession()
        let tasks = try await session.client.allTasks(matching: TaskView.upcoming.query)
        try await session.show(TodayCommand.sorted(tasks), options: options)
    }
}

/// `kairos inbox`: tasks not yet sorted into a project.
struct InboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "inbox", abstract: "Tasks in your Inbox.")
    @OptionGroup var options: ListOptions

    func run() async throws {
        let session = try CLISession()
        let projects = try await session.client.allProjects()
        guard let inbox = projects.first(where: \.isInbox) else { throw CLIError("Your account has no Inbox.") }
        try await session.show(
            try await session.client.allTasks(projectID: inbox.id), options: options, showProject: false)
    }
}

/// `kairos search TEXT`: full-text search over your open tasks.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "search", abstract: "Search your open tasks.")
    @Argument(help: "Words to look for in titles and notes.")
    var text: String
    @OptionGroup var options: ListOptions

    func run() async throws {
        let session = try CLISession()
        try await session.show(try await session.client.searchTasks(query: text, limit: 50).results, options: options)
    }
}

/// `kairos show ID`: one task in full.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one task in full.")
    @Argument(help: "The task's id.")
    var id: String
    @Flag(help: "Print the task as JSON.")
    var json = false

    func run() async throws {
        let session = try CLISession()
        async let taskRequest = session.client.task(id: id)
        async let userRequest = session.client.currentUser()
        let task = try await taskRequest
        if json { return try printJSON(task) }
        let zone = try await userRequest.timeZone
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
        print(TaskTable.align(lines.map { ["\($0.0):", $0.1] }))
    }
}

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

/// `kairos projects`: your projects, Inbox first.
struct ProjectsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "projects", abstract: "List your projects.")
    @Flag(help: "Print the projects as JSON.")
    var json = false

    func run() async throws {
        let session = try CLISession()
        let projects = try await session.client.allProjects()
        if json { return try printJSON(projects) }
        let rows =
            [["ID", "PROJECT", "COLOR"]]
            + projects.map { [$0.id, ($0.isFavorite ? "★ " : "") + $0.name, $0.color] }
        print(TaskTable.align(rows))
    }
}
