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

/// Runs a request to completion and keeps its outcome. Concurrent requests are settled this way and
/// checked afterwards, because cancelling an in-flight URLSession request on Linux can hang the process.
func settle<Value: Sendable>(_ request: @Sendable () async throws -> Value) async -> Result<Value, any Error> {
    do {
        return .success(try await request())
    } catch {
        return .failure(error)
    }
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
        if options.json { return printJSON(order(try await fetchTasks())) }
        let client = client
        async let taskList = settle(fetchTasks)
        async let user = settle { try await client.currentUser() }
        async let projects = settle { showProject ? try await client.allProjects() : [] }
        let (taskResult, userResult, projectResult) = await (taskList, user, projects)
        let tasks = order(try taskResult.get())
        let zone = try userResult.get().timeZone
        let names = Dictionary(
            try projectResult.get().map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let table = TaskTable(projectNames: names, today: LocalDate.today(in: zone, now: Date()), timeZone: zone)
        print(table.render(tasks, showProject: showProject))
    }

    /// Prints one of the built-in views in agenda order.
    func show(_ view: TaskView, options: ListOptions) async throws {
        let client = client
        try await show(options: options, order: TaskOrder.agenda) {
            try await client.allTasks(matching: view.query)
        }
    }
}
