import Foundation
import Hummingbird
import KairosCore
import Testing

extension TestAPI {
    /// The caller's events after `seq`, one page of up to 200.
    func events(after seq: Int = 0) async throws -> Page<UserEvent> {
        try expectOK(try await get("events", ["after": String(seq), "limit": "200"]), as: Page<UserEvent>.self)
    }
}

@Suite("Events: each user's numbered feed, for catching up after a disconnect")
struct EventTests {
    @Test("An event whose task is deleted keeps its number: the next event never reuses it, so none is skipped")
    func deletedSubjectKeepsSeq() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob)
            let task = try await ada.createTask("Send the report")
            _ = try await ada.share(task.id, into: dm.id)
            try await ada.close(task.id)
            let seen = try await bob.events().results
            let last = try #require(seen.last)
            #expect(last.kind == .taskUpdated && last.taskID == task.id)

            try expectNoContent(try await ada.delete("tasks/\(task.id)"))
            let after = try await ada.send("still there?", to: dm.id).message
            let missed = try await bob.events(after: last.seq).results
            #expect(missed.map(\.messageID) == [after.id])
            #expect(missed.allSatisfy { $0.seq > last.seq })
            #expect(try await bob.events().results.allSatisfy { $0.kind != .taskUpdated || $0.taskID != nil })
        }
    }

    @Test("New and edited messages reach every member's feed, numbered in the order they were made")
    func messageEvents() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let dm = try await ada.directMessage(with: bob)
            let hello = try await ada.send("hello", to: dm.id).message
            let reply = try await bob.send("hi", to: dm.id).message
            _ = try expectOK(
                try await ada.post("messages/\(hello.id)", MessageSendRequest(text: "hello there")),
                as: PostedMessage.self)

            let feed = try await bob.events()
            #expect(feed.results.map(\.seq) == [1, 2, 3])
            #expect(feed.results.map(\.kind) == [.messageCreated, .messageCreated, .messageEdited])
            #expect(feed.results.map(\.messageID) == [hello.id, reply.id, hello.id])
            #expect(feed.results.allSatisfy { $0.conversationID == dm.id })
            // Events carry the message as it is now.
            #expect(feed.results.first?.message?.text == "hello there")
            #expect(feed.nextCursor == nil)

            // Reconnecting after seq 1 returns exactly what was missed.
            #expect(try await bob.events(after: 1).results.map(\.seq) == [2, 3])
            #expect(try await bob.events(after: 3).results.isEmpty)
            #expect(try await ada.events().results.map(\.seq) == [1, 2, 3])
            #expect(try await carol.events().results.isEmpty)

            let first = try expectOK(try await bob.get("events", ["limit": "2"]), as: Page<UserEvent>.self)
            #expect(first.results.map(\.seq) == [1, 2])
            #expect(first.nextCursor == "2")

            expectError(
                try await bob.get("events", ["after": "-1"]), .badRequest, code: "invalid_field", mentioning: "after")
            expectError(
                try await bob.get("events", ["after": "x"]), .badRequest, code: "invalid_field", mentioning: "after")
            expectError(
                try await bob.get("events", ["limit": "500"]), .badRequest, code: "invalid_field", mentioning: "limit")
        }
    }

    @Test("Under 20 concurrent senders each feed stays in order, complete and duplicate-free")
    func concurrentFeeds() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let team = try await ada.group("Launch", with: [bob, carol])
            try await withThrowingTaskGroup(of: Void.self) { group in
                for number in 0..<20 {
                    let sender = [ada, bob, carol][number % 3]
                    group.addTask { try await sender.send("n\(number)", to: team.id) }
                }
                try await group.waitForAll()
            }
            for member in [ada, bob, carol] {
                let feed = try await member.events().results
                #expect(feed.map(\.seq) == Array(1...21))
                #expect(Set(feed.compactMap(\.messageID)).count == 21)
            }
        }
    }

    @Test("A linked task's change is one task event per member, however many threads share it")
    func taskEvents() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob)
            let team = try await ada.group("Launch", with: [bob])
            let task = try await ada.createTask("Send the report")
            _ = try await ada.share(task.id, into: dm.id)
            _ = try await ada.share(task.id, into: team.id)
            let before = try await bob.events().results.count
            try await ada.close(task.id)
            let after = try await bob.events(after: before).results
            #expect(after.filter { $0.kind == .messageCreated }.count == 2)
            #expect(after.filter { $0.kind == .taskUpdated }.map(\.taskID) == [task.id])

            let unlinked = try await ada.createTask("Private")
            let seq = try await ada.events().results.count
            try await ada.close(unlinked.id)
            #expect(try await ada.events(after: seq).results.isEmpty)
        }
    }

    @Test("Someone taken out of a group no longer gets its events")
    func removedMember() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let team = try await ada.group("Launch", with: [bob, carol])
            try await ada.send("before", to: team.id)
            #expect(try await carol.events().results.count == 2)
            try expectNoContent(try await ada.delete("conversations/\(team.id)/members/\(carol.me.id)"))
            try await ada.send("after", to: team.id)
            #expect(try await carol.events().results.isEmpty)
            #expect(try await bob.events().results.count == 4)
        }
    }

    @Test("A feed skips the numbers of events it does not get; someone added to a group hears only what follows")
    func numbersSkipOthersEvents() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let withBob = try await ada.directMessage(with: bob)
            let withCarol = try await ada.directMessage(with: carol)
            try await ada.send("one for Bob", to: withBob.id)
            try await ada.send("one for Carol", to: withCarol.id)
            try await ada.send("two for Bob", to: withBob.id)
            let bobs = try await bob.events().results
            let carols = try await carol.events().results
            #expect(bobs.map(\.message?.text) == ["one for Bob", "two for Bob"])
            #expect(carols.map(\.message?.text) == ["one for Carol"])
            #expect(bobs[0].seq < carols[0].seq && carols[0].seq < bobs[1].seq)
            // A cursor on a number Bob never got still returns exactly what follows it.
            #expect(try await bob.events(after: carols[0].seq).results.map(\.seq) == [bobs[1].seq])

            let team = try await ada.group("Launch", with: [bob])
            try await ada.send("before Carol", to: team.id)
            _ = try expectOK(
                try await ada.post(
                    "conversations/\(team.id)/members", ConversationMembersRequest(memberIDs: [carol.me.id])),
                as: Conversation.self)
            try await bob.send("after Carol", to: team.id)
            let carolsNow = try await carol.events(after: carols[0].seq).results
            #expect(carolsNow.map(\.message?.text) == ["Ada Lovelace added Carol", "after Carol"])
            let latest = try expectOK(
                try await bob.get("events", ["after": "0", "limit": "200"]), as: Page<UserEvent>.self)
            #expect(
                latest.results.map(\.message?.text).suffix(3) == [
                    "before Carol", "Ada Lovelace added Carol", "after Carol",
                ])
        }
    }
}
