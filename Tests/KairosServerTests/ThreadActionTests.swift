import Foundation
import Hummingbird
import KairosAI
import KairosCapture
import KairosCore
import Testing

extension TestAPI {
    func actions(in conversationID: String, last: Int? = nil) async throws -> ConversationActions {
        try expectOK(
            try await post("conversations/\(conversationID)/actions", json: last.map { #"{"last": \#($0)}"# } ?? "{}"),
            as: ConversationActions.self)
    }

    /// Makes the task an action proposes, as the thread's "Extract tasks" card does.
    func makeTask(_ action: ActionProposal) async throws -> Reply {
        try await post(
            "messages/\(action.step.messageID)/task",
            MessageTaskRequest(
                projectID: action.placement.projectID, content: action.step.title,
                assigneeID: action.placement.assigneeID, dueDatetime: action.step.due?.iso))
    }

    func sources(of taskID: String) async throws -> Reply {
        try await get("tasks/\(taskID)/sources")
    }
}

/// `POST /conversations/{id}/actions`: the thread's action items, each placed where its task would go; making
/// one a task assigns and dates it as proposed and links it to its message (`GET /tasks/{id}/sources`).
@Suite struct ThreadActionTests {
    /// Wednesday 2026-03-04, 09:30 in New York. Ada owns Launch, shared with Bob (editor), Carol (commenter)
    /// and Erin (a guest); Dave is a bystander.
    @Test func aMemberTurnsTheThreadsRequestsIntoAssignedDatedLinkedTasks() async throws {
        try await withGuestErin { ada, bob, dave, erin, launch in
            let team = try await ada.group("Launch crew", with: [bob, erin])
            let ask = try await ada.send("@bob can you book the venue by friday", to: team.id).message
            _ = try await bob.send("sure", to: team.id)
            let promise = try await erin.send("I'll draft the press release tomorrow", to: team.id).message
            let both = try await ada.send("I'll call the printer and order the flyers", to: team.id).message
            _ = try await bob.send("did anyone see the new logo?", to: team.id)

            let found = try await ada.actions(in: team.id)
            #expect(found.model == ModelUse(used: false, reason: "off"))
            let byTitle = Dictionary(uniqueKeysWithValues: found.actions.map { ($0.step.title, $0) })
            #expect(
                Set(byTitle.keys) == ["Book the venue", "Draft the press release", "Call the printer", "Order the flyers"])
            let venue = try #require(byTitle["Book the venue"])
            #expect(venue.step.messageID == ask.id && venue.senderID == ada.me.id && venue.sender == "Ada Lovelace")
            #expect(venue.step.assigneeID == bob.me.id && venue.step.due?.iso == "2026-03-06T09:00")
            // Bob and Erin are in Launch, so their tasks go there; Ada's own stay in her Inbox.
            #expect(venue.placement.projectID == launch.id && venue.placement.assigneeID == bob.me.id)
            let press = try #require(byTitle["Draft the press release"])
            #expect(press.step.messageID == promise.id && press.step.due?.iso == "2026-03-05T09:00")
            #expect(press.placement.projectID == launch.id && press.placement.assigneeID == erin.me.id)
            #expect(byTitle["Call the printer"]?.placement.projectID == nil)
            #expect(byTitle["Order the flyers"]?.step.messageID == both.id)
            #expect(found.actions.allSatisfy { $0.taskID == nil })

            let task = try expectOK(try await ada.makeTask(venue), as: TaskItem.self)
            #expect(task.content == "Book the venue" && task.projectID == launch.id)
            #expect(task.assigneeIDs == [bob.me.id])
            #expect(task.due?.date.iso == "2026-03-06" && task.due?.time?.iso.hasPrefix("09:00") == true)
            // Once made, the card says so, and making it again gives the same task.
            #expect(try await ada.actions(in: team.id).actions.first { $0.step.title == "Book the venue" }?.taskID == task.id)
            #expect(try expectOK(try await ada.makeTask(venue), as: TaskItem.self).id == task.id)
            // One message, two actions: two tasks.
            let printer = try expectOK(try await ada.makeTask(try #require(byTitle["Call the printer"])), as: TaskItem.self)
            let flyers = try expectOK(try await ada.makeTask(try #require(byTitle["Order the flyers"])), as: TaskItem.self)
            #expect(printer.id != flyers.id)

            // The task tells where it came from, in words for whoever reads it.
            let adas = try expectOK(try await ada.sources(of: task.id), as: TaskSources.self)
            #expect(adas.sources.map(\.label) == ["From your message in Launch crew"])
            #expect(adas.sources.first?.message.messageID == ask.id)
            #expect(adas.sources.first?.message.conversationID == team.id)
            let bobs = try expectOK(try await bob.sources(of: task.id), as: TaskSources.self)
            #expect(bobs.sources.map(\.label) == ["From Ada Lovelace's message in Launch crew"])
            // A stranger neither gets the actions nor learns where a task came from.
            expectError(try await dave.post("conversations/\(team.id)/actions", json: "{}"), .notFound, code: "not_found")
            expectError(try await dave.sources(of: task.id), .notFound, code: "not_found")
        }
    }

    @Test func aMemberOfTheListWhoIsNotInTheThreadSeesTheTaskButNotItsMessage() async throws {
        try await withSharedLaunch { ada, bob, carol, _, launch in
            let pair = try await ada.group("Venue", with: [bob])
            _ = try await ada.send("@bob can you book the venue by friday", to: pair.id)
            let venue = try #require(try await ada.actions(in: pair.id).actions.first)
            let task = try expectOK(try await ada.makeTask(venue), as: TaskItem.self)
            #expect(task.projectID == launch.id)
            #expect(try expectOK(try await carol.sources(of: task.id), as: TaskSources.self).sources.isEmpty)
        }
    }

    @Test func anAssigneeWithNoSharedListIsNotKeptAndTheCardSaysWhy() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob)
            _ = try await ada.send("can you send me the invoice by monday?", to: dm.id)
            let action = try #require(try await ada.actions(in: dm.id).actions.first)
            #expect(action.step.assigneeID == bob.me.id)
            #expect(action.placement.projectID == nil && action.placement.assigneeID == nil)
            #expect(action.placement.note?.contains("Bob") == true)
            let task = try expectOK(try await ada.makeTask(action), as: TaskItem.self)
            let inbox = try await ada.inbox()
            #expect(task.assigneeIDs.isEmpty && task.projectID == inbox.id)
            // The task is Ada's alone: Bob cannot read where it came from.
            expectError(try await bob.sources(of: task.id), .notFound, code: "not_found")
        }
    }

    @Test func badInputIsRefusedAndWritesNothing() async throws {
        try await withSharedLaunch { ada, bob, _, dave, launch in
            let team = try await ada.group("Launch crew", with: [bob])
            let ask = try await ada.send("@bob can you book the venue by friday", to: team.id).message
            expectError(
                try await ada.post("conversations/\(team.id)/actions", json: #"{"last": 0}"#), .badRequest,
                code: "invalid_field", mentioning: "last")
            expectError(
                try await ada.post("conversations/\(team.id)/actions", json: #"{"lats": 5}"#), .badRequest,
                code: "invalid_field", mentioning: "lats")
            let before = try await ada.taskIDs()
            // Dave is in neither the thread nor Launch: he cannot be given a task there.
            expectError(
                try await ada.post(
                    "messages/\(ask.id)/task",
                    MessageTaskRequest(projectID: launch.id, content: "Book the venue", assigneeID: dave.me.id)),
                .badRequest, code: "invalid_field", mentioning: "assignee_id")
            expectError(
                try await ada.post(
                    "messages/\(ask.id)/task", MessageTaskRequest(content: "Book the venue", dueDatetime: "friday")),
                .badRequest, code: "invalid_field", mentioning: "due_datetime")
            expectError(
                try await ada.post("messages/\(ask.id)/task", MessageTaskRequest(content: "   ")), .badRequest,
                code: "invalid_field", mentioning: "content")
            #expect(try await ada.taskIDs() == before)
        }
    }
}

/// The action items with a language model: its titles and assignees where its answer holds, the engine's dates,
/// and the engine's actions with the reason otherwise.
@Suite struct ModelThreadActionTests {
    func withTeam(
        _ model: ScriptedModel,
        _ body: @Sendable (_ ada: TestAPI, _ bob: TestAPI, _ dm: Conversation, _ posted: [Message]) async throws -> Void
    ) async throws {
        try await withAPI(languageModel: model) { api in
            let ada = try await api.signUp("ada@example.com", name: "Ada")
            let bob = try await api.signUp("bob@example.com", name: "Bob")
            let dm = try await ada.directMessage(with: bob)
            var posted: [Message] = []
            for (sender, text) in [
                (ada, "@bob can you email the caterer the headcount by thursday"),
                (bob, "sure, and I'll pick up the badges friday"),
            ] {
                posted.append(try await sender.send(text, to: dm.id).message)
            }
            try await body(ada, bob, dm, posted)
        }
    }

    static func action(_ title: String, _ assignee: String?, _ message: Int, _ quote: String) -> JSONValue {
        [
            "title": .string(title), "assignee": assignee.map(JSONValue.string) ?? .null,
            "message": .number(Double(message)), "quote": .string(quote),
        ]
    }

    @Test func theModelWordsTheActionsAndTheEngineDatesThem() async throws {
        let model = ScriptedModel(
            .json([
                "actions": [
                    Self.action("Email the headcount to the caterer", "Bob", 0, "can you email the caterer the headcount by thursday"),
                    Self.action("Pick up the badges", "Bob", 1, "I'll pick up the badges friday"),
                ]
            ]))
        try await withTeam(model) { ada, bob, dm, posted in
            let found = try await ada.actions(in: dm.id)
            #expect(found.model == .used)
            #expect(found.actions.map(\.step.title) == ["Email the headcount to the caterer", "Pick up the badges"])
            #expect(found.actions.map(\.step.assigneeID) == [bob.me.id, bob.me.id])
            #expect(found.actions.map { $0.step.due?.iso } == ["2026-03-05T09:00", "2026-03-06T09:00"])
            #expect(found.actions.map(\.step.messageID) == [posted[0].id, posted[1].id])
        }
        let prompt = try #require(model.prompts.first)
        let input = try JSONValue(parsing: try #require(prompt.messages.first.map(\.text)))
        #expect(input["members"]?.arrayValue?.count == 2)
        #expect(input["messages"]?.arrayValue?.count == 2)
    }

    @Test func anInventedQuoteOrAFailingModelGivesTheEnginesActionsAndSaysWhy() async throws {
        let cases: [(ScriptedModel.Answer, String)] = [
            (.json(["actions": [Self.action("Order cake", "Bob", 0, "please order a cake")]]), "malformed_answer"),
            (.json(["actions": [Self.action("Email the caterer", "Bob", 7, "email the caterer")]]), "malformed_answer"),
            (.failure(.serverError(status: 503)), "server_error"),
        ]
        for (script, reason) in cases {
            try await withTeam(ScriptedModel(script)) { ada, bob, dm, _ in
                let found = try await ada.actions(in: dm.id)
                #expect(found.model == ModelUse(used: false, reason: reason))
                #expect(found.actions.map(\.step.title) == ["Email the caterer the headcount", "Pick up the badges"])
            }
        }
    }

    @Test func nothingIsSentForSomeoneWhoTurnedTheModelOff() async throws {
        let model = ScriptedModel(.failure(.serverError(status: 500)))
        try await withTeam(model) { ada, _, dm, _ in
            _ = try expectOK(try await ada.post("user", UserUpdateRequest(aiEnabled: false)), as: User.self)
            #expect(try await ada.actions(in: dm.id).model == ModelUse(used: false, reason: "opted_out"))
        }
        #expect(model.prompts.isEmpty)
    }
}
