import Foundation

extension KairosClient {
    /// Your open tasks and the messages of your conversations that match `query`, best first, with
    /// marked snippets (`GET /search`); `kind`, `personID`, `conversationID` and `projectID` narrow it.
    public func search(
        _ query: String, kind: SearchHit.Kind? = nil, personID: String? = nil, conversationID: String? = nil,
        projectID: String? = nil, cursor: String? = nil, limit: Int? = nil
    ) async throws -> Page<SearchHit> {
        try await send(
            .get, "search",
            query: [
                "q": query, "kind": kind?.rawValue, "person_id": personID, "conversation_id": conversationID,
                "project_id": projectID, "cursor": cursor, "limit": limit.map { String($0) },
            ])
    }
}

extension KairosClient {
    /// The answer to `query` (`GET /search/answer`): a commitment question about a person ("what did I promise
    /// Ben", "what did Ben ask me last week") answered with tasks, commitments and messages, each saying why it
    /// was found; any other query with the plain search's first page of `limit` hits.
    public func answer(_ query: String, limit: Int? = nil) async throws -> SearchAnswer {
        try await send(.get, "search", "answer", query: ["q": query, "limit": limit.map { String($0) }])
    }
}
