import Foundation
import KairosClient
import Testing

@Suite("KairosClient webhooks against a live server")
struct KairosClientWebhookTests {
    @Test("Add a JSON hook and an ntfy topic, list them without credentials, test one, and remove one")
    func webhooks() async throws {
        try await withServer { url in
            var client = KairosClient(baseURL: url)
            client.token = try await client.signUp(
                email: "ada@example.com", password: "correct horse", name: "Ada", timezone: "UTC"
            ).token
            // The server's own API as the receiver: without a token it refuses the POST with a 401.
            let refusing = url.appendingPathComponent("api/v1/webhooks").absoluteString
            let json = try await client.createWebhook(url: refusing)
            #expect(json.format == .json && json.hasToken == false)
            #expect(json.secret?.hasPrefix("whsec_") == true)
            let ntfy = try await client.createWebhook(
                url: "https://ntfy.sh/kairos_ada", format: .ntfy, token: "tk_abcdef")
            #expect(ntfy.format == .ntfy && ntfy.hasToken && ntfy.secret == nil)

            let listed = try await client.webhooks()
            #expect(listed.map(\.id) == [json.id, ntfy.id])
            #expect(listed.allSatisfy { $0.secret == nil })

            let result = try await client.testWebhook(id: json.id)
            #expect(
                result == WebhookTestResult(status: 401, delivered: false, error: "The receiver refused it with 401."))

            try await client.deleteWebhook(id: ntfy.id)
            #expect(try await client.webhooks().map(\.id) == [json.id])
            do {
                _ = try await client.createWebhook(url: "ftp://example.com/x")
                Issue.record("an ftp address must be a 400")
            } catch let KairosClientError.server(status, code, message) {
                #expect(status == 400 && code == "invalid_field" && message.contains("url"))
            }
        }
    }
}
