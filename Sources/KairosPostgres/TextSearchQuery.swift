/// `tsquery` text built from what a user typed, matching as SQLite's `FTS5Pattern(matchingAllPrefixesIn:)`
/// does: every word must begin a word of the text. Words are runs of letters and digits; everything else
/// separates them, so the result holds only words, `:*` and `&`, and is bound as a value, never spliced.
enum TextSearchQuery {
    /// `word1:* & word2:*`, or nil when the text has no word (nothing can match).
    static func allPrefixes(in text: String) -> String? {
        var words: [String] = []
        var word = ""
        for character in text {
            if character.isLetter || character.isNumber {
                word.append(character)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        guard !words.isEmpty else { return nil }
        return words.map { "\($0.lowercased()):*" }.joined(separator: " & ")
    }
}
