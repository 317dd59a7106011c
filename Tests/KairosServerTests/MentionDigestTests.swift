import Foundation
import Hummingbird
import KairosCore
import Testing

extension TestAPI {
    /// Reports an open of the app (`POST /user/opened`), with a fresh open id unless one is given.
    @discardableResult
    func opened(id: String = UUID().uuidString, at: String? = nil) async throws -> AppOpenResponse {
        let at = at.map { #", "at": "\#($0)""# } ?? ""
        return try expectOK(
            try await post("user/opened", json: #"{"open_id": "\#(id)"\#(at)}"#), as: AppOpenResponse.self)
    }

    func mentionDigest() async throws -> MentionDigest {
        try expectOK(try await get("mentions/digest"), as: MentionDigest.self)
    }

    /// Sends a message and moves the clock on a minute, so each message has its own moment.
    @discardableResult
    func say(_ text: String, in conversationID: String) async throws -> Message {
        let message = try await send(text, to: conversationID).message
        clock.now += 60
        return message
    }
}

/// The missed-mention digest: who counts as away, what they missed, grouped by conversation, and dismissing it.
@Suite struct MentionDigestTests {
    static let hour: TimeInterval = 60 * 60

    @Test func someoneBackAfterAnHourSeesTheirMentionsGroupedByConversationNewestFirst() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let first = try await bob.opened()
            #expect(first.previousOpenedAt == nil && !first.away)
            #expect(
                try await bob.mentionDigest()
                    == MentionDigest(away: false, since: nil, until: nil, total: 0, groups: []))

            bob.clock.now += 2 * Self.hour
            let launch = try await ada.group("Launch", with: [bob, carol])
            let dm = try await carol.directMessage(with: bob)
            var launchMentions: [Message] = []
            for text in ["@bob the deck is ready", "@bob can you check the pricing table", "no mention here"] {
                let message = try await ada.say(text, in: launch.id)
                if text.contains("@bob") { launchMentions.append(message) }
            }
            let fromCarol = try await carol.say("@bob lunch tomorrow?", in: dm.id)
            launchMentions.append(try await ada.say("@bob and one more\nthing on two lines", in: launch.id))
            launchMentions.append(try await ada.say("@bob last one", in: launch.id))
            _ = try await ada.say("@carol this one is not Bob's", in: launch.id)

            let back = try await bob.opened()
            #expect(back.away && back.previousOpenedAt == first.openedAt)
            let digest = try await bob.mentionDigest()
            #expect(digest.away && digest.since == first.openedAt && digest.until == back.openedAt)
            #expect(digest.total == 5)
            #expect(digest.groups.map(\.conversationID) == [launch.id, dm.id])
            let group = try #require(digest.groups.first)
            #expect(group.conversationName == "Launch" && group.count == 4)
            #expect(group.mentions.map(\.messageID) == launchMentions.reversed().prefix(3).map(\.id))
            #expect(
                group.mentions.map(\.excerpt) == [
                    "@bob last one", "@bob and one more thing on two lines",
                    "@bob can you check the pricing table",
                ])
            #expect(group.mentions.allSatisfy { $0.author == "Ada Lovelace" && $0.authorID == ada.me.id })
            // A direct message goes by the other person's name.
            #expect(
                digest.groups.last
                    == MentionDigest.Group(
                        conversationID: dm.id, conversationName: "Carol", count: 1,
                        mentions: [
                            MentionDigest.Mention(
                                messageID: fromCarol.id, authorID: carol.me.id, author: "Carol",
                                excerpt: "@bob lunch tomorrow?", createdAt: fromCarol.createdAt)
                        ]))

            // Carol was mentioned too, but never opened the app: she has no digest. Ada was mentioned in nothing.
            #expect(try await carol.mentionDigest().groups.isEmpty)
            try await ada.opened()
            ada.clock.now += 2 * Self.hour
            #expect(try await ada.opened().away)
            let adas = try await ada.mentionDigest()
            #expect(adas.away && adas.total == 0 && adas.groups.isEmpty)
        }
    }

    @Test func anOpenWithinTheHourIsNotBeingAwayAndTheWindowStartsAtThePreviousOpen() async throws {
        try await withAdaBobAndCarol { ada, bob, _ in
            let dm = try await ada.directMessage(with: bob)
            try await bob.opened()
            bob.clock.now += 30 * 60
            _ = try await ada.say("@bob while you were here", in: dm.id)
            bob.clock.now += 28 * 60
            let soon = try await bob.opened()
            #expect(!soon.away)
            #expect(try await bob.mentionDigest().groups.isEmpty)

            // Exactly an hour after that open is away; only what came after it counts.
            bob.clock.now += Self.hour - 60
            let later = try await ada.say("@bob after you left", in: dm.id)
            let back = try await bob.opened()
            #expect(back.away && back.openedAt.timeIntervalSince(soon.openedAt) == Self.hour)
            let digest = try await bob.mentionDigest()
            #expect(digest.groups.flatMap(\.mentions).map(\.messageID) == [later.id])

            // A mention after the latest open is seen live, not missed.
            ada.clock.now += 60
            _ = try await ada.say("@bob now that you are back", in: dm.id)
            #expect(try await bob.mentionDigest() == digest)
        }
    }

    @Test func aRetriedOpenChangesNothingAndALateOneIsTakenAtItsTime() async throws {
        try await withAda { ada in
            let first = try await ada.opened(id: "open-1")
            ada.clock.now += 3 * Self.hour
            let second = try await ada.opened(id: "open-2")
            #expect(second.away && second.previousOpenedAt == first.openedAt)
            ada.clock.now += 60
            // The answer to open-2 was lost and the app sends it again: the same record, still away.
            #expect(try await ada.opened(id: "open-2") == second)

            // An open made offline two hours ago and reported now is older than the latest: nothing moves.
            #expect(try await ada.opened(id: "offline", at: "2026-03-04T15:30:00Z") == second)
            // One reported from a clock ahead of the server's counts as now.
            let ahead = try await ada.opened(id: "ahead", at: "2030-01-01T00:00:00Z")
            #expect(ahead.openedAt == ada.clock.now && ahead.previousOpenedAt == second.openedAt && !ahead.away)
        }
    }

    @Test func badOpensAreRefusedNamingTheFieldAndChangeNothing() async throws {
        try await withAda { ada in
            let first = try await ada.opened(id: "first")
            ada.clock.now += 2 * Self.hour
            for (body, field) in [
                (#"{}"#, "open_id"), (#"{"open_id": ""}"#, "open_id"), (#"{"open_id": "   "}"#, "open_id"),
                (#"{"open_id": 7}"#, "open_id"), (#"{"open_id": "x", "at": "yesterday"}"#, "at"),
                (#"{"open_id": "x", "when": "now"}"#, "when"),
                (#"{"open_id": "\#(String(repeating: "x", count: 101))"}"#, "open_id"),
            ] {
                expectError(
                    try await ada.post("user/opened", json: body), .badRequest, code: "invalid_field", mentioning: field
                )
            }
            expectError(try await ada.post("user/opened"), .badRequest, code: "bad_request")
            expectError(
                try await ada.with(token: nil).post("user/opened", json: #"{"open_id": "x"}"#), .unauthorized,
                code: "unauthorized")
            expectError(try await ada.with(token: nil).get("mentions/digest"), .unauthorized, code: "unauthorized")
            expectError(
                try await ada.with(token: nil).post("mentions/digest/dismiss"), .unauthorized, code: "unauthorized")
            // Nothing was recorded: the next open still comes after the first.
            #expect(try await ada.opened().previousOpenedAt == first.openedAt)
        }
    }

    @Test func aConversationLeftOrRejoinedSinceShowsNothingFromBefore() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let launch = try await ada.group("Launch", with: [bob, carol])
            let party = try await ada.group("Party", with: [bob])
            let crew = try await ada.group("Crew", with: [bob])
            try await bob.opened()
            bob.clock.now += 2 * Self.hour
            _ = try await ada.say("@bob in launch", in: launch.id)
            let kept = try await ada.say("@bob in party", in: party.id)
            _ = try await ada.say("@bob in crew, before you were removed", in: crew.id)
            try expectNoContent(try await bob.post("conversations/\(launch.id)/leave"))
            try expectNoContent(try await ada.delete("conversations/\(crew.id)/members/\(bob.me.id)"))
            try expectOK(
                try await ada.post(
                    "conversations/\(crew.id)/members", ConversationMembersRequest(memberIDs: [bob.me.id])),
                as: Conversation.self)

            #expect(try await bob.opened().away)
            let digest = try await bob.mentionDigest()
            #expect(digest.groups.map(\.conversationID) == [party.id])
            #expect(digest.groups.first?.mentions.map(\.messageID) == [kept.id])
            #expect(digest.total == 1)
        }
    }

    @Test func dismissingMarksThoseMentionsReadAndReadingAThreadTakesItsGroupAway() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let launch = try await ada.group("Launch", with: [bob, carol])
            let dm = try await carol.directMessage(with: bob)
            try await bob.opened()
            try await carol.opened()
            bob.clock.now += 2 * Self.hour
            let inLaunch = try await ada.say("@bob @carol the deck is ready", in: launch.id)
            let inDM = try await carol.say("@bob are you around?", in: dm.id)
            try await bob.opened()
            try await carol.opened()
            #expect(try await bob.mentionDigest().groups.map(\.conversationID) == [dm.id, launch.id])

            // Opening the thread at the message reads it, and its group leaves the digest.
            try expectOK(
                try await bob.post("conversations/\(dm.id)/read", ConversationReadRequest(messageID: inDM.id)),
                as: Conversation.self)
            #expect(try await bob.mentionDigest().groups.map(\.conversationID) == [launch.id])

            ada.clock.now += 60
            let after = try await ada.say("@bob one more, after you came back", in: launch.id)
            let unread = try expectOK(try await bob.post("mentions/digest/dismiss"), as: UnreadCount.self)
            let digest = try await bob.mentionDigest()
            #expect(digest.away && digest.groups.isEmpty && digest.total == 0)
            let mentions = try await bob.notifications().filter { $0.kind == .mention }
            #expect(mentions.first { $0.messageID == inLaunch.id }?.readAt != nil)
            // The mention made since the open was not in the digest, so it stays unread.
            #expect(mentions.first { $0.messageID == after.id }?.readAt == nil)
            #expect(unread.unreadCount == (try await bob.unreadCount()))
            #expect(unread.unreadCount >= 1)
            // A second dismissal is harmless.
            #expect(
                try expectOK(try await bob.post("mentions/digest/dismiss"), as: UnreadCount.self).unreadCount
                    == unread.unreadCount)

            // Carol's digest is her own: Bob's dismissal left her mention unread.
            let carols = try await carol.mentionDigest()
            #expect(carols.groups.map(\.conversationID) == [launch.id])
            #expect(carols.groups.first?.mentions.map(\.messageID) == [inLaunch.id])
        }
    }
}
