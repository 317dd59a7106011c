import Foundation
import KairosCore
import Testing

/// The words Kairos says to someone outside the app: a notice on a phone, a hook's message, an email, a snooze
/// choice. Gentle, always (seed 004 R3): no exclamation marks, never "overdue", no capitals shouting.
@Suite("Notice wording")
struct NoticeWordingTests {
    static let created = Date(timeIntervalSince1970: 1_772_634_600)

    static func notices() -> [Notice] {
        AppNotification.Kind.allCases.map { kind in
            let text: String =
                switch kind {
                case .mention: NotificationText.mention(by: "Ben", in: "Launch", text: "can you check the deck")
                case .message: NotificationText.message(by: "Ben", in: "Launch", text: "")
                case .assigned: NotificationText.assigned("Send the deck", by: "Ben")
                case .taskCompleted: NotificationText.completed("Send the deck", by: "Ben")
                case .taskReopened: NotificationText.reopened("Send the deck", by: "Ben")
                case .reminder: NotificationText.reminder("Buy groceries")
                case .brief: NotificationText.dailyBrief(topThree: ["Send the deck", "Buy groceries"])
                case .digest:
                    NotificationText.mentionDigest(
                        MentionDigest(
                            away: true, since: nil, until: nil, total: 2,
                            groups: [
                                MentionDigest.Group(
                                    conversationID: "5", conversationName: "Launch", count: 2,
                                    mentions: [
                                        MentionDigest.Mention(
                                            messageID: "9", authorID: "2", author: "Ben",
                                            excerpt: "can you check the deck", createdAt: created)
                                    ])
                            ]))
                }
            return Notice(
                NoticeFacts(
                    notificationID: "7", kind: kind, text: text, taskID: "3", taskContent: "Buy groceries",
                    conversationID: kind == .mention || kind == .message ? "5" : nil,
                    messageID: kind == .mention ? "9" : nil, createdAt: created))
        }
    }

    static func isGentle(_ text: String) -> Bool {
        !text.contains("!") && !text.lowercased().contains("overdue") && text != text.uppercased()
    }

    @Test("Every notice's title and body, its buttons, snooze choices and emails are gentle")
    func gentle() {
        var said = Self.notices().flatMap { [$0.title, $0.body] }
        said += Notice.Action.allCases.map(\.title) + SnoozeChoice.allCases.map(\.label)
        said += ReachSettings.Topic.allCases.map { topic in
            NotificationText.noticeEmail(
                body: "Whenever you\u{2019}re ready.", link: "https://kairos.example/#/task/3", topic: topic,
                unsubscribe: "https://kairos.example/api/v1/unsubscribe/\(topic.rawValue)")
        }
        for text in said { #expect(Self.isGentle(text), "not gentle: \(text)") }
        let reminder = try? #require(Self.notices().first { $0.kind == .reminder })
        #expect(reminder?.title == "Buy groceries" && reminder?.body == "Whenever you\u{2019}re ready.")
    }

    @Test("A notice leads where it happened, and only a task's notices can complete it")
    func linksAndActions() {
        let byKind = Dictionary(uniqueKeysWithValues: Self.notices().map { ($0.kind, $0) })
        #expect(byKind[.mention]?.path == "/#/messages/5/at/9")
        #expect(byKind[.reminder]?.path == "/#/task/3" && byKind[.reminder]?.tag == "reminder-3")
        #expect(byKind[.reminder]?.actions == [.done, .snooze, .open])
        #expect(byKind[.assigned]?.actions == [.done, .open])
        #expect(byKind[.mention]?.actions == [.open] && byKind[.mention]?.tag == "notice-7")
        let json = String(decoding: byKind[.reminder]!.json(publicURL: "https://k.example/", actionToken: nil), as: UTF8.self)
        #expect(json.contains(#""url":"https://k.example/#/task/3""#) && !json.contains("\"done\""))
    }
}
