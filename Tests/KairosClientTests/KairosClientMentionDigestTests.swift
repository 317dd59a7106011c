import Foundation
import KairosClient
import Testing

@Suite("KairosClient: opens, the missed-mention digest and note summaries against a live server")
struct KairosClientMentionDigestTests {
    @Test("Someone back after hours sees what they were mentioned in meanwhile, and dismisses it")
    func missedMentions() async throws {
        try await withSignedInClient { ada in
            var bob = KairosClient(baseURL: ada.baseURL)
            let bobAuth = try await bob.signUp(
                email: "bob@example.com", password: "correct horse", name: "Bob", timezone: "UTC")
            bob.token = bobAuth.token

            // Bob last opened the app three hours ago (reported late, as an app back online does).
            let earlier = try await bob.recordOpen(openID: "three-hours-ago", at: Date(timeIntervalSinceNow: -3 * 3600))
            #expect(!earlier.away && earlier.previousOpenedAt == nil)
            let team = try await ada.createConversation(.group("Launch", memberIDs: [bobAuth.user.id]))
            let mention = try await ada.sendMessage(conversationID: team.id, text: "@bob the deck is ready")
            _ = try await ada.sendMessage(conversationID: team.id, text: "no mention in this one")

            let now = try await bob.recordOpen(openID: "now")
            #expect(now.away)
            let previous = try #require(now.previousOpenedAt)
            #expect(abs(previous.timeIntervalSince(earlier.openedAt)) < 0.001)
            #expect(try await bob.recordOpen(openID: "now") == now)
            let digest = try await bob.mentionDigest()
            #expect(digest.total == 1)
            #expect(digest.groups.map(\.conversationName) == ["Launch"])
            #expect(digest.groups.first?.mentions.map(\.messageID) == [mention.message.id])
            #expect(digest.groups.first?.mentions.first?.author == "Ada")
            #expect(try await ada.mentionDigest().groups.isEmpty)

            // What stays unread is the message that mentioned nobody.
            #expect(try await bob.dismissMentionDigest().unreadCount == 1)
            #expect(try await bob.mentionDigest().groups.isEmpty)
            #expect(try await bob.notifications().results.first { $0.messageID == mention.message.id }?.readAt != nil)
        }
    }

    @Test("The author summarises a note; anyone else is told it was not found")
    func noteSummary() async throws {
        try await withSignedInClient { ada in
            let note = try await ada.createNote(
                "We decided to move the launch to June. Waiting for legal to approve the press release.")
            let summary = try await ada.summarize(note: note.id)
            #expect(summary.decisions.map(\.text) == ["We decided to move the launch to June."])
            #expect(summary.blockers.map(\.text) == ["Waiting for legal to approve the press release."])
            #expect(summary.model == ModelUse(used: false, reason: "off"))

            var bob = KairosClient(baseURL: ada.baseURL)
            bob.token = try await bob.signUp(
                email: "bob@example.com", password: "correct horse", name: "Bob", timezone: "UTC"
            ).token
            do {
                _ = try await bob.summarize(note: note.id)
                Issue.record("someone else's note must be a 404")
            } catch let KairosClientError.server(status, code, _) {
                #expect(status == 404)
                #expect(code == "not_found")
            }
        }
    }
}
