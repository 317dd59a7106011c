import Crypto
import Foundation
import KairosCore

/// How a `json` hook's request is signed, so its receiver can tell it came from this server and was not
/// replayed: `Kairos-Signature: sha256=<hex>`, the HMAC-SHA256 of `"<Kairos-Timestamp>.<body>"` keyed with the
/// hook's whole secret (its UTF-8 bytes, `whsec_` included).
enum WebhookSignature {
    /// The `Kairos-Signature` value for `body` sent at `timestamp` (Unix seconds).
    static func header(secret: DeliveryCredential, timestamp: Int64, body: [UInt8]) -> String {
        var message = Array("\(timestamp).".utf8)
        message.append(contentsOf: body)
        let code = HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: Array(secret.value.utf8)))
        return "sha256=" + code.map { String(format: "%02x", $0) }.joined()
    }

    /// A new random signing secret: 32 bytes, base64url without padding, after `WebhookRules.secretPrefix`.
    static func makeSecret() -> DeliveryCredential {
        let bytes = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
        let text = bytes.base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        return DeliveryCredential(WebhookRules.secretPrefix + text)
    }
}
