import AsyncHTTPClient
import Crypto
import Foundation
import KairosCore
import NIOCore
import Testing

@testable import KairosServer

/// One Web Push request, as a push service takes it; and the subscriptions it can be built for.
@Suite struct WebPushRequestTests {
    static func builder() throws -> WebPushRequestBuilder {
        let clock = TestClock(wednesdayAfternoon)
        return WebPushRequestBuilder(
            signer: try VAPIDSigner(
                key: VAPIDKey(privateKey: P256.Signing.PrivateKey()), contact: "mailto:admin@example.com",
                clock: clock.serverClock))
    }

    static func body(of request: HTTPClientRequest) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        for try await buffer in try #require(request.body) { bytes += Array(buffer.readableBytesView) }
        return bytes
    }

    static func invalidField(_ error: KairosError?) -> String? {
        guard case .invalidField(let field, _) = error else { return nil }
        return field
    }

    @Test func theRequestPostsTheEncryptedMessageWithItsHeaders() async throws {
        let receiver = WebPushReceiver()
        let subscription = try receiver.subscription(endpoint: "http://127.0.0.1:8123/push/7")
        let payload = Array(#"{"title":"Dentist","body":"Due now"}"#.utf8)

        let request = try Self.builder().request(
            for: subscription, payload: payload, ttl: 3600, urgency: .high, topic: "task-42")
        #expect(request.method == .POST)
        #expect(request.url == "http://127.0.0.1:8123/push/7")
        #expect(request.headers["TTL"] == ["3600"])
        #expect(request.headers["Content-Encoding"] == ["aes128gcm"])
        #expect(request.headers["Content-Type"] == ["application/octet-stream"])
        #expect(request.headers["Urgency"] == ["high"])
        #expect(request.headers["Topic"] == ["task-42"])
        let authorization = try #require(request.headers["Authorization"].first)
        #expect(authorization.hasPrefix("vapid t=") && authorization.contains(", k="))
        #expect(try receiver.decrypt(await Self.body(of: request)).plaintext == payload)
    }

    @Test func withoutATopicNoneIsSentAndUrgencyIsNormal() async throws {
        let receiver = WebPushReceiver()
        let request = try Self.builder().request(for: receiver.subscription(), payload: [UInt8](), ttl: 0)
        #expect(request.headers["Topic"].isEmpty)
        #expect(request.headers["Urgency"] == ["normal"])
        #expect(request.headers["TTL"] == ["0"])
        #expect(try receiver.decrypt(await Self.body(of: request)).plaintext.isEmpty)
        #expect(WebPushUrgency.allCases.map(\.rawValue) == ["very-low", "low", "normal", "high"])
    }

    @Test(arguments: ["", "has space", "dots.are.out", String(repeating: "a", count: 33), "ünicode"])
    func aTopicPushServicesRefuseIsRefused(topic: String) throws {
        let subscription = try WebPushReceiver().subscription()
        let error = #expect(throws: KairosError.self) {
            try Self.builder().request(for: subscription, payload: [1], ttl: 60, topic: topic)
        }
        #expect(Self.invalidField(error) == "topic")
    }

    @Test func aNegativeTTLOrAnOversizedMessageIsRefused() throws {
        let subscription = try WebPushReceiver().subscription()
        let ttl = #expect(throws: KairosError.self) {
            try Self.builder().request(for: subscription, payload: [1], ttl: -1)
        }
        #expect(Self.invalidField(ttl) == "ttl")
        let large = #expect(throws: KairosError.self) {
            try Self.builder().request(for: subscription, payload: [UInt8](repeating: 0, count: 4_000), ttl: 60)
        }
        #expect(large?.code == "payload_too_large")
        let largest = try Self.builder().request(
            for: subscription, payload: [UInt8](repeating: 0, count: WebPushEncryption.maxPayloadBytes), ttl: 60,
            topic: String(repeating: "a", count: 32))
        #expect(largest.headers["Topic"] == [String(repeating: "a", count: 32)])
    }

    // MARK: Subscriptions

    @Test func aBrowsersSubscriptionIsTakenAsItCame() throws {
        let receiver = WebPushReceiver()
        let subscription = try WebPushSubscription(
            endpoint: "https://fcm.googleapis.com/fcm/send/abc", p256dh: receiver.p256dh, auth: receiver.auth)
        #expect(subscription.endpoint == "https://fcm.googleapis.com/fcm/send/abc")
        #expect(subscription.p256dh == receiver.p256dh)
        #expect(subscription.auth == receiver.auth)
        #expect(
            try WebPushSubscription(
                endpoint: subscription.endpoint, p256dh: receiver.p256dh + "=", auth: receiver.auth + "=="
            ).origin == "https://fcm.googleapis.com")
    }

    @Test(arguments: [
        ("not base64 !", "keys.p256dh", "base64url"),
        (
            Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.compressedRepresentation), "keys.p256dh",
            "not 33 bytes"
        ),
        (Base64URL.encode([0x04] + [UInt8](repeating: 1, count: 64)), "keys.p256dh", "not a point on the P-256 curve"),
        (Base64URL.encode([0x05] + [UInt8](repeating: 1, count: 64)), "keys.p256dh", "uncompressed point"),
    ])
    func aBadBrowserKeyIsRefused(p256dh: String, field: String, saying: String) throws {
        let error = #expect(throws: KairosError.self) {
            try WebPushSubscription(
                endpoint: "https://push.example.net/x", p256dh: p256dh, auth: WebPushReceiver().auth)
        }
        #expect(Self.invalidField(error) == field)
        #expect(error?.message.contains(saying) == true, "\(String(describing: error))")
    }

    @Test(arguments: [
        "", "!!", Base64URL.encode([UInt8](repeating: 7, count: 12)),
        Base64URL.encode([UInt8](repeating: 7, count: 32)),
    ])
    func aBadAuthSecretIsRefused(auth: String) throws {
        let error = #expect(throws: KairosError.self) {
            try WebPushSubscription(
                endpoint: "https://push.example.net/x", p256dh: WebPushReceiver().p256dh, auth: auth)
        }
        #expect(Self.invalidField(error) == "keys.auth")
        #expect(error?.message.contains("16-byte") == true)
    }

    @Test(arguments: [
        "", "/push/abc", "push.example.net/x", "ftp://push.example.net/x", "mailto:a@b.c", "https:///x", "not a url",
    ])
    func anEndpointThatIsNoHTTPURLIsRefused(endpoint: String) throws {
        let receiver = WebPushReceiver()
        let error = #expect(throws: KairosError.self) {
            try WebPushSubscription(endpoint: endpoint, p256dh: receiver.p256dh, auth: receiver.auth)
        }
        #expect(Self.invalidField(error) == "endpoint")
        #expect(error?.message.contains("absolute http(s) URL") == true)
    }
}
