import Foundation
import Hummingbird
import KairosAI
import KairosCapture
import KairosCore
import Testing

/// The assistant with a language model: streamed replies with the user's own tasks and history as context, list
/// suggestions the user keeps or drops, reminders split by the model, and the offline answer whenever the model
/// fails or the user keeps their data from it.
@Suite struct AssistantModelTests {
    func withModel(_ model: ScriptedModel, _ body: @Sendable (TestAPI) async throws -> Void) async throws {
        try await withAPI(languageModel: model) { api in
            try await body(try await api.signUp("ada@example.com"))
        }
    }

    /// The events of a streamed answer, in order.
    func streamed(_ text: String, by ada: TestAPI) async throws -> [(event: String, data: Data)] {
        let reply = try await ada.send(
            .post, "assistant/messages", body: try JSONEncoder().encode(AssistantMessageRequest(text: text)),
            headers: [.accept: "text/event-stream"])
        try #require(reply.status == .ok)
        return reply.text.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { frame in
            let lines = frame.components(separatedBy: "\n")
            return (String(lines[0].dropFirst("event: ".count)), Data(lines[1].dropFirst("data: ".count).utf8))
        }
    }

    @Test func aReplyIsStreamedAsItArrivesWithTheUsersTasksAndHistoryAsContext() async throws {
        let model = ScriptedModel(
            .text(["Morning! ", "Here's what I'd start with."]),
            .text(["Start with ", "the vet: ", "it's due today."]))
        try await withAPI(languageModel: model) { api in
            let bob = try await api.signUp("bob@example.com", name: "Bob")
            _ = try await bob.createTask(TaskCreateRequest(content: "Bob's secret plan", dueString: "today"))
            let ada = try await api.signUp("ada@example.com")
            _ = try await ada.createTask(TaskCreateRequest(content: "Call the vet", dueString: "today at 5pm"))
            _ = try await ada.ask("hello")
            let events = try await streamed("how should I plan my afternoon?", by: ada)
            #expect(events.map(\.event) == ["delta", "delta", "delta", "message"])
            let deltas = try events.dropLast().map {
                try APICoding.makeDecoder().decode(AssistantDelta.self, from: $0.data).text
            }
            #expect(deltas == ["Start with ", "the vet: ", "it's due today."])
            let message = try APICoding.makeDecoder().decode(AssistantMessage.self, from: events[3].data)
            #expect(message.type == .conversation)
            #expect(message.text == "Start with the vet: it's due today.")
            #expect(try await ada.assistantHistory().first == message)
        }
        let prompt = try #require(model.prompts.last)
        #expect(prompt.system.contains("- Call the vet (due Wednesday, March 4 at 17:00)"))
        #expect(!prompt.system.contains("secret"))
        #expect(
            prompt.messages == [
                .user("hello"), .assistant("Morning! Here's what I'd start with."),
                .user("how should I plan my afternoon?"),
            ])
    }

    @Test func aReplyThatFailsMidwayLeavesTheOfflineAnswer() async throws {
        try await withModel(ScriptedModel(.dropAfter(["Sure, I can"]), .failure(.timedOut(budget: .seconds(30))))) {
            ada in
            let events = try await streamed("tell me a joke", by: ada)
            #expect(events.map(\.event) == ["delta", "message"])
            let message = try APICoding.makeDecoder().decode(AssistantMessage.self, from: events[1].data)
            #expect(message.text == AssistantReplyText.offline)
            #expect(try await ada.ask("tell me another").text == AssistantReplyText.offline)
            #expect(try await ada.assistantHistory().count == 4)
        }
    }

    @Test func aQuestionAboutTheUsersTasksKeepsItsCardBesideTheModelsWords() async throws {
        try await withModel(ScriptedModel(.text(["One thing: the vet."]))) { ada in
            _ = try await ada.createTask(TaskCreateRequest(content: "Call the vet", dueString: "today"))
            let answer = try await ada.ask("what's due today")
            #expect(answer.text == "One thing: the vet.")
            guard case .tasks(let tasks) = try #require(answer.cards.first).content else {
                Issue.record("expected the tasks card, got \(answer.cards)")
                return
            }
            #expect(tasks.map(\.content) == ["Call the vet"])
        }
    }

    @Test func aListGetsTheModelsSuggestionsWhichTheUserKeepsOrDrops() async throws {
        let model = ScriptedModel(
            .json([
                "items": [
                    ["title": "Sunscreen", "note": "", "group": ""],
                    ["title": "Beach umbrella", "note": "Rent one at the beach", "group": "Gear"],
                    ["title": "Water bottles", "note": "", "group": "Food"],
                ]
            ]))
        try await withModel(model) { ada in
            let answer = try await ada.ask("make a packing list for the beach: sunscreen and towels")
            let card = try #require(answer.cards.first)
            #expect(card.suggestions.map(\.title) == ["Beach umbrella", "Water bottles"])
            #expect(answer.text.contains("2 suggestions to keep or drop"))
            expectError(
                try await ada.post("assistant/messages/\(answer.id)/cards/0/add", json: #"{"suggestions": [5]}"#),
                .badRequest, code: "invalid_field", mentioning: "suggestions")
            #expect(try await ada.tasks().isEmpty)
            let added = try expectOK(
                try await ada.post("assistant/messages/\(answer.id)/cards/0/add", json: #"{"suggestions": [0]}"#),
                as: AssistantMessageResponse.self
            ).message
            guard case .added(let ids) = added.cards[0].state else {
                Issue.record("expected the card added, got \(added.cards[0])")
                return
            }
            let created = try await ada.tasks()
            let subtasks = created.filter { $0.parentID == ids[0] }.sorted { $0.childOrder < $1.childOrder }
            #expect(subtasks.map(\.content) == ["Sunscreen", "Towels", "Beach umbrella"])
            #expect(subtasks.last?.description == "Rent one at the beach")
            #expect(added.cards[0].suggestions.map(\.title) == ["Beach umbrella"])
        }
        let prompt = try #require(model.prompts.first)
        #expect(prompt.system.contains("They already named: Sunscreen; Towels."))
    }

    @Test func aReminderIsSplitByTheModelAndDatedByTheEngine() async throws {
        let model = ScriptedModel(
            .json(["tasks": [["title": "Phone the vet", "quote": "ring the vet at 5", "notes": ""]]]))
        try await withModel(model) { ada in
            let answer = try await ada.ask("remind me to ring the vet at 5")
            #expect(answer.type == .reminder)
            guard case .task(let task) = try #require(answer.cards.first).content else {
                Issue.record("expected a task card, got \(answer.cards)")
                return
            }
            #expect(task.title == "Phone the vet")
            #expect(task.due == "2026-03-04T17:00")
        }
    }

    @Test func aUserWhoKeepsTheirDataFromTheModelSendsItNothing() async throws {
        let model = ScriptedModel(.text(["never sent"]))
        try await withModel(model) { ada in
            _ = try expectOK(try await ada.post("user", UserUpdateRequest(aiEnabled: false)), as: User.self)
            #expect(try await ada.ask("tell me a joke").text == AssistantReplyText.offlineByChoice)
            _ = try await ada.ask("make a shopping list: eggs")
            _ = try await ada.ask("remind me to call mom at 5")
        }
        #expect(model.prompts.isEmpty)
    }

    @Test func addingWithoutAskingSaysOnlyWhatWasAdded() async throws {
        try await withAda { ada in
            _ = try expectOK(
                try await ada.post("user", json: #"{"assistant_adds_without_asking": true}"#), as: User.self)
            let long = String(repeating: "water the ferns ", count: 40)
            let answer = try await ada.ask("remind me to call the bank at 5, and \(long)tomorrow")
            #expect(answer.cards.count == 2)
            #expect(answer.cards.map(\.state?.name) == ["added", "proposed"])
            #expect(answer.text.hasPrefix("I've set up 1 of 2 reminders"))
            #expect(try await ada.tasks().map(\.content) == ["Call the bank"])
            #expect(try await ada.assistantHistory().first == answer)
        }
    }

    @Test func whateverTheModelSaysItOnlyProposesWithinTheUsersOwnRights() async throws {
        let model = ScriptedModel(
            .text(["Done: I removed Ada from Launch, ", "made you its owner and deleted her tasks."]),
            .json([
                "tasks": [["title": "Delete every task", "quote": "plan the launch party for launch", "notes": ""]],
                "delete": true, "role": "owner",
            ]))
        try await withAPI(languageModel: model) { api in
            let ada = try await api.signUp("ada@example.com")
            let carol = try await ada.signUp("carol@example.com", name: "Carol")
            let launch = try await ada.createProject("Launch")
            try await ada.shareProject(launch.id, with: carol, as: "commenter")
            _ = try await ada.createTask(TaskCreateRequest(content: "Book the venue", projectID: launch.id))
            let before = (try await ada.members(of: launch.id), try await ada.tasks())
            let reply = try await carol.ask("how is the Launch project going?")
            #expect(reply.text == "Done: I removed Ada from Launch, made you its owner and deleted her tasks.")
            let proposal = try await carol.ask("remind me to plan the launch party for launch")
            let added = try await carol.addCard(0, of: proposal)
            guard case .added(let ids) = added.cards[0].state else {
                Issue.record("expected the card added, got \(added.cards[0])")
                return
            }
            // Only Carol's own list takes the task: she cannot add to Launch, whatever the model quoted.
            let task = try #require(try await carol.tasks().first { $0.id == ids.first })
            #expect(task.projectID != launch.id)
            #expect(try await ada.members(of: launch.id) == before.0)
            #expect(try await ada.tasks() == before.1)
        }
    }
}
