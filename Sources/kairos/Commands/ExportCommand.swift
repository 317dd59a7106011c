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
