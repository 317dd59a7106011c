import Foundation
import Hummingbird
import KairosCore
import KairosStore
import Testing

extension TestAPI {
    /// Asks the assistant and returns its answer.
    func ask(_ text: String, clientID: String? = nil) async throws -> AssistantMessage {
        let reply = try await post("assistant/messages", AssistantMessageRequest(text: text, clientID: clientID))
        return try expectOK(reply, as: AssistantMessageResponse.self).message
    }

    func addCard(_ index: Int, of message: AssistantMessage) async throws -> AssistantMessage {
        let reply = try await post("assistant/messages/\(message.id)/cards/\(index)/add")
        return try expectOK(reply, as: AssistantMessageResponse.self).message
    }

    func dismissCard(_ index: Int, of message: AssistantMessage) async throws -> AssistantMessage {
        let reply = try await post("assistant/messages/\(message.id)/cards/\(index)/dismiss")
        return try expectOK(reply, as: AssistantMessageResponse.self).message
    }

    /// The whole chat, newest first.
    func assistantHistory() async throws -> [AssistantMessage] {
        try expectOK(try await get("assistant/messages", ["limit": "200"]), as: Page<AssistantMessage>.self).results
    }
}

// Ada's moment (`withAda`'s default): Wednesday 2026-03-04 09:30 in New York.

@Suite("Assistant chat: answers by type, cards to tasks, history, streaming")
struct AssistantTests {
    // MARK: Answers by type

    @Test("A reminder with a date answers one proposed task card with the right due, and creates nothing")
    func reminderCard() async throws {
        try await withAda { ada in
            let answer = try await ada.ask("remind me to call the dentist friday at 3pm")
            #expect(answer.role == .assistant)
            #expect(answer.type == .reminder)
            #expect(answer.text == "Here's the reminder I'd set up. Add it to schedule it:")
            #expect(answer.cards.count == 1)
            let card = try #require(answer.cards.first)
            #expect(card.state == .proposed)
            guard case .task(let task) = card.content else {
                Issue.record("expected a task card, got \(card)")
                return
            }
            #expect(task.title == "Call the dentist")
            #expect(task.due == "2026-03-06T15:00")
            #expect(try await ada.tasks().isEmpty)

            let two = try await ada.ask("add milk to my grocery list and water the ferns tomorrow at 4")
            #expect(two.type == .reminder)
            #expect(two.text == "Here are the 2 reminders I'd set up. Add them to schedule them:")
            #expect(two.cards.count == 2)
        }
    }

    @Test("A long message is read as a short one is")
    func longMessage() async throws {
        try await withAda { ada in
            let text =
                "remind me to call mom friday at 5pm. " + String(repeating: "the weather is nice today. ", count: 100)
            #expect(text.utf8.count > 2_000)
            let answer = try await ada.ask(text)
            #expect(answer.type == .reminder)
            guard case .task(let task) = try #require(answer.cards.first).content else {
                Issue.record("expected a task card, got \(answer.cards)")
                return
            }
            #expect(task.title == "Call mom")
            #expect(task.due == "2026-03-06T17:00")
        }
    }

    @Test("A message answers in the documented JSON shape")
    func messageShape() async throws {
        try await withAda { ada in
            let reply = try await ada.post("assistant/messages", json: #"{"text": "remind me to pay rent friday"}"#)
            let message = try #require(reply.object?["message"] as? [String: Any])
            #expect(Set(message.keys) == ["id", "role", "type", "text", "cards", "client_id", "created_at"])
            let card = try #require((message["cards"] as? [[String: Any]])?.first)
            #expect(Set(card.keys) == ["kind", "state", "task_ids", "task"])
            #expect(card["kind"] as? String == "task")
            let task = try #require(card["task"] as? [String: Any])
            #expect(
                Set(task.keys) == ["title", "description", "due", "list", "priority", "labels", "recurrence"])
        }
    }

    @Test("A request for a list answers a list card with the items named, none invented")
    func listCard() async throws {
        try await withAda { ada in
            let answer = try await ada.ask("make a packing list for the beach: sunscreen, towels and snacks")
            #expect(answer.type == .todoList)
            #expect(
                answer.cards == [
                    AssistantCard(
                        content: .list(title: "Packing list for the beach", items: ["Sunscreen", "Towels", "Snacks"]))
                ])
            #expect(answer.text.contains("sunscreen, towels and snacks"))

            let empty = try await ada.ask("can you make a list")
            #expect(empty.type == .todoList)
            #expect(empty.cards == [AssistantCard(content: .list(title: "List", items: []))])
            #expect(try await ada.tasks().isEmpty)
        }
    }

    @Test("A date question answers the weekday and date in words, with the year only when it is not this one")
    func dateAnswers() async throws {
        try await withAda { ada in
            let march6 = try await ada.ask("what day is March 6")
            #expect(march6.type == .dateQuery)
            #expect(march6.text == "That's Friday, March 6.")
            #expect(march6.cards.isEmpty)
            #expect(try await ada.ask("what's the date march 9 2027").text == "That's Tuesday, March 9, 2027.")
            #expect(try await ada.ask("what's today's date").text == "Today is Wednesday, March 4.")
        }
    }

    @Test("What's due tomorrow lists exactly the asker's tasks due tomorrow, nobody else's")
    func dueTomorrow() async throws {
        try await withAda { ada in
            let rent = try await ada.createTask("Pay rent", dueDate: "2026-03-05")
            let mom = try await ada.createTask("Call mom", dueString: "tomorrow at 6pm")
            _ = try await ada.createTask("Water the ferns", dueDate: "2026-03-04")
            _ = try await ada.createTask("Someday read Ulysses")
            let bob = try await ada.with(token: nil).signUp("bob@example.com", name: "Bob")
            _ = try await bob.createTask("Bob's dentist", dueDate: "2026-03-05")

            let answer = try await ada.ask("what's due tomorrow?")
            #expect(answer.type == .conversation)
            #expect(answer.text == "You have 2 tasks due tomorrow:")
            guard case .tasks(let listed) = try #require(answer.cards.first).content else {
                Issue.record("expected a tasks card, got \(answer.cards)")
                return
            }
            #expect(Set(listed.map(\.id)) == [rent.id, mom.id])
            #expect(answer.cards.first?.state == nil)

            let bobs = try await bob.ask("what's due tomorrow")
            guard case .tasks(let bobListed) = try #require(bobs.cards.first).content else {
                Issue.record("expected a tasks card, got \(bobs.cards)")
                return
            }
            #expect(bobListed.map(\.content) == ["Bob's dentist"])
        }
    }

    @Test("Overdue and completed questions are answered from the task list")
    func overdueAndCompleted() async throws {
        try await withAda { ada in
            #expect(try await ada.ask("what's overdue").text == "Nothing is overdue. You're all caught up.")
            let late = try await ada.createTask("File taxes", dueDate: "2026-03-01")
            let overdue = try await ada.ask("what is overdue?")
            #expect(overdue.text == "You have 1 task overdue:")
            #expect(overdue.cards.first?.content == .tasks([AssistantTaskSummary(late)]))

            let done = try await ada.createTask("Buy stamps")
            try await ada.close(done.id)
            let completed = try await ada.ask("what did I complete today?")
            #expect(completed.text == "You completed 1 task today:")
            guard case .tasks(let listed) = try #require(completed.cards.first).content else {
                Issue.record("expected a tasks card")
                return
            }
            #expect(listed.map(\.id) == [done.id])
        }
    }

    @Test("Greetings and thanks get a short reply; anything else an honest offline answer")
    func conversation() async throws {
        try await withAda { ada in
            let hello = try await ada.ask("hi!")
            #expect(hello.type == .conversation)
            #expect(hello.text.hasPrefix("Hi!"))
            #expect(try await ada.ask("thanks so much").text == "You're welcome!")
            let other = try await ada.ask("what's the capital of France?")
            #expect(other.type == .conversation)
            #expect(other.text.contains("offline"))
            #expect(other.text.contains("model"))
            #expect(other.cards.isEmpty)
        }
    }

    // MARK: Streaming

    @Test("With Accept: text/event-stream the answer comes as a delta event, then the whole message")
    func serverSentEvents() async throws {
        try await withAda { ada in
            let reply = try await ada.send(
                .post, "assistant/messages", body: Data(#"{"text": "what day is March 6"}"#.utf8),
                headers: [.accept: "text/event-stream"])
            #expect(reply.status == .ok)
            #expect(reply.headers[.contentType]?.hasPrefix("text/event-stream") == true)
            let frames = reply.text.components(separatedBy: "\n\n").filter { !$0.isEmpty }
            #expect(frames.count == 2)
            #expect(reply.text.hasSuffix("\n\n"))
            let parsed = frames.map { frame -> (event: String, data: Data) in
                let lines = frame.components(separatedBy: "\n")
                return (
                    String(lines[0].dropFirst("event: ".count)), Data(lines[1].dropFirst("data: ".count).utf8)
                )
            }
            #expect(parsed.map(\.event) == ["delta", "message"])
            let delta = try APICoding.makeDecoder().decode(AssistantDelta.self, from: parsed[0].data)
            #expect(delta.text == "That's Friday, March 6.")
            let message = try APICoding.makeDecoder().decode(AssistantMessage.self, from: parsed[1].data)
            #expect(message.type == .dateQuery)
            #expect(message.text == delta.text)
            #expect(try await ada.assistantHistory().first == message)
        }
    }

    // MARK: History and retries

    @Test("A retry with the same client_id gets the first answer back and stores nothing more")
    func idempotentClientID() async throws {
        try await withAda { ada in
            let first = try await ada.ask("remind me to call the bank monday", clientID: "m-1")
            let again = try await ada.ask("remind me to call the bank monday", clientID: "m-1")
            #expect(again == first)
            #expect(first.clientID == "m-1")
            let history = try await ada.assistantHistory()
            #expect(history.map(\.role) == [.assistant, .user])
            #expect(history.last?.text == "remind me to call the bank monday")
        }
    }

    @Test("History pages newest first with cursors")
    func historyPages() async throws {
        try await withAda { ada in
            for text in ["hi", "what day is March 6", "thanks"] { _ = try await ada.ask(text) }
            let first = try expectOK(
                try await ada.get("assistant/messages", ["limit": "4"]), as: Page<AssistantMessage>.self)
            #expect(
                first.results.map(\.text) == [
                    "You're welcome!", "thanks", "That's Friday, March 6.", "what day is March 6",
                ])
            let cursor = try #require(first.nextCursor)
            let second = try expectOK(
                try await ada.get("assistant/messages", ["limit": "4", "cursor": cursor]),
                as: Page<AssistantMessage>.self)
            #expect(second.results.map(\.role) == [.assistant, .user])
            #expect(second.results.last?.text == "hi")
            #expect(second.nextCursor == nil)
            expectError(
                try await ada.get("assistant/messages", ["cursor": "nonsense"]), .badRequest, code: "invalid_field",
                mentioning: "cursor")
        }
    }

    // MARK: Cards

    @Test("Adding a task card creates the task with a reminder at its due time, once")
    func addTaskCard() async throws {
        try await withAda { ada in
            let answer = try await ada.ask("remind me to call the dentist friday at 3pm")
            let added = try await ada.addCard(0, of: answer)
            guard case .added(let ids) = try #require(added.cards.first?.state) else {
                Issue.record("expected the card added, got \(added.cards)")
                return
            }
            #expect(ids.count == 1)
            let task = try await ada.task(try #require(ids.first))
            #expect(task.content == "Call the dentist")
            #expect(task.due?.date.iso == "2026-03-06")
            #expect(task.due?.time?.hourMinute == "15:00")
            let reminders = try await ada.reminders(on: task.id)
            #expect(reminders.count == 1)
            #expect(reminders.first?.type == .relative)
            #expect(reminders.first?.minuteOffset == 0)

            let twice = try await ada.addCard(0, of: answer)
            #expect(twice == added)
            #expect(try await ada.tasks().map(\.id) == [task.id])
            #expect(try await ada.reminders(on: task.id).count == 1)
            #expect(try await ada.assistantHistory().first == added)
        }
    }

    @Test("Adding a list card creates a task with the items as its subtasks")
    func addListCard() async throws {
        try await withAda { ada in
            let answer = try await ada.ask("make a packing list for the beach: sunscreen, towels and snacks")
            let added = try await ada.addCard(0, of: answer)
            guard case .added(let ids) = try #require(added.cards.first?.state) else {
                Issue.record("expected the card added, got \(added.cards)")
                return
            }
            #expect(ids.count == 4)
            let parent = try await ada.task(ids[0])
            #expect(parent.content == "Packing list for the beach")
            let subtasks = try await ada.tasks(["parent_id": parent.id])
            #expect(subtasks.map(\.content) == ["Sunscreen", "Towels", "Snacks"])
            #expect(Set(subtasks.map(\.id)) == Set(ids.dropFirst()))
            _ = try await ada.addCard(0, of: answer)
            #expect(try await ada.tasks().count == 4)
        }
    }

    @Test("Dismissing a card marks it dismissed and creates nothing; an added card cannot be dismissed")
    func dismissCard() async throws {
        try await withAda { ada in
            let answer = try await ada.ask("remind me to water the ferns tomorrow and call mom friday")
            let dismissed = try await ada.dismissCard(1, of: answer)
            #expect(dismissed.cards.map(\.state) == [.proposed, .dismissed])
            #expect(try await ada.tasks().isEmpty)

            _ = try await ada.addCard(0, of: answer)
            expectError(
                try await ada.post("assistant/messages/\(answer.id)/cards/0/dismiss"), .conflict, code: "conflict",
                mentioning: "added")
        }
    }

    @Test("With add without asking on, a reminder's cards are added when the answer is made")
    func addWithoutAsking() async throws {
        try await withAda { ada in
            #expect(try await ada.get("user").object?["assistant_adds_without_asking"] as? Bool == false)
            let user = try expectOK(
                try await ada.post("user", json: #"{"assistant_adds_without_asking": true}"#), as: User.self)
            #expect(user.assistantAddsWithoutAsking)
            #expect(try await ada.get("user").object?["assistant_adds_without_asking"] as? Bool == true)

            let answer = try await ada.ask("remind me to call the dentist friday at 3pm")
            #expect(answer.text == "I've set up a reminder based on your request. Here's what I've scheduled:")
            guard case .added(let ids) = try #require(answer.cards.first?.state) else {
                Issue.record("expected the card added, got \(answer.cards)")
                return
            }
            let task = try await ada.task(try #require(ids.first))
            #expect(task.content == "Call the dentist")
            #expect(try await ada.reminders(on: task.id).count == 1)
            // Lists still wait for a tap.
            let list = try await ada.ask("make a grocery list: eggs and milk")
            #expect(list.cards.first?.state == .proposed)
            #expect(try await ada.tasks().count == 1)

            expectError(
                try await ada.post("user", json: #"{"assistant_adds_without_asking": "yes"}"#), .badRequest,
                code: "invalid_field", mentioning: "assistant_adds_without_asking")
        }
    }

    // MARK: Unhappy paths

    @Test("Nobody sees or acts on another's messages and cards")
    func isolation() async throws {
        try await withAda { ada in
            let answer = try await ada.ask("remind me to call the dentist friday at 3pm")
            let bob = try await ada.with(token: nil).signUp("bob@example.com", name: "Bob")
            expectError(
                try await bob.post("assistant/messages/\(answer.id)/cards/0/add"), .notFound, code: "not_found")
            expectError(
                try await bob.post("assistant/messages/\(answer.id)/cards/0/dismiss"), .notFound, code: "not_found")
            #expect(try await bob.assistantHistory().isEmpty)
            #expect(try await ada.assistantHistory().first?.cards.first?.state == .proposed)
            #expect(try await ada.tasks().isEmpty)
            // The same client id is each person's own.
            let bobs = try await bob.ask("what day is March 6", clientID: "same")
            let adas = try await ada.ask("hi", clientID: "same")
            #expect(bobs.id != adas.id)
            #expect(adas.text.hasPrefix("Hi!"))
        }
    }

    @Test("Bad input is a clear 400 or 404 and changes nothing")
    func badInput() async throws {
        try await withAda { ada in
            let answer = try await ada.ask("remind me to pay rent friday")
            let question = try #require(try await ada.assistantHistory().last)
            let before = try await ada.assistantHistory()

            expectError(
                try await ada.post("assistant/messages", json: #"{"text": "   "}"#), .badRequest, code: "invalid_field",
                mentioning: "text")
            expectError(
                try await ada.post(
                    "assistant/messages", AssistantMessageRequest(text: String(repeating: "a", count: 10_001))),
                .badRequest, code: "invalid_field", mentioning: "text")
            expectError(
                try await ada.post("assistant/messages", json: #"{"txt": "hi"}"#), .badRequest, code: "invalid_field")
            expectError(
                try await ada.post("assistant/messages", json: #"{"text": "hi", "client_id": ""}"#), .badRequest,
                code: "invalid_field", mentioning: "client_id")
            expectError(
                try await ada.post("assistant/messages/\(answer.id)/cards/x/add"), .badRequest, code: "invalid_field",
                mentioning: "index")
            expectError(
                try await ada.post("assistant/messages/\(answer.id)/cards/3/add"), .notFound, code: "not_found")
            expectError(
                try await ada.post("assistant/messages/\(question.id)/cards/0/add"), .notFound, code: "not_found")
            expectError(try await ada.post("assistant/messages/999999/cards/0/add"), .notFound, code: "not_found")

            _ = try await ada.createTask("Pay rent", dueDate: "2026-03-05")
            let listing = try await ada.ask("what's due tomorrow")
            expectError(
                try await ada.post("assistant/messages/\(listing.id)/cards/0/add"), .badRequest, code: "invalid_field",
                mentioning: "index")

            #expect(try await ada.assistantHistory().suffix(before.count) == before)
            #expect(try await ada.tasks().map(\.content) == ["Pay rent"])
        }
    }

    @Test("Deleting the account deletes the assistant history")
    func accountDeletion() async throws {
        try await withAda { ada in
            _ = try await ada.ask("what day is March 6")
            let userID = ada.me.id
            #expect(try await ada.store.assistantMessages(userID: userID, page: PageRequest()).results.count == 2)
            try expectNoContent(try await ada.deleteAccount())
            #expect(try await ada.store.assistantMessages(userID: userID, page: PageRequest()).results.isEmpty)
        }
    }
}
