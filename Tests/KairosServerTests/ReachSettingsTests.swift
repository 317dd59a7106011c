import Foundation
import Hummingbird
import KairosCore
import KairosServer
import KairosStore
import Testing

@Suite("What goes where: channels per kind of notice, and email with one-click unsubscribe")
struct ReachSettingsTests {
    @Test("Reminders, mentions, tasks given and the brief ring devices; quiet hours leave email alone")
    func policy() {
        let none = ReachSettings()
        #expect(NotificationPolicy.channels(for: .reminder, quiet: false, settings: none, hasPushDevice: true) == [.push, .webhook])
        #expect(NotificationPolicy.channels(for: .mention, quiet: false, settings: none, hasPushDevice: true) == [.push, .webhook])
        #expect(NotificationPolicy.channels(for: .taskCompleted, quiet: false, settings: none, hasPushDevice: true) == [.webhook])
        #expect(NotificationPolicy.channels(for: .message, quiet: false, settings: none, hasPushDevice: true).isEmpty)
        #expect(NotificationPolicy.channels(for: .reminder, quiet: true, settings: none, hasPushDevice: true).isEmpty)
        // The brief reaches someone with no device by email.
        #expect(NotificationPolicy.channels(for: .brief, quiet: false, settings: none, hasPushDevice: false) == [.push, .webhook, .email])
        let mail = ReachSettings(chosen: [.reminder: [.email, .push]])
        #expect(NotificationPolicy.channels(for: .reminder, quiet: true, settings: mail, hasPushDevice: true) == [.email])
        #expect(ReachSettings(json: mail.json) == mail)
    }

    @Test("Settings list every kind; a list sets one, null gives back its defaults, a wrong one changes nothing")
    func settingsAPI() async throws {
        try await withAda { ada in
            let start = try #require(try await ada.get("notifications/settings").object?["kinds"] as? [[String: Any]])
            #expect(start.map { $0["kind"] as? String } == ["reminder", "mention", "assigned", "task_status", "brief", "digest"])
            #expect(start.last?["channels"] as? [String] == ["email"])
            #expect(start.first?["channels"] as? [String] == ["push", "webhook"] && start.first?["default"] as? Bool == true)

            let changed = try #require(
                try await ada.post("notifications/settings", json: #"{"reminder": ["email", "push"], "task_status": []}"#)
                    .object?["kinds"] as? [[String: Any]])
            #expect(changed[0]["channels"] as? [String] == ["push", "email"] && changed[0]["default"] as? Bool == false)
            #expect(changed[3]["channels"] as? [String] == [])

            expectError(
                try await ada.post("notifications/settings", json: #"{"reminder": ["pigeon"], "brief": ["email"]}"#),
                .badRequest, code: "invalid_field", mentioning: "pigeon")
            expectError(
                try await ada.post("notifications/settings", json: #"{"weather": ["email"]}"#), .badRequest,
                code: "invalid_field", mentioning: "weather")
            let kept = try #require(try await ada.get("notifications/settings").object?["kinds"] as? [[String: Any]])
            #expect(kept[4]["channels"] as? [String] == ["push", "webhook"])

            let reset = try #require(
                try await ada.post("notifications/settings", json: #"{"reminder": null}"#).object?["kinds"] as? [[String: Any]])
            #expect(reset[0]["default"] as? Bool == true && reset[3]["default"] as? Bool == false)
            let bob = try await ada.signUp("bob@example.com", name: "Bob")
            #expect((try await bob.get("notifications/settings").object?["kinds"] as? [[String: Any]])?[3]["default"] as? Bool == true)
        }
    }

    @Test("A reminder by email carries a one-click unsubscribe that stops that kind alone")
    func emailAndUnsubscribe() async throws {
        try await withAda { ada in
            _ = try await ada.post("notifications/settings", json: #"{"reminder": ["email"], "mention": ["email"]}"#)
            let task = try await ada.createTask("Renew the passport")
            try await ada.remind(task.id, at: "2026-03-04T10:00:00")
            ada.clock.set("2026-03-04T15:00:00Z")
            try await ada.fireDueReminders()
            try await NoticeDelivery(
                store: ada.store, push: nil, publicURL: "https://kairos.example.org", actionKey: try ada.actionKey(),
                clock: ada.clock.serverClock
            ).pass()
            let transport = CapturingTransport()
            #expect(try await ada.outbox(transport).deliverDue() == 1)
            let message = try #require(transport.delivered.first)
            #expect(message.contains("To: <ada@example.com>") && message.contains("Subject: Renew the passport"))
            #expect(message.contains("Whenever you\u{2019}re ready.") && message.contains("https://kairos.example.org/#/task/\(task.id)"))
            #expect(message.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"))
            let link = try #require(message.firstMatch(of: /List-Unsubscribe: <([^>]+)>/)?.1)
            let url = try #require(URLComponents(string: String(link)))
            #expect(url.path == "/api/v1/unsubscribe/reminder")

            // Following the link by hand (or a mail scanner fetching it) changes nothing until the button.
            let anonymous = ada.with(token: nil)
            let page = try await anonymous.send(.get, url.path + "?" + (url.percentEncodedQuery ?? ""))
            #expect(page.status == .ok && page.text.contains("<form method=\"post\""))
            #expect(try await ada.reachChannels("reminder") == ["email"])
            let forged = try await anonymous.send(.post, url.path + "?token=\(ada.me.id).AAAA")
            expectError(forged, .notFound, code: "not_found")
            let clicked = try await anonymous.send(
                .post, url.path + "?" + (url.percentEncodedQuery ?? ""), body: Data("List-Unsubscribe=One-Click".utf8),
                headers: [.contentType: "application/x-www-form-urlencoded"])
            #expect(clicked.status == .ok && clicked.text.contains("no more emails about reminders"))
            #expect(try await ada.reachChannels("reminder") == [])
            #expect(try await ada.reachChannels("mention") == ["email"])
            // The same token does not unsubscribe another kind.
            let other = try await anonymous.send(.post, "/api/v1/unsubscribe/mention?" + (url.percentEncodedQuery ?? ""))
            expectError(other, .notFound, code: "not_found")
        }
    }
}

extension TestAPI {
    func reachChannels(_ kind: String) async throws -> [String] {
        let kinds = try #require(try await get("notifications/settings").object?["kinds"] as? [[String: Any]])
        return try #require(kinds.first { $0["kind"] as? String == kind }?["channels"] as? [String])
    }
}
