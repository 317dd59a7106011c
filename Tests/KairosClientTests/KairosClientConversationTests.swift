import Foundation
import KairosClient
import Testing

@Suite("KairosClient: conversations and messages against a live server")
struct KairosClientConversationTests {
    @Test("Two people talk in a group, turn a message into a task, share it, and see its updates")
    func roundTrip() async throws {
        try await withSignedInClient { ada in
            var bob = KairosClient(baseURL: ada.baseURL)
            let bobAuth = try await bob.signUp(
                email: "bob@example.com", password: "correct horse", name: "Bob", timezone: "UTC")
            bob.token = bobAuth.token

            let dm = try await ada.createConversation(.directMessage(userID: bobAuth.user.id))
            #expect(
                try await bob.createConversation(.directMessage(userID: try await ada.currentUser().id)).id == dm.id)

            let team = try await ada.createConversation(.group("Launch", memberIDs: [bobAuth.user.id]))
            #expect(team.members.count == 2)
            let renamed = try await ada.updateConversation(id: team.id, ConversationUpdateRequest(name: "Liftoff"))
            #expect(renamed.name == "Liftoff")
            let muted = try await bob.updateConversation(id: team.id, ConversationUpdateRequest(muted: true))
            #expect(muted.muted)

            let sent = try await bob.sendMessage(conversationID: team.id, text: "@ada can you book the venue? @zed")
            #expect(sent.message.mentions == [try await ada.currentUser().id])
            #expect(sent.unresolvedMentions == ["zed"])
            let retried = try await bob.sendMessage(
                conversationID: team.id, text: "again", clientID: sent.message.clientID)
            #expect(retried.message.id == sent.message.id)
            let edited = try await bob.editMessage(id: sent.message.id, text: "@ada can you book the venue?")
            #expect(edited.message.editedAt != nil)
            #expect(edited.unresolvedMentions.isEmpty)

            let unread = try await ada.conversation(id: team.id)
            #expect(unread.unreadCount == 1)
            #expect(try await ada.markRead(conversationID: team.id, messageID: sent.message.id).unreadCount == 0)

            let task = try await ada.createTask(fromMessage: sent.message.id)
            #expect(task.content == "@ada can you book the venue?")
            #expect(task.description.hasPrefix("Created from message by Bob on "))
            let card = try await ada.shareTask(id: task.id, into: dm.id)
            #expect(card.kind == .taskCard)
            #expect(card.task?.id == task.id)
            try await ada.closeTask(id: task.id)

            for thread in [team.id, dm.id] {
                let latest = try await bob.messages(conversationID: thread, limit: 1)
                #expect(latest.results.first?.text == "Ada completed \u{201C}\(task.content)\u{201D}")
                #expect(latest.results.first?.task?.isCompleted == true)
                #expect(latest.nextCursor != nil)
            }
            // The update reached the group last, so it has the latest activity.
            #expect(try await bob.allConversations().map(\.id) == [team.id, dm.id])

            let bobEvents = try await bob.events()
            // Rising with commit order; numbers of events in others' feeds are skipped.
            let seqs = bobEvents.results.map(\.seq)
            #expect(!seqs.isEmpty && zip(seqs, seqs.dropFirst()).allSatisfy { $0 < $1 })
            #expect(bobEvents.results.contains { $0.kind == .taskUpdated && $0.taskID == task.id })
            let last = try #require(bobEvents.results.last)
            #expect(try await bob.events(after: last.seq).results.isEmpty)

            let carolLess = try await ada.createConversation(.group("Trio", memberIDs: [bobAuth.user.id]))
            try await bob.leaveConversation(id: carolLess.id)
            await #expect(throws: KairosClientError.self) { _ = try await bob.conversation(id: carolLess.id) }
        }
    }

    @Test("Search finds messages and tasks together; a task's followers are listed")
    func searchAndFollowers() async throws {
        try await withSignedInClient { ada in
            var bob = KairosClient(baseURL: ada.baseURL)
            bob.token = try await bob.signUp(
                email: "bob@example.com", password: "correct horse", name: "Bob", timezone: "UTC"
            ).token
            let dm = try await bob.createConversation(.directMessage(userID: try await ada.currentUser().id))
            let sent = try await bob.sendMessage(conversationID: dm.id, text: "the lighthouse tour is booked")
            let task = try await ada.createTask(TaskCreateRequest(content: "Pay for the lighthouse tour"))

            let hits = try await ada.search("lighthouse").results
            #expect(Set(hits.map(\.id)) == [sent.message.id, task.id])
            #expect(hits.allSatisfy { $0.snippet.contains("<mark>") })
            #expect(try await ada.search("lighthouse", kind: .message).results.map(\.id) == [sent.message.id])
            #expect(try await bob.search("lighthouse").results.map(\.id) == [sent.message.id])

            #expect(try await ada.followers(ofTask: task.id).map(\.name) == ["Ada"])
        }
    }

    @Test("Read receipts reach the sender, and the setting hides them both ways")
    func receipts() async throws {
        try await withSignedInClient { ada in
            var bob = KairosClient(baseURL: ada.baseURL)
            let bobAuth = try await bob.signUp(
                email: "bob@example.com", password: "correct horse", name: "Bob", timezone: "UTC")
            bob.token = bobAuth.token
            let dm = try await ada.createConversation(.directMessage(userID: bobAuth.user.id))
            let hello = try await ada.sendMessage(conversationID: dm.id, text: "hello").message

            _ = try await bob.markRead(conversationID: dm.id, messageID: hello.id)
            let read = try #require(try await ada.events().results.last)
            #expect(read.kind == .conversationRead && read.userID == bobAuth.user.id && read.messageID == hello.id)
            let bobSeen = try await ada.conversation(id: dm.id).members.first { $0.userID == bobAuth.user.id }
            #expect(bobSeen?.lastReadMessageID == hello.id)
            #expect(bobSeen?.lastDeliveredMessageID == hello.id)

            #expect(try await bob.updateUser(UserUpdateRequest(hideReadReceipts: true)).hideReadReceipts)
            let hidden = try await ada.conversation(id: dm.id).members.first { $0.userID == bobAuth.user.id }
            #expect(hidden?.lastReadMessageID == nil)
            #expect(hidden?.lastDeliveredMessageID == hello.id)
        }
    }

    @Test("Errors come back typed, with the field named")
    func errors() async throws {
        try await withSignedInClient { ada in
            let me = try await ada.currentUser()
            do {
                _ = try await ada.createConversation(.directMessage(userID: me.id))
                Issue.record("a direct message with yourself must fail")
            } catch KairosClientError.server(let status, let code, let message) {
                #expect(status == 400)
                #expect(code == "invalid_field")
                #expect(message.contains("yourself"))
            }
            do {
                _ = try await ada.messages(conversationID: "12345")
                Issue.record("an unknown conversation must fail")
            } catch KairosClientError.server(let status, let code, _) {
                #expect(status == 404)
                #expect(code == "not_found")
            }
        }
    }
}

@Suite("KairosClient: thread summaries against a live server")
struct KairosClientSummaryTests {
    @Test("A member summarises a thread's latest messages; a stranger is told it was not found")
    func summarize() async throws {
        try await withSignedInClient { ada in
            var bob = KairosClient(baseURL: ada.baseURL)
            let bobAuth = try await bob.signUp(
                email: "bob@example.com", password: "correct horse", name: "Bob", timezone: "UTC")
            bob.token = bobAuth.token
            let dm = try await ada.createConversation(.directMessage(userID: bobAuth.user.id))
            let decided = try await ada.sendMessage(
                conversationID: dm.id, text: "we decided to ship the beta on monday")
            let blocked = try await bob.sendMessage(
                conversationID: dm.id, text: "waiting on the app store review before the beta goes out")

            let summary = try await bob.summarize(conversation: dm.id)
            #expect(summary.decisions.map(\.messageID) == [decided.message.id])
            #expect(summary.decisions.first?.sender == (try await ada.currentUser().name))
            #expect(summary.blockers.map(\.text) == ["waiting on the app store review before the beta goes out"])
            #expect(summary.blockers.first?.senderID == bobAuth.user.id)
            #expect(summary.model == ModelUse(used: false, reason: "off"))
            #expect(try await bob.summarize(conversation: dm.id, last: 1).decisions.isEmpty)
            #expect(
                try await ada.messages(conversationID: dm.id, limit: 10).results.map(\.id) == [
                    blocked.message.id, decided.message.id,
                ])

            var carol = KairosClient(baseURL: ada.baseURL)
            carol.token = try await carol.signUp(
                email: "carol@example.com", password: "correct horse", name: "Carol", timezone: "UTC"
            ).token
            do {
                _ = try await carol.summarize(conversation: dm.id)
                Issue.record("a stranger must not get a summary")
            } catch let KairosClientError.server(status, code, _) {
                #expect(status == 404)
                #expect(code == "not_found")
            }
            do {
                _ = try await bob.summarize(conversation: dm.id, last: 0)
                Issue.record("last 0 must be refused")
            } catch let KairosClientError.server(status, _, message) {
                #expect(status == 400)
                #expect(message.contains("last"))
            }
        }
    }
}

@Suite("KairosClient: a thread's action items against a live server")
struct KairosClientActionTests {
    @Test("A member lists a thread's actions, makes one a task linked to its message, and reads where it came from")
    func actionsBecomeTasks() async throws {
        try await withSignedInClient { ada in
            var bob = KairosClient(baseURL: ada.baseURL)
            let bobAuth = try await bob.signUp(
                email: "bob@example.com", password: "correct horse", name: "Bob", timezone: "UTC")
            bob.token = bobAuth.token
            let dm = try await ada.createConversation(.directMessage(userID: bobAuth.user.id))
            let ask = try await bob.sendMessage(conversationID: dm.id, text: "can you send me the invoice by friday?")

            let found = try await ada.actions(in: dm.id)
            let action = try #require(found.actions.first)
            #expect(found.actions.count == 1 && action.step.title == "Send me the invoice")
            #expect(action.step.messageID == ask.message.id && action.sender == "Bob")
            #expect(action.step.assigneeID == (try await ada.currentUser().id))
            #expect(action.step.due?.time.iso.hasPrefix("09:00") == true)

            let task = try await ada.createTask(from: action)
            #expect(task.content == "Send me the invoice" && task.due?.time != nil)
            #expect(try await ada.actions(in: dm.id).actions.first?.taskID == task.id)
            let sources = try await ada.sources(ofTask: task.id)
            #expect(sources.sources.map(\.label) == ["From Bob's message"])
            #expect(sources.sources.first?.message.conversationID == dm.id)
        }
    }
}

@Suite("KairosClient: commitment questions against a live server")
struct KairosClientSearchAnswerTests {
    @Test("What did I promise Bob is answered with why; a plain search gives the hits; an empty query is refused")
    func answer() async throws {
        try await withSignedInClient { ada in
            var bob = KairosClient(baseURL: ada.baseURL)
            let bobAuth = try await bob.signUp(
                email: "bob@example.com", password: "correct horse", name: "Bob", timezone: "UTC")
            bob.token = bobAuth.token
            let dm = try await ada.createConversation(.directMessage(userID: bobAuth.user.id))
            let promised = try await ada.sendMessage(conversationID: dm.id, text: "I'll send the lighthouse photos")

            let answer = try await ada.answer("what did I promise Bob")
            #expect(answer.answered && answer.question.person?.id == bobAuth.user.id)
            #expect(answer.question.direction == .mine && answer.model == ModelUse(used: false, reason: "off"))
            let result = try #require(answer.results.first)
            #expect(answer.results.count == 1 && result.kind == .commitment)
            #expect(result.title == "Send the lighthouse photos" && result.messageID == promised.message.id)
            #expect(result.conversationID == dm.id && result.reason.hasPrefix("You told Bob you'd send the lighthouse photos"))

            let plain = try await ada.answer("lighthouse", limit: 5)
            #expect(!plain.answered && plain.results.isEmpty)
            #expect(plain.hits.results.map(\.id) == [promised.message.id])
            do {
                _ = try await ada.answer(" ")
                Issue.record("an empty query must be refused")
            } catch let KairosClientError.server(status, code, message) {
                #expect(status == 400 && code == "invalid_field" && message.contains("q"))
            }
        }
    }
}
