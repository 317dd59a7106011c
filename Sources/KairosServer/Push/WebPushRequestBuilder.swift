import AsyncHTTPClient
import Foundation
import KairosCore
import NIOCore

/// Builds the HTTP request that hands one encrypted message to a browser's push service (RFC 8030), signed
/// with the server's VAPID key (RFC 8292) and readable only by that browser (RFC 8291).
public struct WebPushRequestBuilder: Sendable {
    /// The longest `Topic` a push service takes (RFC 8030 §5.4).
    public static let maxTopicLength = 32

    let signer: VAPIDSigner

    /// A builder signing with `signer`.
    public init(signer: VAPIDSigner) {
        self.signer = signer
    }

    /// A `POST` of `payload` to the subscription's endpoint. The push service keeps an undelivered message for
    /// `ttl` seconds (0: only if the browser is reachable now); a newer message with the same `topic` (at most
    /// 32 base64url characters) replaces one still waiting.
    public func request(
        for subscription: WebPushSubscription, payload: some Collection<UInt8>, ttl: Int,
        urgency: WebPushUrgency = .normal, topic: String? = nil
    ) throws -> HTTPClientRequest {
        guard ttl >= 0 else {
            throw KairosError.invalidField(
                field: "ttl", message: "ttl must be 0 or more seconds for the push service to keep the message.")
        }
        if let topic {
            let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
            guard (1...Self.maxTopicLength).contains(topic.count), topic.allSatisfy(alphabet.contains) else {
                throw KairosError.invalidField(
                    field: "topic",
                    message: "topic must be 1 to \(Self.maxTopicLength) characters of the base64url alphabet "
                        + "(letters, digits, - and _).")
            }
        }
        let body = try WebPushEncryption.encrypt(payload, for: subscription)
        var request = HTTPClientRequest(url: subscription.endpoint)
        request.method = .POST
        request.headers.add(name: "TTL", value: String(ttl))
        request.headers.add(name: "Content-Encoding", value: "aes128gcm")
        request.headers.add(name: "Content-Type", value: "application/octet-stream")
        request.headers.add(name: "Urgency", value: urgency.rawValue)
        if let topic { request.headers.add(name: "Topic", value: topic) }
        request.headers.add(name: "Authorization", value: try signer.authorization(for: subscription))
        request.body = .bytes(ByteBuffer(bytes: body))
        return request
    }
}
