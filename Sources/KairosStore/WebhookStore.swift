import Foundation
import KairosCore

/// A new hook's checked values.
public struct WebhookDraft: Sendable {
    public var url: String
    public var format: Webhook.Format
    public var secret: DeliveryCredential?
    public var token: DeliveryCredential?

    public init(url: String, format: Webhook.Format, secret: DeliveryCredential?, token: DeliveryCredential?) {
        self.url = url
        self.format = format
        self.secret = secret
        self.token = token
    }
}

/// Each user's outgoing hooks with the credentials they present. Every call is scoped to the user: another
/// user's hook is nil or `notFound`.
public protocol WebhookStore: Sendable {
    /// Keeps the hook, or returns nil and keeps nothing when the user already has `limit` hooks.
    func addWebhook(userID: String, draft: WebhookDraft, limit: Int, now: Date) async throws -> WebhookTarget?
    /// The user's hooks, oldest first.
    func webhooks(userID: String) async throws -> [WebhookTarget]
    func webhook(userID: String, id: String) async throws -> WebhookTarget?
    /// Removes the hook; `notFound` when the user has none with that id.
    func deleteWebhook(userID: String, id: String) async throws
    /// What was sent to the user's hook, newest first; `notFound` when the user has none with that id.
    func webhookDeliveries(userID: String, id: String, page: PageRequest) async throws -> Page<DeliveryLogEntry>
}
