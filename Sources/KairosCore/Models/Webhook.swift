import Foundation

/// One of a user's outgoing hooks, as the API shows it: where their notices are sent and in which form. Its
/// credentials never come back, except the signing secret once, in the answer that made it.
public struct Webhook: Hashable, Sendable {
    /// How a notice is sent to the hook.
    public enum Format: String, Hashable, Sendable, Codable, CaseIterable {
        /// A signed JSON POST to the URL (see the README's "Webhooks").
        case json
        /// An ntfy publish, to the topic the URL names.
        case ntfy
    }

    public var id: String
    public var url: String
    public var format: Format
    /// The signing secret of a `json` hook, only in the answer of `POST /webhooks`.
    public var secret: String?
    /// Whether an ntfy access token is kept for the hook (the token itself is never shown).
    public var hasToken: Bool
    public var createdAt: Date

    public init(
        id: String, url: String, format: Format, secret: String? = nil, hasToken: Bool, createdAt: Date
    ) {
        self.id = id
        self.url = url
        self.format = format
        self.secret = secret
        self.hasToken = hasToken
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, url, format, secret
        case hasToken = "has_token"
        case createdAt = "created_at"
    }
}

extension Webhook: Decodable {}

extension Webhook: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(id)
            json.key("url"); json.string(url)
            json.key("format"); json.string(format.rawValue)
            if let secret { json.key("secret"); json.string(secret) }
            json.key("has_token"); json.bool(hasToken)
            json.key("created_at"); json.date(createdAt)
        }
    }
}

/// `POST /api/v1/webhooks`: a new hook.
public struct WebhookCreateRequest: Codable, Sendable, ClosedRequestBody {
    /// The receiver's address; for `ntfy`, the topic's URL (`https://ntfy.sh/mytopic`).
    public var url: String
    /// `json` (the default) or `ntfy`.
    public var format: String?
    /// An ntfy access token, sent as `Authorization: Bearer`; only for `ntfy`.
    public var token: String?

    public init(url: String, format: String? = nil, token: String? = nil) {
        self.url = url
        self.format = format
        self.token = token
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case url, format, token
    }
}

/// The answer of `POST /api/v1/webhooks/{id}/test`: what became of a test notice sent to the hook just now.
public struct WebhookTestResult: Hashable, Sendable {
    /// The receiver's HTTP status; nil when it could not be reached.
    public var status: Int?
    public var delivered: Bool
    /// Why it was not delivered, in words for the person setting the hook up.
    public var error: String?

    public init(status: Int?, delivered: Bool, error: String? = nil) {
        self.status = status
        self.delivered = delivered
        self.error = error
    }

    /// How an attempt's outcome reads to the person testing their hook.
    public init(_ outcome: DeliveryOutcome) {
        switch outcome {
        case .delivered(let status):
            self.init(status: status, delivered: true)
        case .gone(let status):
            self.init(status: status, delivered: false, error: "The receiver answered \(status): the address is gone.")
        case .retry(let status, let reason, _), .failed(let status, let reason):
            self.init(status: status, delivered: false, error: reason)
        }
    }
}

extension WebhookTestResult: Decodable {}

extension WebhookTestResult: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("status"); json.int(status)
            json.key("delivered"); json.bool(delivered)
            if let error { json.key("error"); json.string(error) }
        }
    }
}
