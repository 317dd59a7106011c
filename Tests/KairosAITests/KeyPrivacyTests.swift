import Foundation
import KairosAI
import Testing

/// The API key goes in the request headers and nowhere else: not in logs, errors or what callers see.
@Suite struct KeyPrivacyTests {
    @Test(arguments: ModelProvider.allCases)
    func failuresNeverLogTheKey(_ provider: ModelProvider) async throws {
        let logs = CapturedLogs()
        // Vendors that echo the key in their error message, a rate limit, a failure, and a timeout.
        let echo =
            #"{"error": {"message": "Incorrect API key provided: \#(secretKey)", "type": "invalid_request_error"}}"#
        let replies: [FakeVendorServer.Reply] = [
            .json(status: 400, echo), .json(status: 400, echo), .json(status: 400, echo),
            .json(status: 401, echo),
            .json(status: 429, echo, headers: ["retry-after": "0"]), .json(status: 500, echo),
            .json(status: 503, echo), .json(status: 500, echo),
            .json("{}", after: .seconds(2)),
        ]
        var errors: [LanguageModelError] = []
        try await FakeVendorServer.with(replies) { server in
            let model = makeModel(provider, at: server, logs: logs)
            // Anthropic and Gemini send one request per call; OpenAI-compatible falls back through 400s.
            let calls = provider == .openai ? 4 : 6
            for _ in 0..<calls {
                if let error = await structured(model, within: .milliseconds(600)).failure { errors.append(error) }
            }
            for request in server.requests {
                #expect(!String(decoding: request.body, as: UTF8.self).contains(secretKey))
            }
        }
        #expect(!logs.all.isEmpty)
        for line in logs.all { #expect(!line.contains(secretKey), "\(line)") }
        for error in errors {
            #expect(!"\(error)".contains(secretKey))
            #expect(!String(reflecting: error).contains(secretKey))
        }
    }

    /// A service holding a model may be printed whole (a service group logs the services it runs).
    @Test(arguments: ModelProvider.allCases)
    func aModelPrintedWholeNeverShowsTheKey(_ provider: ModelProvider) async throws {
        try await FakeVendorServer.with([]) { server in
            let model = makeModel(provider, at: server)
            struct Holder { let model: any LanguageModel }
            for text in [
                String(describing: model), String(reflecting: model), String(describing: Holder(model: model)),
            ] {
                #expect(!text.contains(secretKey), "\(text)")
            }
        }
    }

    @Test func eachFailureIsOneLogLineNamingTheVendorAndTheError() async throws {
        let logs = CapturedLogs()
        try await FakeVendorServer.with([
            .json(
                status: 401, #"{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}"#)
        ]) {
            server in
            #expect(
                await structured(makeModel(.anthropic, at: server, logs: logs)).failure == .unauthorized(status: 401))
        }
        #expect(logs.all.count == 1)
        let line = try #require(logs.all.first)
        #expect(line.hasPrefix("warning"))
        #expect(line.contains("ai_provider=anthropic"))
        #expect(line.contains("ai_model=claude-sonnet-4-5"))
        #expect(line.contains("ai_error=unauthorized"))
    }

    @Test func withNoProviderConfiguredNothingIsSent() async throws {
        try await FakeVendorServer.with([]) { server in
            let environment = [
                "KAIROS_AI_BASE_URL": server.baseURL + "/v1", "KAIROS_AI_MODEL": "llama3.2",
                "KAIROS_AI_API_KEY": secretKey,
            ]
            #expect(try ModelConfiguration.fromEnvironment(environment) == nil)
            #expect(
                try ModelConfiguration.fromEnvironment(environment.merging(["KAIROS_AI_PROVIDER": "off"]) { $1 }) == nil
            )
            try await Task.sleep(for: .milliseconds(50))
            #expect(server.requests.isEmpty)
        }
    }
}
