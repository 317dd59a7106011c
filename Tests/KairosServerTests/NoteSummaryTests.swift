import Foundation
import Hummingbird
import KairosAI
import KairosCapture
import KairosCore
import Testing

extension TestAPI {
    func noteSummary(_ id: String) async throws -> NoteSummary {
        try expectOK(try await post("notes/\(id)/summary"), as: NoteSummary.self)
    }
}

// Ada's moment (`withAda`'s default): Wednesday 2026-03-04 09:30 in New York.

/// `POST /notes/{id}/summary`: a note summarised by the thread summarizer's rules over its sentences, or by the
/// model, for its author alone.
@Suite struct NoteSummaryTests {
    static let offsite = """
        Offsite planning. We decided to hold the offsite in Lisbon in May. Booking the venue is blocked on the \
        budget approval from finance. Should we invite the contractors to the offsite?
        I need to send the agenda to the team by Friday. The Lisbon venue has room for forty people and a garden \
        for the offsite dinner.
        """

    @Test func theAuthorGetsTheOfflineSummaryOfTheNotesSentencesAndNothingIsWritten() async throws {
        try await withAda { ada in
            let note = try await ada.createNote(Self.offsite)
            let summary = try await ada.noteSummary(note.id)
            #expect(summary.model == .off)
            #expect(!summary.summary.isEmpty && summary.summary.count <= ThreadSummarizer.maxBullets)
            #expect(summary.summary.allSatisfy { Self.offsite.contains($0.text) })
            #expect(!summary.summary.contains { $0.text == "Offsite planning." })
            #expect(summary.decisions.map(\.text) == ["We decided to hold the offsite in Lisbon in May."])
            #expect(
                summary.blockers.map(\.text) == ["Booking the venue is blocked on the budget approval from finance."])
            #expect(summary.openQuestions.map(\.text) == ["Should we invite the contractors to the offsite?"])
            let step = try #require(summary.nextSteps.first)
            #expect(summary.nextSteps.count == 1)
            #expect(step.title == "Send the agenda to the team")
            #expect(step.assigneeID == ada.me.id && step.assignee == "Ada")
            #expect(step.due?.date.iso == "2026-03-06")

            // Nothing changed: the note is as it was, and no task was made.
            #expect(try await ada.note(note.id) == note)
            #expect(try await ada.tasks().isEmpty)
        }
    }

    @Test func theAnswerHasTheThreadSummarysPartsOnTheWire() async throws {
        try await withAda { ada in
            let note = try await ada.createNote(Self.offsite, source: "voice")
            for body in [nil, "{}"] {
                let reply = try await ada.send(.post, "notes/\(note.id)/summary", body: body.map { Data($0.utf8) })
                let object = try #require(reply.object, "\(reply)")
                #expect(
                    Set(object.keys) == ["summary", "decisions", "blockers", "open_questions", "next_steps", "model"])
                let decision = try #require((object["decisions"] as? [[String: Any]])?.first)
                #expect(Set(decision.keys) == ["text"])
                let step = try #require((object["next_steps"] as? [[String: Any]])?.first)
                #expect(Set(step.keys) == ["title", "assignee_id", "assignee", "due", "confidence"])
                #expect(step["due"] as? String == "2026-03-06T09:00")
                let model = try #require(object["model"] as? [String: Any])
                #expect(model["used"] as? Bool == false && model["reason"] as? String == "off")
            }
        }
    }

    @Test func inANoteTheAuthorAnswersTheirOwnQuestionOnItsTopic() async throws {
        try await withAda { ada in
            let answered = try await ada.createNote(
                "Where should the offsite dinner be? The offsite dinner will be at the harbour restaurant.")
            #expect(try await ada.noteSummary(answered.id).openQuestions.isEmpty)
            let open = try await ada.createNote(
                "Where should the offsite dinner be? Book the flights for everyone this week.")
            #expect(
                try await ada.noteSummary(open.id).openQuestions.map(\.text) == ["Where should the offsite dinner be?"])
        }
    }

    @Test func onlyTheAuthorMayAskAndBadInputIsRefusedNamingTheField() async throws {
        try await withAda { ada in
            let note = try await ada.createNote(Self.offsite)
            let bob = try await ada.with(token: nil).signUp("bob@example.com", name: "Bob")
            expectError(try await bob.post("notes/\(note.id)/summary"), .notFound, code: "not_found")
            expectError(try await ada.post("notes/987654/summary"), .notFound, code: "not_found")
            expectError(try await ada.post("notes/nonsense/summary"), .notFound, code: "not_found")
            expectError(
                try await ada.with(token: nil).post("notes/\(note.id)/summary"), .unauthorized, code: "unauthorized")
            expectError(
                try await ada.post("notes/\(note.id)/summary", json: #"{"last": 10}"#), .badRequest,
                code: "invalid_field", mentioning: "last")
            expectError(
                try await ada.post("notes/\(note.id)/summary", json: "summarise please"), .badRequest,
                code: "bad_request")
            #expect(try await ada.note(note.id) == note)
            #expect(try await bob.notes().isEmpty)
        }
    }
}

/// A note's summary through the language model: the same model path as a thread's, with the offline summary
/// and the reason whenever the model fails, and nothing sent for someone who turned it off.
@Suite struct ModelNoteSummaryTests {
    static let note = """
        The caterer needs the final headcount by Thursday. We decided on 40 people. I need to email the caterer \
        the headcount today.
        """

    func withNote(
        _ model: ScriptedModel, _ body: @Sendable (_ ada: TestAPI, _ note: Note) async throws -> Void
    ) async throws {
        try await withAPI(languageModel: model) { api in
            let ada = try await api.signUp("ada@example.com", name: "Ada")
            try await body(ada, try await ada.createNote(Self.note))
        }
    }

    @Test func theModelWritesThePointsFromTheNotesSentencesAndTheEngineTheNextSteps() async throws {
        let model = ScriptedModel(
            ModelThreadSummaryTests.answer(
                summary: [ModelThreadSummaryTests.point("A headcount for the caterer by Thursday", 0)],
                decisions: [ModelThreadSummaryTests.point("40 people", 1)]))
        try await withNote(model) { ada, note in
            let summary = try await ada.noteSummary(note.id)
            #expect(summary.model == .used)
            #expect(summary.summary.map(\.text) == ["A headcount for the caterer by Thursday"])
            #expect(summary.decisions.map(\.text) == ["40 people"])
            #expect(summary.nextSteps.map(\.title) == ["Email the caterer the headcount"])
        }
        let prompt = try #require(model.prompts.first)
        #expect(prompt.system.contains("personal note"))
        let input = try JSONValue(parsing: try #require(prompt.messages.first.map(\.text)))
        let sentences = try #require(input["messages"]?.arrayValue)
        #expect(
            sentences.map { $0["text"]?.stringValue } == [
                "The caterer needs the final headcount by Thursday.", "We decided on 40 people.",
                "I need to email the caterer the headcount today.",
            ])
        #expect(sentences.allSatisfy { $0["sender"]?.stringValue == "Ada" })
    }

    @Test(arguments: ["timeout", "server_error", "malformed_answer"])
    func aFailingModelGivesTheOfflineSummaryAndSaysWhy(reason: String) async throws {
        let answer: ScriptedModel.Answer =
            switch reason {
            case "timeout": .failure(.timedOut(budget: .seconds(30)))
            case "server_error": .failure(.serverError(status: 503))
            default: ModelThreadSummaryTests.answer(summary: [ModelThreadSummaryTests.point("Out of range", 3)])
            }
        try await withNote(ScriptedModel(answer)) { ada, note in
            let summary = try await ada.noteSummary(note.id)
            #expect(summary.model == ModelUse(used: false, reason: reason))
            #expect(summary.decisions.map(\.text) == ["We decided on 40 people."])
        }
    }

    @Test func aUserWhoTurnedTheModelOffSendsItNothing() async throws {
        let model = ScriptedModel(ModelThreadSummaryTests.answer(summary: []))
        try await withNote(model) { ada, note in
            _ = try expectOK(try await ada.post("user", UserUpdateRequest(aiEnabled: false)), as: User.self)
            let summary = try await ada.noteSummary(note.id)
            #expect(summary.model == .optedOut)
            #expect(summary.decisions.map(\.text) == ["We decided on 40 people."])
        }
        #expect(model.prompts.isEmpty)
    }
}
