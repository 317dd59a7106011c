import Foundation

/// One page of a list, as `{"results": [...], "next_cursor": "..."}`.
public struct Page<Item: Sendable>: Sendable {
    public var results: [Item]
    /// Pass back as `cursor` for the next page; nil on the last page.
    public var nextCursor: String?

    public init(results: [Item], nextCursor: String?) {
        self.results = results
        self.nextCursor = nextCursor
    }
}

extension Page {
    /// The page of `items` starting at the position `cursor` holds: for lists made whole in memory.
    public init(sliceOf items: [Item], after cursor: PageCursor?, limit: Int) {
        let start = min(max(Int(cursor?.keys.first ?? 0), 0), items.count)
        let end = min(start + limit, items.count)
        self.init(
            results: Array(items[start..<end]),
            nextCursor: end < items.count ? PageCursor(keys: [Int64(end)]).token : nil)
    }
}

extension Page: Decodable where Item: Decodable {
    enum CodingKeys: String, CodingKey {
        case results
        case nextCursor = "next_cursor"
    }
}

extension Page: JSONWritable where Item: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("results"); json.array(results) { json, item in item.write(to: &json) }
            json.key("next_cursor"); json.string(nextCursor)  // null on the last page, never missing
        }
    }
}

/// One page of completed tasks, as `{"items": [...], "next_cursor": "..."}` (Todoist's shape for these endpoints).
public struct CompletedPage: Decodable, Sendable, JSONWritable {
    public var items: [TaskItem]
    public var nextCursor: String?

    public init(items: [TaskItem], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }

    enum CodingKeys: String, CodingKey {
        case items
        case nextCursor = "next_cursor"
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("items"); json.array(items) { json, item in item.write(to: &json) }
            json.key("next_cursor"); json.string(nextCursor)
        }
    }
}

extension String: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.string(self)
    }
}

extension Array: JSONWritable where Element: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.array(self) { json, element in element.write(to: &json) }
    }
}

/// Where a page starts: the sort key of the last item seen. Opaque to clients.
public struct PageCursor: Hashable, Sendable {
    public var keys: [Int64]

    public init(keys: [Int64]) {
        self.keys = keys
    }

    /// The opaque text handed to clients.
    public var token: String {
        keys.map(String.init).joined(separator: ".").base64URL
    }

    /// Reads a token made by `token`; nil if it is malformed or was made for another kind of list.
    public init?(token: String, keyCount: Int) {
        guard let data = Base64URL.decode(token) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int64($0) }
        guard parts.count == keyCount, parts.allSatisfy({ $0 != nil }) else { return nil }
        keys = parts.map { $0! }
    }
}

/// Page sizes: Todoist's default and bounds.
public enum PageLimit {
    public static let `default` = 50
    public static let range = 1...200
}

extension String {
    var base64URL: String { Base64URL.encode(utf8) }
}
