import Foundation

/// A search by name, as `/projects/search`, `/sections/search` and `/labels/search` take it: the names that
/// contain the query, ignoring case and accents.
public struct NameSearch: Sendable {
    public let query: String

    /// The longest query accepted, as in Todoist.
    public static let maxQueryLength = 1024

    public init(_ raw: String?) throws(KairosError) {
        let query = (raw ?? "").trimmingSpaces()
        guard !query.isEmpty else {
            throw .invalidField(field: "query", message: "query is required: the words a name should contain.")
        }
        guard query.count <= Self.maxQueryLength else {
            throw .invalidField(field: "query", message: "query: at most \(Self.maxQueryLength) characters.")
        }
        self.query = query
    }

    public func matches(_ name: String) -> Bool {
        name.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }

    /// The page of `items` that match, `limit` of them from the position `cursor` holds, in their order.
    public func page<Item>(
        of items: [Item], name: (Item) -> String, after cursor: PageCursor?, limit: Int
    ) -> Page<Item> {
        Page(sliceOf: items.filter { matches(name($0)) }, after: cursor, limit: limit)
    }
}
