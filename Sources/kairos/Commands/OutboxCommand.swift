import ArgumentParser
import Foundation
import KairosServer
import KairosStore

/// `kairos admin outbox`: prints the emails waiting to be sent, links included, for an administrator without
/// a mail command to pass on by hand. Only reads, so it works while the server runs.
struct OutboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outbox",
        abstract: "Print the emails waiting to be sent (invitations, sign-in and reset links).",
        discussion: """
            Without a mail command (KAIROS_SENDMAIL), the server keeps its emails here and its log only says \
            that one is waiting. The links in them are credentials: pass each on to its recipient only.
            """)

    @Option(help: "Folder holding the server's database.")
    var data = "kairos-data"

    func run() async throws {
        let path = ServerConfiguration(dataDirectory: data).databasePath
        guard FileManager.default.fileExists(atPath: path) else {
            throw CLIError("No Kairos database in \(data). Pass --data with the folder the server uses.")
        }
        let waiting = try SQLiteStore.unsentMail(inDatabaseAt: path)
        guard !waiting.isEmpty else {
            print("No emails are waiting.")
            return
        }
        for queued in waiting {
            print("To: \(queued.mail.recipient)")
            print("Subject: \(queued.mail.subject)")
            print("Queued: \(ISO8601DateFormatter().string(from: queued.createdAt))")
            print("")
            print(queued.mail.body)
            print("")
            print("----")
        }
    }
}
