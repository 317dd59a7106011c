import AsyncHTTPClient
import Foundation
import KairosAI
import KairosCore
import Testing

/// `GET /api/v1/ai` tells signed-in clients whether a model is configured, and never shows its key.
@Suite struct AIStatusTests {
    static let key = "sk-ant-api03-never-shown-7d1e"

    @Test func withoutAModelTheAssistantIsOffline() async throws {
        try await withAPI { api in
            let ada = try await api.signUp("ada@example.com")
            let reply = try await ada.get("ai")
            #expect(reply.status == .ok)
            #expect(reply.text == #"{"enabled":false}"#)
        }
    }

    @Test func aConfiguredModelIsNamedWithoutItsKey() async throws {
        let configuration = try #require(
            try ModelConfiguration.resolve(
                provider: "anthropic", baseURL: nil, apiKey: Self.key, model: "claude-sonnet-4-5"))
        let model = configuration.makeModel(client: .shared, logger: .init(label: "test"))
        try await withAPI(languageModel: model) { api in
            let ada = try await api.signUp("ada@example.com")
            let reply = try await ada.get("ai")
            #expect(reply.status == .ok)
            #expect(
                try reply.decode(AIStatus.self)
                    == AIStatus(enabled: true, provider: "anthropic", model: "claude-sonnet-4-5"))
            #expect(!reply.text.contains(Self.key))
            #expect(!reply.headers.contains { $0.value.contains(Self.key) })
        }
    }

    @Test func strangersGetA401() async throws {
        try await withAPI { api in
            let reply = try await api.get("ai")
            #expect(reply.status == .unauthorized)
        }
    }
}
