import Foundation
import Hummingbird
import KairosCore
import Testing

extension TestAPI {
    func notifications(unreadOnly: Bool = false) async throws -> [AppNotification] {
        try expectOK(
            try await get("notifications", unreadOnly ? ["unread_only": "true", "limit": "200"] : ["limit": "200"]),
            as: Page<AppNotification>.self
        ).results
    }

    func unreadCount() async throws -> Int {
        try expectOK(try await get("notifications/unread_count"), as: UnreadCount.self).unreadCount
    }
}

@Suite("Notifications")
struct NotificationTests {
    @Test("Mentions and new messages reach members by their notification level; never the author or a muter")
    func messages() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let team = try await ada.group("Launch crew", with: [bob, carol])
            try expectOK(
                try await bob.post("conversations/\(team.id)", ConversationUpdateRequest(notificationLevel: .mentions)),
                as: Conversation.self)
            let first = try await ada.send("hello @bob, the deck is ready", to: team.id, clientID: "c1")
            try await ada.send("hello @bob, the deck is ready", to: team.id, clientID: "c1")
            try await ada.send("lunch at noon?", to: team.id)

            let bobs = try await bob.notifications()
            #expect(bobs.map(\.kind) == [.mention])
            #expect(bobs.first?.text == "Ada Lovelace mentioned you in Launch crew: hello @bob, the deck is ready")
            #expect(bobs.first?.messageID == first.message.id && bobs.first?.conversationID == team.id)
            #expect(try await carol.notifications().map(\.kind) == [.message, .message])
            #expect(try await ada.notifications().isEmpty)
            // A mention is pushed through the event feed (and the socket); a plain message already is one.
            #expect(try await bob.events().results.filter { $0.kind == .notificationCreated }.count == 1)
            #expect(try await carol.events().results.allSatisfy { $0.kind != .notificationCreated })

            // Muting a conversation stops its messages notifying, those already in the feed included; a mention
            // there still notifies.
            try expectOK(
                try await carol.post("conversations/\(team.id)", ConversationUpdateRequest(muted: true)),
                as: Conversation.self)
            try await ada.send("one more thing", to: team.id)
            #expect(try await carol.notifications().isEmpty)
            #expect(try await carol.unreadCount() == 0)
            try await ada.send("one more thing @carol", to: team.id)
            #expect(try await carol.notifications().map(\.kind) == [.mention])
            try expectOK(
                try await carol.post("conversations/\(team.id)", ConversationUpdateRequest(muted: false)),
                as: Conversation.self)
            // The test clock stands still, so the order within one microsecond is the feed's tie-break; count instead.
            let kinds = try await carol.notifications().map(\.kind.rawValue)
            #expect(kinds.sorted() == ["mention", "message", "message", "message"])
        }
    }

    @Test("A message of files alone is told as a file sent, with nothing cut off after it")
    func fileOnlyMessage() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let team = try await ada.group("Launch crew", with: [bob, carol])
            let photo = try await ada.upload(SampleFile.gif, name: "view.gif")
            try expectOK(try await ada.sendReply("", attachmentIDs: [photo.id], to: team.id), as: PostedMessage.self)
            #expect(try await bob.notifications().map(\.text) == ["Ada Lovelace sent a file in Launch crew"])
        }
    }

    @Test("Assignees hear of their tasks; followers hear when a task is completed or reopened")
    func tasks() async throws {
        try await withSharedLaunch { ada, bob, carol, dave, launch in
            let task = try await ada.createTask("Order banners", projectID: launch.id)
            _ = try await ada.updateTask(task.id) { $0.assigneeID = .set(bob.me.id) }
            #expect(try await bob.notifications().map(\.text) == ["Ada Lovelace assigned you \u{201C}Order banners\u{201D}"])
            try expectNoContent(try await carol.post("tasks/\(task.id)/follow"))
            let followers = try expectOK(try await ada.get("tasks/\(task.id)/followers"), as: Page<Collaborator>.self)
            #expect(followers.results.map(\.id) == [ada.me.id, bob.me.id, carol.me.id])

            try expectNoContent(try await bob.post("tasks/\(task.id)/close"))
            #expect(try await ada.notifications().map(\.text) == ["Bob completed \u{201C}Order banners\u{201D}"])
            #expect(try await carol.notifications().map(\.kind) == [.taskCompleted])
            #expect(try await bob.notifications().count == 1)
            try expectNoContent(try await bob.post("tasks/\(task.id)/close"))
            #expect(try await carol.notifications().count == 1)

            try expectNoContent(try await carol.post("tasks/\(task.id)/unfollow"))
            try expectNoContent(try await ada.post("tasks/\(task.id)/reopen"))
            #expect(try await bob.notifications().first?.text == "Ada Lovelace reopened \u{201C}Order banners\u{201D}")
            #expect(try await carol.notifications().count == 1)

            expectError(try await dave.post("tasks/\(task.id)/follow"), .notFound, code: "not_found")
            expectError(try await dave.get("tasks/\(task.id)/followers"), .notFound, code: "not_found")
        }
    }

    @Test("During quiet hours, in the person's own zone, notifications are kept but marked quiet")
    func quietHours() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob)
            let updated = try expectOK(
                try await bob.post("user", json: #"{"quiet_hours": {"start": "22:00", "end": "07:00"}}"#), as: User.self)
            #expect(updated.quietHours == QuietHours(start: LocalTime(hour: 22, minute: 0)!, end: LocalTime(hour: 7, minute: 0)!))
            #expect(try await bob.get("user").object?["quiet_hours"] as? [String: String] == ["start": "22:00", "end": "07:00"])

            try await ada.send("morning", to: dm.id)  // 09:30 in New York
            ada.clock.set("2026-03-05T03:30:00Z")  // 22:30 in New York
            try await ada.send("late one", to: dm.id)
            ada.clock.set("2026-03-05T11:59:00Z")  // 06:59
            try await ada.send("early one", to: dm.id)
            ada.clock.set("2026-03-05T12:00:00Z")  // 07:00
            try await ada.send("awake", to: dm.id)
            #expect(try await bob.notifications().map(\.quiet) == [false, true, true, false])
            ada.clock.set("2026-03-06T04:00:00Z")  // 23:00: a mention, kept quiet, is not pushed
            try await ada.send("@bob sleep well", to: dm.id)
            #expect(try await bob.notifications().first?.kind == .mention)
            #expect(try await bob.events().results.allSatisfy { $0.kind != .notificationCreated })

            expectError(
                try await bob.post("user", json: #"{"quiet_hours": {"start": "25:00", "end": "07:00"}}"#), .badRequest,
                code: "invalid_field", mentioning: "quiet_hours")
            let cleared = try expectOK(try await bob.post("user", json: #"{"quiet_hours": null}"#), as: User.self)
            #expect(cleared.quietHours == nil)
        }
    }

    @Test("Marking read by ids or all; unread counts; bad requests change nothing; nobody marks another's")
    func markRead() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let dm = try await ada.directMessage(with: bob)
            for text in ["one", "two", "three"] { try await ada.send(text, to: dm.id) }
            let feed = try await bob.notifications()
            #expect(feed.map(\.text) == ["Ada Lovelace in a direct message: three", "Ada Lovelace in a direct message: two", "Ada Lovelace in a direct message: one"])
            #expect(try await bob.unreadCount() == 3)

            let carolTried = try expectOK(
                try await carol.post("notifications/read", NotificationReadRequest(ids: [feed[0].id])), as: UnreadCount.self)
            #expect(carolTried.unreadCount == 0)
            #expect(try await bob.unreadCount() == 3)

            let left = try expectOK(
                try await bob.post("notifications/read", NotificationReadRequest(ids: [feed[0].id])), as: UnreadCount.self)
            #expect(left.unreadCount == 2)
            #expect(try await bob.notifications(unreadOnly: true).map(\.id) == [feed[1].id, feed[2].id])
            expectError(try await bob.post("notifications/read", json: "{}"), .badRequest, code: "invalid_field", mentioning: "ids")
            expectError(
                try await bob.post("notifications/read", NotificationReadRequest(ids: [])), .badRequest, code: "invalid_field")
            expectError(try await bob.get("notifications", ["unread_only": "maybe"]), .badRequest, code: "invalid_field")
            #expect(try await bob.unreadCount() == 2)
            let none = try expectOK(
                try await bob.post("notifications/read", NotificationReadRequest(all: true)), as: UnreadCount.self)
            #expect(none.unreadCount == 0)
            #expect(try await bob.notifications().allSatisfy { $0.readAt != nil })
        }
    }

    @Test("Reading a thread reads its messages' notifications and mentions; a newcomer hears only of what follows; pages keep time order")
    func messageNotificationsFollowTheThread() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let team = try await ada.group("Launch crew", with: [bob])
            let early = try await ada.send("before carol", to: team.id)
            _ = try expectOK(
                try await ada.post(
                    "conversations/\(team.id)/members", ConversationMembersRequest(memberIDs: [carol.me.id])),
                as: Conversation.self)
            var sent: [PostedMessage] = []
            for text in ["one", "two @bob", "three", "four", "five"] {
                ada.advance(minutes: 1)
                sent.append(try await ada.send(text, to: team.id))
            }

            #expect(try await carol.notifications().map(\.text).last == "Ada Lovelace in Launch crew: one")
            #expect(try await carol.unreadCount() == 5)
            #expect(try await bob.unreadCount() == 6)
            _ = try expectOK(
                try await bob.post("conversations/\(team.id)/read", ConversationReadRequest(messageID: sent[2].message.id)),
                as: Conversation.self)
            #expect(try await bob.unreadCount() == 2)
            let bobs = try await bob.notifications()
            #expect(bobs.map(\.messageID) == (sent.reversed().map(\.message.id) + [early.message.id]))
            #expect(bobs.map { $0.readAt != nil } == [false, false, true, true, true, true])
            #expect(try await bob.notifications(unreadOnly: true).map(\.messageID) == [sent[4].message.id, sent[3].message.id])

            // One page after another: every notification once, in order.
            var paged: [String] = []
            var cursor: String?
            repeat {
                let response =
                    if let cursor { try await bob.get("notifications", ["limit": "4", "cursor": cursor]) } else {
                        try await bob.get("notifications", ["limit": "4"])
                    }
                let page = try expectOK(response, as: Page<AppNotification>.self)
                paged += page.results.map(\.id)
                cursor = page.nextCursor
            } while cursor != nil
            #expect(paged == bobs.map(\.id))

            // Another's notification id, or a message id dressed as one, marks nothing of theirs.
            let carols = try await carol.notifications()
            _ = try expectOK(
                try await ada.post("notifications/read", NotificationReadRequest(ids: [carols[0].id])), as: UnreadCount.self)
            #expect(try await carol.unreadCount() == 5)
            let marked = try expectOK(
                try await carol.post("notifications/read", NotificationReadRequest(ids: [carols[1].id, "m\(early.message.id)"])),
                as: UnreadCount.self)
            #expect(marked.unreadCount == 4)
            #expect(try await carol.notifications().count == 5)
        }
    }
}
