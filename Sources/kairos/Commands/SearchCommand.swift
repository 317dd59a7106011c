import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos search TEXT`: a question about what you promised someone or were asked ("what did I promise Ben"),
/// answered with why each thing was found; any other text searches your open tasks.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Search your open tasks, or ask what you promised someone.",
        discussion: """
            kairos search "what did I promise Ben" (or "what did Ben ask me last week") lists the tasks, the \
            commitments said in your conversations with them and the messages that answer it, each with why. \
            Other text searches the titles and notes of your open tasks.
            """)
    @Argument(help: "Words to look for in titles and notes, or a question about a promise.")
    var text: String
    @OptionGroup var options: ListOptions

    func run() async throws {
        let session = try CLISession()
        let client = session.client
        let text = text
        let answer = try await client.answer(text, limit: 1)
        guard answer.answered else {
            return try await session.show(options: options) {
                try await client.searchTasks(query: text, limit: 50).results
            }
        }
        if options.json { return printJSON(answer) }
        Self.lines(of: answer).forEach { print($0) }
    }

    /// The answer as text: each result's title (or the message's words) with its reason and where it is.
    static func lines(of answer: SearchAnswer) -> [String] {
        let name = answer.question.person?.name ?? "them"
        var lines: [String] = []
        if answer.results.isEmpty {
            lines.append("Nothing found between you and \(name) that answers this.")
        }
        for result in answer.results {
            let text = result.title ?? plain(result.snippet ?? "")
            let place: String
            if let task = result.taskID {
                place = "task \(task)"
            } else {
                place = "message \(result.messageID ?? "?") in conversation \(result.conversationID ?? "?")"
            }
            lines.append("- \(text)\(result.isDone ? " (done)" : "")")
            lines.append("  \(result.reason) (\(place))")
        }
        if !answer.model.used, let reason = answer.model.reason, reason != "off", reason != "plain_search" {
            lines.append("(Read offline; the model was not used: \(reason.replacingOccurrences(of: "_", with: " ")).)")
        }
        return lines
    }

    /// A snippet's text without its `<mark>` tags, its escapes undone.
    private static func plain(_ snippet: String) -> String {
        snippet.replacingOccurrences(of: "<mark>", with: "").replacingOccurrences(of: "</mark>", with: "")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
