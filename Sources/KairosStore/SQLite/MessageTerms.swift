import Foundation
import GRDB

/// The words of the message index (`message_terms`), used to search for the beginning of a word by the words
/// it begins.
///
/// FTS5 answers a prefix (`"plan"*`) by merging the whole list of messages of every word that starts with it
/// before it returns the first row: for a word in most messages of a long thread, tens of milliseconds. Whole
/// words are read newest first and stop once the newest matches are found, so a search asks for the words
/// themselves (`("plan" OR "planning")`) when there are few of them.
enum MessageTerms {
    /// More words than this for one beginning and the search asks FTS5 for the prefix after all.
    static let largestExpansion = 64

    /// Records the words of a message's text, as the message index splits them.
    static func record(_ db: Database, text: String) throws {
        let words = Set(try tokenizer(db).tokenize(document: text).filter { !$0.flags.contains(.colocated) }.map(\.token))
        guard !words.isEmpty else { return }
        try db.run(
            sql: "INSERT OR IGNORE INTO message_terms (term) SELECT value FROM json_each(?)",
            arguments: [String(decoding: try JSONEncoder().encode(Array(words)), as: UTF8.self)])
    }

    /// An FTS5 query for messages with every word of `query`, each word matching the words it begins; nil when
    /// `query` has no word. A word that begins none of the recorded words is asked for as a prefix, which costs
    /// little when nothing matches and still finds a message written around the store (a test's or an import's).
    static func pattern(_ db: Database, query: String) throws -> String? {
        let words = try tokenizer(db).tokenize(query: query).filter { !$0.flags.contains(.colocated) }.map(\.token)
        guard !words.isEmpty else { return nil }
        var groups: [String] = []
        for word in words {
            let terms = try String.fetchAll(
                db.cachedStatement(sql: "SELECT term FROM message_terms WHERE term >= ? ORDER BY term LIMIT ?"),
                arguments: [word, largestExpansion + 1]
            ).prefix { $0.hasPrefix(word) }
            groups.append(
                terms.isEmpty || terms.count > largestExpansion
                    ? "\(quoted(word))*" : "(" + terms.map(quoted).joined(separator: " OR ") + ")")
        }
        return groups.joined(separator: " AND ")
    }

    /// The message index's tokenizer (`unicode61 remove_diacritics 2`, as in `messages_fts`).
    private static func tokenizer(_ db: Database) throws -> any FTS5Tokenizer {
        try db.makeTokenizer(.unicode61(diacritics: .remove))
    }

    private static func quoted(_ term: String) -> String {
        "\"" + term.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
