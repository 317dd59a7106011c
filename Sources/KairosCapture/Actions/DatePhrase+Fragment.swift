import Foundation
import KairosCore

/// The date a short fragment of a message names ("thursday", "by 5"), read with the capture engine's own phrase
/// scanner and due arithmetic, so an answer such as "sure, thursday" dates a task exactly as capture would.
struct DateFragment {
    /// The due time the fragment's date phrases give, nil when it has none.
    var due: LocalDateTime?
    /// The words that are not part of a date phrase.
    var otherWords: [String]

    init(_ text: String, now: LocalDateTime, timeZone: TimeZone) {
        let tokens = Tokenizer.tokenize(text)
        let mentions = PhraseScanner(tokens: tokens, lists: ListDirectory([])).scan()
        var covered = [Bool](repeating: false, count: tokens.count)
        var phrases = DatePhrases()
        for mention in mentions where mention.isDate {
            phrases.add(mention.kind)
            for index in mention.tokens where index < covered.count { covered[index] = true }
        }
        due = phrases.isEmpty ? nil : DueCalculator(now: now, timeZone: timeZone).due(for: phrases)
        otherWords = tokens.indices.filter { tokens[$0].kind == .word && !covered[$0] }.map { tokens[$0].word }
    }
}
