import Crypto
import Foundation
import KairosCore

/// Where and for whom a push message goes: a browser's `PushSubscription` (its `toJSON()`), checked once so
/// that every message built for it can be encrypted and delivered.
public struct WebPushSubscription: Sendable, Equatable {
    /// The push service's URL for this browser, as the browser gave it.
    public let endpoint: String
    /// The browser's P-256 public key (an uncompressed point), base64url, as the browser gave it.
    public let p256dh: String
    /// The 16-byte secret shared with the browser, base64url, as the browser gave it.
    public let auth: String
    /// The push service's origin, `scheme://host[:port]`: the audience of the VAPID token it is sent.
    public let origin: String

    let receiverKey: P256.KeyAgreement.PublicKey
    let authSecret: [UInt8]

    /// Checks the three values of `PushSubscription.toJSON()`; an error names the field (`endpoint`,
    /// `keys.p256dh`, `keys.auth`) and says what it must be.
    public init(endpoint: String, p256dh: String, auth: String) throws(KairosError) {
        origin = try Self.origin(of: endpoint)
        receiverKey = try Self.receiverKey(p256dh)
        authSecret = try Self.authSecret(auth)
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
    }

    /// The same subscription: the browser gave the same three values.
    public static func == (left: WebPushSubscription, right: WebPushSubscription) -> Bool {
        left.endpoint == right.endpoint && left.p256dh == right.p256dh && left.auth == right.auth
    }

    private static func origin(of endpoint: String) throws(KairosError) -> String {
        guard let parts = URLComponents(string: endpoint), let scheme = parts.scheme?.lowercased(),
            scheme == "https" || scheme == "http", let host = parts.host?.lowercased(), !host.isEmpty
        else {
            throw .invalidField(
                field: "endpoint",
                message: "endpoint must be the absolute http(s) URL of the push service, such as "
                    + "https://push.example.net/send/abc. Send the endpoint of PushSubscription.toJSON() unchanged.")
        }
        // An IPv6 address is written in brackets in an origin, as in the URL.
        let name = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let defaultPort = scheme == "https" ? 443 : 80
        guard let port = parts.port, port != defaultPort else { return "\(scheme)://\(name)" }
        return "\(scheme)://\(name):\(port)"
    }

    private static func receiverKey(_ p256dh: String) throws(KairosError) -> P256.KeyAgreement.PublicKey {
        let advice = "Send keys.p256dh of PushSubscription.toJSON() unchanged."
        guard let bytes = Base64URL.decode(p256dh) else {
            throw .invalidField(field: "keys.p256dh", message: "keys.p256dh must be base64url. \(advice)")
        }
        guard bytes.count == 65, bytes.first == 0x04 else {
            throw .invalidField(
                field: "keys.p256dh",
                message: "keys.p256dh must be the browser's P-256 public key as an uncompressed point: 65 bytes "
                    + "starting 0x04 (87 base64url characters), not \(bytes.count) bytes. \(advice)")
        }
        do {
            return try P256.KeyAgreement.PublicKey(x963Representation: bytes)
        } catch {
            throw .invalidField(
                field: "keys.p256dh", message: "keys.p256dh is not a point on the P-256 curve. \(advice)")
        }
    }

    private static func authSecret(_ auth: String) throws(KairosError) -> [UInt8] {
        guard let bytes = Base64URL.decode(auth), bytes.count == 16 else {
            throw .invalidField(
                field: "keys.auth",
                message: "keys.auth must be the subscription's 16-byte secret in base64url (22 characters). "
                    + "Send keys.auth of PushSubscription.toJSON() unchanged.")
        }
        return bytes
    }
}
