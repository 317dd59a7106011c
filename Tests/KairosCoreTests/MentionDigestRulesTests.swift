import Foundation
import KairosCore
import Testing

/// Who counts as away, what a retried or late open changes, and how the digest groups and orders mentions.
@Suite struct MentionDigestRulesTests {
    let start = Date(timeIntervalSince1970: 1_772_634_600)  // Wednesday 4 March 2026, 14:30 UTC
    let hour: TimeInterval = 60 * 60

    func at(_ minutes: Double) -> Date { start.addingTimeInterval(minutes * 60) }

    func mention(
        _ id: Int, in conversation: String, at minutes: Double, group: String? = "Launch", text: String = "hi @bob"
    ) -> MissedMention {
        MissedMention(
            notificationID: "n\(id)", conversationID: conversation, groupName: group,
            otherPersonName: group == nil ? "Carol" : nil, messageID: String(id), authorID: "1", authorName: "Ada",
            text: text, createdAt: at(minutes))
    }

    @Test func anOpenMovesTheLatestToPreviousUnlessItIsARetryOrOlder() {
        let first = MentionDigestRules.recording(open: "a", at: nil, now: start, after: nil)
        #expect(first == AppOpen(openID: "a", openedAt: start, previousOpenedAt: nil))
        let second = MentionDigestRules.recording(open: "b", at: nil, now: at(90), after: first)
        #expect(second == AppOpen(openID: "b", openedAt: at(90), previousOpenedAt: start))
        #expect(MentionDigestRules.recording(open: "b", at: nil, now: at(95), after: second) == second)
        #expect(MentionDigestRules.recording(open: "late", at: at(30), now: at(95), after: second) == second)
        #expect(
            MentionDigestRules.recording(open: "ahead", at: at(500), now: at(95), after: second)
                == AppOpen(openID: "ahead", openedAt: at(95), previousOpenedAt: at(90)))
    }

    @Test func awayIsAPreviousOpenAtLeastAnHourBeforeTheLatest() {
        #expect(MentionDigestRules.awayWindow(nil) == nil)
        #expect(MentionDigestRules.awayWindow(AppOpen(openID: "a", openedAt: start, previousOpenedAt: nil)) == nil)
        let justUnder = AppOpen(openID: "b", openedAt: at(59.9), previousOpenedAt: start)
        #expect(MentionDigestRules.awayWindow(justUnder) == nil)
        let anHour = AppOpen(openID: "b", openedAt: at(60), previousOpenedAt: start)
        #expect(MentionDigestRules.awayWindow(anHour) == DateInterval(start: start, end: at(60)))
    }

    @Test func theDigestGroupsByConversationNewestFirstShowingThreeOfEach() throws {
        let window = DateInterval(start: start, end: at(120))
        let long = String(repeating: "word ", count: 40) + "\nend"
        let mentions = [
            mention(1, in: "10", at: 10), mention(2, in: "20", at: 20, group: nil), mention(3, in: "10", at: 30),
            mention(4, in: "10", at: 40), mention(5, in: "10", at: 50, text: long), mention(6, in: "10", at: 0),
            mention(7, in: "10", at: 121),
        ]
        let digest = MentionDigestRules.digest(of: mentions, window: window)
        #expect(digest.away && digest.since == start && digest.until == at(120))
        // Mention 6 came at the previous open and 7 after the latest: neither was missed.
        #expect(digest.total == 5)
        #expect(digest.groups.map(\.conversationID) == ["10", "20"])
        let launch = try #require(digest.groups.first)
        #expect(launch.conversationName == "Launch" && launch.count == 4)
        #expect(launch.mentions.map(\.messageID) == ["5", "4", "3"])
        let excerpt = try #require(launch.mentions.first?.excerpt)
        #expect(excerpt.count == 120 && excerpt.hasSuffix("\u{2026}") && !excerpt.contains("\n"))
        #expect(digest.groups.last?.conversationName == "Carol")
        #expect(Set(MentionDigestRules.dismissed(mentions, window: window)) == ["n1", "n2", "n3", "n4", "n5"])

        #expect(MentionDigestRules.digest(of: mentions, window: nil).groups.isEmpty)
        #expect(MentionDigestRules.dismissed(mentions, window: nil).isEmpty)
    }
}
