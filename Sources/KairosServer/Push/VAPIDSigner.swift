import Crypto
import Foundation
import KairosCore
import NIOConcurrencyHelpers

/// Signs the VAPID token (RFC 8292) that tells a push service which server is sending and whom to contact.
/// A token is made per push service and reused until it has less than an hour to live, since signing each
/// message would cost more than the rest of building it.
public final class VAPIDSigner: Sendable {
    /// How long a token is valid once signed; push services refuse more than 24 hours.
    public static let lifetime: TimeInterval = 12 * 3600
    /// A kept token is signed anew when it has less than this left, so none expires on the way.
    public static let renewal: TimeInterval = 3600
    /// Audiences kept at most: there are a handful of push services, so more means something is off.
    static let capacity = 64

    private struct Token {
        let value: String
        let expires: Date
    }

    private struct Claims: Encodable {
        let aud: String
        let exp: Int
        let sub: String
    }

    /// The `mailto:` or `https:` URL a push service may use to reach whoever runs this server (the `sub` claim).
    public let contact: String
    private let key: VAPIDKey
    private let clock: Clock
    private let tokens = NIOLockedValueBox<[String: Token]>([:])

    /// A signer with the server's key, telling the time by `clock`.
    public init(key: VAPIDKey, contact: String, clock: Clock = .system) throws(KairosError) {
        let lowered = contact.lowercased()
        let reachable =
            (lowered.hasPrefix("mailto:") && contact.dropFirst(7).contains("@"))
            || (lowered.hasPrefix("https://") && URLComponents(string: contact)?.host?.isEmpty == false)
        guard reachable else {
            throw .invalidField(
                field: "contact",
                message: "contact must be a mailto: or https: URL where push services can reach whoever runs "
                    + "this server, such as mailto:admin@example.com.")
        }
        self.key = key
        self.contact = contact
        self.clock = clock
    }

    /// The `Authorization` header value for a request to `subscription`'s push service:
    /// `vapid t=<token>, k=<public key>`.
    public func authorization(for subscription: WebPushSubscription) throws -> String {
        "vapid t=\(try token(for: subscription.origin)), k=\(key.publicKey)"
    }

    /// The signed token for `audience` (a push service's origin): the kept one while it has more than
    /// `renewal` left, else a new one valid for `lifetime`.
    public func token(for audience: String) throws -> String {
        let now = clock.now()
        if let kept = tokens.withLockedValue({ $0[audience] }), kept.expires.timeIntervalSince(now) >= Self.renewal {
            return kept.value
        }
        let expires = Date(timeIntervalSince1970: (now.timeIntervalSince1970 + Self.lifetime).rounded(.down))
        let value = try sign(Claims(aud: audience, exp: Int(expires.timeIntervalSince1970), sub: contact))
        tokens.withLockedValue { tokens in
            if tokens.count >= Self.capacity { tokens.removeAll(keepingCapacity: true) }
            tokens[audience] = Token(value: value, expires: expires)
        }
        return value
    }

    /// A compact JWS (RFC 7515) with ES256: the signature is r and s, 32 bytes each, as JWA requires.
    private func sign(_ claims: Claims) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let header = Base64URL.encode(#"{"typ":"JWT","alg":"ES256"}"#.utf8)
        let input = "\(header).\(Base64URL.encode(try encoder.encode(claims)))"
        let signature = try key.privateKey.signature(for: Data(input.utf8))
        return "\(input).\(Base64URL.encode(signature.rawRepresentation))"
    }
}
