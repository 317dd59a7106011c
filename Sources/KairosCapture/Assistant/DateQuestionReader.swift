import KairosCore

/// Reads a question about which date, or which day of the week, a date expression is (assistant rules, 1.1 and 4):
/// "what's the date next friday", "what day of the week is the 15th", "when is two weeks from today".
///
/// A message is a date question only when every word of its request is either part of a date expression or part of
/// the question's frame; "when is my next meeting" and "what's due tomorrow" ask about the user's own things.
struct DateQuestionReader {
    let message: ChatMessage
    let context: CaptureContext

    /// The date asked about, or nil when the message is not a date question.
    func date() -> LocalDate? {
        let words = message.words
        guard let first = words.first else { return nil }
        let namesDate = words.contains { Self.dateNouns.contains($0) }
        let asks = words.contains { Self.askingWords.contains($0) }
        let asksWhen = Self.whenWords.contains(first)
        // "today's date?", "date tomorrow": a date noun and a date, said short, ask for it as well.
        let short = words.count <= 4
        guard (namesDate && (asks || short)) || asksWhen else { return nil }
        let expressions = DateExpressionReader(tokens: message.tokens, context: context).expressions()
        var covered = Set<Int>()
        for expression in expressions { covered.formUnion(expression.tokens) }
        for index in message.request where !covered.contains(index) {
            guard Self.frameWords.contains(message.tokens[index].word) else { return nil }
        }
        let named = expressions.first { $0.date != nil }?.date
        // "when is it" names no day; "what day is it" asks for today.
        if !(namesDate && asks), named == nil, !(namesDate && short && words.count > 1) { return nil }
        return named ?? context.now.date
    }

    static let dateNouns: Set<String> = ["date", "day", "weekday", "day's", "date's"]
    static let askingWords: Set<String> = [
        "what", "what's", "whats", "which", "tell", "give", "remind", "show", "know", "wat", "wats", "wut",
    ]
    static let whenWords: Set<String> = ["when", "when's", "whens"]

    /// The words a date question is framed with, besides the date expression itself.
    static let frameWords: Set<String> = [
        "what", "what's", "whats", "which", "when", "when's", "whens", "is", "was", "will", "would", "it", "it's",
        "its", "be", "been", "the", "date", "date's", "day", "day's", "weekday", "of", "week", "does", "did", "do",
        "fall", "falls", "fell", "land", "lands", "on", "tell", "give", "show", "remind", "me", "us", "that", "that's",
        "thats", "going", "gonna", "to", "calendar", "exactly", "again", "please", "just", "actually", "for", "as",
        "know", "i", "need", "want", "wanna", "like", "i'd", "quick", "real", "say", "you", "u", "exact", "it'll",
        "itll", "what'll", "whatll", "gonna", "can", "could", "wat", "wats", "wut",
    ]
}
