import Foundation

/// One browser's Web Push subscription: where its push service takes messages for it, and the keys they are
/// encrypted to. It belongs to whoever subscribed last on that device.
public struct PushSubscription: Sendable, Equatable {
    public var id: String
    public var userID: String
    public var endpoint: String
    /// The browser's P-256 public key, base64url.
    public var p256dh: String
    /// The browser's 16-byte authentication secret, base64url.
    public var auth: String
    public var createdAt: Date

    public init(id: String, userID: String, endpoint: String, p256dh: String, auth: String, createdAt: Date) {
        self.id = id
        self.userID = userID
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
        self.createdAt = createdAt
    }
}

extension PushSubscription: JSONWritable {
    /// The keys stay on the server: a device knows its own.
    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.string(id)
            json.key("endpoint"); json.string(endpoint)
            json.key("created_at"); json.date(createdAt)
        }
    }
}

/// `POST /push/subscriptions`: the browser's `PushSubscription.toJSON()`,
/// `{"endpoint", "expirationTime"?, "keys": {"p256dh", "auth"}}`.
public struct PushSubscriptionRequest: Decodable, Sendable {
    public struct Keys: Decodable, Sendable {
        public var p256dh: String?
        public var auth: String?
    }

    public var endpoint: String?
    public var keys: Keys?

    public init(endpoint: String?, p256dh: String?, auth: String?) {
        self.endpoint = endpoint
        self.keys = Keys(p256dh: p256dh, auth: auth)
    }
}

/// Which push endpoints the server sends to: a push service's HTTPS address, or, when the server is told it
/// may (`KAIROS_PUSH_ALLOW_LOOPBACK=1`, for a push service on the same machine in tests), plain HTTP on the
/// loopback address.
public struct PushEndpointRule: Sendable {
    public var allowsLoopback: Bool

    public init(allowsLoopback: Bool = false) {
        self.allowsLoopback = allowsLoopback
    }

    /// The request's endpoint and keys, checked; a field that is wrong is named with what to send instead.
    public func check(_ request: PushSubscriptionRequest) throws(KairosError) -> (endpoint: String, p256dh: String, auth: String) {
        guard let endpoint = request.endpoint?.trimmingCharacters(in: .whitespaces), !endpoint.isEmpty else {
            throw .invalidField(field: "endpoint", message: "endpoint is required: the push service's address.")
        }
        guard endpoint.utf8.count <= Limits.pushEndpointLength, let url = URLComponents(string: endpoint),
            let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty, url.user == nil
        else {
            throw .invalidField(field: "endpoint", message: "endpoint must be the absolute URL the browser gave.")
        }
        let loopback = ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host.lowercased())
        guard scheme == "https" || (scheme == "http" && loopback && allowsLoopback) else {
            throw .invalidField(
                field: "endpoint",
                message: "endpoint must be an https:// address: push services take messages only over HTTPS.")
        }
        guard let p256dh = request.keys?.p256dh, Self.decodedLength(p256dh) == 65, p256dh.hasPrefix("B") else {
            throw .invalidField(
                field: "keys.p256dh",
                message: "keys.p256dh must be the browser's P-256 public key: 65 bytes, base64url.")
        }
        guard let auth = request.keys?.auth, Self.decodedLength(auth) == 16 else {
            throw .invalidField(
                field: "keys.auth", message: "keys.auth must be the browser's 16-byte secret, base64url.")
        }
        return (endpoint, p256dh, auth)
    }

    /// The length of base64url (padded or not) once decoded; nil when it is not base64url.
    static func decodedLength(_ text: String) -> Int? {
        Base64URL.decode(text.trimmingCharacters(in: CharacterSet(charactersIn: "=")))?.count
    }
}
