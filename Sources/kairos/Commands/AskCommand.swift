import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos ask TEXT`: a message to the assistant, its answer and the cards it proposes.
struct AskCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ask",
        abstract: "Ask the assistant, such as: kairos ask \"remind me to call mom friday at 5\"")
    @Argument(help: "What to ask or have remembered.")
    var text: [String]
    @Flag(help: "Add every task and list the answer proposes.")
    var add = false
    @Flag(help: "Print the answer as JSON.")
    var json = false

    func run() async throws {
        let client = try CLISession().client
        var answer = try await client.ask(text.joined(separator: " "))
        if add {
            for index in answer.cards.indices where answer.cards[index].state == .proposed {
                answer = try await client.addAssistantCard(index, of: answer.id)
            }
        }
        guard !json else { return printJSON(answer) }
        print(answer.text)
        for card in answer.cards { print(AssistantCardText.describe(card)) }
        if !add, answer.cards.contains(where: { $0.state == .proposed }) {
            print("Add with: kairos ask --add \"...\", or tap the card in the app.")
        }
    }
}

/// A card of an assistant answer as lines of a terminal.
enum AssistantCardText {
    static func describe(_ card: AssistantCard) -> String {
        switch card.content {
        case .task(let task):
            var parts = [task.title]
            if let due = task.due { parts.append(due.replacingOccurrences(of: "T", with: " ")) }
            if let list = task.list { parts.append("#\(list)") }
            if let priority = task.priority { parts.append("p\(priority)") }
            parts += (task.labels ?? []).map { "@\($0)" }
            return "  - " + parts.joined(separator: "  ") + state(card)
        case .list(let title, let items):
            let suggested = card.suggestions.map { "      + \($0.title)" + ($0.note.map { " (\($0))" } ?? "") }
            return (["  - \(title)\(state(card))"] + items.map { "      - \($0)" } + suggested)
                .joined(separator: "\n")
        case .tasks(let tasks):
            return tasks.map { task in
                let due = task.due.map { "  " + $0.date.iso + ($0.time.map { " " + $0.hourMinute } ?? "") } ?? ""
                return "  \(task.id)  \(task.content)\(due)"
            }.joined(separator: "\n")
        }
    }

    private static func state(_ card: AssistantCard) -> String {
        switch card.state {
        case .added(let ids): "  (added: \(ids.joined(separator: ", ")))"
        case .dismissed: "  (dismissed)"
        default: ""
        }
    }
}
