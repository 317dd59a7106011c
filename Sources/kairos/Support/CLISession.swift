import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// Options every listing command takes.
struct ListOptions: ParsableArguments {
    @Flag(help: "Print the tasks as JSON instead of a table.")
    var json = false
}

/// Prints a value in the API's JSON shape, compact, one document per command (for scripts and `jq`).
func printJSON(_ value: some JSONWritable) {
    print(String(decoding: JSONWriter.encode(value), as: UTF8.self))
}

/// A signed-in conversation with the server, with what the listings need to print names and dates.
struct CLISession {
    let client: KairosClient

    init() throws {
        client = try CLIConfig.load().client()
    }

    /// Fetches tasks and prints them as JSON or as a table with project names and dates in the user's
    /// zone; the user and projects are fetched at the same time as the tasks, so a listing costs one round trip.
    func show(
        options: ListOptions, showProject: Bool = true, order: ([TaskItem]) -> [TaskItem] = { $0 },
        _ fetchTasks: @Sendable @escaping () async throws -> [TaskItem]
    ) async throws {
        async let taskList = fetchTasks()
        if options.json { return printJSON(order(try await taskList)) }
        async let user = client.currentUser()
        async let projects = showProject ? client.allProjects() : []
        let tasks = order(try await taskList)
        let zone = try await user.timeZone
        let names = Dictionary(try await projects.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let table = TaskTable(projectNames: names, today: LocalDate.today(in: zone, now: Date()), timeZone: zone)
        print(table.render(tasks, showProject: showProject))
    }

    /// Prints one of the built-in views in agenda order.
    func show(_ view: TaskView, options: ListOptions) async throws {
        let client = client
        try await show(options: options, order: TaskTable.agendaOrder) {
            try await client.allTasks(matching: view.query)
        }
    }
}
