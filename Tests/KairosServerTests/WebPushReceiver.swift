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

        let sender = try P256.KeyAgreement.PublicKey(x963Representation: senderKey)
        let shared = try privateKey.sharedSecretFromKeyAgreement(with: sender)
        let keyInfo =
            Array("WebPush: info".utf8) + [0] + Array(privateKey.publicKey.x963Representation) + senderKey
        let inputKey = shared.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: authSecret, sharedInfo: keyInfo, outputByteCount: 32)
        let contentKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey, salt: salt, info: Array("Content-Encoding: aes128gcm".utf8) + [0],
            outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey, salt: salt, info: Array("Content-Encoding: nonce".utf8) + [0],
            outputByteCount: 12)
        let box = try AES.GCM.SealedBox(
            nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Array($0) }), ciphertext: record.dropLast(16),
            tag: record.suffix(16))
        var padded = Array(try AES.GCM.open(box, using: contentKey))
        // The last record ends with the delimiter 2, then any zero padding.
        while padded.last == 0 { padded.removeLast() }
        guard padded.popLast() == 2 else { throw ReceiverError.notTheLastRecord }
        return Decrypted(plaintext: padded, salt: salt, recordSize: recordSize, senderKey: senderKey)
    }

    enum ReceiverError: Error {
        case notTheLastRecord
    }
}
