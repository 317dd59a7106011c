import Foundation

/// A JSON value as the Sync API sends it, kept as it came so a replica can store, merge and save objects without
/// knowing every field.
public enum SyncValue: Codable, Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([SyncValue])
    case object([String: SyncValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([SyncValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: SyncValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if value == value.rounded(), abs(value) < 1e15 { try container.encode(Int64(value)) } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The member `key` of an object.
    public subscript(key: String) -> SyncValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The text of a string value.
    public var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// Decodes the value as `T` (a wire model such as `TaskItem`).
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try APICoding.makeDecoder().decode(T.self, from: try JSONEncoder().encode(self))
    }
}

extension SyncValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(dictionaryLiteral elements: (String, SyncValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
    public init(arrayLiteral elements: SyncValue...) { self = .array(elements) }
    public init(nilLiteral: ()) { self = .null }
}
