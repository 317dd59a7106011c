import Foundation

extension KairosClient {
    /// Your outgoing hooks, oldest first, without their credentials (`GET /webhooks`).
    public func webhooks() async throws -> [Webhook] {
        let page: Page<Webhook> = try await send(.get, "webhooks")
        return page.results
    }

    /// Adds a hook (`POST /webhooks`): a signed JSON receiver, whose signing secret is in this answer only, or an
    /// ntfy topic's address with its access token if it needs one (never shown again).
    public func createWebhook(url: String, format: Webhook.Format = .json, token: String? = nil) async throws -> Webhook
    {
        try await send(.post, "webhooks", body: WebhookCreateRequest(url: url, format: format.rawValue, token: token))
    }

    /// Removes one of your hooks (`DELETE /webhooks/{id}`).
    public func deleteWebhook(id: String) async throws {
        let _: NoContent = try await send(.delete, "webhooks", id)
    }

    /// Sends a test notice to the hook now and tells what its receiver answered (`POST /webhooks/{id}/test`).
    public func testWebhook(id: String) async throws -> WebhookTestResult {
        try await send(.post, "webhooks", id, "test")
    }
}
