import ArgumentParser
import Foundation
import KairosClient
import KairosCore

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
