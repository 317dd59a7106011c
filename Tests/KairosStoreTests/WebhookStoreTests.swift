import Foundation
import KairosCore
import Testing

@testable import KairosStore

@Suite("Webhook store: each person's hooks with their credentials, a limit kept in one transaction")
struct WebhookStoreTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func draft(_ url: String, format: Webhook.Format = .json, token: String? = nil) -> WebhookDraft {
        WebhookDraft(
            url: url, format: format, secret: format == .json ? DeliveryCredential("whsec_\(url.count)") : nil,
            token: token.map(DeliveryCredential.init))
    }

    @Test("Hooks keep their credentials as given, list oldest first, and stay their owner's")
    func keptAndScoped() async throws {
        let temp = try TemporaryStore()
        let (ada, bob) = (try await temp.user(), try await temp.user())
        let json = try #require(
            try await temp.store.addWebhook(userID: ada.id, draft: draft("https://a.example/x"), limit: 10, now: now))
        let ntfy = try #require(
            try await temp.store.addWebhook(
                userID: ada.id, draft: draft("https://ntfy.sh/ada", format: .ntfy, token: "tk_1"), limit: 10,
                now: now.addingTimeInterval(1)))
        #expect(json.secret?.value == "whsec_19" && json.token == nil && json.userID == ada.id)
        #expect(ntfy.secret == nil && ntfy.token?.value == "tk_1" && ntfy.createdAt == now.addingTimeInterval(1))
        #expect(try await temp.store.webhooks(userID: ada.id) == [json, ntfy])
        #expect(try await temp.store.webhook(userID: ada.id, id: ntfy.id) == ntfy)

        #expect(try await temp.store.webhooks(userID: bob.id).isEmpty)
        #expect(try await temp.store.webhook(userID: bob.id, id: json.id) == nil)
        await #expect(throws: KairosError.missing("Webhook")) {
            try await temp.store.deleteWebhook(userID: bob.id, id: json.id)
        }
        try await temp.store.deleteWebhook(userID: ada.id, id: json.id)
        #expect(try await temp.store.webhooks(userID: ada.id) == [ntfy])
    }

    @Test("Hooks added at once never pass the limit")
    func limitHoldsUnderConcurrency() async throws {
        let temp = try TemporaryStore()
        let ada = try await temp.user()
        let store = temp.store
        let added = try await withThrowingTaskGroup(of: Bool.self) { group in
            for number in 0..<8 {
                group.addTask {
                    try await store.addWebhook(
                        userID: ada.id, draft: draft("https://a.example/\(number)"), limit: 3, now: now) != nil
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(added == 3)
        #expect(try await store.webhooks(userID: ada.id).count == 3)
    }
}
