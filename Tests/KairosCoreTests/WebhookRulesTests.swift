import Foundation
import KairosCore
import Testing

@Suite("Webhook rules: addresses, ntfy topics, tokens and a receiver's Retry-After")
struct WebhookRulesTests {
    @Test("An ntfy topic is the address's last part; a JSON publish goes to the part before it")
    func ntfyTopics() throws {
        let hosted = try #require(NtfyTopic(url: "https://ntfy.sh/kairos_ada-42"))
        #expect(hosted.name == "kairos_ada-42" && hosted.publishURL == "https://ntfy.sh/")
        let trailing = try #require(NtfyTopic(url: "https://ntfy.sh/alerts/"))
        #expect(trailing.name == "alerts" && trailing.publishURL == "https://ntfy.sh/")
        let selfHosted = try #require(NtfyTopic(url: "http://10.0.0.5:8090/ntfy/family"))
        #expect(selfHosted.name == "family" && selfHosted.publishURL == "http://10.0.0.5:8090/ntfy/")
        #expect(NtfyTopic(url: "https://ntfy.sh/" + String(repeating: "a", count: 64))?.name.count == 64)
        for url in [
            "https://ntfy.sh/", "https://ntfy.sh", "https://ntfy.sh/my.topic", "https://ntfy.sh/my%20topic",
            "https://ntfy.sh/" + String(repeating: "a", count: 65), "https://ntfy.sh/topic?x=1",
            "https://ntfy.sh/topic#x", "ntfy.sh/topic", "mailto:topic",
        ] {
            #expect(NtfyTopic(url: url) == nil, "\(url)")
        }
    }

    @Test("A hook's address is absolute http or https with a host, no user name or password, at most 2000 characters")
    func addresses() throws {
        for url in ["http://192.168.1.20:8123/api/webhook/kairos", "https://hooks.example.com/x?source=kairos"] {
            #expect(try WebhookRules.requireURL(url, format: .json) == url)
        }
        for url in [
            "/relative", "hooks.example.com/x", "ftp://hooks.example.com/x", "https://", "https://ada:pw@example.com/x",
            "https://ada@example.com/x", "https://example.com/" + String(repeating: "a", count: 1_981), "not a url",
        ] {
            #expect(throws: KairosError.self, "\(url)") { try WebhookRules.requireURL(url, format: .json) }
        }
        #expect(throws: KairosError.self) { try WebhookRules.requireURL("https://ntfy.sh/a.b", format: .ntfy) }
        #expect(try WebhookRules.requireURL("https://ntfy.sh/a.b", format: .json) == "https://ntfy.sh/a.b")
    }

    @Test("A token is for ntfy hooks alone, without spaces; the format is json unless named")
    func tokensAndFormats() throws {
        #expect(try WebhookRules.requireToken("tk_abc", format: .ntfy)?.value == "tk_abc")
        #expect(try WebhookRules.requireToken(nil, format: .json) == nil)
        for (token, format) in [("tk_abc", Webhook.Format.json), ("tk abc", .ntfy), ("", .ntfy), ("tk_é", .ntfy)] {
            #expect(throws: KairosError.self) { try WebhookRules.requireToken(token, format: format) }
        }
        #expect(try WebhookRules.requireFormat(nil) == .json)
        #expect(try WebhookRules.requireFormat("ntfy") == .ntfy)
        #expect(throws: KairosError.invalidField(field: "format", message: "format must be json or ntfy.")) {
            try WebhookRules.requireFormat("JSON")
        }
    }

    @Test("Retry-After is read as seconds or as an HTTP date from now; anything else is no wish")
    func retryAfter() {
        let now = APITimestamp.parse("2026-03-04T14:30:00Z")!
        #expect(RetryAfter.duration("120", now: now) == .seconds(120))
        #expect(RetryAfter.duration(" 0 ", now: now) == .seconds(0))
        #expect(RetryAfter.duration("Wed, 04 Mar 2026 14:35:00 GMT", now: now) == .seconds(300))
        #expect(RetryAfter.duration("Wed, 04 Mar 2026 14:00:00 GMT", now: now) == .seconds(0))
        for value in [nil, "", "soon", "-5", "1.5", "2026-03-04T14:35:00Z"] {
            #expect(RetryAfter.duration(value, now: now) == nil, "\(value ?? "nil")")
        }
    }

    @Test("A credential never prints")
    func credentialsNeverPrint() {
        let token = DeliveryCredential("tk_never_printed")
        for text in ["\(token)", String(reflecting: token), "\([token])", "\(Optional(token) as Any)"] {
            #expect(!text.contains("tk_never_printed"), "\(text)")
        }
    }
}
