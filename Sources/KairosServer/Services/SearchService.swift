import KairosCore
import KairosStore

/// Searching tasks and messages together, only ever over what the caller can see.
public struct SearchService: Sendable {
    let store: any SearchStore
    static let longestQuery = 500

    public init(store: any SearchStore) {
        self.store = store
    }

    public func search(
        _ text: String?, kind: String?, personID: String?, conversationID: String?, projectID: String?,
        for user: User, page: PageRequest
    ) async throws -> Page<SearchHit> {
        let text = try Self.requireQuery(text)
        var searchKind: SearchHit.Kind?
        if let kind {
            guard let parsed = SearchHit.Kind(rawValue: kind) else {
                throw KairosError.invalidField(field: "kind", message: "kind must be task or message.")
            }
            searchKind = parsed
        }
        let query = SearchQuery(
            text: text, kind: searchKind, personID: personID, conversationID: conversationID, projectID: projectID)
        return try await store.search(userID: user.id, query: query, page: page)
    }

    /// The best `limit` messages matching `query` among those `user` can see.
    func messages(_ query: SearchQuery, for user: User, limit: Int) async throws -> [SearchHit] {
        var query = query
        query.kind = .message
        return try await store.search(userID: user.id, query: query, page: PageRequest(limit: limit)).results
    }

    /// The words of `q`, or why they cannot be searched for.
    static func requireQuery(_ text: String?) throws(KairosError) -> String {
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw KairosError.invalidField(field: "q", message: "q is required: the words to search for.")
        }
        guard text.count <= Self.longestQuery else {
            throw KairosError.invalidField(field: "q", message: "q may be at most \(Self.longestQuery) characters.")
        }
        return text
    }
}
