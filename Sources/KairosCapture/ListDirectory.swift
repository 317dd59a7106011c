/// A list named in the text: an existing list's own spelling, or the spoken name capitalized.
struct ListName: Sendable, Equatable {
    var name: String
    var exists: Bool
}

/// The user's list names, matched case-insensitively, singular or plural, with or without a trailing "list".
final class ListDirectory {
    private let names: [String]
    /// Made on first use: most captures name no list.
    private lazy var keys: [String] = names.map { Self.key($0.lowercased().split(separator: " ").map(String.init)) }

    init(_ names: [String]) {
        self.names = names
    }

    /// The existing list the spoken words name, if any. Lists are named rarely, so keys are made on demand.
    func existing(spoken: [Token]) -> String? {
        existing(key: Self.key(spoken.map(\.word)))
    }

    private func existing(key: String) -> String? {
        keys.firstIndex(of: key).map { names[$0] }
    }

    func resolve(spoken: [Token]) -> ListName {
        if let name = existing(spoken: spoken) { return ListName(name: name, exists: true) }
        let words = spoken.map(\.text).filter { $0.lowercased() != "list" }
        let capitalized = words.enumerated().map { index, word in index == 0 ? Self.capitalizeFirst(word) : word }
        return ListName(name: capitalized.joined(separator: " "), exists: false)
    }

    /// "#errands" → the existing "Errands", or the typed name with its first letter upper-cased.
    func resolve(typed: String) -> ListName {
        let words = typed.lowercased().split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        if let name = existing(key: Self.key(words)) { return ListName(name: name, exists: true) }
        return ListName(name: Self.capitalizeFirst(typed), exists: false)
    }

    static func capitalizeFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    /// Lower-case singular words without a trailing "list": "Groceries list" and "grocery" share a key.
    private static func key(_ words: [String]) -> String {
        var words = words
        if words.count > 1, words.last == "list" { words.removeLast() }
        return words.map(singular).joined(separator: " ")
    }

    private static func singular(_ word: String) -> String {
        if word.hasSuffix("ies"), word.count > 4 { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("s"), !word.hasSuffix("ss"), word.count > 3 { return String(word.dropLast()) }
        return word
    }
}
