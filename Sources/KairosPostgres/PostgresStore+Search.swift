import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: SearchStore {
    /// Each word of the query matches the words it begins. Tasks and messages are ranked the same way, among
    /// their newest matches (`WindowRanking`), and the two merged; pages go by offset, as relevance has no
    /// stable key.
    public func search(userID: String, query: SearchQuery, page: PageRequest) async throws -> Page<SearchHit> {
        let owner = try require(userID.rowID, "User")
        guard let ranking = WindowRanking(query: query.text) else { return Page(results: [], nextCursor: nil) }
        let offset = Int(page.cursor?.keys.first ?? 0)
        let wanted = offset + page.fetchLimit
        let ranked = try await read { connection -> [(rank: Double, hit: SearchHit)] in
            var hits: [(rank: Double, hit: SearchHit)] = []
            if query.kind != .message, query.personID == nil, query.conversationID == nil,
                query.conversationIDs == nil
            {
                hits += try await Self.taskHits(
                    connection, owner: owner, ranking: ranking, project: query.projectID, limit: wanted,
                    logger: logger)
            }
            if query.kind != .task {
                hits += try await Self.messageHits(
                    connection, owner: owner, query: query, ranking: ranking, limit: wanted, logger: logger)
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

    /// The best of the newest open tasks the caller can see that match, ranked and marked by `WindowRanking`
    /// on their content and description.
    private static func taskHits(
        _ connection: PostgresConnection, owner: Int64, ranking: WindowRanking, project: String?, limit: Int,
        logger: Logger
    ) async throws -> [(rank: Double, hit: SearchHit)] {
        let projectID: Int64? = project.map { $0.rowID ?? 0 }
        let candidates = try await connection.rows(
            """
            SELECT tasks.id, tasks.project_id, tasks.content, tasks.description, tasks.added_at
            FROM tasks
            WHERE tasks.search_vector @@ \(everyPrefix: ranking.prefixes) AND \(visibleTasks: owner) AND tasks.completed_at IS NULL
                AND (\(projectID)::bigint IS NULL OR tasks.project_id = \(projectID))
            ORDER BY tasks.id DESC LIMIT \(Int64(SQLiteStore.rankedMessageWindow))
            """, logger: logger
        ).map { try $0.decode((Int64, Int64, String, String, Int64).self) }
        let scores = ranking.scores(candidates.map { "\($0.2) \($0.3)" })
        let best = candidates.indices.sorted { (-scores[$0], $0) < (-scores[$1], $1) }.prefix(limit)
        return best.map { index in
            let (id, project, content, description, addedAt) = candidates[index]
            // The snippet comes from the field that matches, the content when both do.
            let shown = ranking.scores([content]).first ?? 0 > 0 || description.isEmpty ? content : description
            let hit = SearchHit(
                kind: .task, id: id.apiID, projectID: project.apiID, conversationID: nil, authorID: nil,
                snippet: ranking.snippet(shown), createdAt: Date(micros: addedAt))
            return (-scores[index], hit)
        }
    }

    /// The best of the newest matching text messages the caller can see, ranked and marked by `WindowRanking`.
    private static func messageHits(
        _ connection: PostgresConnection, owner: Int64, query: SearchQuery, ranking: WindowRanking, limit: Int,
        logger: Logger
    ) async throws -> [(rank: Double, hit: SearchHit)] {
        let person: Int64? = query.personID.map { $0.rowID ?? 0 }
        let conversation: Int64? = query.conversationID.map { $0.rowID ?? 0 }
        let project: Int64? = query.projectID.map { $0.rowID ?? 0 }
        let conversations: [Int64]? = query.conversationIDs.map { $0.map { $0.rowID ?? 0 } }
        let candidates = try await connection.rows(
            """
            SELECT m.id, m.conversation_id, m.author_id, c.project_id, m.body, m.created_at
            FROM messages m
            JOIN conversation_members cm ON cm.conversation_id = m.conversation_id AND cm.user_id = \(owner)
            JOIN conversations c ON c.id = m.conversation_id
            WHERE m.search_vector @@ \(everyPrefix: ranking.prefixes) AND m.kind = 'text'
                AND (\(person)::bigint IS NULL OR m.author_id = \(person))
                AND (\(conversation)::bigint IS NULL OR m.conversation_id = \(conversation))
                AND (\(project)::bigint IS NULL OR c.project_id = \(project))
                AND (\(conversations)::bigint[] IS NULL OR m.conversation_id = ANY(\(conversations)))
                AND (\(query.since?.micros)::bigint IS NULL OR m.created_at >= \(query.since?.micros))
                AND (\(query.until?.micros)::bigint IS NULL OR m.created_at < \(query.until?.micros))
            ORDER BY m.id DESC LIMIT \(Int64(SQLiteStore.rankedMessageWindow))
            """, logger: logger
        ).map { try $0.decode((Int64, Int64, Int64?, Int64?, String, Int64).self) }
        let scores = ranking.scores(candidates.map { $0.4 })
        // Best first; among equals, the newer (candidates come newest first).
        let best = candidates.indices.sorted { (-scores[$0], $0) < (-scores[$1], $1) }.prefix(limit)
        var hits: [(rank: Double, hit: SearchHit)] = []
        for index in best {
            let (id, conversation, author, project, body, createdAt) = candidates[index]
            // Names only for the hits shown: a thread is named by its group name, or in a direct message by the
            // other member (who may have left with their account).
            let names = try await connection.firstRow(
                """
                SELECT (SELECT name FROM users WHERE id = \(author)),
                    COALESCE(c.name, (SELECT u.name FROM conversation_members o JOIN users u ON u.id = o.user_id
                                      WHERE o.conversation_id = c.id AND o.user_id <> \(owner) LIMIT 1))
                FROM conversations c WHERE c.id = \(conversation)
                """, logger: logger
            ).map { try $0.decode((String?, String?).self) }
            let hit = SearchHit(
                kind: .message, id: id.apiID, projectID: project?.apiID, conversationID: conversation.apiID,
                authorID: author?.apiID, snippet: ranking.snippet(body), createdAt: Date(micros: createdAt),
                authorName: names?.0, conversationName: names?.1)
            hits.append((-scores[index], hit))
        }
        return hits
    }
}

extension PostgresQuery.StringInterpolation {
    /// A text search query for rows holding every one of `words`, each as the beginning of a word. Each word
    /// goes through the index's own configuration (`kairos_search`), quoted, so nothing in it is read as query
    /// syntax.
    fileprivate mutating func appendInterpolation(everyPrefix words: [String]) {
        appendLiteral(
            "(SELECT string_agg('(' || to_tsquery('kairos_search', quote_literal(word) || ':*')::text || ')', ' & ')"
                + " FROM unnest(")
        appendInterpolation(words)
        appendLiteral("::text[]) AS word)::tsquery")
    }
}
