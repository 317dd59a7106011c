import Foundation

/// A hook as the server holds it to send notices: its address, its form and the credentials it presents, which
/// never print.
public struct WebhookTarget: Sendable, Hashable {
    public var id: String
    public var userID: String
    public var url: String
    public var format: Webhook.Format
    /// What a `json` hook's requests are signed with; nil for `ntfy`.
    public var secret: DeliveryCredential?
    /// The ntfy access token sent as `Authorization: Bearer`, when the topic needs one.
    public var token: DeliveryCredential?
    public var createdAt: Date

    public init(
        id: String, userID: String, url: String, format: Webhook.Format, secret: DeliveryCredential?,
        token: DeliveryCredential?, createdAt: Date
    ) {
        self.id = id
        self.userID = userID
        self.url = url
        self.format = format
        self.secret = secret
        self.token = token
        self.createdAt = createdAt
    }

    /// The hook as the API shows it, with no credential.
    public var webhook: Webhook {
        Webhook(id: id, url: url, format: format, hasToken: token != nil, createdAt: createdAt)
    }
}
