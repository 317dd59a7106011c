import Foundation
import KairosAI
import KairosCapture
import KairosCore
import Testing

/// `POST /capture` with a language model: the model splits and words, the engine reads every field, and any
/// failure of the model gives the offline answer with the reason.
@Suite struct ModelCaptureTests {
    static let transcript = "ok so tomorrow at 5 I gotta ring the vet for errands and uh the rent is due friday"

    static func split(_ tasks: [(title: String, quote: String)]) -> ScriptedModel.Answer {
        .json(["tasks": .array(tasks.map { ["title": .string($0.title), "quote": .string($0.quote), "notes": ""] })])
    }

    func withModel(_ model: ScriptedModel, _ body: @Sendable (TestAPI) async throws -> Void) async throws {
        try await withAPI(languageModel: model) { api in
            let ada = try await api.signUp("ada@example.com")
            _ = try expectOK(
                try await ada.post("projects", ProjectCreateRequest(name: "Errands")), .ok, as: Project.self)
            try await body(ada)
        }
    }

    @Test func theModelSplitsAndWordsWhileTheEngineReadsDatesAndLists() async throws {
        let model = ScriptedModel(
            Self.split([("Call the vet", "ring the vet for errands"), ("Pay the rent", "the rent is due friday")]))
        try await withModel(model) { ada in
            let result = try await ada.capture(Self.transcript)
            #expect(result.model == .used)
            #expect(result.tasks.map(\.title) == ["Call the vet", "Pay the rent"])
            #expect(result.tasks.map(\.engine) == [.model, .model])
            // Wednesday 4 March in New York: "tomorrow at 5" said before the first task is the engine's reading.
            #expect(result.tasks[0].due?.iso == "2026-03-05T17:00")
            #expect(result.tasks[0].list == "Errands")
            #expect(result.tasks[0].listExists)
            #expect(result.tasks[1].due?.date.iso == "2026-03-06")
        }
        let prompt = try #require(model.prompts.first)
        #expect(prompt.messages == [.user(Self.transcript)])
        #expect(prompt.system.contains("America/New_York"))
        #expect(prompt.system.contains("Wednesday, March 4"))
        #expect(prompt.system.contains("Inbox, Errands"))
    }

    @Test(
        arguments: [
            (LanguageModelError.timedOut(budget: .seconds(10)), "timeout"),
            (.rateLimited(retryAfter: .seconds(30)), "rate_limited"),
            (.serverError(status: 503), "server_error"),
            (.unauthorized(status: 401), "unauthorized"),
            (.unreachable("connection refused"), "unreachable"),
            (.malformedAnswer("not JSON"), "malformed_answer"),
        ])
    func aFailingModelGivesTheOfflineAnswerAndSaysWhy(failure: LanguageModelError, reason: String) async throws {
        try await withModel(ScriptedModel(.failure(failure))) { ada in
            let result = try await ada.capture(Self.transcript)
            #expect(result.model == ModelUse(used: false, reason: reason))
            #expect(result.tasks.map(\.engine) == [.offline, .offline])
            #expect(result.tasks.map(\.title) == ["Ring the vet", "Rent"])
        }
    }

    @Test func anAnswerOffItsSchemaOrQuotingWordsNeverSaidIsNotUsed() async throws {
        let offSchema = ScriptedModel(.json(["tasks": [["title": "Call the vet"]]]))
        try await withModel(offSchema) { ada in
            let result = try await ada.capture(Self.transcript)
            #expect(result.model == ModelUse(used: false, reason: "schema_violation"))
            #expect(result.tasks.count == 2)
        }
        let invented = ScriptedModel(Self.split([("Book flights", "book flights to Lisbon on monday")]))
        try await withModel(invented) { ada in
            let result = try await ada.capture(Self.transcript)
            #expect(result.model == ModelUse(used: false, reason: "malformed_answer"))
            #expect(result.tasks.map(\.title) == ["Ring the vet", "Rent"])
        }
    }

    @Test func aUserWhoTurnedTheModelOffSendsItNothing() async throws {
        let model = ScriptedModel(Self.split([("Call the vet", "ring the vet")]))
        try await withModel(model) { ada in
            let user = try expectOK(try await ada.post("user", UserUpdateRequest(aiEnabled: false)), as: User.self)
            #expect(!user.aiEnabled)
            #expect(try expectOK(try await ada.get("user"), as: User.self).aiEnabled == false)
            let result = try await ada.capture(Self.transcript)
            #expect(result.model == .optedOut)
            #expect(result.tasks.map(\.engine) == [.offline, .offline])
        }
        #expect(model.prompts.isEmpty)
    }

    @Test func withoutAModelTheAnswerSaysSo() async throws {
        try await withAda { ada in
            let result = try await ada.capture("call the vet tomorrow")
            #expect(result.model == .off)
            #expect(result.tasks.map(\.engine) == [.offline])
            let user = try expectOK(try await ada.get("user"), as: User.self)
            #expect(user.aiEnabled)
        }
    }

    @Test func aBadConsentValueIsRefusedAndChangesNothing() async throws {
        try await withAda { ada in
            expectError(
                try await ada.post("user", json: #"{"ai_enabled": "no"}"#), .badRequest, code: "invalid_field",
                mentioning: "ai_enabled")
            #expect(try expectOK(try await ada.get("user"), as: User.self).aiEnabled)
        }
    }
}
