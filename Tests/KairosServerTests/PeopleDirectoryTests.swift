import Foundation
import KairosCore
import Testing

extension TestAPI {
    /// The people `GET /people` offers for `query`, by name.
    func directory(_ query: String = "") async throws -> [String] {
        try expectOK(try await get("people", ["q": query]), as: Page<Collaborator>.self).results.map(\.name)
    }

    func unreadMessages() async throws -> Int {
        try expectOK(try await get("conversations/unread_count"), as: UnreadCount.self).unreadCount
    }
}

@Suite("The people directory and the Messages tab's unread count")
struct PeopleDirectoryTests {
    @Test("The directory offers only the people one shares a project or a conversation with, by name or email")
    func directoryIsContactsOnly() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            #expect(try await ada.directory().isEmpty)
            let dave = try await ada.signUp("dave@example.com", name: "Dave Müller")
            _ = try await ada.directMessage(with: bob)
            let launch = try await ada.createProject("Launch")
            _ = try await ada.shareProject(launch.id, with: dave, as: "editor")

            #expect(try await ada.directory() == ["Bob", "Dave Müller"])
            #expect(try await ada.directory("mull") == ["Dave Müller"])
            #expect(try await ada.directory("BOB@EXAMPLE") == ["Bob"])
            #expect(try await ada.directory("dave ex") == ["Dave Müller"])
            #expect(try await ada.directory("carol").isEmpty)
            // Carol shares nothing with anyone: nobody is offered to her, and she is offered to nobody.
            #expect(try await carol.directory().isEmpty)
            #expect(try await dave.directory() == ["Ada Lovelace"])
            #expect(try await bob.directory() == ["Ada Lovelace"])

            let tooLong = String(repeating: "a", count: 501)
            expectError(
                try await ada.get("people", ["q": tooLong]), .badRequest, code: "invalid_field", mentioning: "q")
        }
    }

    @Test("Unread messages count across conversations, muted ones left out, and reading clears them")
    func unreadCount() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let dm = try await ada.directMessage(with: bob)
            let group = try await carol.group("Band", with: [ada, bob])
            try await bob.send("one", to: dm.id)
            let last = try await bob.send("two", to: dm.id).message
            try await carol.send("rehearsal", to: group.id)
            // Ada has two in the direct message, and the group's notice and Carol's message.
            #expect(try await ada.unreadMessages() == 4)
            #expect(try await carol.unreadMessages() == 0)

            _ = try expectOK(
                try await ada.post("conversations/\(group.id)", ConversationUpdateRequest(muted: true)),
                as: Conversation.self)
            #expect(try await ada.unreadMessages() == 2)
            try await ada.markRead(dm.id, upTo: last.id)
            #expect(try await ada.unreadMessages() == 0)
            #expect(try await bob.unreadMessages() == 2)
        }
    }

    @Test("Reading a thread reads its message notifications and tells the reader's other clients")
    func readingClearsNotifications() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob)
            let message = try await bob.send("are you there?", to: dm.id).message
            let unread = {
                try expectOK(try await ada.get("notifications/unread_count"), as: UnreadCount.self).unreadCount
            }
            #expect(try await unread() == 1)
            let before = try expectOK(
                try await ada.get("events", ["after": "0", "limit": "200"]), as: Page<UserEvent>.self)
            try await ada.markRead(dm.id, upTo: message.id)
            #expect(try await unread() == 0)
            let after = try expectOK(
                try await ada.get("events", ["after": String(before.results.last?.seq ?? 0), "limit": "200"]),
                as: Page<UserEvent>.self)
            #expect(after.results.contains { $0.kind == .conversationRead && $0.userID == ada.me.id })
        }
    }
}
