import Foundation
import GRDB
import KairosCore

extension SQLiteStore: SearchStore {
    /// Tasks are ranked by bm25, messages among their newest matches (`rankedMessageWindow`, `WindowRanking`),
    /// and the two merged; pages go by offset, as relevance has no stable key.
    public func search(userID: String, query: SearchQuery, page: PageRequest) async throws -> Page<SearchHit> {
        let owner = try require(userID.rowID, "User")
        guard let pattern = FTS5Pattern(matchingAllPrefixesIn: query.text) else {
            return Page(results: [], nextCursor: nil)
        }
        let offset = Int(page.cursor?.keys.first ?? 0)
        let wanted = offset + page.fetchLimit
        let ranked = try await pool.read { db -> [(rank: Double, hit: SearchHit)] in
            var hits: [(rank: Double, hit: SearchHit)] = []
            if query.kind != .message, query.personID == nil, query.conversationID == nil,
                query.conversationIDs == nil
            {
                hits += try Self.taskHits(db, owner: owner, pattern: pattern, project: query.projectID, limit: wanted)
            }
            if query.kind != .task {
                hits += try Self.messageHits(db, owner: owner, query: query, limit: wanted)
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
    package static let rankedMessageWindow = 1_000

    /// The best of the newest matches the caller can see, ranked and marked by `WindowRanking`. Each word
    /// matches the words it begins, asked for by name (`MessageTerms`).
    private static func messageHits(
        _ db: Database, owner: Int64, query: SearchQuery, limit: Int
    ) throws -> [(rank: Double, hit: SearchHit)] {
        guard let ranking = WindowRanking(query: query.text),
            let pattern = try MessageTerms.pattern(db, query: query.text)
        else { return [] }
        var sql = """
            SELECT m.id, m.conversation_id, m.author_id, c.project_id, m.body, m.created_at
            FROM messages_fts
            JOIN messages m ON m.id = messages_fts.rowid
            JOIN conversation_members cm ON cm.conversation_id = m.conversation_id AND cm.user_id = ?
            JOIN conversations c ON c.id = m.conversation_id
            WHERE messages_fts MATCH ? AND m.kind = 'text'
            """
        var arguments: StatementArguments = [owner, pattern]
        if let person = query.personID {
            sql += " AND m.author_id = ?"
            arguments += [person.rowID ?? 0]
        }
        if let conversation = query.conversationID {
            sql += " AND m.conversation_id = ?"
            arguments += [conversation.rowID ?? 0]
        }
        if let project = query.projectID {
            sql += " AND c.project_id = ?"
            arguments += [project.rowID ?? 0]
        }
        if let conversations = query.conversationIDs {
            sql += " AND m.conversation_id IN (\(databaseQuestionMarks(count: max(conversations.count, 1))))"
            arguments += StatementArguments(conversations.isEmpty ? [0] : conversations.map { $0.rowID ?? 0 })
        }
        if let since = query.since {
            sql += " AND m.created_at >= ?"
            arguments += [since.micros]
        }
        if let until = query.until {
            sql += " AND m.created_at < ?"
            arguments += [until.micros]
        }
        sql += " ORDER BY messages_fts.rowid DESC LIMIT \(rankedMessageWindow)"
        let candidates = try db.fetchRows(sql: sql, arguments: arguments, uncached: true)
        let scores = ranking.scores(candidates.map { $0[4] })
        // Best first; among equals, the newer (candidates come newest first).
        let best = candidates.indices.sorted { (-scores[$0], $0) < (-scores[$1], $1) }.prefix(limit)
        // Names only for the hits shown: a thread is named by its group name, or in a direct message by the
        // other member (who may have left with their account).
        let names = try db.cachedStatement(
            sql: """
                SELECT (SELECT name FROM users WHERE id = ?2),
                    COALESCE(c.name, (SELECT u.name FROM conversation_members o JOIN users u ON u.id = o.user_id
                                      WHERE o.conversation_id = c.id AND o.user_id <> ?3))
                FROM conversations c WHERE c.id = ?1
                """)
        return try best.map { index in
            let row = candidates[index]
            let named = try Row.fetchOne(names, arguments: [row[1] as Int64, row[2] as Int64?, owner])
            let hit = SearchHit(
                kind: .message, id: (row[0] as Int64).apiID, projectID: (row[3] as Int64?)?.apiID,
                conversationID: (row[1] as Int64).apiID, authorID: (row[2] as Int64?)?.apiID,
                snippet: ranking.snippet(row[4]), createdAt: Date(micros: row[5]), authorName: named?[0],
                conversationName: named?[1])
            return (-scores[index], hit)
        }
    }

    /// Escapes FTS5's snippet for HTML and turns its match markers (\u{1} and \u{2}) into `<mark>` tags.
    private static func marked(_ snippet: String) -> String {
        snippet.markupEscaped
            .replacingOccurrences(of: "\u{1}", with: "<mark>")
            .replacingOccurrences(of: "\u{2}", with: "</mark>")
    }
}
