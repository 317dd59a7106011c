import Crypto
import Foundation
import KairosCore

/// Signs the links a notice carries: its actions (Done, Snooze), so the device that shows it, an ntfy button or
/// a webhook's receiver can answer that one notice without the person's token, and its email's unsubscribe. Derived from the VAPID key: one
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
        token(for: "notice:\(notificationID)", userID: userID)
    }

    /// The person a token speaks for on `notificationID`; nil when it was not made for that notice.
    public func userID(of token: String, notificationID: String) -> String? {
        userID(of: token, for: "notice:\(notificationID)")
    }

    /// The token of an email's one-click unsubscribe from one kind of notice (RFC 8058).
    public func unsubscribeToken(topic: ReachSettings.Topic, userID: String) -> String {
        token(for: "unsubscribe:\(topic.rawValue)", userID: userID)
    }

    public func userID(ofUnsubscribeToken token: String, topic: ReachSettings.Topic) -> String? {
        userID(of: token, for: "unsubscribe:\(topic.rawValue)")
    }

    private func token(for subject: String, userID: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data("\(subject):\(userID)".utf8), using: key)
        return userID + "." + Base64URL.encode(mac)
    }

    private func userID(of token: String, for subject: String) -> String? {
        let parts = token.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, let mac = Base64URL.decode(String(parts[1])) else { return nil }
        let user = String(parts[0])
        let valid = HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: Data("\(subject):\(user)".utf8), using: key)
        return valid ? user : nil
    }
}
