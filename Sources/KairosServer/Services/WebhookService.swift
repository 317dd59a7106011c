import AsyncHTTPClient
import Foundation
import KairosCore
import KairosStore
import Logging

/// A person's outgoing hooks: added, listed and removed for their owner alone, and tried with a test notice
/// through the same channel real notices take.
public struct WebhookService: Sendable {
    let store: any WebhookStore
    let clock: Clock
    /// Where the links of a test notice lead.
    let publicURL: String
    let logger: Logger

    public init(store: any WebhookStore, clock: Clock, publicURL: String, logger: Logger) {
        self.store = store
        self.clock = clock
        self.publicURL = publicURL
        self.logger = logger
    }

    /// Keeps a new hook. A `json` hook gets a new signing secret, answered here and never again; an `ntfy` hook
    /// keeps its token, never answered. `conflict` when the person has `WebhookRules.maxHooksPerUser` already.
    public func create(_ request: WebhookCreateRequest, for user: User) async throws -> Webhook {
        let format = try WebhookRules.requireFormat(request.format)
        let url = try WebhookRules.requireURL(request.url, format: format)
        let token = try WebhookRules.requireToken(request.token, format: format)
        let secret = format == .json ? WebhookSignature.makeSecret() : nil
        let draft = WebhookDraft(url: url, format: format, secret: secret, token: token)
        guard
            let hook = try await store.addWebhook(
                userID: user.id, draft: draft, limit: WebhookRules.maxHooksPerUser, now: clock.now())
        else { throw WebhookRules.tooMany }
        var answer = hook.webhook
        answer.secret = secret?.value
        return answer
    }

    /// The person's hooks, oldest first, without their credentials.
    public func webhooks(of user: User) async throws -> [Webhook] {
        try await store.webhooks(userID: user.id).map(\.webhook)
    }

    /// What was sent to one of the person's hooks, newest first.
    public func deliveries(of id: String, for user: User, page: PageRequest) async throws -> Page<DeliveryLogEntry> {
        try await store.webhookDeliveries(userID: user.id, id: id, page: page)
    }

    /// Removes one of the person's hooks.
    public func delete(_ id: String, for user: User) async throws {
        try await store.deleteWebhook(userID: user.id, id: id)
    }

    /// Sends a test notice to the hook now, shaped as a reminder (its id and delivery id start with `test-`),
    /// and tells what the receiver made of it. Nothing is kept or tried again.
    public func test(_ id: String, for user: User) async throws -> WebhookTestResult {
        let hook = try require(try await store.webhook(userID: user.id, id: id), "Webhook")
        let now = clock.now()
        let notice = Notice(
            id: "test-\(UUID().uuidString.lowercased())", kind: .reminder, title: "Kairos test notice",
            body: "Your hook works: this is how a reminder arrives.", path: "/#/settings", actions: [.open],
            createdAt: now)
        // A client of its own, closed when done: tests are rare, and this way no server holds one it never uses.
        let client = HTTPClient.forHooks()
        let outcome = await WebhookChannel(client: client, publicURL: publicURL, logger: logger).send(
            notice, to: hook, deliveryID: "test-\(UUID().uuidString.lowercased())", now: now)
        try await client.shutdown()
        return WebhookTestResult(outcome)
    }
}
