import Crypto
import Foundation
import KairosCore

/// Signs the links a notice's actions follow (Done, Snooze), so the device that shows it, an ntfy button or a
/// webhook's receiver can answer that one notice without the person's token. Derived from the VAPID key: one
/// secret to keep in the data folder, and a new key retires every link with the subscriptions.
public struct NoticeActionKey: Sendable {
    let key: SymmetricKey

    public init(vapid: VAPIDKey) {
        key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: vapid.privateKey.rawRepresentation),
            info: Data("kairos notice actions".utf8), outputByteCount: 32)
    }

    /// `<user id>.<signature>`: whose notice, and proof that the server said so.
    public func token(notificationID: String, userID: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Self.signed(notificationID, userID), using: key)
        return userID + "." + Base64URL.encode(mac)
    }

    /// The person a token speaks for on `notificationID`; nil when it was not made for that notice.
    public func userID(of token: String, notificationID: String) -> String? {
        let parts = token.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, let mac = Base64URL.decode(String(parts[1])) else { return nil }
        let user = String(parts[0])
        let valid = HMAC<SHA256>.isValidAuthenticationCode(
            mac, authenticating: Self.signed(notificationID, user), using: key)
        return valid ? user : nil
    }

    private static func signed(_ notificationID: String, _ userID: String) -> Data {
        Data("notice:\(notificationID):\(userID)".utf8)
    }
}
