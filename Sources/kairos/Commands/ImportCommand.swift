import ArgumentParser
import Foundation
import KairosClient

/// `kairos import FILE` adds an export's projects, tasks and time to your account; `kairos import --from todoist`
/// reads a Todoist account through its API and adds it the same way.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import a `kairos export` JSON file, or a Todoist account, into your account.",
        discussion: "Projects, sections, labels, tasks (with subtasks, dues and completion), comments and time "
            + "are added with new ids, and reminders still to come. A file with any problem adds nothing.\n\n"
            + "With --from todoist --token TOKEN (your API token from Todoist's Settings > Integrations > "
            + "Developer), your Todoist projects, sections, labels, open tasks with their subtasks, dues (recurring "
            + "ones too), deadlines and durations, comments and reminders are added in one step: everything or "
            + "nothing. Todoist's Inbox goes to your Inbox. Running it again adds a second copy.\n\n"
            + "With --from todoist-csv FILE, a project Todoist exported as CSV becomes a project named after the "
            + "file, with its sections, tasks (INDENT gives subtasks, @words in CONTENT are labels) and notes as "
            + "comments.")

    /// Where an import reads from, besides a Kairos export file.
    enum Source: String, ExpressibleByArgument, CaseIterable {
        case todoist
        case todoistCSV = "todoist-csv"
    }

    @Argument(help: "The JSON file `kairos export` wrote, or a Todoist CSV export; - reads standard input.")
    var file: String?

    @Option(
        help: "Read another service's data: todoist (an account, with --token), todoist-csv (a project's CSV FILE).")
    var from: Source?

    @Option(help: "Your Todoist API token (Todoist's Settings > Integrations > Developer).")
    var token: String?

    @Option(help: "Todoist's API address, for a proxy or a test server.")
    var api: String = TodoistReader.defaultAPI.absoluteString

    func validate() throws {
        switch (file, from) {
        case (nil, nil): throw ValidationError("Give the export FILE, or --from todoist --token TOKEN.")
        case (.some, .todoist): throw ValidationError("Give either a FILE or --from todoist, not both.")
        case (nil, .todoistCSV): throw ValidationError("--from todoist-csv needs the CSV FILE Todoist exported.")
        case (nil, .todoist):
            guard let token, !token.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ValidationError(
                    "--from todoist needs --token: copy it from Todoist's Settings > Integrations > Developer.")
            }
            guard let url = URL(string: api), url.scheme == "https" || url.scheme == "http", url.host != nil else {
                throw ValidationError("--api must be an address such as \(TodoistReader.defaultAPI).")
            }
        case (.some, nil), (.some, .todoistCSV):
            if token != nil { throw ValidationError("--token goes with --from todoist.") }
        }
    }

    func run() async throws {
        let client = try CLISession().client
        let result: UserDataImportResult
        if let token, from == .todoist, let api = URL(string: api) {
            let account = try await readTodoist(api: api, token: token)
            let conversion = TodoistImport(account)
            result = try await client.importData(conversion.document)
            for unread in conversion.unreadRecurrences {
                print("Kept without repeating (Kairos cannot read \"\(unread.string)\"): \(unread.task)")
            }
            if account.reminders == nil {
                print("Reminders were not imported: \(api.absoluteString) does not offer Todoist's Sync API.")
            } else if conversion.skippedReminders > 0 {
                print(
                    "Left out \(conversion.skippedReminders) reminders Kairos cannot keep "
                        + "(location, past, or before a due time the task does not have).")
            }
        } else if from == .todoistCSV, let file {
            let csv = String(decoding: try readFile(file), as: UTF8.self)
            let name = file == "-" ? "Todoist" : URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            let zone = try await client.currentUser().timeZone
            result = try await client.importData(
                try TodoistCSVImport(csv: csv, projectName: name, timeZone: zone).document)
        } else {
            result = try await client.importData(try readFile(file ?? "-"))
        }
        print(
            "Imported \(result.tasks) tasks, \(result.projects) projects, \(result.sections) sections, "
                + "\(result.labels) labels, \(result.comments) comments, \(result.reminders) reminders and "
                + "\(result.timeSessions) time entries.")
    }

    /// The account, or why it could not be read, pointing at `--api` where the address may be wrong.
    private func readTodoist(api: URL, token: String) async throws -> TodoistAccount {
        do {
            return try await TodoistReader(api: api, token: token).read()
        } catch let error as TodoistReadError {
            switch error {
            case .notTodoistAPI, .unreachable:
                throw CLIError(
                    "\(error) Check your connection, or the address given with --api (such as "
                        + "\(TodoistReader.defaultAPI)).")
            default:
                throw CLIError(error.description)
            }
        }
    }

    private func readFile(_ file: String) throws -> Data {
        do {
            return file == "-"
                ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw CLIError("Could not read \(file): \(error.localizedDescription)")
        }
    }
}
