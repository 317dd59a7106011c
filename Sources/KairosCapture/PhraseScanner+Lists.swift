import KairosCore

extension PhraseScanner {
    private static let generalLists: Set<String> = [
        "todo", "to-do", "to do", "task", "tasks", "reminder", "reminders", "things to do", "master",
    ]
    private static let listPrepositions: Set<String> = ["to", "on", "onto", "in", "into", "under", "for"]
    private static let listDeterminers: Set<String> = ["my", "the", "our", "your", "a"]

    /// "to my grocery list", "on the errands list", "for work" (an existing list), "to groceries" after "add".
    func listPhrase(at index: Int) -> Mention? {
        guard let preposition = word(index), Self.listPrepositions.contains(preposition) else { return nil }
        var cursor = index + 1
        let determined = word(cursor).map { Self.listDeterminers.contains($0) } ?? false
        if determined { cursor += 1 }
        if words(cursor, "to", "do", "list") || words(cursor, "to-do", "list") || words(cursor, "todo", "list") {
            let end = cursor + (word(cursor) == "to" ? 3 : 2)
            return Mention(kind: .generalList, tokens: index..<end)
        }
        // Up to three name words, then "list" or "project".
        var nameWords: [Token] = []
        var scan = cursor
        while scan < tokens.count, scan < cursor + 3, tokens[scan].kind == .word {
            let text = tokens[scan].word
            if text == "list" || text == "project" || text == "lists" {
                guard !nameWords.isEmpty else { return nil }
                let name = lists.resolve(spoken: nameWords)
                // "my to-do list" is the Inbox, unless the user has a list of that name.
                if !name.exists, Self.generalLists.contains(nameWords.map(\.word).joined(separator: " ")) {
                    return Mention(kind: .generalList, tokens: index..<scan + 1)
                }
                return Mention(kind: .list(name), tokens: index..<scan + 1)
            }
            if Lexicon.determiners.contains(text) || Self.listPrepositions.contains(text) { break }
            nameWords.append(tokens[scan])
            scan += 1
        }
        // Without "list": only a name of an existing list, after "for" or after "add"/"put".
        let addsToList = preposition != "for" && precededByAddVerb(index)
        guard preposition == "for" || addsToList else { return nil }
        for length in stride(from: min(2, tokens.count - cursor), through: 1, by: -1) {
            let candidate = Array(tokens[cursor..<cursor + length])
            guard candidate.allSatisfy({ $0.kind == .word }), let name = lists.existing(spoken: candidate) else {
                continue
            }
            let end = cursor + length
            if preposition == "for", let next = word(end), !isPhraseEnd(end), !Lexicon.vagueTimeWords.contains(next) {
                continue
            }
            return Mention(kind: .list(ListName(name: name, exists: true)), tokens: index..<end)
        }
        return nil
    }

    private func precededByAddVerb(_ index: Int) -> Bool {
        var cursor = index - 1
        while cursor >= 0, cursor >= index - 8, tokens[cursor].kind == .word {
            if ["add", "put", "stick", "throw", "pop", "append", "include"].contains(tokens[cursor].word) {
                return true
            }
            cursor -= 1
        }
        return false
    }
}
