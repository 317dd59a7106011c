import Crypto
import Foundation
import KairosCore
import KairosServer

/// A browser's side of Web Push: its key pair and auth secret, and reading a message the way RFC 8291 §3.4
/// and RFC 8188 §2 tell a browser to.
struct WebPushReceiver {
    struct Decrypted {
        let plaintext: [UInt8]
        let salt: [UInt8]
        let recordSize: UInt32
        let senderKey: [UInt8]
    }

    let privateKey: P256.KeyAgreement.PrivateKey
    let authSecret: [UInt8]

    init(
        privateKey: P256.KeyAgreement.PrivateKey = P256.KeyAgreement.PrivateKey(),
        authSecret: [UInt8] = SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) }
    ) {
        self.privateKey = privateKey
        self.authSecret = authSecret
    }

    var p256dh: String { Base64URL.encode(privateKey.publicKey.x963Representation) }
    var auth: String { Base64URL.encode(authSecret) }

    func subscription(endpoint: String = "https://push.example.net/send/abc") throws -> WebPushSubscription {
        try WebPushSubscription(endpoint: endpoint, p256dh: p256dh, auth: auth)
    }

    func decrypt(_ body: [UInt8]) throws -> Decrypted {
        let salt = Array(body[0..<16])
        let recordSize = body[16..<20].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let idLength = Int(body[20])
        let senderKey = Array(body[21..<(21 + idLength)])
        let record = body[(21 + idLength)...]

        // The receiver's steps as RFC 8291 §3.4 writes them, HMAC by HMAC.
        let sender = try P256.KeyAgreement.PublicKey(x963Representation: senderKey)
        let ecdhSecret = try privateKey.sharedSecretFromKeyAgreement(with: sender).withUnsafeBytes { Array($0) }
        let authKey = Self.hmac(key: authSecret, ecdhSecret)
        let keyInfo = Array("WebPush: info".utf8) + [0] + Array(privateKey.publicKey.x963Representation) + senderKey
        let inputKey = Self.hmac(key: authKey, keyInfo + [1])
        let pseudoRandomKey = Self.hmac(key: salt, inputKey)
        let contentKey = Self.hmac(key: pseudoRandomKey, Array("Content-Encoding: aes128gcm".utf8) + [0, 1])
            .prefix(16)
        let nonce = Self.hmac(key: pseudoRandomKey, Array("Content-Encoding: nonce".utf8) + [0, 1]).prefix(12)
        let box = try AES.GCM.SealedBox(
            nonce: AES.GCM.Nonce(data: nonce), ciphertext: record.dropLast(16),
            tag: record.suffix(16))
        var padded = Array(try AES.GCM.open(box, using: SymmetricKey(data: contentKey)))
        // The last record ends with the delimiter 2, then any zero padding.
        while padded.last == 0 { padded.removeLast() }
        guard padded.popLast() == 2 else { throw ReceiverError.notTheLastRecord }
        return Decrypted(plaintext: padded, salt: salt, recordSize: recordSize, senderKey: senderKey)
    }

    static func hmac(key: [UInt8], _ message: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
    }

    enum ReceiverError: Error {
        case notTheLastRecord
    }
}
