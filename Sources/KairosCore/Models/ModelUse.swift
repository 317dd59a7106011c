/// Whether a language model took part in an answer, and if not, why: `off` (none configured), `opted_out` (the
/// user turned it off), or what went wrong with it (`timeout`, `rate_limited`, `server_error`, `malformed_answer`,
/// `schema_violation`, ...). The offline engine answers whenever the model does not.
public struct ModelUse: Hashable, Sendable {
    public var used: Bool
    /// Why the model was not used; nil when it was.
    public var reason: String?

    public init(used: Bool, reason: String? = nil) {
        self.used = used
        self.reason = reason
    }

    public static let used = ModelUse(used: true)
    /// No model is configured on the server.
    public static let off = ModelUse(used: false, reason: "off")
    /// The user chose to keep their data away from the model.
    public static let optedOut = ModelUse(used: false, reason: "opted_out")

    public static func failed(_ reason: String) -> ModelUse { ModelUse(used: false, reason: reason) }
}

// Whether a model took part is {"used", "reason"}, the reason null when it was used.
extension ModelUse: JSONWritable, Decodable {
    enum CodingKeys: String, CodingKey {
        case used, reason
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("used"); json.bool(used)
            json.key("reason"); json.string(reason)
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            used: try c.decode(Bool.self, forKey: .used), reason: try c.decodeIfPresent(String.self, forKey: .reason))
    }
}
