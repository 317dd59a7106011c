import Foundation
import Hummingbird
import KairosCore
import Testing

@Suite("Messages: sending, mentions, idempotent retries, edits, history and read state")
struct MessageTests {
    @Test("A message is stored trimmed, with its author, mentions and the sender's client id")
    func sendAndRead() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let team = try await ada.group("Launch", with: [bob])
            let posted = try await bob.send(
                "  @ada and @Bob.  please check, and ask @carol or @zed (mail me at bob@example.com)  ", to: team.id,
                clientID: "c-1")
            let message = posted.message
            #expect(message.text == "@ada and @Bob.  please check, and ask @carol or @zed (mail me at bob@example.com)")
            #expect(message.kind == .text)
            #expect(message.authorID == bob.me.id)
            #expect(message.conversationID == team.id)
            #expect(message.clientID == "c-1")
            #expect(message.editedAt == nil)
            #expect(message.createdAt == ada.clock.now)
            #expect(message.mentions == [ada.me.id, bob.me.id].sorted { Int($0)! < Int($1)! })
            #expect(posted.unresolvedMentions == ["carol", "zed"])
            _ = carol

            let raw = try #require(try await ada.get("conversations/\(team.id)/messages").object)
            let first = try #require((raw["results"] as? [[String: Any]])?.first)
            #expect(
                Set(first.keys) == [
                    "id", "conversation_id", "author_id", "kind", "text", "mentions", "task", "client_id", "created_at",
                    "edited_at", "attachments",
                ])
            #expect(try await ada.history(team.id).first == message)
        }
    }

    @Test("Text must be 1 to 10,000 characters; a bad send writes nothing")
    func textLimits() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob)
            let path = "conversations/\(dm.id)/messages"
            for text in ["", "  \n ", String(repeating: "é", count: 10_001)] {
                expectError(
                    try await ada.post(path, MessageSendRequest(text: text)), .badRequest, code: "invalid_field",
                    mentioning: "text")
            }
            expectError(
                try await ada.post(path, json: #"{"client_id": "x"}"#), .badRequest, code: "invalid_field",
                mentioning: "text")
            expectError(
                try await ada.post(path, json: #"{"text": 42}"#), .badRequest, code: "invalid_field", mentioning: "text"
            )
            expectError(
                try await ada.post(path, MessageSendRequest(text: "hi", clientID: String(repeating: "x", count: 101))),
                .badRequest, code: "invalid_field", mentioning: "client_id")
            expectError(try await ada.post(path, json: "not json"), .badRequest, code: "bad_request")
            #expect(try await ada.history(dm.id).isEmpty)

            let longest = String(repeating: "é", count: 10_000)
            #expect(try await ada.send(longest, to: dm.id).message.text == longest)
            #expect(try await bob.history(dm.id).count == 1)
        }
    }

    @Test("Sending again with the same client id returns the first message, never a second one")
    func idempotentRetry() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob)
            let first = try await ada.send("on my way", to: dm.id, clientID: "retry-1").message
            let again = try await ada.send("on my way", to: dm.id, clientID: "retry-1").message
            #expect(again == first)
            // The same client id from someone else is their own message.
            let bobs = try await bob.send("me too", to: dm.id, clientID: "retry-1").message
            #expect(bobs.id != first.id)
            #expect(try await ada.history(dm.id).count == 2)

            let team = try await ada.group("Launch", with: [bob])
            expectError(
                try await ada.post(
                    "conversations/\(team.id)/messages", MessageSendRequest(text: "on my way", clientID: "retry-1")),
                .conflict, code: "conflict", mentioning: "client_id")
            #expect(try await ada.history(team.id).count == 1)
        }
    }

    @Test("20 concurrent sends: the same client id makes one message, different ones make 20")
    func concurrentSends() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob)
            let sameIDs = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<20 {
                    group.addTask { try await ada.send("once", to: dm.id, clientID: "same").message.id }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(sameIDs.count == 1)
            #expect(try await bob.history(dm.id).count == 1)

            let distinctIDs = try await withThrowingTaskGroup(of: String.self) { group in
                for number in 0..<20 {
                    let sender = number.isMultiple(of: 2) ? ada : bob
                    group.addTask { try await sender.send("n\(number)", to: dm.id, clientID: "c\(number)").message.id }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(distinctIDs.count == 20)
            let history = try await bob.history(dm.id)
            #expect(history.count == 21)
            #expect(Set(history.map(\.text)) == Set((0..<20).map { "n\($0)" } + ["once"]))
        }
    }

    @Test("History pages run newest first across pages, with no gaps or repeats")
    func historyPaging() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob)
            var sent: [String] = []
            for number in 0..<120 {
                sent.append(try await (number.isMultiple(of: 3) ? bob : ada).send("m\(number)", to: dm.id).message.id)
            }
            var seen: [Message] = []
            var cursor: String?
            var pages = 0
            repeat {
                var query: [(String, String)] = [("limit", "50")]
                if let cursor { query.append(("cursor", cursor)) }
                let page = try expectOK(
                    try await ada.get("conversations/\(dm.id)/messages" + queryString(query)), as: Page<Message>.self)
                seen += page.results
                cursor = page.nextCursor
                pages += 1
            } while cursor != nil
            #expect(pages == 3)
            #expect(seen.map(\.id) == sent.reversed())
            #expect(seen.first?.text == "m119")

            let path = "conversations/\(dm.id)/messages"
            expectError(
                try await ada.get(path, ["limit": "201"]), .badRequest, code: "invalid_field", mentioning: "limit")
            expectError(
                try await ada.get(path, ["limit": "x"]), .badRequest, code: "invalid_field", mentioning: "limit")
            expectError(
                try await ada.get(path, ["cursor": "zzz"]), .badRequest, code: "invalid_field", mentioning: "cursor")
        }
    }

    @Test("The author edits their text; anyone else, a notice, or a stranger gets 404")
    func edit() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let team = try await ada.group("Launch", with: [bob])
            let message = try await bob.send("see you at 5", to: team.id).message
            ada.clock.set("2026-03-04T15:00:00Z")
            let edited = try expectOK(
                try await bob.post("messages/\(message.id)", MessageSendRequest(text: "see you at 6, @ada")),
                as: PostedMessage.self)
            #expect(edited.message.id == message.id)
            #expect(edited.message.text == "see you at 6, @ada")
            #expect(edited.message.mentions == [ada.me.id])
            #expect(edited.message.editedAt == APITimestamp.parse("2026-03-04T15:00:00Z"))
            #expect(edited.message.createdAt == message.createdAt)

            let notice = try #require(try await ada.history(team.id).last)
            #expect(notice.kind == .system)
            for (caller, id) in [
                (ada, message.id), (carol, message.id), (ada, notice.id), (bob, notice.id), (bob, "999"),
            ] {
                expectError(
                    try await caller.post("messages/\(id)", MessageSendRequest(text: "pwned")), .notFound,
                    code: "not_found")
            }
            expectError(
                try await bob.post("messages/\(message.id)", MessageSendRequest(text: " ")), .badRequest,
                code: "invalid_field", mentioning: "text")
            #expect(try await ada.history(team.id).first?.text == "see you at 6, @ada")
        }
    }

    @Test("Unread counts per member; reading moves forward only and names a message of this conversation")
    func readState() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob)
            let first = try await ada.send("one", to: dm.id).message
            try await ada.send("two", to: dm.id)
            let third = try await ada.send("three", to: dm.id).message
            #expect(try await bob.conversation(dm.id).unreadCount == 3)
            #expect(try await ada.conversation(dm.id).unreadCount == 0)

            let read = try expectOK(
                try await bob.post("conversations/\(dm.id)/read", ConversationReadRequest(messageID: third.id)),
                as: Conversation.self)
            #expect(read.unreadCount == 0)
            #expect(read.lastReadMessageID == third.id)
            _ = try expectOK(
                try await bob.post("conversations/\(dm.id)/read", ConversationReadRequest(messageID: first.id)),
                as: Conversation.self)
            #expect(try await bob.conversation(dm.id).lastReadMessageID == third.id)

            try await ada.send("four", to: dm.id)
            #expect(try await bob.conversations().first?.unreadCount == 1)
            // Replying counts everything before as read for the one replying.
            try await bob.send("ok", to: dm.id)
            #expect(try await bob.conversation(dm.id).unreadCount == 0)
            #expect(try await ada.conversation(dm.id).unreadCount == 1)

            let team = try await ada.group("Launch", with: [bob])
            let elsewhere = try await ada.send("elsewhere", to: team.id).message
            expectError(
                try await bob.post("conversations/\(dm.id)/read", ConversationReadRequest(messageID: elsewhere.id)),
                .notFound, code: "not_found", mentioning: "message_id")
            expectError(
                try await bob.post("conversations/\(dm.id)/read", json: "{}"), .badRequest, code: "invalid_field",
                mentioning: "message_id")
        }
    }
}
