import Foundation
import Hummingbird
import KairosCore
import KairosStore
import NIOCore

extension Request {
    /// Decodes the JSON body, turning every failure into a 400 that names the offending field,
    /// or a 413 for a body over the limit.
    func decodeJSON<Value: Decodable>(as type: Value.Type, allowEmpty: Bool = false) async throws -> Value {
        let buffer: ByteBuffer
        do {
            buffer = try await body.collect(upTo: Limits.maxBodyBytes)
        } catch is NIOTooManyBytesError {
            throw KairosError.payloadTooLarge("The request body is over 1 MiB. Send less at once.")
        }
        let data = buffer.readableBytes == 0 && allowEmpty ? Data("{}".utf8) : Data(buffer.readableBytesView)
        guard !data.isEmpty else { throw KairosError.badRequest("The request needs a JSON body.") }
        if ControlCharacters.mayBeIn(json: data), let field = Self.fieldHoldingControlCharacter(data) {
            throw KairosError.invalidField(
                field: field,
                message: "\(field) holds a control character (such as NUL) that text may not. Remove it; "
                    + "tabs and line breaks are fine.")
        }
        do {
            let value = try APICoding.makeDecoder().decode(type, from: data)
            if let closed = type as? any ClosedRequestBody.Type { try closed.requireKnownFields(in: data) }
            return value
        } catch let error as DecodingError {
            throw KairosError(decoding: error)
        } catch let error as KairosError {
            throw error
        }
    }

    /// The path of the first string in the JSON `data` (a value or a field's name) holding a forbidden control
    /// character, such as `tasks[2].title`; nil when none does.
    private static func fieldHoldingControlCharacter(_ data: Data) -> String? {
        func search(_ value: Any, at path: String) -> String? {
            switch value {
            case let text as String:
                return ControlCharacters.areIn(text) ? (path.isEmpty ? "body" : path) : nil
            case let object as [String: Any]:
                for (key, member) in object.sorted(by: { $0.key < $1.key }) {
                    let inner = path.isEmpty ? key : "\(path).\(key)"
                    if ControlCharacters.areIn(key) { return inner }
                    if let found = search(member, at: inner) { return found }
                }
                return nil
            case let array as [Any]:
                for (index, element) in array.enumerated() {
                    if let found = search(element, at: "\(path)[\(index)]") { return found }
                }
                return nil
            default:
                return nil
            }
        }
        guard let document = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return nil
        }
        return search(document, at: "")
    }

    /// A query parameter as text, nil when absent or empty. Form encoding is honoured: `+` is a space,
    /// as clients such as Python's httpx send it.
    func query(_ name: String) -> String? {
        guard let raw = uri.query else { return nil }
        for pair in raw.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard Self.formDecode(parts[0]) == name else { continue }
            let value = parts.count > 1 ? Self.formDecode(parts[1]) : ""
            return value.isEmpty ? nil : value
        }
        return nil
    }

    private static func formDecode(_ text: Substring) -> String {
        guard text.contains(where: { $0 == "+" || $0 == "%" }) else { return String(text) }
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// An integer query parameter; a value that is not a number is a 400 naming it.
    func queryInt(_ name: String) throws -> Int? {
        guard let text = query(name) else { return nil }
        guard let value = Int(text) else {
            throw KairosError.invalidField(field: name, message: "\(name) must be a whole number.")
        }
        return value
    }

    /// A true/false query parameter; anything else is a 400 naming it.
    func queryBool(_ name: String) throws -> Bool? {
        switch query(name) {
        case nil: return nil
        case "true", "1": return true
        case "false", "0": return false
        default: throw KairosError.invalidField(field: name, message: "\(name) must be true or false.")
        }
    }

    /// The `limit` and `cursor` query parameters of a list endpoint.
    func pageRequest(cursorKeys: Int) throws -> PageRequest {
        let limit = try Limits.requireLimit(queryInt("limit"))
        guard let token = query("cursor") else { return PageRequest(limit: limit) }
        guard let cursor = PageCursor(token: token, keyCount: cursorKeys) else {
            throw KairosError.invalidField(
                field: "cursor", message: "cursor is not one this list handed out. Pass next_cursor back unchanged.")
        }
        return PageRequest(cursor: cursor, limit: limit)
    }
}

extension KairosError {
    /// Describes a JSON decoding failure by the field it happened at.
    init(decoding error: DecodingError) {
        func fieldName(_ path: [any CodingKey]) -> String {
            path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
                .replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let field = fieldName(context.codingPath + [key])
            self = .invalidField(field: field, message: "\(field) is required.")
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let field = fieldName(context.codingPath)
            guard !field.isEmpty else {
                self = .badRequest("The body must be a JSON object.")
                return
            }
            self = .invalidField(field: field, message: "\(field) must be \(Self.describe(type)).")
        case .dataCorrupted(let context):
            let field = fieldName(context.codingPath)
            self =
                field.isEmpty
                ? .badRequest("The body is not valid JSON. Check quotes, commas and brackets.")
                : .invalidField(field: field, message: "\(field): \(context.debugDescription)")
        @unknown default:
            self = .badRequest("The body could not be read as JSON.")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type: "a whole number"
        case is Bool.Type: "true or false"
        case is Double.Type: "a number"
        default: "a value of the right type (\(type))"
        }
    }
}
