import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// `ConversationStore`'s behaviour, and the event feed it writes (`EventFeedStore`), the same on every backend.
@Suite("Conversation store, on every backend")
struct ConversationStoreSuite {
    let now = Date(timeIntervalSince1970: 1_772_634_600)  // 2026-03-04T14:30:00Z

    func person(_ store: any SharedStore, _ name: String) async throws -> User {
        try await store.createUser(
            email: "\(name.lowercased())@example.com", name: name, passwordHash: "x", timezone: "UTC", now: now)
    }

    func text(
        _ body: String, in conversation: Conversation, by author: User, mentions: [User] = [], clientID: String? = nil
    )
        -> MessageDraft
    {
        MessageDraft(
            conversationID: conversation.id, authorID: author.id, kind: .text, text: body,
            mentions: mentions.map(\.id), clientID: clientID)
    }

    @Test(
        "Users are found by id and by email without regard to case; unknown ones are left out",
        arguments: StoreBackend.all)
    func findUsers(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            #expect(try await store.users(ids: [bob.id, ada.id, "999999", "nope"]).map(\.id) == [ada.id, bob.id])
            #expect(try await store.users(emails: ["ADA@example.com", "nobody@example.com"]).map(\.id) == [ada.id])
            #expect(try await store.users(ids: []).isEmpty)
            #expect(try await store.users(emails: []).isEmpty)
        }
    }

    @Test("A direct message is made once for a pair, whoever opens it", arguments: StoreBackend.all)
    func directMessage(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let first = try await store.directMessage(between: ada.id, and: bob.id, now: now)
            let again = try await store.directMessage(between: bob.id, and: ada.id, now: now)
            #expect(first.id == again.id)
            #expect(first.kind == .dm && first.name == nil)
            #expect(Set(first.members.map(\.userID)) == [ada.id, bob.id])
            #expect(first.members.allSatisfy { $0.role == .member })
            #expect(first.unreadCount == 0)
            #expect(try await store.memberRoles(conversationID: first.id) == [ada.id: .member, bob.id: .member])
            #expect(try await store.memberRoles(conversationID: "999999") == nil)
            #expect(try await store.conversation(id: "nope", for: ada.id) == nil)
        }
    }

    @Test(
        "A group starts with its owner, its members and the notice; the others have it unread",
        arguments: StoreBackend.all)
    func createGroup(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let group = try await store.createGroup(
                userID: ada.id, name: "Launch", memberIDs: [bob.id, ada.id, "bad"], notice: "Ada made the group",
                now: now)
            #expect(group.kind == .group && group.name == "Launch" && group.createdBy == ada.id)
            #expect(group.members.map(\.userID) == [ada.id, bob.id])
            #expect(group.members.map(\.role) == [.owner, .member])
            #expect(group.unreadCount == 0)
            let messages = try await store.messages(conversationID: group.id, page: PageRequest(limit: 10)).results
            #expect(messages.map(\.text) == ["Ada made the group"])
            #expect(messages.first?.kind == .system && messages.first?.authorID == nil)
            #expect(try await store.conversation(id: group.id, for: bob.id)?.unreadCount == 1)
            // Someone outside still reads it (the guard decides), without settings of their own.
            let carol = try await person(store, "Carol")
            let seen = try #require(try await store.conversation(id: group.id, for: carol.id))
            #expect(!seen.muted && seen.notificationLevel == .all && seen.lastReadMessageID == nil)
        }
    }

    @Test("Conversations come most recent activity first, page by page", arguments: StoreBackend.all)
    func conversationList(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let carol = try await person(store, "Carol")
            let withBob = try await store.directMessage(between: ada.id, and: bob.id, now: now)
            let withCarol = try await store.directMessage(between: ada.id, and: carol.id, now: now)
            let group = try await store.createGroup(
                userID: bob.id, name: "Team", memberIDs: [ada.id], notice: "made", now: now)
            _ = try await store.post(text("hello", in: withBob, by: bob), now: now)
            let first = try await store.conversations(userID: ada.id, page: PageRequest(limit: 2))
            #expect(first.results.map(\.id) == [withBob.id, group.id])
            #expect(first.results.first?.unreadCount == 1)
            let cursor = try #require(first.nextCursor)
            let second = try await store.conversations(
                userID: ada.id, page: PageRequest(cursor: PageCursor(token: cursor, keyCount: 2), limit: 2))
            #expect(second.results.map(\.id) == [withCarol.id])
            #expect(second.nextCursor == nil)
            #expect(
                try await store.conversations(userID: carol.id, page: PageRequest(limit: 5)).results.map(\.id) == [
                    withCarol.id
                ])
        }
    }

    @Test("A message reads back with its mentions; messages page newest first", arguments: StoreBackend.all)
    func postAndRead(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let dm = try await store.directMessage(between: ada.id, and: bob.id, now: now)
            var posted: [Message] = []
            for index in 1...3 {
                posted.append(
                    try await store.post(
                        text("note \(index)", in: dm, by: ada, mentions: index == 2 ? [bob] : []),
                        now: now + Double(index)))
            }
            #expect(posted[1].mentions == [bob.id])
            #expect(posted[0].authorID == ada.id && posted[0].kind == .text && posted[0].editedAt == nil)
            #expect(try await store.message(id: posted[1].id) == posted[1])
            #expect(try await store.message(id: "999999") == nil)
            #expect(try await store.message(id: "x") == nil)
            let page = try await store.messages(conversationID: dm.id, page: PageRequest(limit: 2))
            #expect(page.results.map(\.text) == ["note 3", "note 2"])
            let rest = try await store.messages(
                conversationID: dm.id,
                page: PageRequest(cursor: PageCursor(token: try #require(page.nextCursor), keyCount: 1), limit: 2))
            #expect(rest.results.map(\.text) == ["note 1"])
            #expect(rest.nextCursor == nil)
        }
    }

    @Test("A client id sends a message once; reused elsewhere it is refused", arguments: StoreBackend.all)
    func clientID(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let carol = try await person(store, "Carol")
            let dm = try await store.directMessage(between: ada.id, and: bob.id, now: now)
            let other = try await store.directMessage(between: ada.id, and: carol.id, now: now)
            let first = try await store.postMessage(text("hi", in: dm, by: ada, clientID: "c-1"), now: now) { _ in }
            let second = try await store.postMessage(text("hi again", in: dm, by: ada, clientID: "c-1"), now: now) {
                _ in
            }
            #expect(first.created && !second.created)
            #expect(second.message == first.message)
            await #expect(
                throws: KairosError.conflict(
                    "client_id was already used for a message in another conversation. Use a new client_id for each message."
                )
            ) {
                try await store.postMessage(text("hi", in: other, by: ada, clientID: "c-1"), now: now) { _ in }
            }
            // Sent at once, the same client id still makes one message.
            let results = try await withThrowingTaskGroup(of: Message.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await store.postMessage(self.text("race", in: dm, by: bob, clientID: "c-2"), now: self.now)
                        {
                            _ in
                        }.message
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(results.map(\.id)).count == 1)
            #expect(try await store.messages(conversationID: dm.id, page: PageRequest(limit: 10)).results.count == 2)
        }
    }

    @Test("Only members post, and a refusal writes nothing", arguments: StoreBackend.all)
    func postRefused(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let carol = try await person(store, "Carol")
            let dm = try await store.directMessage(between: ada.id, and: bob.id, now: now)
            await #expect(throws: KairosError.missing("Conversation")) {
                try await store.post(text("let me in", in: dm, by: carol), now: now)
            }
            await #expect(throws: KairosError.missing("Conversation")) {
                try await store.post(
                    MessageDraft(conversationID: "999999", authorID: ada.id, kind: .text, text: "x"), now: now)
            }
            // The guard sees every member's role, and its refusal is the caller's.
            let roles = [ada.id, bob.id].sorted().map { "\($0):member" }.joined(separator: ",")
            await #expect(throws: KairosError.forbidden(roles)) {
                try await store.postMessage(text("refused", in: dm, by: ada), now: now) { members in
                    throw KairosError.forbidden(
                        members.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.rawValue)" }.joined(
                            separator: ","))
                }
            }
            #expect(try await store.messages(conversationID: dm.id, page: PageRequest(limit: 10)).results.isEmpty)
        }
    }

    @Test("Editing replaces the text and the mentions; an unknown message is not found", arguments: StoreBackend.all)
    func edit(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let dm = try await store.directMessage(between: ada.id, and: bob.id, now: now)
            let message = try await store.post(text("hi @Bob", in: dm, by: ada, mentions: [bob]), now: now)
            let edited = try await store.editMessage(id: message.id, text: "hi all", mentions: [], now: now + 5)
            #expect(edited.text == "hi all" && edited.mentions.isEmpty && edited.editedAt == now + 5)
            #expect(try await store.message(id: message.id) == edited)
            await #expect(throws: KairosError.missing("Message")) {
                try await store.editMessage(id: "999999", text: "x", mentions: [], now: now)
            }
            let feed = try await store.events(userID: bob.id, after: 0, limit: 10).results
            #expect(feed.map(\.kind) == [.messageCreated, .notificationCreated, .messageEdited])
            #expect(feed.last?.message?.text == "hi all")
        }
    }

    @Test("Reading moves forward only, and tells the others unless receipts are hidden", arguments: StoreBackend.all)
    func markRead(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let dm = try await store.directMessage(between: ada.id, and: bob.id, now: now)
            let first = try await store.post(text("one", in: dm, by: ada), now: now)
            let second = try await store.post(text("two", in: dm, by: ada), now: now)
            #expect(try await store.conversation(id: dm.id, for: bob.id)?.unreadCount == 2)
            try await store.markRead(conversationID: dm.id, userID: bob.id, messageID: second.id, now: now)
            try await store.markRead(conversationID: dm.id, userID: bob.id, messageID: first.id, now: now)
            let seen = try #require(try await store.conversation(id: dm.id, for: bob.id))
            #expect(seen.unreadCount == 0 && seen.lastReadMessageID == second.id)
            let bobAsAdaSees = try #require(
                try await store.conversation(id: dm.id, for: ada.id)?.members.first { $0.userID == bob.id })
            #expect(bobAsAdaSees.lastReadMessageID == second.id && bobAsAdaSees.lastDeliveredMessageID == second.id)
            let adaFeed = try await store.events(userID: ada.id, after: 0, limit: 10).results
            #expect(adaFeed.map(\.kind) == [.messageCreated, .messageCreated, .conversationRead])
            #expect(adaFeed.last?.userID == bob.id && adaFeed.last?.messageID == second.id)
            #expect(adaFeed.last?.message == nil)

            var hiding = UserChanges()
            hiding.hideReadReceipts = true
            _ = try await store.updateUser(id: bob.id, changes: hiding)
            let hidden = try #require(
                try await store.conversation(id: dm.id, for: ada.id)?.members.first { $0.userID == bob.id })
            #expect(hidden.lastReadMessageID == nil)
            #expect(try await store.events(userID: ada.id, after: 0, limit: 10).results.count == 2)
            // Their own receipt, they always see.
            #expect(try await store.events(userID: bob.id, after: 0, limit: 10).results.last?.kind == .conversationRead)
        }
    }

    @Test("Delivery marks move forward only, and only for members", arguments: StoreBackend.all)
    func markDelivered(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let carol = try await person(store, "Carol")
            let dm = try await store.directMessage(between: ada.id, and: bob.id, now: now)
            let first = try await store.post(text("one", in: dm, by: ada), now: now)
            let second = try await store.post(text("two", in: dm, by: ada), now: now)
            try await store.markDelivered([
                DeliveryMark(conversationID: dm.id, userID: bob.id, messageID: first.id),
                DeliveryMark(conversationID: dm.id, userID: bob.id, messageID: second.id),
                DeliveryMark(conversationID: dm.id, userID: carol.id, messageID: second.id),
                DeliveryMark(conversationID: "x", userID: bob.id, messageID: second.id),
            ])
            try await store.markDelivered([DeliveryMark(conversationID: dm.id, userID: bob.id, messageID: first.id)])
            try await store.markDelivered([])
            let members = try #require(try await store.conversation(id: dm.id, for: ada.id)).members
            #expect(members.first { $0.userID == bob.id }?.lastDeliveredMessageID == second.id)
            #expect(members.count == 2)
        }
    }

    @Test(
        "Members join and leave; the owner's place passes to the longest-standing member", arguments: StoreBackend.all)
    func membership(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let carol = try await person(store, "Carol")
            let group = try await store.createGroup(
                userID: ada.id, name: "Team", memberIDs: [bob.id], notice: "made", now: now)
            _ = try await store.post(text("before Carol", in: group, by: ada), now: now)
            try await store.addMembers(
                conversationID: group.id, userIDs: [carol.id, bob.id],
                notice: .notice("Ada added Carol", in: group.id, by: ada.id, naming: [carol.id]), now: now + 1)
            #expect(
                try await store.memberRoles(conversationID: group.id) == [
                    ada.id: .owner, bob.id: .member, carol.id: .member,
                ])
            // Carol's feed starts when she joined: the notice of her joining, nothing before.
            let carolFeed = try await store.events(userID: carol.id, after: 0, limit: 10).results
            #expect(carolFeed.map { $0.message?.text } == ["Ada added Carol"])

            try await store.removeMember(
                conversationID: group.id, userID: ada.id, notice: .notice("Ada left", in: group.id, by: ada.id),
                now: now + 2)
            #expect(try await store.memberRoles(conversationID: group.id) == [bob.id: .owner, carol.id: .member])
            await #expect(throws: KairosError.missing("Member")) {
                try await store.removeMember(
                    conversationID: group.id, userID: ada.id, notice: .notice("again", in: group.id, by: ada.id),
                    now: now)
            }
            // Ada, gone, sees nothing more of it, not even what she saw before.
            #expect(try await store.events(userID: ada.id, after: 0, limit: 10).results.isEmpty)
            #expect(try await store.conversations(userID: ada.id, page: PageRequest(limit: 5)).results.isEmpty)
        }
    }

    @Test("Renaming posts its notice; mute and level are the member's own", arguments: StoreBackend.all)
    func update(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let group = try await store.createGroup(
                userID: ada.id, name: "Team", memberIDs: [bob.id], notice: "made", now: now)
            let renamed = try await store.updateConversation(
                id: group.id, for: bob.id,
                changes: ConversationChanges(
                    name: "Crew", notice: "Bob renamed it", muted: true, notificationLevel: .mentions),
                now: now)
            #expect(renamed.name == "Crew" && renamed.muted && renamed.notificationLevel == .mentions)
            let asAda = try #require(try await store.conversation(id: group.id, for: ada.id))
            #expect(asAda.name == "Crew" && !asAda.muted && asAda.notificationLevel == .all)
            let texts = try await store.messages(conversationID: group.id, page: PageRequest(limit: 5)).results.map(
                \.text)
            #expect(texts == ["Bob renamed it", "made"])
            await #expect(throws: KairosError.missing("Conversation")) {
                try await store.updateConversation(id: "999999", for: ada.id, changes: ConversationChanges(), now: now)
            }
        }
    }

    @Test("The feed pages in order, and its newest number is the latest", arguments: StoreBackend.all)
    func feedPages(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            #expect(try await store.latestEventSeq(userID: ada.id) == 0)
            let dm = try await store.directMessage(between: ada.id, and: bob.id, now: now)
            for index in 1...5 { _ = try await store.post(text("m\(index)", in: dm, by: ada), now: now) }
            let first = try await store.events(userID: bob.id, after: 0, limit: 3)
            #expect(first.results.map { $0.message?.text } == ["m1", "m2", "m3"])
            let seqs = first.results.map(\.seq)
            #expect(seqs == seqs.sorted() && Set(seqs).count == 3)
            let cursor = try #require(first.nextCursor.flatMap(Int.init))
            let rest = try await store.events(userID: bob.id, after: cursor, limit: 3)
            #expect(rest.results.map { $0.message?.text } == ["m4", "m5"])
            #expect(rest.nextCursor == nil)
            #expect(try await store.latestEventSeq(userID: bob.id) >= rest.results.last!.seq)
            await #expect(throws: KairosError.missing("User")) {
                try await store.events(userID: "nope", after: 0, limit: 3)
            }
        }
    }

    @Test(
        "Unread counts stop at the cap, so a reader far behind costs no more than one slightly behind",
        arguments: StoreBackend.all)
    func unreadCountCap(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let dm = try await store.directMessage(between: ada.id, and: bob.id, now: now)
            try await SharedFixtures.messages(
                store, in: dm.id, by: ada.id, Array(repeating: "hi", count: Limits.unreadCountCap + 50))
            #expect(try await store.conversation(id: dm.id, for: bob.id)?.unreadCount == Limits.unreadCountCap)
            #expect(try await store.conversation(id: dm.id, for: ada.id)?.unreadCount == 0)
            let page = try await store.messages(conversationID: dm.id, page: PageRequest(limit: 20))
            try await store.markRead(conversationID: dm.id, userID: bob.id, messageID: page.results[19].id, now: now)
            #expect(try await store.conversation(id: dm.id, for: bob.id)?.unreadCount == 19)
        }
    }

    @Test(
        "A task made from a message is linked to it and announced; made again with the same title it comes back",
        arguments: StoreBackend.all)
    func taskFromMessage(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let dm = try await store.directMessage(between: ada.id, and: bob.id, now: now)
            let message = try await store.post(text("buy paint and brushes", in: dm, by: bob), now: now)
            let task = try await store.createTask(
                fromMessage: message.id, userID: ada.id, draft: TaskDraft(content: "Buy paint"),
                notice: "Ada made a task", now: now + 1)
            #expect(task.content == "Buy paint" && task.userID == ada.id)
            let again = try await store.createTask(
                fromMessage: message.id, userID: ada.id, draft: TaskDraft(content: "Buy paint"),
                notice: "Ada made a task", now: now + 2)
            #expect(again.id == task.id)
            let other = try await store.createTask(
                fromMessage: message.id, userID: ada.id, draft: TaskDraft(content: "Buy brushes"),
                notice: "Ada made a task", now: now + 3)
            #expect(other.id != task.id)
            #expect(
                Set(try await store.tasksMade(fromMessages: [message.id], by: ada.id).map(\.taskID)) == [
                    task.id, other.id,
                ])
            let notices = try await store.messages(conversationID: dm.id, page: PageRequest(limit: 10)).results
            #expect(notices.filter { $0.kind == .system }.map(\.task?.id) == [other.id, task.id])
            #expect(
                try await store.linkedTasks(in: dm.id, hiddenFrom: bob.id).sorted() == [task.id, other.id].sorted())
            await #expect(throws: KairosError.missing("Message")) {
                try await store.createTask(
                    fromMessage: "999999", userID: ada.id, draft: TaskDraft(content: "x"), notice: "n", now: now)
            }
        }
    }
}
