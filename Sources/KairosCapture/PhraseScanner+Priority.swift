import KairosCore

extension PhraseScanner {
    func priority(at index: Int) -> Mention? {
        guard let text = word(index) else { return nil }
        func found(_ level: Int, _ length: Int) -> Mention {
            Mention(kind: .priority(level), tokens: index..<index + length)
        }
        if text == "priority" || text == "prio" {
            var cursor = index + 1
            if cursor < tokens.count, tokens[cursor].kind == .softBreak { cursor += 1 }
            if let level = Self.priorityLevel(word(cursor)) { return found(level, cursor + 1 - index) }
            if let number = numbers.number(at: cursor), (1...4).contains(number.value) {
                return found(number.value, cursor + number.length - index)
            }
            return nil
        }
        if let level = Self.priorityLevel(text), word(index + 1) == "priority" || word(index + 1) == "prio" {
            return found(level, 2)
        }
        if words(index, "as", "soon", "as", "possible") { return found(1, 4) }
        var cursor = index
        if ["very", "super", "really", "extremely", "most"].contains(text) { cursor += 1 }
        guard let key = word(cursor), ["urgent", "urgently", "asap", "important", "critical"].contains(key) else {
            return nil
        }
        // "the urgent care clinic", "the important documents": an adjective before a noun is part of the title.
        if key != "asap", let next = word(cursor + 1), !isPhraseEnd(cursor + 1) {
            let previous = index > 0 ? tokens[index - 1] : nil
            let opensClause =
                previous == nil || previous?.kind != .word
                || Lexicon.fillers.contains(previous!.word) || Lexicon.hesitations.contains(previous!.word)
            let actionFollows =
                Lexicon.verbs.contains(next) || Lexicon.nounVerbs.contains(next) || Lexicon.modals.contains(next)
            guard opensClause, actionFollows else { return nil }
        }
        return found(1, cursor + 1 - index)
    }

    private static func priorityLevel(_ text: String?) -> Int? {
        switch text {
        case "one", "1", "high", "highest", "top", "urgent": 1
        case "two", "2", "medium", "mid", "normal", "moderate": 2
        case "three", "3", "low": 3
        case "four", "4", "lowest", "no": 4
        default: nil
        }
    }
}
