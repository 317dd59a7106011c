import Crypto
import Foundation
import KairosCore
import Testing

@testable import KairosServer

/// The VAPID token each push request carries: an ES256 JWT for the push service's origin, valid 12 hours,
/// kept per push service and signed anew before it runs out.
@Suite struct VAPIDSignerTests {
    struct Token {
        let header: [String: String]
        let claims: [String: Any]
        let signingInput: String
        let signature: [UInt8]
    }

    static func read(_ token: String) throws -> Token {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        try #require(parts.count == 3)
        let header = try JSONSerialization.jsonObject(with: Data(try #require(Base64URL.decode(parts[0]))))
        let claims = try JSONSerialization.jsonObject(with: Data(try #require(Base64URL.decode(parts[1]))))
        return Token(
            header: try #require(header as? [String: String]), claims: try #require(claims as? [String: Any]),
            signingInput: "\(parts[0]).\(parts[1])", signature: try #require(Base64URL.decode(parts[2])))
    }

    static func signer(_ key: VAPIDKey, clock: TestClock) throws -> VAPIDSigner {
        try VAPIDSigner(key: key, contact: "mailto:admin@example.com", clock: clock.serverClock)
    }

    @Test func theHeaderCarriesASignedTokenForThePushServiceAndTheServerKey() throws {
        let key = VAPIDKey(privateKey: P256.Signing.PrivateKey())
        let clock = TestClock(wednesdayAfternoon)
        let subscription = try WebPushReceiver().subscription(endpoint: "https://fcm.googleapis.com/fcm/send/abc")

        let header = try Self.signer(key, clock: clock).authorization(for: subscription)
        let match = try #require(header.wholeMatch(of: /vapid t=([A-Za-z0-9_.-]+), k=([A-Za-z0-9_-]+)/))
        #expect(String(match.2) == key.publicKey)

        let token = try Self.read(String(match.1))
        #expect(token.header == ["typ": "JWT", "alg": "ES256"])
        #expect(token.claims["aud"] as? String == "https://fcm.googleapis.com")
        #expect(token.claims["sub"] as? String == "mailto:admin@example.com")
        let expires = try #require(token.claims["exp"] as? Int)
        #expect(expires == Int(clock.now.timeIntervalSince1970) + 12 * 3600)
        #expect(token.claims.count == 3)

        let publicKey = try P256.Signing.PublicKey(x963Representation: try #require(Base64URL.decode(String(match.2))))
        #expect(token.signature.count == 64)
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: token.signature)
        #expect(publicKey.isValidSignature(signature, for: Data(token.signingInput.utf8)))
        #expect(!publicKey.isValidSignature(signature, for: Data((token.signingInput + "x").utf8)))
        let stranger = P256.Signing.PrivateKey().publicKey
        #expect(!stranger.isValidSignature(signature, for: Data(token.signingInput.utf8)))
    }

    @Test(arguments: [
        ("https://fcm.googleapis.com/fcm/send/abc", "https://fcm.googleapis.com"),
        ("https://updates.push.services.mozilla.com:443/wpush/v2/abc", "https://updates.push.services.mozilla.com"),
        ("https://Push.Example.net:8443/send/abc?x=1", "https://push.example.net:8443"),
        ("http://127.0.0.1:8123/push/abc", "http://127.0.0.1:8123"),
        ("http://localhost/push/abc", "http://localhost"),
        ("http://[::1]:8123/push/abc", "http://[::1]:8123"),
        ("HTTPS://[2001:DB8::1]/push/abc", "https://[2001:db8::1]"),
    ])
    func theAudienceIsThePushServicesOrigin(endpoint: String, origin: String) throws {
        let subscription = try WebPushReceiver().subscription(endpoint: endpoint)
        #expect(subscription.origin == origin)
        let signer = try Self.signer(
            VAPIDKey(privateKey: P256.Signing.PrivateKey()), clock: TestClock(wednesdayAfternoon))
        let header = try signer.authorization(for: subscription)
        let jwt = try #require(header.firstMatch(of: /t=([^,]+),/)?.1)
        #expect(try Self.read(String(jwt)).claims["aud"] as? String == origin)
    }

    @Test func aTokenIsKeptPerPushServiceUntilLessThanAnHourIsLeft() throws {
        let clock = TestClock(wednesdayAfternoon)
        let signer = try Self.signer(VAPIDKey(privateKey: P256.Signing.PrivateKey()), clock: clock)
        let first = try signer.token(for: "https://fcm.googleapis.com")
        let other = try signer.token(for: "https://web.push.apple.com")
        #expect(other != first)
        #expect(try Self.read(other).claims["aud"] as? String == "https://web.push.apple.com")

        clock.now += 11 * 3600
        #expect(try signer.token(for: "https://fcm.googleapis.com") == first)
        #expect(try signer.token(for: "https://web.push.apple.com") == other)

        clock.now += 1
        let renewed = try signer.token(for: "https://fcm.googleapis.com")
        #expect(renewed != first)
        #expect(try Self.read(renewed).claims["exp"] as? Int == Int(clock.now.timeIntervalSince1970) + 12 * 3600)
        #expect(try signer.token(for: "https://fcm.googleapis.com") == renewed)
    }

    @Test func tokensAskedForAtOnceAreAllValid() async throws {
        let key = VAPIDKey(privateKey: P256.Signing.PrivateKey())
        let signer = try Self.signer(key, clock: TestClock(wednesdayAfternoon))
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<40 {
                group.addTask { try signer.token(for: "https://push\(index % 4).example.net") }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(tokens.count == 40)
        for token in Set(tokens) {
            let read = try Self.read(token)
            let signature = try P256.Signing.ECDSASignature(rawRepresentation: read.signature)
            #expect(key.privateKey.publicKey.isValidSignature(signature, for: Data(read.signingInput.utf8)))
        }
    }

    @Test(arguments: ["", "admin@example.com", "mailto:", "http://example.com/contact", "https://", "ftp://x"])
    func aContactPushServicesCannotUseIsRefused(contact: String) throws {
        let error = #expect(throws: KairosError.self) {
            try VAPIDSigner(key: VAPIDKey(privateKey: P256.Signing.PrivateKey()), contact: contact)
        }
        guard case .invalidField(let field, let message) = error else {
            Issue.record("expected invalidField, got \(String(describing: error))")
            return
        }
        #expect(field == "contact")
        #expect(message.contains("mailto:") && message.contains("https:"))
    }

    @Test func anHTTPSContactIsTaken() throws {
        let signer = try VAPIDSigner(
            key: VAPIDKey(privateKey: P256.Signing.PrivateKey()), contact: "https://kairos.example.com/contact")
        let claims = try Self.read(signer.token(for: "https://fcm.googleapis.com")).claims
        #expect(claims["sub"] as? String == "https://kairos.example.com/contact")
    }
}
