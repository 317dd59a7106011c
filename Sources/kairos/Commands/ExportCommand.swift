import ArgumentParser
import Foundation
import KairosClient

/// `kairos export`: everything of yours as one JSON file, or your tasks as an iCalendar file.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export all your data as JSON, or your tasks as iCalendar (--ics).",
        discussion: "The JSON can be imported into an account on another Kairos server with `kairos import FILE`.")

    @Flag(help: "Your tasks as an iCalendar (.ics) file of to-dos, instead of everything as JSON.")
    var ics = false

    @Option(name: [.short, .long], help: "Write to this file instead of standard output.")
    var output: String?

    func run() async throws {
        let client = try CLISession().client
        let data = ics ? Data(try await client.exportCalendar().utf8) : try await client.exportData()
        guard let output else {
            FileHandle.standardOutput.write(data)
            return
        }
        do {
            try data.write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw CLIError("Could not write \(output): \(error.localizedDescription)")
        }
        print("Saved \(ics ? "your tasks as iCalendar" : "your data") to \(output) (\(data.count) bytes).")
    }
}

/// `kairos import FILE`: adds an export's projects, tasks and time to your account.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import a `kairos export` JSON file into your account.",
        discussion: "Projects, sections, labels, tasks (with subtasks, dues and completion), comments and time "
            + "are added with new ids. A file with any problem adds nothing.")

    @Argument(help: "The JSON file `kairos export` wrote; - reads standard input.")
    var file: String

    func run() async throws {
        let data: Data
        do {
            data =
                file == "-"
                ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw CLIError("Could not read \(file): \(error.localizedDescription)")
        }
        let result = try await CLISession().client.importData(data)
        print(
            "Imported \(result.tasks) tasks, \(result.projects) projects, \(result.sections) sections, "
                + "\(result.labels) labels, \(result.comments) comments and \(result.timeSessions) time entries.")
    }
}
