import Foundation
import Hummingbird
import KairosAI
import KairosCapture
import KairosCore
import Testing

extension TestAPI {
    /// `POST /conversations/{id}/summary` with `body` (none when nil).
    func summarize(_ conversationID: String, json body: String? = nil, stream: Bool = false) async throws -> Reply {
        try await send(
            .post, "conversations/\(conversationID)/summary", body: body.map { Data($0.utf8) },
            headers: stream ? [.accept: "text/event-stream"] : [:])
    }

    func summary(of conversationID: String, last: Int? = nil) async throws -> ConversationSummary {
        try expectOK(
            try await summarize(conversationID, json: last.map { #"{"last": \#($0)}"# }), as: ConversationSummary.self)
    }
}

/// `POST /conversations/{id}/summary`: a summary of the latest messages for a member, offline or by the model,
/// as JSON or streamed; never posted into the thread.
@Suite struct ThreadSummaryTests {
    /// Ada's launch group with Bob and Carol, and the messages posted in it, in order.
    static let launchThread: [(sender: Int, text: String)] = [
        (0, "morning all"),
        (0, "the launch page copy is nearly final, the pricing table still needs the annual plan numbers"),
        (1, "I'm blocked on the pricing table until finance sends the annual plan numbers"),
        (0, "we decided to launch on tuesday, the press embargo lifts tuesday"),
        (2, "do we have a press kit link for the launch email?"),
        (0, "@bob can you send finance a reminder about the annual plan numbers by tomorrow"),
        (1, "sure, will do"),
    ]

    func post(_ thread: [(sender: Int, text: String)], by people: [TestAPI], in id: String) async throws -> [Message] {
        var posted: [Message] = []
        for message in thread {
            posted.append(try await people[message.sender].send(message.text, to: id).message)
        }
        return posted
    }

    @Test func aMemberGetsTheOfflineSummaryPointingAtMessagesAndNothingIsPosted() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let launch = try await ada.group("Launch", with: [bob, carol])
            let posted = try await post(Self.launchThread, by: [ada, bob, carol], in: launch.id)
            let before = try await ada.history(launch.id)

            let summary = try await carol.summary(of: launch.id)
            #expect(summary.model == ModelUse(used: false, reason: "off"))
            #expect(!summary.summary.isEmpty && summary.summary.count <= 5)
            #expect(!summary.summary.contains { $0.messageID == posted[0].id || $0.messageID == posted[6].id })
            #expect(
                summary.decisions == [
                    SummaryItem(
                        text: "we decided to launch on tuesday, the press embargo lifts tuesday",
                        messageID: posted[3].id, senderID: ada.me.id, sender: "Ada Lovelace")
                ])
            #expect(summary.blockers.map(\.messageID) == [posted[2].id])
            #expect(summary.blockers.first?.sender == "Bob")
            #expect(
                summary.openQuestions == [
                    SummaryItem(
                        text: "do we have a press kit link for the launch email?", messageID: posted[4].id,
                        senderID: carol.me.id, sender: "Carol")
                ])
            let step = try #require(summary.nextSteps.first)
            #expect(summary.nextSteps.count == 1)
            #expect(step.title == "Send finance a reminder about the annual plan numbers")
            #expect(step.assigneeID == bob.me.id && step.assignee == "Bob")
            #expect(step.messageID == posted[5].id)
            // Carol is in New York, where it is Wednesday 4 March: "tomorrow" is Thursday.
            #expect(step.due?.date.iso == "2026-03-05")

            // Nothing was posted into the thread.
            #expect(try await ada.history(launch.id) == before)
        }
    }

    @Test func theAnswerNamesEveryFieldOnTheWire() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob)
            _ = try await post(Self.launchThread.filter { $0.sender < 2 }, by: [ada, bob], in: dm.id)
            let reply = try await ada.summarize(dm.id, json: "{}")
            let object = try #require(reply.object)
            #expect(
                Set(object.keys) == ["summary", "decisions", "blockers", "open_questions", "next_steps", "model"])
            let decision = try #require((object["decisions"] as? [[String: Any]])?.first)
            #expect(Set(decision.keys) == ["text", "message_id", "sender_id", "sender"])
            let step = try #require((object["next_steps"] as? [[String: Any]])?.first)
            #expect(Set(step.keys) == ["title", "assignee_id", "assignee", "due", "message_id", "confidence"])
            #expect(step["due"] as? String == "2026-03-05T09:00")
        }
    }

    @Test func onlyMembersMayAskAGuestAmongThem() async throws {
        try await withGuestErin { ada, bob, dave, erin, _ in
            let chat = try await erin.directMessage(with: ada)
            _ = try await erin.send("we decided to print the flyers on recycled paper", to: chat.id)
            let erins = try await erin.summary(of: chat.id)
            #expect(erins.decisions.map(\.text) == ["we decided to print the flyers on recycled paper"])
            #expect(try await ada.summary(of: chat.id).decisions == erins.decisions)

            for stranger in [bob, dave] {
                expectError(try await stranger.summarize(chat.id), .notFound, code: "not_found")
                expectError(try await stranger.summarize(chat.id, stream: true), .notFound, code: "not_found")
            }
            expectError(try await erin.summarize("987654"), .notFound, code: "not_found")
            expectError(try await erin.with(token: nil).summarize(chat.id), .unauthorized, code: "unauthorized")
        }
    }

    @Test func lastReadsOnlyTheLatestMessagesWithinItsBounds() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob)
            let posted = try await post(
                [
                    (0, "we decided to move the offsite to Lisbon"), (1, "waiting for the hotel to confirm the rooms"),
                    (0, "is the venue booked yet?"),
                ], by: [ada, bob], in: dm.id)
            let lastOne = try await bob.summary(of: dm.id, last: 1)
            #expect(lastOne.decisions.isEmpty && lastOne.blockers.isEmpty)
            #expect(lastOne.openQuestions.map(\.messageID) == [posted[2].id])
            let lastTwo = try await bob.summary(of: dm.id, last: 2)
            #expect(lastTwo.decisions.isEmpty)
            #expect(lastTwo.blockers.map(\.messageID) == [posted[1].id])
            #expect(try await bob.summary(of: dm.id, last: 200).decisions.map(\.messageID) == [posted[0].id])

            for body in [#"{"last": 0}"#, #"{"last": 201}"#, #"{"last": -3}"#, #"{"last": "ten"}"#] {
                expectError(
                    try await bob.summarize(dm.id, json: body), .badRequest, code: "invalid_field", mentioning: "last")
            }
            expectError(
                try await bob.summarize(dm.id, json: #"{"limit": 10}"#), .badRequest, code: "invalid_field",
                mentioning: "limit")
            #expect(try await ada.history(dm.id).count == 3)
        }
    }

    @Test func aStreamedSummarySendsEachItemThenTheWholeAnswer() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let launch = try await ada.group("Launch", with: [bob, carol])
            _ = try await post(Self.launchThread, by: [ada, bob, carol], in: launch.id)
            let reply = try await bob.summarize(launch.id, json: #"{"last": 50}"#, stream: true)
            #expect(reply.status == .ok)
            #expect(reply.headers[.contentType]?.hasPrefix("text/event-stream") == true)
            let frames = reply.text.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { frame in
                let lines = frame.components(separatedBy: "\n")
                return (
                    event: String(lines[0].dropFirst("event: ".count)),
                    data: Data(lines[1].dropFirst("data: ".count).utf8)
                )
            }
            let whole = try APICoding.makeDecoder().decode(
                ConversationSummary.self, from: try #require(frames.last).data)
            let asJSON = try await bob.summary(of: launch.id)
            #expect(whole == asJSON)
            let items = frames.dropLast()
            #expect(items.allSatisfy { $0.event == "item" })
            #expect(frames.last?.event == "summary")
            let sections = try items.map { frame in
                try #require(try JSONSerialization.jsonObject(with: frame.data) as? [String: Any])
            }
            let expected =
                Array(repeating: "summary", count: whole.summary.count)
                + Array(repeating: "decisions", count: whole.decisions.count)
                + Array(repeating: "blockers", count: whole.blockers.count)
                + Array(repeating: "open_questions", count: whole.openQuestions.count)
                + Array(repeating: "next_steps", count: whole.nextSteps.count)
            #expect(sections.map { $0["section"] as? String } == expected)
            let firstDecision = try #require(sections.first { $0["section"] as? String == "decisions" })
            #expect((firstDecision["item"] as? [String: Any])?["text"] as? String == whole.decisions.first?.text)

            expectError(
                try await bob.summarize(launch.id, json: #"{"last": 500}"#, stream: true), .badRequest,
                code: "invalid_field", mentioning: "last")
        }
    }
}

/// The summary with a language model: its points where they point at real messages, the offline summary with
/// the reason otherwise, and nothing sent for a user who turned the model off.
@Suite struct ModelThreadSummaryTests {
    func withTeam(
        _ model: ScriptedModel,
        _ body:
            @Sendable (_ ada: TestAPI, _ bob: TestAPI, _ conversation: Conversation, _ posted: [Message])
            async throws -> Void
    ) async throws {
        try await withAPI(languageModel: model) { api in
            let ada = try await api.signUp("ada@example.com", name: "Ada")
            let bob = try await api.signUp("bob@example.com", name: "Bob")
            let dm = try await ada.directMessage(with: bob)
            var posted: [Message] = []
            for (sender, text) in [
                (ada, "the caterer needs the final headcount by thursday"),
                (bob, "we decided on 40 people, two are vegetarian"),
                (ada, "@bob can you email the caterer the headcount today"),
            ] {
                posted.append(try await sender.send(text, to: dm.id).message)
            }
            try await body(ada, bob, dm, posted)
        }
    }

    static func point(_ text: String, _ message: Int) -> JSONValue {
        ["text": .string(text), "message": .number(Double(message))]
    }

    static func answer(summary: [JSONValue], decisions: [JSONValue] = []) -> ScriptedModel.Answer {
        .json([
            "summary": .array(summary), "decisions": .array(decisions), "blockers": [], "open_questions": [],
        ])
    }

    @Test func theModelWritesThePointsAndTheEngineTheNextSteps() async throws {
        let model = ScriptedModel(
            Self.answer(
                summary: [Self.point("The caterer needs a headcount by Thursday", 0)],
                decisions: [Self.point("40 people, two vegetarian", 1)]))
        try await withTeam(model) { ada, bob, dm, posted in
            let summary = try await ada.summary(of: dm.id)
            #expect(summary.model == .used)
            #expect(
                summary.summary == [
                    SummaryItem(
                        text: "The caterer needs a headcount by Thursday", messageID: posted[0].id,
                        senderID: ada.me.id, sender: "Ada")
                ])
            #expect(summary.decisions.map(\.messageID) == [posted[1].id])
            #expect(summary.decisions.first?.sender == "Bob")
            #expect(summary.nextSteps.map(\.title) == ["Email the caterer the headcount"])
            #expect(summary.nextSteps.first?.assigneeID == bob.me.id)
        }
        let prompt = try #require(model.prompts.first)
        let input = try JSONValue(parsing: try #require(prompt.messages.first.map(\.text)))
        let messages = try #require(input["messages"]?.arrayValue)
        #expect(messages.count == 3)
        #expect(messages[1]["sender"]?.stringValue == "Bob")
        #expect(messages[1]["index"]?.numberValue == 1)
        #expect(messages[1]["text"]?.stringValue == "we decided on 40 people, two are vegetarian")
        #expect(prompt.system.contains("open_questions"))
    }

    @Test(
        arguments: [
            (LanguageModelError.timedOut(budget: .seconds(30)), "timeout"),
            (.rateLimited(retryAfter: .seconds(30)), "rate_limited"),
            (.serverError(status: 503), "server_error"),
            (.malformedAnswer("not JSON"), "malformed_answer"),
        ])
    func aFailingModelGivesTheOfflineSummaryAndSaysWhy(failure: LanguageModelError, reason: String) async throws {
        try await withTeam(ScriptedModel(.failure(failure))) { ada, _, dm, posted in
            let summary = try await ada.summary(of: dm.id)
            #expect(summary.model == ModelUse(used: false, reason: reason))
            #expect(summary.decisions.map(\.messageID) == [posted[1].id])
            #expect(summary.decisions.first?.text == "we decided on 40 people, two are vegetarian")
        }
    }

    @Test func aPointAtAMessageTheThreadDoesNotHaveOrOffTheSchemaIsNotUsed() async throws {
        for script in [
            Self.answer(summary: [Self.point("A headcount is due", 3)]),
            Self.answer(summary: [Self.point("A headcount is due", -1)]),
            Self.answer(summary: [Self.point("   ", 0)]),
        ] {
            try await withTeam(ScriptedModel(script)) { ada, _, dm, posted in
                let summary = try await ada.summary(of: dm.id)
                #expect(summary.model == ModelUse(used: false, reason: "malformed_answer"))
                #expect(summary.decisions.map(\.messageID) == [posted[1].id])
            }
        }
        try await withTeam(ScriptedModel(.json(["summary": [["text": "no index"]]]))) { ada, _, dm, _ in
            let summary = try await ada.summary(of: dm.id)
            #expect(summary.model == ModelUse(used: false, reason: "schema_violation"))
        }
    }

    @Test func aUserWhoTurnedTheModelOffSendsItNothing() async throws {
        let model = ScriptedModel(Self.answer(summary: [Self.point("A headcount is due", 0)]))
        try await withTeam(model) { ada, bob, dm, posted in
            _ = try expectOK(try await bob.post("user", UserUpdateRequest(aiEnabled: false)), as: User.self)
            let summary = try await bob.summary(of: dm.id)
            #expect(summary.model == ModelUse(used: false, reason: "opted_out"))
            #expect(summary.decisions.map(\.messageID) == [posted[1].id])
            #expect(model.prompts.isEmpty)
            // Ada has not turned it off: her summary goes to the model.
            #expect(try await ada.summary(of: dm.id).model == .used)
            #expect(model.prompts.count == 1)
        }
    }
}
