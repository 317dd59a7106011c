/// An error in the Todoist Sync API's shape: a command's entry in `sync_status`, or the body of a failed request.
public struct SyncError: Error, Hashable, Sendable {
    public var error: String
    public var errorCode: Int
    public var errorTag: String
    public var httpCode: Int
    /// Todoist's `error_extra`: here, the argument at fault when there is one.
    public var argument: String?

    public init(error: String, errorCode: Int, errorTag: String, httpCode: Int, argument: String? = nil) {
        self.error = error
        self.errorCode = errorCode
        self.errorTag = errorTag
        self.httpCode = httpCode
        self.argument = argument
    }

    /// A Kairos error as the Sync API tells it, its message kept.
    public init(_ kairos: KairosError) {
        switch kairos {
        case .invalidField(let field, let message):
            self.init(
                error: message, errorCode: 20, errorTag: "INVALID_ARGUMENT_VALUE", httpCode: 400, argument: field)
        case .badRequest(let message):
            self.init(error: message, errorCode: 20, errorTag: "INVALID_ARGUMENT_VALUE", httpCode: 400)
        case .unauthorized(let message):
            self.init(error: message, errorCode: 401, errorTag: "AUTH_INVALID_TOKEN", httpCode: 401)
        case .notFound(let message):
            self.init(error: message, errorCode: 404, errorTag: "NOT_FOUND", httpCode: 404)
        case .forbidden(let message):
            self.init(error: message, errorCode: 403, errorTag: "FORBIDDEN", httpCode: 403)
        case .conflict(let message):
            self.init(error: message, errorCode: 409, errorTag: "CONFLICT", httpCode: 409)
        case .payloadTooLarge(let message):
            self.init(error: message, errorCode: 413, errorTag: "PAYLOAD_TOO_LARGE", httpCode: 413)
        case .unsupportedMediaType(let message):
            self.init(error: message, errorCode: 415, errorTag: "UNSUPPORTED_MEDIA_TYPE", httpCode: 415)
        case .tooManyRequests(let message, _):
            self.init(error: message, errorCode: 429, errorTag: "TOO_MANY_REQUESTS", httpCode: 429)
        case .badGateway(let message):
            self.init(error: message, errorCode: 502, errorTag: "SERVICE_UNAVAILABLE", httpCode: 502)
        }
    }

    /// A command type Kairos does not carry out (it has no such concept, or not yet).
    public static func unknownCommand(_ type: String) -> SyncError {
        SyncError(
            error: "Kairos does not carry out \(type). See the README's Todoist Sync API section for the commands it "
                + "takes.",
            errorCode: 21, errorTag: "INVALID_COMMAND", httpCode: 400, argument: "type")
    }

    /// A sync token this server did not give.
    public static let invalidSyncToken = SyncError(
        error: "The sync token is not one this server gave. Sync again with sync_token=* for everything.",
        errorCode: 35, errorTag: "INVALID_SYNC_TOKEN", httpCode: 400, argument: "sync_token")
}

extension SyncError: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("error"); json.string(error)
            json.key("error_code"); json.int(errorCode)
            json.key("error_extra")
            json.object { json in
                if let argument { json.key("argument"); json.string(argument) }
            }
            json.key("error_tag"); json.string(errorTag)
            json.key("http_code"); json.int(httpCode)
        }
    }
}

extension SyncError: Codable {
    enum CodingKeys: String, CodingKey {
        case error
        case errorCode = "error_code"
        case errorTag = "error_tag"
        case httpCode = "http_code"
        case errorExtra = "error_extra"
    }

    struct Extra: Codable { var argument: String? }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        error = try c.decode(String.self, forKey: .error)
        errorCode = try c.decode(Int.self, forKey: .errorCode)
        errorTag = try c.decodeIfPresent(String.self, forKey: .errorTag) ?? ""
        httpCode = try c.decodeIfPresent(Int.self, forKey: .httpCode) ?? 400
        argument = (try? c.decodeIfPresent(Extra.self, forKey: .errorExtra))?.argument
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(error, forKey: .error)
        try c.encode(errorCode, forKey: .errorCode)
        try c.encode(errorTag, forKey: .errorTag)
        try c.encode(httpCode, forKey: .httpCode)
        try c.encode(Extra(argument: argument), forKey: .errorExtra)
    }
}
