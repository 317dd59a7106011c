import Foundation
import Hummingbird
import KairosCore
import KairosServer
import Testing

extension TestAPI {
    /// The digest sender as the server runs it, on this server's store and clock.
    var digestScheduler: MentionDigestScheduler {
        MentionDigestScheduler(store: store, clock: clock.serverClock)
    }

    func digestNotifications() async throws -> [AppNotification] {
        try await notifications().filter { $0.kind == .digest }
    }
}

/// Someone who stays away is sent the mentions they missed: once a mention has waited an hour unread, by
/// email unless they chose otherwise, each mention in one digest only.
@Suite struct MentionDigestSendingTests {
    static let hour: TimeInterval = 60 * 60

    static func mention(_ id: String, in conversation: String, at seconds: TimeInterval, by author: String = "Ada")
        -> MissedMention
    {
        MissedMention(
            notificationID: "n\(id)", conversationID: conversation, groupName: conversation == "dm" ? nil : conversation,
            otherPersonName: conversation == "dm" ? author : nil, messageID: id, authorID: "1", authorName: author,
            text: "@bob message \(id)", createdAt: Date(timeIntervalSince1970: seconds))
    }

    @Test func aDigestIsDueOnceAMentionWaitedAnHourAndNoSoonerThanFourHoursAfterTheLast() {
        let at = { (seconds: TimeInterval) in Date(timeIntervalSince1970: seconds) }
        let unread = [Self.mention("1", in: "Launch", at: 1_000), Self.mention("2", in: "dm", at: 2_000, by: "Carol")]
        // The oldest has waited under an hour: nothing yet.
        #expect(MentionDigestRules.dueDigest(of: unread, lastOpen: at(500), lastSent: nil, now: at(1_000 + 3_599)) == nil)
        let due = try! #require(
            MentionDigestRules.dueDigest(of: unread, lastOpen: at(500), lastSent: nil, now: at(1_000 + Self.hour)))
        #expect(due.total == 2 && due.groups.map(\.conversationName) == ["Carol", "Launch"])
        // Opened since the mentions were made: they were not missed.
        #expect(MentionDigestRules.dueDigest(of: unread, lastOpen: at(2_500), lastSent: nil, now: at(20_000)) == nil)
        // After a digest, only mentions made since it count, and not within four hours of it.
        let sent = SentMentionDigest(at: at(1_000 + Self.hour), through: at(2_000))
        let later = unread + [Self.mention("3", in: "Launch", at: 6_000)]
        #expect(MentionDigestRules.dueDigest(of: later, lastOpen: at(500), lastSent: sent, now: at(9_000)) == nil)
        let next = try! #require(
            MentionDigestRules.dueDigest(of: later, lastOpen: at(500), lastSent: sent, now: sent.at + 4 * Self.hour))
        #expect(next.total == 1 && next.groups.first?.mentions.first?.messageID == "3")
        // Never opened the app: every unread mention counts.
        #expect(MentionDigestRules.dueDigest(of: unread, lastOpen: nil, lastSent: nil, now: at(9_000))?.total == 2)
    }

    @Test func theDigestSaysHowManyAndNamesTheNewestConversations() {
        let at = Date(timeIntervalSince1970: 100_000)
        let mentions = [
            Self.mention("1", in: "Launch", at: 1_000), Self.mention("2", in: "Launch", at: 1_100),
            Self.mention("3", in: "dm", at: 1_200, by: "Carol"), Self.mention("4", in: "Design", at: 1_300),
            Self.mention("5", in: "Ops", at: 1_400),
        ]
        let digest = try! #require(MentionDigestRules.dueDigest(of: mentions, lastOpen: nil, lastSent: nil, now: at))
        #expect(
            NotificationText.mentionDigest(digest) == """
                You were mentioned 5 times while you were away
                Ada in Ops: \u{201C}@bob message 5\u{201D}
                Ada in Design: \u{201C}@bob message 4\u{201D}
                Carol: \u{201C}@bob message 3\u{201D}
                and 1 more conversation
                """)
        let one = try! #require(
            MentionDigestRules.dueDigest(of: Array(mentions.prefix(2)), lastOpen: nil, lastSent: nil, now: at))
        #expect(
            NotificationText.mentionDigest(one) == """
                You were mentioned 2 times while you were away
                Ada in Launch: \u{201C}@bob message 2\u{201D} (and 1 more)
                """)
    }

    @Test func someoneAwayIsEmailedTheirMentionsOnceAndOnlyNewOnesLater() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            try await bob.opened()
            bob.clock.now += 60
            let launch = try await ada.group("Launch", with: [bob])
            let first = try await ada.say("@bob can you send the deck", in: launch.id)
            _ = try await ada.say("@bob and the pricing table", in: launch.id)
            _ = try await ada.say("no mention here", in: launch.id)

            // Under an hour unread: nothing yet.
            #expect(try await bob.digestScheduler.sendDue().isEmpty)
            bob.clock.now = first.createdAt + Self.hour
            #expect(try await bob.digestScheduler.sendDue() == [bob.me.id])
            #expect(try await bob.digestScheduler.sendDue().isEmpty)

            let digest = try #require(try await bob.digestNotifications().first)
            #expect(digest.text.hasPrefix("You were mentioned 2 times while you were away\nAda Lovelace in Launch:"))
            #expect(digest.conversationID == launch.id && digest.messageID != nil)
            #expect(try await ada.digestNotifications().isEmpty)
            #expect(try await carol.digestNotifications().isEmpty)

            // By email, as digests go unless Bob chooses otherwise, with a one-click way to stop them.
            #expect(try await bob.reachChannels("digest") == ["email"])
            try await NoticeDelivery(
                store: bob.store, push: nil, publicURL: "https://kairos.example.org", actionKey: try bob.actionKey(),
                clock: bob.clock.serverClock
            ).pass()
            let transport = CapturingTransport()
            #expect(try await bob.outbox(transport).deliverDue() == 1)
            let message = try #require(transport.delivered.first)
            #expect(message.contains("To: <bob@example.com>") && message.contains("Subject: While you were away"))
            #expect(message.contains("and the pricing table") && message.contains("/#/messages/\(launch.id)/at/"))
            #expect(message.contains("/api/v1/unsubscribe/digest?token="))

            // A mention after the digest waits for the next one, four hours after it.
            let later = try await ada.say("@bob one more thing", in: launch.id)
            bob.clock.now = later.createdAt + Self.hour
            #expect(try await bob.digestScheduler.sendDue().isEmpty)
            bob.clock.now = digest.createdAt + 4 * Self.hour
            #expect(try await bob.digestScheduler.sendDue() == [bob.me.id])
            let second = try #require(try await bob.digestNotifications().first)
            #expect(second.text.hasPrefix("You were mentioned once while you were away\n"))
            #expect(second.text.contains("one more thing") && !second.text.contains("deck"))
        }
    }

    @Test func mentionsReadOrSeenOnAnOpenAreNotSent() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            try await bob.opened()
            try await carol.opened()
            let launch = try await ada.group("Launch", with: [bob, carol])
            let message = try await ada.say("@bob @carol the deck is ready", in: launch.id)
            // Bob reads the thread; Carol opens the app after the mention.
            try expectOK(
                try await bob.post("conversations/\(launch.id)/read", ConversationReadRequest(messageID: message.id)),
                as: Conversation.self)
            try await carol.opened()
            bob.clock.now = message.createdAt + 3 * Self.hour
            #expect(try await bob.digestScheduler.sendDue().isEmpty)
            #expect(try await bob.digestNotifications().isEmpty)
            #expect(try await carol.digestNotifications().isEmpty)
        }
    }

    @Test func aDigestChosenForDevicesIsPushedAndOpensHomeWhenItSpansConversations() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            #expect(try await bob.post("notifications/settings", json: #"{"digest": ["push"]}"#).status == .ok)
            let channel = RecordingChannel()
            try await bob.subscribe(BrowserSubscription())
            let launch = try await ada.group("Launch", with: [bob])
            let dm = try await carol.directMessage(with: bob)
            let first = try await ada.say("@bob the deck", in: launch.id)
            _ = try await carol.say("@bob lunch?", in: dm.id)
            bob.clock.now = first.createdAt + Self.hour
            #expect(try await bob.digestScheduler.sendDue() == [bob.me.id])
            try await bob.noticeDelivery(to: channel).pass()
            let pushed = try #require(channel.sent.first { $0.kind == .digest })
            let payload = try #require(try JSONSerialization.jsonObject(with: Data(pushed.payload)) as? [String: Any])
            #expect(payload["title"] as? String == "While you were away")
            #expect(payload["url"] as? String == "https://kairos.example.org/#/home")
            #expect((payload["body"] as? String)?.contains("Carol: \u{201C}@bob lunch?\u{201D}") == true)
            #expect(try await bob.digestNotifications().first?.conversationID == nil)
        }
    }
}
