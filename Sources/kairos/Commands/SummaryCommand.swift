import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos summary ID`: what a conversation's latest messages come to, each point naming its message.
struct SummaryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract:
            "Summarise a conversation's latest messages: bullets, decisions, blockers, open questions, next steps."
    )
    @Argument(help: "The conversation's id (see kairos threads).")
    var id: String
    @Option(help: "How many of the latest messages to read (1-200).")
    var last = LatestMessagesRequest.defaultLast
    @Flag(help: "Print the summary as JSON.")
    var json = false

    func run() async throws {
        guard LatestMessagesRequest.lastRange.contains(last) else {
            throw CLIError("--last must be between 1 and 200.")
        }
        let summary = try await CLISession().client.summarize(conversation: id, last: last)
        if json { return printJSON(summary) }
        Self.lines(of: summary).forEach { print($0) }
    }

    /// The summary as text: a heading per part that has points, each point with its author and message id.
    static func lines(of summary: ConversationSummary) -> [String] {
        func part(_ title: String, _ items: [SummaryItem]) -> [String] {
            guard !items.isEmpty else { return [] }
            return [title]
                + items.map { item in
                    "  - \(item.sender ?? "Someone who left"): \"\(item.text)\" (message \(item.messageID))"
                }
        }
        var lines =
            part("Summary", summary.summary) + part("Decisions", summary.decisions)
            + part("Blockers", summary.blockers) + part("Open questions", summary.openQuestions)
        if !summary.nextSteps.isEmpty {
            lines.append("Next steps")
            lines += summary.nextSteps.map { step in
                "  - \(step.title)" + (step.assignee.map { " (\($0))" } ?? "")
                    + (step.due.map { " due \($0.iso.replacingOccurrences(of: "T", with: " "))" } ?? "")
                    + " (message \(step.messageID))"
            }
        }
        if lines.isEmpty { lines.append("Nothing to summarise yet.") }
        if let note = modelNote(summary.model) { lines.append(note) }
        return lines
    }

    /// Why the model did not write a summary on a server that has one; nil when it did or there is none.
    static func modelNote(_ model: ModelUse) -> String? {
        guard !model.used, let reason = model.reason, reason != "off" else { return nil }
        return "(Summarised offline; the model was not used: \(reason.replacingOccurrences(of: "_", with: " ")).)"
    }
}
