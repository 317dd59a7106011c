import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// `NotificationStore`'s behaviour, with the mentions and message notifications conversations make, the same on
/// every backend.
@Suite("Notification store, on every backend")
struct NotificationStoreSuite {
    let now = Date(timeIntervalSince1970: 1_772_634_600)  // 2026-03-04T14:30:00Z

    func person(_ store: any SharedStore, _ name: String) async throws -> User {
        try await store.createUser(
            email: "\(name.lowercased())@example.com", name: name, passwordHash: "x", timezone: "UTC", now: now)
    }

    func text(_ body: String, in conversation: Conversation, by author: User, mentions: [User] = []) -> MessageDraft {
        MessageDraft(
            conversationID: conversation.id, authorID: author.id, kind: .text, text: body,
            mentions: mentions.map(\.id))
    }

    func all(_ store: any SharedStore, _ user: User, unreadOnly: Bool = false) async throws -> [AppNotification] {
        try await store.notifications(userID: user.id, unreadOnly: unreadOnly, page: PageRequest(limit: 50)).results
    }

    @Test(
        "Someone else's text notifies; a mention is stored instead, and never for its author",
        arguments: StoreBackend.all)
    func messagesAndMentions(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let carol = try await person(store, "Carol")
            let dm = try await store.directMessage(between: ada.id, and: bob.id, now: now)
            let hello = try await store.post(text("hello", in: dm, by: ada), now: now)
            let mention = try await store.post(
                text("see this @Bob", in: dm, by: ada, mentions: [bob, ada, carol]), now: now + 1)
            let found = try await all(store, bob)
            #expect(found.map(\.kind) == [.mention, .message])
            #expect(found[0].messageID == mention.id && found[0].actorID == ada.id && found[0].readAt == nil)
            #expect(found[0].text == NotificationText.mention(by: "Ada", in: "a direct message", text: "see this @Bob"))
            #expect(found[1].id == "m\(hello.id)")
            #expect(found[1].text == NotificationText.message(by: "Ada", in: "a direct message", text: "hello"))
            #expect(found[1].conversationID == dm.id && !found[1].quiet && found[1].createdAt == now)
            #expect(try await store.unreadNotificationCount(userID: bob.id) == 2)
            // The author and someone outside the conversation hear nothing of it.
            #expect(try await all(store, ada).isEmpty)
            #expect(try await all(store, carol).isEmpty)
            // The mention reached Bob's open apps through his feed.
            let feed = try await store.events(userID: bob.id, after: 0, limit: 10).results
            #expect(feed.filter { $0.kind == .notificationCreated }.map(\.messageID) == [mention.id])
        }
    }

    @Test("Notifications are read one by one, all at once, or by reading the thread", arguments: StoreBackend.all)
    func markingRead(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let dm = try await store.directMessage(between: ada.id, and: bob.id, now: now)
            let first = try await store.post(text("one", in: dm, by: ada), now: now)
            _ = try await store.post(text("two @Bob", in: dm, by: ada, mentions: [bob]), now: now + 1)
            let third = try await store.post(text("three", in: dm, by: ada), now: now + 2)
            #expect(try await store.unreadNotificationCount(userID: bob.id) == 3)

            #expect(
                try await store.markNotificationsRead(userID: bob.id, ids: ["m\(first.id)", "999999"], now: now) == 2)
            #expect(try await all(store, bob, unreadOnly: true).map(\.messageID).count == 2)
            #expect(try await all(store, bob).first { $0.messageID == first.id }?.readAt == now)

            // Reading the thread up to the mention reads it and what came before.
            let mentionID = try #require(try await all(store, bob).first { $0.kind == .mention }?.messageID)
            try await store.markRead(conversationID: dm.id, userID: bob.id, messageID: mentionID, now: now + 5)
            #expect(try await all(store, bob, unreadOnly: true).map(\.messageID) == [third.id])

            #expect(try await store.markNotificationsRead(userID: bob.id, ids: nil, now: now + 6) == 0)
            #expect(try await all(store, bob, unreadOnly: true).isEmpty)
            #expect(try await all(store, bob).count == 3)
            // Someone else's ids mark nothing of theirs.
            let carol = try await person(store, "Carol")
            let other = try await store.directMessage(between: ada.id, and: carol.id, now: now)
            _ = try await store.post(text("for Carol", in: other, by: ada, mentions: [carol]), now: now)
            let carolsMention = try #require(try await all(store, carol).first { $0.kind == .mention })
            _ = try await store.markNotificationsRead(userID: bob.id, ids: [carolsMention.id], now: now)
            #expect(try await store.unreadNotificationCount(userID: carol.id) == 1)
        }
    }

    @Test("Notifications page newest first", arguments: StoreBackend.all)
    func paging(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let dm = try await store.directMessage(between: ada.id, and: bob.id, now: now)
            for index in 1...3 {
                _ = try await store.post(
                    text("note \(index)", in: dm, by: ada, mentions: index == 2 ? [bob] : []), now: now + Double(index))
            }
            let first = try await store.notifications(userID: bob.id, unreadOnly: false, page: PageRequest(limit: 2))
            #expect(first.results.map(\.kind) == [.message, .mention])
            let second = try await store.notifications(
                userID: bob.id, unreadOnly: false,
                page: PageRequest(cursor: PageCursor(token: try #require(first.nextCursor), keyCount: 3), limit: 2))
            #expect(second.results.map(\.kind) == [.message])
            #expect(second.results.first?.createdAt == now + 1)
            #expect(second.nextCursor == nil)
        }
    }

    @Test("A muted conversation or one kept to mentions notifies only of mentions", arguments: StoreBackend.all)
    func mutedConversation(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let carol = try await person(store, "Carol")
            let group = try await store.createGroup(
                userID: ada.id, name: "Team", memberIDs: [bob.id, carol.id], notice: "made", now: now)
            _ = try await store.updateConversation(
                id: group.id, for: bob.id, changes: ConversationChanges(muted: true), now: now)
            _ = try await store.updateConversation(
                id: group.id, for: carol.id, changes: ConversationChanges(notificationLevel: .mentions), now: now)
            _ = try await store.post(text("chatter", in: group, by: ada), now: now)
            _ = try await store.post(text("@Bob @Carol look", in: group, by: ada, mentions: [bob, carol]), now: now)
            #expect(try await all(store, bob).map(\.kind) == [.mention])
            #expect(try await all(store, carol).map(\.kind) == [.mention])
            #expect(
                try await all(store, bob).first?.text
                    == NotificationText.mention(by: "Ada", in: "Team", text: "@Bob @Carol look"))
        }
    }

    @Test("A new member hears of the messages after they joined only", arguments: StoreBackend.all)
    func newMember(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let carol = try await person(store, "Carol")
            let group = try await store.createGroup(
                userID: ada.id, name: "Team", memberIDs: [bob.id], notice: "made", now: now)
            _ = try await store.post(text("before", in: group, by: ada), now: now)
            try await store.addMembers(
                conversationID: group.id, userIDs: [carol.id], notice: .notice("added", in: group.id, by: ada.id),
                now: now)
            let after = try await store.post(text("after", in: group, by: bob), now: now)
            #expect(try await all(store, carol).map(\.messageID) == [after.id])
            #expect(try await all(store, ada).map(\.messageID) == [after.id])
            #expect(try await store.unreadNotificationCount(userID: bob.id) == 1)
        }
    }

    @Test("Following a task, and muting projects and tasks, are each person's own", arguments: StoreBackend.all)
    func followAndMute(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let project = try await SharedFixtures.project(store, owner: ada, name: "Home", now: now)
            let task = try await SharedFixtures.task(store, "Paint", in: project, by: ada, now: now)
            let hidden = try await SharedFixtures.project(
                store, owner: bob, name: "Bob's", now: now)
            // The author follows what they made.
            #expect(try await store.followers(taskID: task) == [ada.id])
            try await store.follow(taskID: task, userID: bob.id, now: now + 1)
            try await store.follow(taskID: task, userID: ada.id, now: now + 2)
            try await store.follow(taskID: task, userID: bob.id, now: now + 3)
            #expect(try await store.followers(taskID: task) == [ada.id, bob.id])
            try await store.unfollow(taskID: task, userID: bob.id)
            #expect(try await store.followers(taskID: task) == [ada.id])

            try await store.setTaskMuted(true, taskID: task, userID: ada.id, now: now)
            try await store.setProjectMuted(true, projectID: project, userID: ada.id, now: now + 1)
            try await store.setProjectMuted(true, projectID: project, userID: ada.id, now: now + 2)
            // Muting what they cannot see is kept, and not shown.
            try await store.setProjectMuted(true, projectID: hidden, userID: ada.id, now: now)
            #expect(try await store.mutes(userID: ada.id) == MuteList(projectIDs: [project], taskIDs: [task]))
            #expect(try await store.mutes(userID: bob.id) == MuteList(projectIDs: [], taskIDs: []))
            try await store.setTaskMuted(false, taskID: task, userID: ada.id, now: now)
            try await store.setProjectMuted(false, projectID: project, userID: ada.id, now: now)
            #expect(try await store.mutes(userID: ada.id) == MuteList(projectIDs: [], taskIDs: []))
            await #expect(throws: KairosError.missing("Task")) {
                try await store.follow(taskID: "x", userID: ada.id, now: now)
            }
            await #expect(throws: KairosError.missing("User")) {
                try await store.unreadNotificationCount(userID: "x")
            }
        }
    }
}
