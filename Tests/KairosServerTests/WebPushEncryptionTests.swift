import Crypto
import Foundation
import KairosCore
import Testing

@testable import KairosServer

/// Push messages are encrypted as RFC 8291 says, byte for byte, and only for the subscribed browser.
@Suite struct WebPushEncryptionTests {
    /// RFC 8291 Appendix A: the example's keys, secret, salt and message.
    enum Example {
        static let plaintext = "When I grow up, I want to be a watermelon"
        static let senderPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
        static let senderPublic =
            "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
        static let receiverPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
        static let receiverPublic =
            "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
        static let authSecret = "BTBZMqHH6r4Tts7J_aSIgg"
        static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
        static let body =
            "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6P"
            + "Bru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
    }

    static func bytes(_ base64URL: String) throws -> [UInt8] {
        try #require(Base64URL.decode(base64URL))
    }

    @Test func theRFC8291ExampleIsReproducedByteForByte() throws {
        let subscription = try WebPushSubscription(
            endpoint: "https://push.example.net/push/JzLQ3raZJfFBR0aqvOMsLrt54w4rJUsV",
            p256dh: Example.receiverPublic, auth: Example.authSecret)
        let sender = try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.bytes(Example.senderPrivate))
        #expect(Base64URL.encode(sender.publicKey.x963Representation) == Example.senderPublic)

        let body = try WebPushEncryption.encrypt(
            Array(Example.plaintext.utf8), for: subscription, senderKey: sender, salt: Self.bytes(Example.salt))
        #expect(Base64URL.encode(body) == Example.body)

        let receiver = WebPushReceiver(
            privateKey: try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.bytes(Example.receiverPrivate)),
            authSecret: try Self.bytes(Example.authSecret))
        #expect(receiver.p256dh == Example.receiverPublic)
        #expect(try receiver.decrypt(Self.bytes(Example.body)).plaintext == Array(Example.plaintext.utf8))
    }

    @Test(arguments: [0, 1, 41, 1_000, WebPushEncryption.maxPayloadBytes])
    func theBrowserReadsEveryMessageUpToTheLimit(size: Int) throws {
        let receiver = WebPushReceiver()
        let payload = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let body = try WebPushEncryption.encrypt(payload, for: receiver.subscription())

        let read = try receiver.decrypt(body)
        #expect(read.plaintext == payload)
        #expect(read.recordSize == 4096)
        #expect(read.senderKey.count == 65 && read.senderKey.first == 0x04)
        #expect(body.count == 86 + size + 1 + 16)
        #expect(body.count <= 4096)
    }

    @Test func eachMessageHasItsOwnSaltAndSenderKey() throws {
        let receiver = WebPushReceiver()
        let subscription = try receiver.subscription()
        let first = try receiver.decrypt(WebPushEncryption.encrypt(Array("Dentist at 3".utf8), for: subscription))
        let second = try receiver.decrypt(WebPushEncryption.encrypt(Array("Dentist at 3".utf8), for: subscription))
        #expect(first.salt != second.salt)
        #expect(first.senderKey != second.senderKey)
        #expect(first.plaintext == second.plaintext)
    }

    @Test func anotherBrowserCannotReadIt() throws {
        let body = try WebPushEncryption.encrypt(Array("Dentist at 3".utf8), for: WebPushReceiver().subscription())
        #expect(throws: (any Error).self) { try WebPushReceiver().decrypt(body) }
    }

    @Test func aMessageOverOneRecordIsRefused() throws {
        let subscription = try WebPushReceiver().subscription()
        let error = #expect(throws: KairosError.self) {
            try WebPushEncryption.encrypt([UInt8](repeating: 65, count: 3_994), for: subscription)
        }
        guard case .payloadTooLarge(let message) = error else {
            Issue.record("expected payloadTooLarge, got \(String(describing: error))")
            return
        }
        #expect(message.contains("3994 bytes") && message.contains("at most 3993"))
    }
}
