import Crypto
import Foundation
import KairosCore

/// Encrypts a push message so that only the subscribed browser can read it: RFC 8291, in the `aes128gcm`
/// content coding of RFC 8188, as one record.
public enum WebPushEncryption {
    /// The record size written in the header.
    static let recordSize: UInt32 = 4096
    /// The most plaintext a message carries: push services need take no body over 4096 bytes (RFC 8030 §7.2),
    /// less the header (86), the padding delimiter (1) and the authentication tag (16).
    public static let maxPayloadBytes = 3993

    /// The request body carrying `payload` to `subscription`'s browser, under a fresh key pair and salt.
    public static func encrypt(
        _ payload: some Collection<UInt8>, for subscription: WebPushSubscription
    ) throws
        -> [UInt8]
    {
        let salt = SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) }
        return try encrypt(payload, for: subscription, senderKey: P256.KeyAgreement.PrivateKey(), salt: salt)
    }

    /// The body under the given sender key pair and salt; each message needs new ones, so only tests that
    /// reproduce known bytes pass their own.
    static func encrypt(
        _ payload: some Collection<UInt8>, for subscription: WebPushSubscription,
        senderKey: P256.KeyAgreement.PrivateKey, salt: [UInt8]
    ) throws -> [UInt8] {
        guard payload.count <= maxPayloadBytes else {
            throw KairosError.payloadTooLarge(
                "The push message is \(payload.count) bytes; Web Push carries at most \(maxPayloadBytes). "
                    + "Send less in it, and let the app fetch the rest when it opens.")
        }
        let senderPublic = Array(senderKey.publicKey.x963Representation)
        let receiverPublic = Array(subscription.receiverKey.x963Representation)

        // RFC 8291 §3.3-3.4: the ECDH secret and the auth secret give the input key of RFC 8188 §2.2.
        let shared = try senderKey.sharedSecretFromKeyAgreement(with: subscription.receiverKey)
        let keyInfo = Array("WebPush: info".utf8) + [0] + receiverPublic + senderPublic
        let inputKey = shared.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: subscription.authSecret, sharedInfo: keyInfo, outputByteCount: 32)
        let contentKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey, salt: salt, info: Array("Content-Encoding: aes128gcm".utf8) + [0],
            outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey, salt: salt, info: Array("Content-Encoding: nonce".utf8) + [0],
            outputByteCount: 12)

        // The only record is the last: its padding delimiter is 2, and no padding follows. As the first record
        // its nonce is the derived one unchanged (XOR with sequence number 0).
        let record = Array(payload) + [2]
        let sealed = try AES.GCM.seal(
            record, using: contentKey, nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Array($0) }))

        var body = salt
        body += withUnsafeBytes(of: recordSize.bigEndian) { Array($0) }
        body.append(UInt8(senderPublic.count))
        body += senderPublic
        body += sealed.ciphertext
        body += sealed.tag
        return body
    }
}
