import Foundation

/// What a user's outgoing hooks may be: how many, which addresses, which topics and tokens.
public enum WebhookRules {
    /// The most hooks one person keeps.
    public static let maxHooksPerUser = 10
    /// The longest address, in characters.
    public static let maxURLLength = 2_000
    /// The length of an ntfy access token, in characters.
    public static let tokenLength = 1...256
    /// What a signing secret starts with, so a person can tell it from other keys.
    public static let secretPrefix = "whsec_"

    /// The answer to a new hook when the person already has `maxHooksPerUser`.
    public static let tooMany = KairosError.conflict(
        "You have \(maxHooksPerUser) webhooks already, the most one person keeps. Delete one you no longer use "
            + "(DELETE /api/v1/webhooks/{id}) first.")

    /// The format named, `json` when none is.
    public static func requireFormat(_ name: String?) throws(KairosError) -> Webhook.Format {
        guard let name else { return .json }
        guard let format = Webhook.Format(rawValue: name) else {
            throw .invalidField(field: "format", message: "format must be json or ntfy.")
        }
        return format
    }

    /// The address, when it is one a hook may have: absolute http or https with a host (http is fine, for a
    /// receiver on the local network), no user name or password in it, at most `maxURLLength` characters; for
    /// `ntfy`, a topic's address.
    public static func requireURL(_ text: String, format: Webhook.Format) throws(KairosError) -> String {
        guard text.count <= maxURLLength else {
            throw .invalidField(field: "url", message: "url may be at most \(maxURLLength) characters.")
        }
        guard let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = parts.host, !host.isEmpty
        else {
            throw .invalidField(
                field: "url",
                message: "url must be an absolute http or https address, such as https://example.com/kairos-hook.")
        }
        guard parts.user == nil, parts.password == nil else {
            throw .invalidField(
                field: "url",
                message: "url may not hold a user name or password. For an ntfy topic that needs one, give an "
                    + "access token as token.")
        }
        if format == .ntfy, NtfyTopic(url: text) == nil {
            throw .invalidField(
                field: "url",
                message: "url must be an ntfy topic's address, such as https://ntfy.sh/mytopic: its last part is the "
                    + "topic, 1 to 64 letters, digits, - or _, with no ? after it.")
        }
        return text
    }

    /// The access token a hook presents, when it may have one: only an ntfy hook does, and a token is
    /// `tokenLength` characters without spaces.
    public static func requireToken(
        _ token: String?, format: Webhook.Format
    ) throws(KairosError) -> DeliveryCredential? {
        guard let token else { return nil }
        guard format == .ntfy else {
            throw .invalidField(
                field: "token",
                message: "token is for ntfy hooks only; a json hook's requests are signed with its secret instead.")
        }
        guard tokenLength.contains(token.count), token.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) })
        else {
            throw .invalidField(
                field: "token",
                message: "token must be an ntfy access token (such as tk_...): \(tokenLength.lowerBound) to "
                    + "\(tokenLength.upperBound) characters, no spaces.")
        }
        return DeliveryCredential(token)
    }
}

/// An ntfy topic known by its address (`https://ntfy.sh/mytopic`, or a topic on a self-hosted server, even one
/// under a path): the topic is the last part of the path, and a JSON publish goes to the part before it.
public struct NtfyTopic: Sendable, Hashable {
    /// The topic's name.
    public let name: String
    /// Where the server takes a message published as JSON: its root, ending in `/`.
    public let publishURL: String

    /// Nil when `url` names no topic: no http(s) address, a last part outside ntfy's `[-_A-Za-z0-9]{1,64}`, or
    /// a query after it.
    public init?(url: String) {
        guard let parts = URLComponents(string: url), let scheme = parts.scheme?.lowercased(),
            scheme == "http" || scheme == "https", parts.host?.isEmpty == false, parts.query == nil,
            parts.fragment == nil
        else { return nil }
        let segments = parts.percentEncodedPath.split(separator: "/")
        guard let last = segments.last, Self.isTopicName(last) else { return nil }
        var root = parts
        root.percentEncodedPath = "/" + segments.dropLast().map { $0 + "/" }.joined()
        guard let publishURL = root.string else { return nil }
        self.name = String(last)
        self.publishURL = publishURL
    }

    /// Whether `name` is a topic ntfy takes: 1 to 64 of `[-_A-Za-z0-9]`.
    public static func isTopicName(_ name: some StringProtocol) -> Bool {
        (1...64).contains(name.utf8.count)
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                    true
                default:
                    false
                }
            }
    }
}
