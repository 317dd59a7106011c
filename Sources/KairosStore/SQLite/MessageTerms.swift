import Foundation
import GRDB

/// The words of the message index (`message_terms`), used to search for the beginning of a word by the words
/// it begins. `MessageTermRecorder` keeps the table up with each text message.
///
/// FTS5 answers a prefix (`"plan"*`) by merging the whole list of messages of every word that starts with it
/// before it returns the first row: for a word in most messages of a long thread, tens of milliseconds. Whole
/// words are read newest first and stop once the newest matches are found, so a search asks for the words
/// themselves (`("plan" OR "planning")`) when there are few of them.
enum MessageTerms {
    /// More words than this for one beginning and the search asks FTS5 for the prefix after all.
    static let largestExpansion = 64

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
    static func tokenizer(_ db: Database) throws -> any FTS5Tokenizer {
        try db.makeTokenizer(.unicode61(diacritics: .remove))
    }

    private static func quoted(_ term: String) -> String {
        "\"" + term.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// Records the words of each new or edited text message (the only ones search reads) in `message_terms`, on the
/// writer, with a tokenizer made once for the writer's connection.
final class MessageTermRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var tokenizer: (any FTS5Tokenizer)?
    private weak var connection: Database?

    func record(_ db: Database, text: String) throws {
        let words = try lock.withLock {
            if tokenizer == nil || connection !== db {
                tokenizer = try MessageTerms.tokenizer(db)
                connection = db
            }
            return try tokenizer!.tokenize(document: text).filter { !$0.flags.contains(.colocated) }.map(\.token)
        }
        guard !words.isEmpty else { return }
        // Tokens are letters and digits; the escaping only keeps the JSON valid whatever they hold.
        let list = Set(words).map {
            "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        try db.run(
            sql: "INSERT OR IGNORE INTO message_terms (term) SELECT value FROM json_each(?)",
            arguments: ["[" + list.joined(separator: ",") + "]"])
    }
}
