import Crypto
import Foundation
import Hummingbird
import KairosCore
import Testing

extension TestAPI {
    /// Adds a hook and returns it as the 201 answered it.
    func addWebhook(_ url: String, format: String? = nil, token: String? = nil) async throws -> Webhook {
        let reply = try await post("webhooks", WebhookCreateRequest(url: url, format: format, token: token))
        return try expectOK(reply, .created, as: Webhook.self)
    }

    func webhooks() async throws -> [Webhook] {
        try expectOK(try await get("webhooks"), as: Page<Webhook>.self).results
    }
}

@Suite("Webhooks: a person's outgoing hooks and ntfy topics, their secrets, limits and test notices")
struct WebhookTests {
    @Test("A JSON hook answers its signing secret once; later reads show no secret, oldest first")
    func jsonHookSecretShownOnce() async throws {
        try await withAda { ada in
            let reply = try await ada.post("webhooks", json: #"{"url": "http://192.168.1.20:8123/api/webhook/kairos"}"#)
            #expect(reply.status == .created)
            let object = try #require(reply.object)
            #expect(Set(object.keys) == ["id", "url", "format", "secret", "has_token", "created_at"])
            let hook = try reply.decode(Webhook.self)
            #expect(hook.url == "http://192.168.1.20:8123/api/webhook/kairos")
            #expect(hook.format == .json)
            #expect(hook.hasToken == false)
            #expect(hook.createdAt == ada.clock.now)
            let secret = try #require(hook.secret)
            #expect(secret.hasPrefix("whsec_"))
            let key = try #require(VAPIDKeyTests.decoded(String(secret.dropFirst("whsec_".count))))
            #expect(key.count == 32)
            #expect(!secret.contains("=") && !secret.contains("+") && !secret.contains("/"))

            ada.clock.set("2026-03-04T15:00:00Z")
            let second = try await ada.addWebhook("https://hooks.example.com/kairos", format: "json")
            #expect(second.secret != nil && second.secret != secret)

            let listed = try await ada.get("webhooks")
            #expect(!listed.text.contains(secret) && !listed.text.contains("secret"))
            let page = try #require(listed.object)
            #expect(Set(page.keys) == ["results", "next_cursor"])
            let first = try #require((page["results"] as? [[String: Any]])?.first)
            #expect(Set(first.keys) == ["id", "url", "format", "has_token", "created_at"])
            var shown = hook
            shown.secret = nil
            var secondShown = second
            secondShown.secret = nil
            #expect(try await ada.webhooks() == [shown, secondShown])
        }
    }

    @Test("An ntfy hook keeps its token and never answers it; only has_token says it is there")
    func ntfyHookTokenNeverShown() async throws {
        try await withAda { ada in
            let token = "tk_ab12cd34ef56gh78ij90kl12mn34o"
            let reply = try await ada.post(
                "webhooks", WebhookCreateRequest(url: "https://ntfy.sh/kairos_ada-42", format: "ntfy", token: token))
            #expect(reply.status == .created)
            #expect(Set(try #require(reply.object).keys) == ["id", "url", "format", "has_token", "created_at"])
            #expect(!reply.text.contains(token))
            let hook = try reply.decode(Webhook.self)
            #expect(hook.format == .ntfy && hook.hasToken && hook.secret == nil)
            let open = try await ada.addWebhook("https://push.example.org/ntfy/family", format: "ntfy")
            #expect(open.hasToken == false)
            let listed = try await ada.get("webhooks")
            #expect(!listed.text.contains(token))
            #expect(try await ada.webhooks().map(\.hasToken) == [true, false])
        }
    }

    @Test(
        "A bad field is a 400 naming it, and nothing is kept",
        arguments: [
            (#"{}"#, "url"),
            (#"{"url": 7}"#, "url"),
            (#"{"url": "/api/webhook/kairos"}"#, "url"),
            (#"{"url": "ftp://files.example.com/hook"}"#, "url"),
            (#"{"url": "https://"}"#, "url"),
            (#"{"url": "https://ada:hunter2@hooks.example.com/x"}"#, "url"),
            (#"{"url": "https://ntfy.sh/my.topic", "format": "ntfy"}"#, "url"),
            (#"{"url": "https://ntfy.sh/", "format": "ntfy"}"#, "url"),
            (#"{"url": "https://ntfy.sh/mytopic?auth=x", "format": "ntfy"}"#, "url"),
            (
                #"{"url": "https://ntfy.sh/"# + String(repeating: "a", count: 65) + #"", "format": "ntfy"}"#,
                "url"
            ),
            (#"{"url": "https://hooks.example.com/x", "format": "xml"}"#, "format"),
            (#"{"url": "https://hooks.example.com/x", "token": "tk_abc"}"#, "token"),
            (#"{"url": "https://ntfy.sh/mytopic", "format": "ntfy", "token": "tk abc"}"#, "token"),
            (#"{"url": "https://ntfy.sh/mytopic", "format": "ntfy", "token": ""}"#, "token"),
            (#"{"url": "https://hooks.example.com/x", "secret": "whsec_mine"}"#, "secret"),
        ])
    func badFields(body: String, field: String) async throws {
        try await withAda { ada in
            let reply = try await ada.post("webhooks", json: body)
            expectError(reply, .badRequest, code: "invalid_field", mentioning: field)
            #expect(try await ada.webhooks().isEmpty)
        }
    }

    @Test("An address over 2000 characters is refused; one of exactly 2000 is kept")
    func urlLength() async throws {
        try await withAda { ada in
            let base = "https://hooks.example.com/"
            let longest = base + String(repeating: "a", count: 2_000 - base.count)
            expectError(
                try await ada.post("webhooks", WebhookCreateRequest(url: longest + "a")), .badRequest,
                code: "invalid_field", mentioning: "2000")
            #expect(try await ada.addWebhook(longest).url == longest)
        }
    }

    @Test("A person keeps at most 10 hooks; the 11th is a 409 that says what to do, and is not kept")
    func atMostTenHooks() async throws {
        try await withAda { ada in
            for number in 1...10 {
                _ = try await ada.addWebhook("https://hooks.example.com/\(number)")
            }
            let reply = try await ada.post(
                "webhooks", WebhookCreateRequest(url: "https://ntfy.sh/eleven", format: "ntfy"))
            expectError(reply, .conflict, code: "conflict", mentioning: "Delete one")
            let hooks = try await ada.webhooks()
            #expect(hooks.count == 10)
            try expectNoContent(try await ada.delete("webhooks/\(hooks[0].id)"))
            _ = try await ada.addWebhook("https://ntfy.sh/eleven", format: "ntfy")
        }
    }

    @Test("Deleting a hook removes it; another person's hook is a 404 as if unknown, and stays")
    func deleteAndIsolation() async throws {
        try await withAPI { api in
            let ada = try await api.signUp("ada@example.com", name: "Ada")
            let bob = try await api.signUp("bob@example.com", name: "Bob")
            let kept = try await ada.addWebhook("https://hooks.example.com/ada")
            let gone = try await ada.addWebhook("https://ntfy.sh/ada_topic", format: "ntfy")

            #expect(try await bob.webhooks().isEmpty)
            expectError(try await bob.delete("webhooks/\(kept.id)"), .notFound, code: "not_found")
            expectError(try await bob.post("webhooks/\(kept.id)/test"), .notFound, code: "not_found")
            for unknown in ["999999", "abc"] {
                expectError(try await ada.delete("webhooks/\(unknown)"), .notFound, code: "not_found")
                expectError(try await ada.post("webhooks/\(unknown)/test"), .notFound, code: "not_found")
            }

            try expectNoContent(try await ada.delete("webhooks/\(gone.id)"))
            expectError(try await ada.delete("webhooks/\(gone.id)"), .notFound, code: "not_found")
            #expect(try await ada.webhooks().map(\.id) == [kept.id])
            expectError(try await api.get("webhooks"), .unauthorized, code: "unauthorized")
        }
    }

    @Test("A test notice goes through the channel now: a JSON hook gets it signed with the secret shown once")
    func testNoticeToJSONHook() async throws {
        try await HookReceiver.listening { address, receiver in
            try await withAda { ada in
                let hook = try await ada.addWebhook("\(address)/kairos")
                let reply = try await ada.post("webhooks/\(hook.id)/test")
                #expect(reply.status == .ok)
                #expect(reply.text == #"{"status":200,"delivered":true}"#)

                let request = try #require(await receiver.received.first)
                let timestamp = try #require(request.header("Kairos-Timestamp"))
                #expect(timestamp == String(Int(ada.clock.now.timeIntervalSince1970)))
                let code = HMAC<SHA256>.authenticationCode(
                    for: Data("\(timestamp).".utf8) + request.body,
                    using: SymmetricKey(data: Data(try #require(hook.secret).utf8)))
                #expect(
                    request.header("Kairos-Signature") == "sha256=" + code.map { String(format: "%02x", $0) }.joined())
                let body = try #require(request.object)
                #expect(body["type"] as? String == "reminder")
                #expect((body["delivery_id"] as? String)?.hasPrefix("test-") == true)
                let notice = try #require(body["notice"] as? [String: Any])
                #expect(notice["title"] as? String == "Kairos test notice")
                #expect(notice["url"] as? String == "http://127.0.0.1:8080/#/settings")

                await receiver.answer(.internalServerError)
                let failed = try await ada.post("webhooks/\(hook.id)/test")
                #expect(failed.status == .ok)
                let result = try failed.decode(WebhookTestResult.self)
                #expect(result == WebhookTestResult(status: 500, delivered: false, error: "The receiver answered 500."))
            }
        }
    }

    @Test("A test notice to an ntfy topic is a JSON publish with the topic and the token as a bearer")
    func testNoticeToNtfyTopic() async throws {
        try await HookReceiver.listening { address, receiver in
            try await withAda { ada in
                let hook = try await ada.addWebhook("\(address)/kairos_ada", format: "ntfy", token: "tk_secret123")
                let reply = try await ada.post("webhooks/\(hook.id)/test")
                #expect(try reply.decode(WebhookTestResult.self) == WebhookTestResult(status: 200, delivered: true))
                let request = try #require(await receiver.received.first)
                #expect(request.path == "/")
                #expect(request.header("Authorization") == "Bearer tk_secret123")
                let body = try #require(request.object)
                #expect(body["topic"] as? String == "kairos_ada")
                #expect(body["title"] as? String == "Kairos test notice")
                #expect(body["priority"] as? Int == 4)
            }
        }
    }

    @Test("Deleting the account deletes its hooks")
    func accountDeletionTakesHooks() async throws {
        try await withAda { ada in
            _ = try await ada.addWebhook("https://hooks.example.com/ada")
            #expect(try await ada.store.webhooks(userID: ada.me.id).count == 1)
            try expectNoContent(try await ada.deleteAccount())
            #expect(try await ada.store.webhooks(userID: ada.me.id).isEmpty)
        }
    }
}
