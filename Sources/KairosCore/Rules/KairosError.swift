/// The ways a request can fail, independent of transport; the server maps each to one HTTP status.
public enum KairosError: Error, Equatable, Sendable {
    /// A field has a value that is not allowed; the message names the field and says what is.
    case invalidField(field: String, message: String)
    /// The request as a whole cannot be understood (malformed JSON, missing body).
    case badRequest(String)
    /// Credentials are missing, wrong or revoked.
    case unauthorized(String)
    /// The resource does not exist, or the caller may not know that it does.
    case notFound(String)
    /// The caller can see the resource but may not do this to it.
    case forbidden(String)
    /// The request clashes with the current state (an email already taken).
    case conflict(String)
    /// The request body is larger than the server accepts.
    case payloadTooLarge(String)
    /// The body is not a kind of content the endpoint takes (an upload that is no image or PDF).
    case unsupportedMediaType(String)
    /// Too many tries in a short time (failed sign-ins); the caller may try again after `retryAfter` seconds.
    case tooManyRequests(String, retryAfter: Int)
    /// Another service the request needs (Todoist, for an import) could not be reached or answered wrongly.
    case badGateway(String)

    /// A stable machine-readable code for clients.
    public var code: String {
        switch self {
        case .invalidField: "invalid_field"
        case .badRequest: "bad_request"
        case .unauthorized: "unauthorized"
        case .notFound: "not_found"
        case .forbidden: "forbidden"
        case .conflict: "conflict"
        case .payloadTooLarge: "payload_too_large"
        case .unsupportedMediaType: "unsupported_media_type"
        case .tooManyRequests: "too_many_requests"
        case .badGateway: "bad_gateway"
        }
    }

    /// A sentence for the person reading it, saying what to do next where that helps.
    public var message: String {
        switch self {
        case .invalidField(_, let message), .badRequest(let message), .unauthorized(let message),
            .notFound(let message), .forbidden(let message), .conflict(let message), .payloadTooLarge(let message),
            .unsupportedMediaType(let message), .tooManyRequests(let message, _), .badGateway(let message):
            message
        }
    }

    /// A "not found" error for a kind of resource, worded the same everywhere.
    public static func missing(_ kind: String) -> KairosError {
        .notFound("\(kind) not found. Check the id; you can only see your own \(kind.lowercased())s.")
    }

    /// An email address that names no one the caller may reach: worded the same whether or not it has an
    /// account, so an address never tells.
    public static func unknownEmail(_ address: String, field: String? = nil) -> KairosError {
        .notFound(
            "No one you share a project or a conversation with has the email \(address)"
                + (field.map { " (\($0))" } ?? "") + ". Check the address, or invite them (POST /api/v1/invites).")
    }

    /// An upload over `Limits.attachmentBytes`.
    public static let attachmentTooLarge = KairosError.payloadTooLarge(
        "The file is over \(Limits.attachmentBytes >> 20) MiB. Send a smaller file, or a link to it.")
}

extension KairosError {
    /// The same error about a field of one item in a list, such as `tasks[2].due`: field and message name the full path.
    public func nested(in path: String) -> KairosError {
        guard case .invalidField(let field, let message) = self else { return self }
        let full = "\(path).\(field)"
        return .invalidField(
            field: full, message: message.hasPrefix(field) ? "\(path).\(message)" : "\(full): \(message)")
    }
}

/// The value, or `notFound` worded for its kind of resource when there is none.
public func require<T>(_ value: T?, _ kind: String) throws(KairosError) -> T {
    guard let value else { throw .missing(kind) }
    return value
}

/// The body of every error response: `{"error": {"code": "...", "message": "..."}}`.
public struct ErrorResponse: Decodable, Sendable, JSONWritable {
    public struct Detail: Decodable, Sendable {
        public var code: String
        public var message: String
    }

    public var error: Detail

    public init(code: String, message: String) {
        error = Detail(code: code, message: message)
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("error")
            json.object { json in
                json.key("code"); json.string(error.code)
                json.key("message"); json.string(error.message)
            }
        }
    }
}

extension KairosError: CustomStringConvertible {
    public var description: String { message }
}
