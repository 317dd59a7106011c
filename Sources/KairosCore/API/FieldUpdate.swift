/// One field of a partial update: absent (left alone), `null` (cleared), or a new value.
public enum FieldUpdate<Value: Sendable & Equatable>: Sendable, Equatable {
    case unchanged
    case clear
    case set(Value)

    /// The new value when set; nil for both `unchanged` and `clear`.
    public var newValue: Value? {
        if case .set(let value) = self { return value }
        return nil
    }
}

extension KeyedDecodingContainer {
    /// Reads a key that may be missing, `null`, or a value.
    public func decodeUpdate<Value: Decodable & Sendable & Equatable>(
        _ type: Value.Type, forKey key: Key
    ) throws -> FieldUpdate<Value> {
        guard contains(key) else { return .unchanged }
        if try decodeNil(forKey: key) { return .clear }
        return .set(try decode(type, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// Writes nothing for `unchanged`, `null` for `clear`, the value for `set`.
    public mutating func encodeUpdate<Value: Encodable & Sendable & Equatable>(
        _ update: FieldUpdate<Value>, forKey key: Key
    ) throws {
        switch update {
        case .unchanged: break
        case .clear: try encodeNil(forKey: key)
        case .set(let value): try encode(value, forKey: key)
        }
    }
}
