import Foundation
import GRDB
import KairosCore

extension SQLiteStore: SearchStore {
    /// Both indexes are ranked by bm25 (messages among the newest matches, see `rankedMessageWindow`) and
    /// merged; pages go by offset, as relevance has no stable key.
    public func search(userID: String, query: SearchQuery, page: PageRequest) async throws -> Page<SearchHit> {
        let owner = try require(userID.rowID, "User")
        guard let pattern = FTS5Pattern(matchingAllPrefixesIn: query.text) else {
            return Page(results: [], nextCursor: nil)
        }
        let offset = Int(page.cursor?.keys.first ?? 0)
        let wanted = offset + page.fetchLimit
        let ranked = try await pool.read { db -> [(rank: Double, hit: SearchHit)] in
            var hits: [(rank: Double, hit: SearchHit)] = []
            if query.kind != .message, query.personID == nil, query.conversationID == nil {
                hits += try Self.taskHits(db, owner: owner, pattern: pattern, project: query.projectID, limit: wanted)
            }
            if query.kind != .task {
                hits += try Self.messageHits(db, owner: owner, pattern: pattern, query: query, limit: wanted)
            }
            return hits
        }
        let sorted = ranked.sorted {
            ($0.rank, $0.hit.kind.rawValue, $0.hit.id) < ($1.rank, $1.hit.kind.rawValue, $1.hit.id)
        }
        let window = Array(sorted.dropFirst(offset).prefix(page.fetchLimit))
        let next = window.count > page.limit ? PageCursor(keys: [Int64(offset + page.limit)]).token : nil
        return Page(results: window.prefix(page.limit).map(\.hit), nextCursor: next)
    }

    private static func taskHits(
        _ db: Database, owner: Int64, pattern: FTS5Pattern, project: String?, limit: Int
    ) throws -> [(rank: Double, hit: SearchHit)] {
        var sql = """
            SELECT tasks.id, tasks.project_id, snippet(tasks_fts, -1, char(1), char(2), '…', 12), bm25(tasks_fts),
                tasks.added_at
            FROM tasks_fts JOIN tasks ON tasks.id = tasks_fts.rowid
            WHERE tasks_fts MATCH ? AND \(Visible.tasks) AND tasks.completed_at IS NULL
            """
        var arguments: StatementArguments = [pattern.rawPattern] + Visible.arguments(owner)
        if let project {
            sql += " AND tasks.project_id = ?"
            arguments += [project.rowID ?? 0]
        }
        sql += " ORDER BY bm25(tasks_fts) LIMIT \(limit)"
        return try db.fetchRows(sql: sql, arguments: arguments, uncached: true).map { row in
            let hit = SearchHit(
                kind: .task, id: (row[0] as Int64).apiID, projectID: (row[1] as Int64).apiID, conversationID: nil,
                authorID: nil, snippet: marked(row[2]), createdAt: Date(micros: row[4]))
            return (row[3], hit)
        }
    }

    /// How many of the newest matching messages are ranked. Ranking reads every candidate, and a common
    /// word matches most of a long thread, so relevance is judged among the recent matches.
    static let rankedMessageWindow = 1_000

    private static func messageHits(
        _ db: Database, owner: Int64, pattern: FTS5Pattern, query: SearchQuery, limit: Int
    ) throws -> [(rank: Double, hit: SearchHit)] {
        var matches = """
            FROM messages_fts
            JOIN messages m ON m.id = messages_fts.rowid
            JOIN conversation_members cm ON cm.conversation_id = m.conversation_id AND cm.user_id = ?
            JOIN conversations c ON c.id = m.conversation_id
            WHERE messages_fts MATCH ? AND m.kind = 'text'
            """
        var arguments: StatementArguments = [owner, pattern.rawPattern]
        if let person = query.personID {
            matches += " AND m.author_id = ?"
            arguments += [person.rowID ?? 0]
        }
        if let conversation = query.conversationID {
            matches += " AND m.conversation_id = ?"
            arguments += [conversation.rowID ?? 0]
        }
        if let project = query.projectID {
            matches += " AND c.project_id = ?"
            arguments += [project.rowID ?? 0]
        }
        if let oldest = try Int64.fetchOne(
            db.makeStatement(
                sql: "SELECT m.id \(matches) ORDER BY messages_fts.rowid DESC LIMIT 1 OFFSET \(rankedMessageWindow - 1)"
            ),
            arguments: arguments)
        {
            matches += " AND messages_fts.rowid >= ?"
            arguments += [oldest]
        }
        let sql = """
            SELECT m.id, m.conversation_id, m.author_id, c.project_id,
                snippet(messages_fts, 0, char(1), char(2), '…', 12), bm25(messages_fts), m.created_at
            \(matches) ORDER BY bm25(messages_fts) LIMIT \(limit)
            """
        return try db.fetchRows(sql: sql, arguments: arguments, uncached: true).map { row in
            let hit = SearchHit(
                kind: .message, id: (row[0] as Int64).apiID, projectID: (row[3] as Int64?)?.apiID,
                conversationID: (row[1] as Int64).apiID, authorID: (row[2] as Int64?)?.apiID, snippet: marked(row[4]),
                createdAt: Date(micros: row[6]))
            return (row[5], hit)
        }
    }

    /// Escapes the snippet for HTML and turns FTS5's match markers (\u{1} and \u{2}) into `<mark>` tags.
    private static func marked(_ snippet: String) -> String {
        var text = ""
        for character in snippet {
            switch character {
            case "&": text += "&amp;"
            case "<": text += "&lt;"
            case ">": text += "&gt;"
            case "\"": text += "&quot;"
            case "\u{1}": text += "<mark>"
            case "\u{2}": text += "</mark>"
            default: text.append(character)
            }
        }
        return text
    }
}
