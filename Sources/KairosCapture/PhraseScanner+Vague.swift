import KairosCore

extension PhraseScanner {
    func vague(at index: Int) -> Mention? {
        guard let text = word(index) else { return nil }
        if Lexicon.vagueTimeWords.contains(text) { return Mention(kind: .vague, tokens: index..<index + 1) }
        if words(index, "at", "some", "point") || words(index, "one", "of", "these", "days") {
            return Mention(kind: .vague, tokens: index..<index + (text == "at" ? 3 : 4))
        }
        if text == "not", let next = word(index + 1), ["urgent", "important", "pressing"].contains(next) {
            return Mention(kind: .vague, tokens: index..<index + 2)
        }
        if words(index, "some", "time") || words(index, "no", "rush") || words(index, "no", "hurry")
            || words(index, "in", "a", "bit")
            || words(index, "in", "a", "while")
        {
            return Mention(kind: .vague, tokens: index..<index + (text == "in" ? 3 : 2))
        }
        return nil
    }
}
