import KairosCore

/// The shape a structured answer must have: a JSON schema with a name the vendors can show the model.
///
/// Write the root as `"type": "object"`: Anthropic's tools and OpenAI's strict mode both require it.
/// Every answer is checked against the schema's `type`, `required`, `properties`, `items` and `enum`
/// before it reaches the caller, since local servers do not all enforce the schema they were given.
public struct ResponseSchema: Sendable, Hashable {
    /// A short identifier (letters, digits, `_` and `-`), used as the tool or schema name.
    public var name: String
    /// What the answer is, in a sentence the model reads.
    public var description: String
    /// The JSON schema itself.
    public var schema: JSONValue

    public init(name: String, description: String, schema: JSONValue) {
        self.name = name
        self.description = description
        self.schema = schema
    }

    /// Checks an answer against the schema; the first difference found names its JSON path.
    public func validate(_ value: JSONValue) throws(LanguageModelError) {
        if let problem = Self.problem(in: value, against: schema, at: "$") {
            throw .schemaViolation(problem)
        }
    }

    private static func problem(in value: JSONValue, against schema: JSONValue, at path: String) -> String? {
        if let allowed = schema["enum"]?.arrayValue, !allowed.contains(value) {
            return "\(path) is not one of the allowed values"
        }
        let types: [String] =
            switch schema["type"] {
            case .string(let type): [type]
            case .array(let list): list.compactMap(\.stringValue)
            default: []
            }
        if !types.isEmpty, !types.contains(where: { matches(value, type: $0) }) {
            return "\(path) should be \(types.joined(separator: " or ")), not \(typeName(of: value))"
        }
        switch value {
        case .object(let members):
            for key in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where members[key] == nil {
                return "\(path).\(key) is required but missing"
            }
            for (key, propertySchema) in schema["properties"]?.objectValue ?? [:] {
                if let member = members[key],
                    let problem = problem(in: member, against: propertySchema, at: "\(path).\(key)")
                {
                    return problem
                }
            }
        case .array(let elements):
            if let itemSchema = schema["items"] {
                for (index, element) in elements.enumerated() {
                    if let problem = problem(in: element, against: itemSchema, at: "\(path)[\(index)]") {
                        return problem
                    }
                }
            }
        default:
            break
        }
        return nil
    }

    private static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array),
            ("object", .object):
            true
        case ("integer", .number(let number)): number.rounded() == number
        default: false
        }
    }

    private static func typeName(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
