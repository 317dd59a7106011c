import Foundation
import PostgresNIO

/// One step of the PostgreSQL schema's history: numbered, named, append-only. Never edit one that has shipped;
/// add the next number. Its SQL speaks only of tables, never of the app's types.
struct PostgresMigration: Sendable {
    /// Its place in the history, from 1, with no gaps.
    let version: Int
    let name: String
    /// Its statements, run in order in one transaction.
    let statements: [String]

    /// A migration from a script of statements, each ending with a semicolon at the end of a line (the
    /// extended query protocol runs one statement at a time). No statement may hold such a line inside it.
    init(version: Int, name: String, script: String) {
        self.version = version
        self.name = name
        var statements: [String] = []
        var current: [Substring] = []
        for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
            current.append(line)
            if line.hasSuffix(";") {
                statements.append(current.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines))
                current = []
            }
        }
        let rest = current.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        if !rest.isEmpty { statements.append(rest) }
        self.statements = statements
    }

    /// A migration from statements given one by one, for those that hold semicolons at the ends of their lines
    /// (function bodies).
    init(version: Int, name: String, statements: [String]) {
        self.version = version
        self.name = name
        self.statements = statements
    }
}
