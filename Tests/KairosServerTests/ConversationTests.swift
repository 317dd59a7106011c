import Foundation
import Hummingbird
import KairosCore
import Testing

@Suite("Conversations: direct messages, groups, members and settings")
struct ConversationTests {
    @Test("A direct message is unique per pair, whoever starts it and however the other is named")
    func directMessageIsUniquePerPair() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let first = try await ada.directMessage(with: bob)
            #expect(first.kind == .dm)
            #expect(first.name == nil)
            #expect(Set(first.members.map(\.userID)) == [ada.me.id, bob.me.id])
            #expect(first.members.allSatisfy { $0.role == .member })

            let byEmail = try expectOK(
                try await ada.post("conversations", ConversationCreateRequest.directMessage(email: "BOB@example.com")),
                as: Conversation.self)
            let fromBob = try await bob.directMessage(with: ada)
            #expect(byEmail.id == first.id)
            #expect(fromBob.id == first.id)
            #expect(try await ada.conversations().map(\.id) == [first.id])
            #expect(try await bob.conversations().map(\.id) == [first.id])
        }
    }

    @Test("Bad direct messages: yourself, nobody, unknown people; nothing is created")
    func badDirectMessages() async throws {
        try await withAdaBobAndCarol { ada, _, _ in
            expectError(
                try await ada.post("conversations", ConversationCreateRequest.directMessage(userID: ada.me.id)),
                .badRequest, code: "invalid_field", mentioning: "yourself")
            expectError(
                try await ada.post("conversations", ConversationCreateRequest.directMessage(email: "ada@example.com")),
                .badRequest, code: "invalid_field", mentioning: "yourself")
            expectError(
                try await ada.post("conversations", json: #"{"kind": "dm"}"#), .badRequest, code: "invalid_field",
                mentioning: "user_id")
            expectError(
                try await ada.post("conversations", ConversationCreateRequest.directMessage(userID: "999")),
                .notFound, code: "not_found", mentioning: "user_id")
            expectError(
                try await ada.post(
                    "conversations", ConversationCreateRequest.directMessage(email: "nobody@example.com")),
                .notFound, code: "not_found", mentioning: "nobody@example.com")
            expectError(
                try await ada.post("conversations", ConversationCreateRequest.directMessage(email: "not an email")),
                .badRequest, code: "invalid_field", mentioning: "email")
            expectError(
                try await ada.post("conversations", json: #"{"kind": "channel", "user_id": "2"}"#), .badRequest,
                code: "invalid_field", mentioning: "kind")
            #expect(try await ada.conversations().isEmpty)
        }
    }

    @Test("A group has a name, an owner, its members, and a notice that it was created")
    func createGroup() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let team = try expectOK(
                try await ada.post(
                    "conversations",
                    ConversationCreateRequest.group(
                        "Launch", memberIDs: [bob.me.id, ada.me.id, carol.me.id])),
                as: Conversation.self)
            #expect(team.kind == .group)
            #expect(team.name == "Launch")
            #expect(team.createdBy == ada.me.id)
            #expect(team.members.map(\.userID) == [ada.me.id, bob.me.id, carol.me.id])
            #expect(team.role(of: ada.me.id) == .owner)
            #expect(team.role(of: bob.me.id) == .member)
            // A notice of what you did yourself is not news to you.
            #expect(team.unreadCount == 0)
            #expect(try await bob.conversation(team.id).unreadCount == 1)
            let history = try await bob.history(team.id)
            #expect(history.map(\.text) == ["Ada Lovelace created \u{201C}Launch\u{201D}"])
            #expect(history.first?.kind == .system)
            #expect(history.first?.authorID == nil)
            let raw = try #require(try await bob.get("conversations/\(team.id)").object)
            #expect(
                Set(raw.keys) == [
                    "id", "kind", "name", "project_id", "created_by", "created_at", "members", "muted",
                    "notification_level", "last_read_message_id", "unread_count",
                ])
        }
    }

    @Test("Bad groups: no name, nobody else, unknown or malformed members; nothing is created")
    func badGroups() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let attempts: [(String, HTTPResponse.Status, String)] = [
                (#"{"kind": "group", "member_ids": ["\#(bob.me.id)"]}"#, .badRequest, "name"),
                (#"{"kind": "group", "name": "   ", "member_ids": ["\#(bob.me.id)"]}"#, .badRequest, "name"),
                (#"{"kind": "group", "name": "Solo"}"#, .badRequest, "at least one other person"),
                (#"{"kind": "group", "name": "Solo", "member_ids": ["\#(ada.me.id)"]}"#, .badRequest, "member_ids"),
                (
                    #"{"kind": "group", "name": "X", "member_ids": ["\#(bob.me.id)", "777"]}"#, .notFound,
                    "member_ids[1]"
                ),
                (
                    #"{"kind": "group", "name": "X", "member_emails": ["zed@example.com"]}"#, .notFound,
                    "member_emails[0]"
                ),
                (#"{"kind": "group", "name": "X", "member_emails": ["zed"]}"#, .badRequest, "member_emails[0]"),
                (#"{"kind": "group", "name": "X", "member_ids": "\#(bob.me.id)"}"#, .badRequest, "member_ids"),
            ]
            for (body, status, words) in attempts {
                let reply = try await ada.post("conversations", json: body)
                expectError(reply, status, code: status == .notFound ? "not_found" : "invalid_field", mentioning: words)
            }
            #expect(try await ada.conversations().isEmpty)
            #expect(try await bob.conversations().isEmpty)
        }
    }

    @Test("Someone who is not a member gets 404 for every conversation route, and nothing changes")
    func strangersSeeNothing() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let team = try await ada.group("Launch", with: [bob])
            let dm = try await ada.directMessage(with: bob)
            let message = try await ada.send("secret plan", to: team.id).message
            let task = try await carol.createTask("Carol's task")
            let before = try await ada.history(team.id)
            for id in [team.id, dm.id, "999999", "abc"] {
                let attempts: [(HTTPRequest.Method, String, String?)] = [
                    (.get, "conversations/\(id)", nil),
                    (.post, "conversations/\(id)", #"{"name": "pwned"}"#),
                    (.post, "conversations/\(id)", #"{"muted": true}"#),
                    (.post, "conversations/\(id)/members", #"{"member_ids": ["\#(carol.me.id)"]}"#),
                    (.delete, "conversations/\(id)/members/\(bob.me.id)", nil),
                    (.post, "conversations/\(id)/leave", nil),
                    (.post, "conversations/\(id)/read", #"{"message_id": "\#(message.id)"}"#),
                    (.get, "conversations/\(id)/messages", nil),
                    (.post, "conversations/\(id)/messages", #"{"text": "hi"}"#),
                    (.post, "conversations/\(id)/tasks", #"{"task_id": "\#(task.id)"}"#),
                ]
                for (method, path, body) in attempts {
                    let reply = try await carol.send(method, path, body: body.map { Data($0.utf8) })
                    expectError(reply, .notFound, code: "not_found")
                }
            }
            expectError(
                try await carol.post("messages/\(message.id)", json: #"{"text": "pwned"}"#), .notFound,
                code: "not_found")
            expectError(try await carol.post("messages/\(message.id)/task"), .notFound, code: "not_found")
            #expect(try await carol.conversations().isEmpty)
            #expect(try await ada.history(team.id) == before)
            #expect(try await ada.conversation(team.id).members.count == 2)
            #expect(try await carol.tasks().count == 1)
        }
    }

    @Test("The owner renames the group; a member may not; a direct message has no name")
    func rename() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let team = try await ada.group("Launch", with: [bob])
            let renamed = try expectOK(
                try await ada.post("conversations/\(team.id)", ConversationUpdateRequest(name: " Liftoff ")),
                as: Conversation.self)
            #expect(renamed.name == "Liftoff")
            #expect(
                try await bob.history(team.id).first?.text
                    == "Ada Lovelace renamed the group to \u{201C}Liftoff\u{201D}")

            expectError(
                try await bob.post("conversations/\(team.id)", ConversationUpdateRequest(name: "Mine")), .forbidden,
                code: "forbidden")
            expectError(
                try await ada.post("conversations/\(team.id)", ConversationUpdateRequest(name: "")), .badRequest,
                code: "invalid_field", mentioning: "name")
            let dm = try await ada.directMessage(with: bob)
            expectError(
                try await ada.post("conversations/\(dm.id)", ConversationUpdateRequest(name: "Us")), .badRequest,
                code: "invalid_field", mentioning: "name")
            #expect(try await ada.conversation(team.id).name == "Liftoff")
            #expect(try await ada.history(team.id).count == 2)
        }
    }

    @Test("The owner links a group to one of their projects and unlinks it; nobody else can")
    func projectLink() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let team = try await ada.group("Launch", with: [bob])
            let work = try await ada.createProject("Work")
            let linked = try expectOK(
                try await ada.post("conversations/\(team.id)", ConversationUpdateRequest(projectID: .set(work.id))),
                as: Conversation.self)
            #expect(linked.projectID == work.id)
            #expect(try await bob.conversation(team.id).projectID == work.id)

            let carols = try await carol.createProject("Carol's")
            let bobs = try await bob.createProject("Bob's")
            expectError(
                try await ada.post("conversations/\(team.id)", ConversationUpdateRequest(projectID: .set(carols.id))),
                .notFound, code: "not_found", mentioning: "project_id")
            expectError(
                try await bob.post("conversations/\(team.id)", ConversationUpdateRequest(projectID: .set(bobs.id))),
                .forbidden, code: "forbidden")
            let dm = try await ada.directMessage(with: bob)
            expectError(
                try await ada.post("conversations/\(dm.id)", ConversationUpdateRequest(projectID: .set(work.id))),
                .badRequest, code: "invalid_field", mentioning: "project_id")
            #expect(try await ada.conversation(team.id).projectID == work.id)

            let unlinked = try expectOK(
                try await ada.post("conversations/\(team.id)", json: #"{"project_id": null}"#), as: Conversation.self)
            #expect(unlinked.projectID == nil)
        }
    }

    @Test("Mute and notification level belong to each member alone")
    func perMemberSettings() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let team = try await ada.group("Launch", with: [bob])
            let muted = try expectOK(
                try await bob.post(
                    "conversations/\(team.id)", ConversationUpdateRequest(muted: true, notificationLevel: .mentions)),
                as: Conversation.self)
            #expect(muted.muted)
            #expect(muted.notificationLevel == .mentions)
            let adaView = try await ada.conversation(team.id)
            #expect(!adaView.muted)
            #expect(adaView.notificationLevel == .all)
            #expect(try await bob.conversations().first?.muted == true)

            expectError(
                try await bob.post("conversations/\(team.id)", json: #"{"notification_level": "loud"}"#), .badRequest,
                code: "invalid_field", mentioning: "notification_level")
            expectError(
                try await bob.post("conversations/\(team.id)", json: #"{"muted": "yes"}"#), .badRequest,
                code: "invalid_field", mentioning: "muted")
            #expect(try await bob.conversation(team.id).notificationLevel == .mentions)
        }
    }

    @Test("The owner adds and removes people, each with a notice; members may not")
    func membership() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let team = try await ada.group("Launch", with: [bob])
            expectError(
                try await bob.post(
                    "conversations/\(team.id)/members", ConversationMembersRequest(memberIDs: [carol.me.id])),
                .forbidden, code: "forbidden")
            expectError(
                try await ada.post("conversations/\(team.id)/members", ConversationMembersRequest(memberIDs: ["404"])),
                .notFound, code: "not_found", mentioning: "member_ids[0]")
            expectError(
                try await ada.post("conversations/\(team.id)/members", ConversationMembersRequest()), .badRequest,
                code: "invalid_field", mentioning: "member_ids")
            #expect(try await ada.conversation(team.id).members.count == 2)

            let grown = try expectOK(
                try await ada.post(
                    "conversations/\(team.id)/members", ConversationMembersRequest(memberIDs: [carol.me.id])),
                as: Conversation.self)
            #expect(grown.members.map(\.userID) == [ada.me.id, bob.me.id, carol.me.id])
            #expect(try await carol.history(team.id).first?.text == "Ada Lovelace added Carol")
            // Adding someone already in the group changes nothing.
            let again = try expectOK(
                try await ada.post(
                    "conversations/\(team.id)/members", ConversationMembersRequest(memberIDs: [carol.me.id])),
                as: Conversation.self)
            #expect(again.members.count == 3)
            #expect(try await ada.history(team.id).count == 2)

            expectNoContentOrFail(try await bob.delete("conversations/\(team.id)/members/\(carol.me.id)"), .forbidden)
            try expectNoContent(try await ada.delete("conversations/\(team.id)/members/\(carol.me.id)"))
            expectError(try await carol.get("conversations/\(team.id)"), .notFound, code: "not_found")
            expectError(
                try await ada.delete("conversations/\(team.id)/members/\(carol.me.id)"), .notFound, code: "not_found")
            #expect(try await bob.history(team.id).first?.text == "Ada Lovelace removed Carol")

            let dm = try await ada.directMessage(with: bob)
            expectError(
                try await ada.post(
                    "conversations/\(dm.id)/members", ConversationMembersRequest(memberIDs: [carol.me.id])),
                .badRequest, code: "bad_request", mentioning: "group")
        }
    }

    @Test("Leaving posts a notice; when the owner leaves, the longest-standing member takes over")
    func leave() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let team = try await ada.group("Launch", with: [bob, carol])
            try expectNoContent(try await ada.post("conversations/\(team.id)/leave"))
            let after = try await bob.conversation(team.id)
            #expect(after.members.map(\.userID) == [bob.me.id, carol.me.id])
            #expect(after.role(of: bob.me.id) == .owner)
            #expect(try await bob.history(team.id).first?.text == "Ada Lovelace left")
            expectError(try await ada.get("conversations/\(team.id)"), .notFound, code: "not_found")
            expectError(try await ada.post("conversations/\(team.id)/leave"), .notFound, code: "not_found")

            // Removing yourself is leaving, for a member too.
            try expectNoContent(try await carol.delete("conversations/\(team.id)/members/\(carol.me.id)"))
            #expect(try await bob.conversation(team.id).members.map(\.userID) == [bob.me.id])

            let dm = try await ada.directMessage(with: bob)
            expectError(
                try await ada.post("conversations/\(dm.id)/leave"), .badRequest, code: "bad_request", mentioning: "Mute"
            )
            #expect(try await ada.conversations().map(\.id) == [dm.id])
        }
    }

    @Test("The list is the caller's, most recent activity first, with unread counts, in pages")
    func listing() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let dm = try await ada.directMessage(with: bob)
            let team = try await ada.group("Launch", with: [bob, carol])
            let other = try await carol.directMessage(with: bob)
            #expect(try await bob.conversations().map(\.id) == [other.id, team.id, dm.id])

            try await ada.send("ping", to: dm.id)
            #expect(try await bob.conversations().map(\.id) == [dm.id, other.id, team.id])
            #expect(try await ada.conversations().map(\.id) == [dm.id, team.id])

            let first = try expectOK(try await bob.get("conversations", ["limit": "2"]), as: Page<Conversation>.self)
            #expect(first.results.map(\.id) == [dm.id, other.id])
            let cursor = try #require(first.nextCursor)
            let second = try expectOK(
                try await bob.get("conversations", ["limit": "2", "cursor": cursor]), as: Page<Conversation>.self)
            #expect(second.results.map(\.id) == [team.id])
            #expect(second.nextCursor == nil)
            expectError(
                try await bob.get("conversations", ["limit": "0"]), .badRequest, code: "invalid_field",
                mentioning: "limit")
            expectError(
                try await bob.get("conversations", ["cursor": "nope"]), .badRequest, code: "invalid_field",
                mentioning: "cursor")
        }
    }
}

/// A refused request that must not have been a 204.
private func expectNoContentOrFail(
    _ reply: Reply, _ status: HTTPResponse.Status, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(reply.status == status, "expected \(status.code), got \(reply)", sourceLocation: sourceLocation)
}
