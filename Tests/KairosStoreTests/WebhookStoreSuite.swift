import Foundation
import KairosCore
import Testing

@testable import KairosStore

@Suite("Webhook store, on every backend: each person's hooks with their credentials, a limit kept in one write")
struct WebhookStoreSuite {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func draft(_ url: String, format: Webhook.Format = .json, token: String? = nil) -> WebhookDraft {
        WebhookDraft(
            url: url, format: format, secret: format == .json ? DeliveryCredential("whsec_\(url.count)") : nil,
            token: token.map(DeliveryCredential.init))
    }

    private func person(_ store: any SharedStore, _ name: String) async throws -> User {
        try await store.createUser(
            email: "\(name.lowercased())@example.com", name: name, passwordHash: "x", timezone: "UTC", now: now)
    }

    @Test(
        "Hooks keep their credentials as given, list oldest first, and stay their owner's", arguments: StoreBackend.all)
    func keptAndScoped(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let (ada, bob) = (try await person(store, "Ada"), try await person(store, "Bob"))
            let json = try #require(
                try await store.addWebhook(userID: ada.id, draft: draft("https://a.example/x"), limit: 10, now: now))
            let ntfy = try #require(
                try await store.addWebhook(
                    userID: ada.id, draft: draft("https://ntfy.sh/ada", format: .ntfy, token: "tk_1"), limit: 10,
                    now: now.addingTimeInterval(1)))
            #expect(json.secret?.value == "whsec_19" && json.token == nil && json.userID == ada.id)
            #expect(ntfy.secret == nil && ntfy.token?.value == "tk_1" && ntfy.createdAt == now.addingTimeInterval(1))
            #expect(try await store.webhooks(userID: ada.id) == [json, ntfy])
            #expect(try await store.webhook(userID: ada.id, id: ntfy.id) == ntfy)

            #expect(try await store.webhooks(userID: bob.id).isEmpty)
            #expect(try await store.webhook(userID: bob.id, id: json.id) == nil)
            await #expect(throws: KairosError.missing("Webhook")) {
                try await store.deleteWebhook(userID: bob.id, id: json.id)
            }
            try await store.deleteWebhook(userID: ada.id, id: json.id)
            #expect(try await store.webhooks(userID: ada.id) == [ntfy])
        }
    }

    @Test("Hooks added at once never pass the limit", arguments: StoreBackend.all)
    func limitHoldsUnderConcurrency(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
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

    @Test(
        "A hook's log shows what was sent to it, newest first, in pages; only to its owner", arguments: StoreBackend.all
    )
    func deliveryLog(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let hook = try #require(
                try await store.addWebhook(userID: ada.id, draft: draft("https://a.example/x"), limit: 10, now: now))
            let listener = NotificationPolicy.Listener(quietHours: nil, timeZone: .gmt)
            for text in ["First", "Second", "Third"] {
                var plan = WritePlan()
                plan.notifications = [
                    .init(
                        recipients: [.init(ada.id, hearing: .reminder, listener, at: now)].compactMap { $0 },
                        kind: .reminder, text: text, actorID: nil)
                ]
                try await apply(plan, to: store, now: now)
            }
            let notices = try await store.unqueuedNotices(limit: 10)
            try await store.queueDeliveries(
                notices.map {
                    DeliveryDraft(
                        notificationID: $0.facts.notificationID, userID: ada.id, kind: .reminder, channel: .webhook,
                        payload: [1])
                }, throughNotificationID: try #require(notices.last).facts.notificationID, now: now)
            let first = try await store.webhookDeliveries(userID: ada.id, id: hook.id, page: PageRequest(limit: 2))
            #expect(first.results.map(\.text) == ["Third", "Second"])
            #expect(first.results.allSatisfy { $0.state == .waiting && $0.nextAttemptAt == now })
            let cursor = try #require(first.nextCursor)
            let rest = try await store.webhookDeliveries(
                userID: ada.id, id: hook.id, page: PageRequest(cursor: PageCursor(token: cursor, keyCount: 1), limit: 2)
            )
            #expect(rest.results.map(\.text) == ["First"] && rest.nextCursor == nil)
            await #expect(throws: KairosError.missing("Webhook")) {
                try await store.webhookDeliveries(userID: bob.id, id: hook.id, page: PageRequest())
            }
        }
    }
}
