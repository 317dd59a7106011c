import Foundation
import Hummingbird
import KairosAI
import KairosCapture
import KairosCore
import Testing

extension TestAPI {
    /// `GET /search/answer?q=`.
    func answer(_ query: String) async throws -> SearchAnswer {
        try expectOK(try await get("search/answer", ["q": query]), as: SearchAnswer.self)
    }

    /// The reasons of an answer's results, in order.
    func reasons(_ query: String) async throws -> [String] {
        try await answer(query).results.map(\.reason)
    }
}

/// `GET /search/answer`: "what did I promise Bob" answered from tasks, the commitments in the conversations both
/// are in and matching messages, each with why; who has to act, when, and nobody else's people or messages.
@Suite struct SearchAnswerTests {
    /// Ada and Bob's direct messages and the Launch group with Carol, as Wednesday morning leaves them.
    func postLaunchWeek(_ ada: TestAPI, _ bob: TestAPI, _ carol: TestAPI) async throws -> (dm: String, group: String) {
        let dm = try await ada.directMessage(with: bob).id
        let group = try await ada.group("Launch", with: [bob, carol]).id
        try await ada.send("I'll send the deck by friday", to: dm)
        try await bob.send("can you book the venue for the offsite?", to: dm)
        try await ada.send("@bob can you review the pricing copy", to: dm)
        try await bob.send("I'll draft the press release tonight", to: dm)
        try await ada.send("I'll update the pricing page", to: group)
        try await carol.send("@ada can you order the badges", to: group)
        try await bob.send("I'm going to fix the signup bug", to: group)
        return (dm, group)
    }

    @Test func whatDidIPromiseBobFindsMyCommitmentsAndHisRequestsWithWhy() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let (dm, group) = try await postLaunchWeek(ada, bob, carol)
            let answer = try await ada.answer("what did I promise Bob")
            #expect(answer.answered)
            #expect(answer.question.person?.id == bob.me.id)
            #expect(answer.question.direction == .mine)
            #expect(answer.model == ModelUse(used: false, reason: "off"))
            #expect(answer.hits.results.isEmpty)
            #expect(
                Set(answer.results.map(\.reason)) == [
                    "You told Bob you'd send the deck today",
                    "Bob asked you to book the venue for the offsite today",
                    "You said you'd update the pricing page in Launch today",
                ])
            #expect(answer.results.allSatisfy { $0.kind == .commitment })
            let deck = try #require(answer.results.first { $0.title == "Send the deck" })
            #expect(deck.conversationID == dm)
            let history = try await ada.history(dm)
            #expect(deck.messageID == history.first { $0.text == "I'll send the deck by friday" }?.id)
            #expect(answer.results.first { $0.title == "Update the pricing page" }?.conversationID == group)
            // Carol's request to Ada in the group is not something Ada promised Bob.
            #expect(!answer.results.contains { $0.title?.contains("badges") == true })
        }
    }

    @Test func whoHasToActFollowsTheQuestion() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            _ = try await postLaunchWeek(ada, bob, carol)
            #expect(
                Set(try await ada.reasons("what did I ask Bob to do")) == [
                    "You asked Bob to review the pricing copy today"
                ])
            #expect(
                Set(try await ada.reasons("what does Bob owe me")) == [
                    "You asked Bob to review the pricing copy today",
                    "Bob told you they'd draft the press release today",
                    "Bob said they'd fix the signup bug in Launch today",
                ])
            #expect(
                try await ada.reasons("what did Bob ask me") == [
                    "Bob asked you to book the venue for the offsite today"
                ])
            // Bob's side of the same conversations, read from his seat.
            #expect(
                Set(try await bob.reasons("what did Ada ask me")) == [
                    "Ada asked you to review the pricing copy today"
                ])
            #expect(
                try await ada.reasons("what did I promise Bob about the deck") == [
                    "You told Bob you'd send the deck today"
                ])
        }
    }

    @Test func aTimeRangeKeepsToItsDaysInTheUsersZone() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob).id
            ada.clock.set("2026-03-02T15:00:00Z")  // Monday in Paris
            try await ada.send("I'll renew the domain", to: dm)
            ada.clock.set("2026-03-03T15:00:00Z")  // Tuesday
            try await ada.send("I'll book the flights", to: dm)
            ada.clock.set(wednesdayAfternoon)
            try await ada.send("I'll send the invoice", to: dm)

            #expect(
                try await ada.reasons("what did I promise Bob yesterday") == [
                    "You told Bob you'd book the flights yesterday"
                ])
            #expect(
                try await ada.reasons("what did I promise Bob since Tuesday") == [
                    "You told Bob you'd send the invoice today", "You told Bob you'd book the flights yesterday",
                ])
            #expect(try await ada.reasons("what did I promise Bob last week").isEmpty)
            #expect(try await ada.reasons("what did I promise Bob").count == 3)
            #expect(
                try await ada.reasons("what did I promise Bob this week").last
                    == "You told Bob you'd renew the domain on Monday")
        }
    }

    @Test func tasksAssignedBetweenTheTwoAndMadeFromTheirMessagesAnswerOnceAsTasks() async throws {
        try await withSharedLaunch { ada, bob, _, _, launch in
            let dm = try await ada.directMessage(with: bob).id
            let banners = try await bob.createTask("Order the banners", projectID: launch.id)
            _ = try await bob.updateTask(banners.id) { $0.assigneeID = .set(ada.me.id) }
            let flyers = try await ada.createTask("Print the flyers", projectID: launch.id)
            _ = try await ada.updateTask(flyers.id) { $0.assigneeID = .set(bob.me.id) }
            _ = try await ada.createTask("Water the plants")

            let asked = try await bob.send("can you call the caterer?", to: dm).message
            let fromMessage = try expectOK(
                try await ada.post("messages/\(asked.id)/task", MessageTaskRequest()), as: TaskItem.self)

            let promised = try await ada.answer("what did I promise Bob")
            #expect(
                promised.results.map(\.reason) == [
                    "Made from Bob's message today", "Assigned to you by Bob",
                ])
            #expect(promised.results.map(\.taskID) == [fromMessage.id, banners.id])
            #expect(promised.results.first?.messageID == asked.id && promised.results.first?.conversationID == dm)
            // The request Ada made a task of is the task, not a commitment as well.
            #expect(!promised.results.contains { $0.kind == .commitment })

            let owed = try await ada.answer("what does Bob owe me")
            #expect(owed.results.map(\.reason) == ["You assigned it to Bob"])
            #expect(owed.results.map(\.taskID) == [flyers.id])
            // Bob, asked the other way round, sees the same tasks from his side.
            #expect(try await bob.reasons("what did I promise Ada") == ["Assigned to you by Ada"])
        }
    }

    @Test func aTaskAssignedToThePersonThatIFollowAnswersWhatTheyOweMe() async throws {
        try await withSharedLaunch { ada, bob, carol, _, launch in
            let banners = try await ada.createTask("Order the banners", projectID: launch.id)
            _ = try await ada.updateTask(banners.id) { $0.assigneeID = .set(bob.me.id) }
            _ = try await ada.createTask("Print the flyers", projectID: launch.id)
            #expect(try await carol.reasons("what does Bob owe me").isEmpty)

            try expectNoContent(try await carol.post("tasks/\(banners.id)/follow"))
            let owed = try await carol.answer("what does Bob owe me")
            #expect(owed.results.map(\.reason) == ["Assigned to Bob, and you follow it"])
            #expect(owed.results.map(\.taskID) == [banners.id])
            // Nothing of it is Carol's to do.
            #expect(try await carol.reasons("what did I promise Bob").isEmpty)
        }
    }

    @Test func messagesWithTheWordsLeftAnswerTooAndNobodyElsesLeak() async throws {
        try await withSharedLaunch { ada, bob, carol, dave, _ in
            let dm = try await ada.directMessage(with: bob).id
            try await ada.send("I'll send the deck by friday", to: dm)
            try await bob.send("the deck looks great so far", to: dm)
            let carolsChat = try await carol.directMessage(with: bob).id
            try await carol.send("I'll send my deck notes to you", to: carolsChat)

            let answer = try await ada.answer("what did I promise Bob about the deck")
            #expect(answer.results.map(\.kind) == [.commitment, .message])
            #expect(answer.results.last?.reason == "Has “deck”: Bob wrote it today")
            #expect(answer.results.last?.snippet?.contains("<mark>deck</mark>") == true)
            #expect(answer.results.last?.conversationID == dm)

            // Carol shares Launch with Bob but not Ada's messages.
            let carols = try await carol.answer("what did I promise Bob about the deck")
            #expect(carols.results.map(\.reason) == ["You told Bob you'd send my deck notes to you today"])
            #expect(!carols.results.contains { $0.conversationID == dm })
            // Dave shares nothing with Bob: Bob is no one to him, and the query is a plain search of his own.
            let daves = try await dave.answer("what did I promise Bob")
            #expect(!daves.answered && daves.question.person == nil && daves.results.isEmpty)
            #expect(daves.hits.results.isEmpty)
        }
    }

    @Test func anAnswerAskedAgainFollowsNewEditedAndRenamedWords() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let group = try await ada.group("Launch", with: [bob, carol]).id
            let deck = try await ada.send("I'll send the deck", to: group).message
            #expect(try await ada.reasons("what did I promise Bob") == ["You said you'd send the deck in Launch today"])

            _ = try expectOK(
                try await ada.post("messages/\(deck.id)", MessageSendRequest(text: "I'll send the slides")),
                as: PostedMessage.self)
            #expect(
                try await ada.reasons("what did I promise Bob") == ["You said you'd send the slides in Launch today"])

            try await ada.send("I'll book the room", to: group)
            _ = try expectOK(
                try await ada.post("conversations/\(group)", ConversationUpdateRequest(name: "Go-live")),
                as: Conversation.self)
            #expect(
                Set(try await ada.reasons("what did I promise Bob")) == [
                    "You said you'd send the slides in Go-live today", "You said you'd book the room in Go-live today",
                ])
        }
    }

    @Test func theEngineReadsTheTenMostRecentlyActiveConversationsAndSearchReadsThemAll() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            var groups: [String] = []
            for n in 0...10 { groups.append(try await ada.group("Team \(n)", with: [bob]).id) }
            try await ada.send("I'll send the deck", to: groups[0])
            for group in groups.dropFirst() { try await bob.send("hello", to: group) }

            #expect(try await ada.reasons("what did I promise Bob").isEmpty)
            let about = try await ada.answer("what did I promise Bob about the deck")
            #expect(about.results.map(\.kind) == [.message])
            #expect(about.results.map(\.reason) == ["Has “deck”: you wrote it in Team 0 today"])

            try await bob.send("any news?", to: groups[0])
            #expect(try await ada.reasons("what did I promise Bob") == ["You said you'd send the deck in Team 0 today"])
        }
    }

    @Test func aPlainSearchAnswersWithTheSameHitsAsSearch() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob).id
            _ = try await ada.createTask("Order the paper lanterns")
            try await bob.send("the lanterns arrive on Friday", to: dm)
            for query in ["lantern", "promise ring", "Bob"] {
                let answer = try await ada.answer(query)
                #expect(!answer.answered && answer.results.isEmpty, "\(query)")
                let plain = try expectOK(try await ada.get("search", ["q": query]), as: Page<SearchHit>.self)
                #expect(answer.hits.results == plain.results, "\(query)")
            }
            #expect(try await ada.answer("lantern").hits.results.count == 2)
        }
    }

    @Test func badQueriesAreRefusedNamingQ() async throws {
        try await withAdaBobAndCarol { ada, _, _ in
            expectError(try await ada.get("search/answer"), .badRequest, code: "invalid_field", mentioning: "q")
            expectError(
                try await ada.get("search/answer", ["q": "  "]), .badRequest, code: "invalid_field", mentioning: "q")
            expectError(
                try await ada.get("search/answer", ["q": String(repeating: "a", count: 501)]), .badRequest,
                code: "invalid_field", mentioning: "q")
            expectError(
                try await ada.with(token: nil).get("search/answer", ["q": "what did I promise Bob"]), .unauthorized,
                code: "unauthorized")
        }
    }

    @Test func theModelPlansACommitmentQuestionAndAFailingOneFallsBack() async throws {
        let model = ScriptedModel(
            .json([
                "person": nil, "direction": "mine", "commitment": true, "from": nil, "to": nil, "words": ["deck"],
            ]),
            .json(["person": "999999", "direction": "mine", "commitment": true, "from": nil, "to": nil, "words": []]),
            .failure(.timedOut(budget: .seconds(10))))
        try await withAPI(languageModel: model) { api in
            let ada = try await api.signUp("ada@example.com", name: "Ada Lovelace")
            let bob = try await api.signUp("bob@example.com", name: "Bob Noyce")
            let dm = try await ada.directMessage(with: bob).id
            try await ada.send("I'll send the deck by friday", to: dm)
            try await ada.send("I'll water the plants", to: dm)

            // The model names people by id; this plan names no one, so it is a plain search for "deck".
            let planned = try await ada.answer("what did I promise Bobby")
            #expect(planned.model == .used)
            #expect(!planned.answered && planned.question.words == ["deck"])

            let unknown = try await ada.answer("what did I promise Bob")
            #expect(unknown.model == ModelUse(used: false, reason: "malformed_answer"))
            #expect(unknown.results.map(\.title) == ["Water the plants", "Send the deck"])

            let timedOut = try await ada.answer("what did I promise Bob")
            #expect(timedOut.model == ModelUse(used: false, reason: "timeout"))
            #expect(timedOut.answered)

            // A plain search never goes to the model; nor does anything of someone who turned it off.
            #expect(try await ada.answer("plants").model == ModelUse(used: false, reason: "plain_search"))
            _ = try expectOK(try await ada.post("user", json: #"{"ai_enabled": false}"#), as: User.self)
            #expect(try await ada.answer("what did I promise Bob").model == ModelUse(used: false, reason: "opted_out"))
            #expect(model.prompts.count == 3)
            let prompt = try #require(model.prompts.first)
            #expect(prompt.system.contains(bob.me.id) && prompt.system.contains("Bob Noyce"))
            #expect(prompt.messages.last?.text == "what did I promise Bobby")
        }
    }

    @Test func theModelsPlanRunsThroughTheSameAnswer() async throws {
        let model = ScriptedModel()
        try await withAPI(languageModel: model) { api in
            let ada = try await api.signUp("ada@example.com", name: "Ada Lovelace")
            let bob = try await api.signUp("bob@example.com", name: "Bob Noyce")
            let dm = try await ada.directMessage(with: bob).id
            try await ada.send("I'll send the deck by friday", to: dm)
            try await bob.send("I'll print the posters", to: dm)
            model.append(
                .json([
                    "person": .string(bob.me.id), "direction": "theirs", "commitment": true, "from": "2026-03-04",
                    "to": "2026-03-04", "words": [],
                ]))
            let answer = try await ada.answer("what's Bobby promised me")
            #expect(answer.model == .used && answer.answered)
            #expect(answer.question.direction == .theirs && answer.question.period != nil)
            #expect(answer.results.map(\.reason) == ["Bob told you they'd print the posters today"])
        }
    }
}
