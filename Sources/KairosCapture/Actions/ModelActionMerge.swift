import KairosCore

/// An action item as a language model proposes it: its title, the member it is for (by name), the message that
/// states it and the words there that state it.
public struct ModelAction: Hashable, Sendable {
    public var title: String
    public var assignee: String?
    public var message: Int
    public var quote: String

    public init(title: String, assignee: String?, message: Int, quote: String) {
        self.title = title
        self.assignee = assignee
        self.message = message
        self.quote = quote
    }
}

/// Merges a model's action items with the engine's, as capture merges tasks: the model's words keep the title
/// and its reading of who is asked; every date is the engine's reading of the thread. An action the engine also
/// found (same message, mostly the same words) takes the engine's due, which follows acceptances and
/// re-datings later in the thread; another is dated by the words it quotes. Actions the model left out come back
/// as the engine's.
public enum ModelActionMerge {
    /// How sure an action only the model found is.
    static let modelOnlyConfidence = 0.7

    /// The merged actions, or nil when the answer does not hold: a message the thread lacks, a quote its message
    /// does not contain, or an empty title.
    public static func merge(_ proposed: [ModelAction], engine: [ActionItem], thread: ActionThread) -> [ActionItem]? {
        var unmatched = engine
        var merged: [ActionItem] = []
        for action in proposed {
            guard thread.messages.indices.contains(action.message) else { return nil }
            let message = thread.messages[action.message]
            let title = action.title.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !title.isEmpty, QuoteLocator(text: message.text).locate(action.quote, from: 0) != nil else {
                return nil
            }
            let assignee = action.assignee.flatMap { member(named: $0, in: thread) }
            if let found = bestMatch(for: title, message: action.message, in: unmatched) {
                let twin = unmatched.remove(at: found)
                merged.append(
                    ActionItem(
                        title: capitalized(title), assignee: assignee ?? twin.assignee, due: twin.due,
                        message: action.message, confidence: twin.confidence))
            } else {
                let due = DateFragment(action.quote, now: message.sentAt, timeZone: thread.timeZone).due
                merged.append(
                    ActionItem(
                        title: capitalized(title), assignee: assignee, due: due, message: action.message,
                        confidence: modelOnlyConfidence))
            }
        }
        return (merged + unmatched).sorted { ($0.message, $0.title) < ($1.message, $1.title) }
    }

    /// The engine's action from the same message whose title shares the most words with `title` (at least half).
    private static func bestMatch(for title: String, message: Int, in actions: [ActionItem]) -> Int? {
        let wanted = Set(ActionTopic.words(title))
        var best: (index: Int, overlap: Double)?
        for (index, action) in actions.enumerated() where action.message == message {
            let words = Set(ActionTopic.words(action.title))
            let shared = Double(wanted.intersection(words).count)
            guard !wanted.isEmpty, !words.isEmpty, shared > 0 else { continue }
            let overlap = 2 * shared / Double(wanted.count + words.count)
            if overlap >= 0.5, overlap > best?.overlap ?? 0 { best = (index, overlap) }
        }
        return best?.index
    }

    /// The member a model names: by full name, else by first name, in any case.
    private static func member(named name: String, in thread: ActionThread) -> ActionMember? {
        let wanted = name.trimmingCharacters(in: .whitespaces).lowercased()
        return thread.members.first { $0.name.lowercased() == wanted }
            ?? thread.members.first { $0.name.lowercased().split(separator: " ").first.map(String.init) == wanted }
    }

    private static func capitalized(_ title: String) -> String {
        title.prefix(1).uppercased() + title.dropFirst()
    }
}
