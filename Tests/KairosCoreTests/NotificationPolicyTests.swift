import Foundation
import Testing

@testable import KairosCore

@Suite("Notification policy and reach")
struct NotificationPolicyTests {
    static let york = TimeZone(identifier: "America/New_York")!
    static let nights = QuietHours(start: LocalTime(hour: 22, minute: 0)!, end: LocalTime(hour: 7, minute: 0)!)
    /// 09:30 and 23:00 in New York.
    static let morning = Date(timeIntervalSince1970: 1_772_634_600)
    static let night = morning.addingTimeInterval(13.5 * 3600)

    static func listener(
        muted: Bool = false, level: NotificationLevel = .all, project: Bool = false, task: Bool = false
    ) -> NotificationPolicy.Listener {
        NotificationPolicy.Listener(
            quietHours: nights, timeZone: york, conversationMuted: muted, conversationLevel: level,
            projectMuted: project, taskMuted: task)
    }

    @Test("What is said to you directly always reaches you, whatever you muted; quiet hours only hold it")
    func direct() {
        let everythingMuted = Self.listener(muted: true, level: .muted, project: true, task: true)
        for occasion in [NotificationPolicy.Occasion.mention, .assigned, .reminder] {
            #expect(NotificationPolicy.delivery(of: occasion, to: everythingMuted, at: Self.morning) == .now)
            #expect(NotificationPolicy.delivery(of: occasion, to: everythingMuted, at: Self.night) == .held)
        }
    }

    @Test("A conversation's other messages reach you only at level all, unmuted")
    func messages() {
        #expect(NotificationPolicy.delivery(of: .message, to: Self.listener(), at: Self.morning) == .now)
        #expect(NotificationPolicy.delivery(of: .message, to: Self.listener(), at: Self.night) == .held)
        for quiet in [Self.listener(muted: true), Self.listener(level: .mentions), Self.listener(level: .muted)] {
            #expect(NotificationPolicy.delivery(of: .message, to: quiet, at: Self.morning) == .none)
        }
        // A project or task mute is not a conversation's business.
        #expect(NotificationPolicy.hears(.message, Self.listener(project: true, task: true)))
    }

    @Test("A task's activity is silenced by muting the task or its project, and by nothing else")
    func taskActivity() {
        #expect(NotificationPolicy.delivery(of: .taskActivity, to: Self.listener(), at: Self.morning) == .now)
        #expect(
            NotificationPolicy.delivery(of: .taskActivity, to: Self.listener(project: true), at: Self.morning) == .none)
        #expect(
            NotificationPolicy.delivery(of: .taskActivity, to: Self.listener(task: true), at: Self.morning) == .none)
        #expect(NotificationPolicy.hears(.taskActivity, Self.listener(muted: true, level: .muted)))
    }

    @Test("A guest reaches themselves and their contacts; anyone else reaches everyone")
    func reach() {
        let guest = User(
            id: "7", email: "erin@example.com", name: "Erin", timezone: "UTC", createdAt: .now, isGuest: true)
        let member = User(id: "8", email: "bob@example.com", name: "Bob", timezone: "UTC", createdAt: .now)
        #expect(ReachPolicy.mayReach("7", from: guest, contacts: []))
        #expect(ReachPolicy.mayReach("1", from: guest, contacts: ["1"]))
        #expect(!ReachPolicy.mayReach("2", from: guest, contacts: ["1"]))
        #expect(ReachPolicy.mayReach("2", from: member, contacts: []))
        #expect(ReachPolicy.needsContacts(of: guest) && !ReachPolicy.needsContacts(of: member))
    }

    @Test("By email, everyone reaches only themselves and their contacts")
    func reachByEmail() {
        let member = User(id: "8", email: "bob@example.com", name: "Bob", timezone: "UTC", createdAt: .now)
        #expect(ReachPolicy.needsContacts(of: member, by: .email))
        #expect(ReachPolicy.mayReach("8", from: member, by: .email, contacts: []))
        #expect(ReachPolicy.mayReach("3", from: member, by: .email, contacts: ["3"]))
        #expect(!ReachPolicy.mayReach("4", from: member, by: .email, contacts: ["3"]))
    }

    @Test("A message notifies the members who hear it but its author and those it mentions; posts of the system do not")
    func messageNotifies() {
        #expect(NotificationPolicy.messageNotifies(kind: .text, authorID: "2", mentionsReader: false, reader: "1"))
        #expect(!NotificationPolicy.messageNotifies(kind: .text, authorID: "1", mentionsReader: false, reader: "1"))
        #expect(!NotificationPolicy.messageNotifies(kind: .text, authorID: "2", mentionsReader: true, reader: "1"))
        #expect(!NotificationPolicy.messageNotifies(kind: .system, authorID: nil, mentionsReader: false, reader: "1"))
        #expect(!NotificationPolicy.messageNotifies(kind: .taskCard, authorID: "2", mentionsReader: false, reader: "1"))
    }

    @Test("A mention notifies the members it names, in the members' order, never its author nor an outsider")
    func mentionRecipients() {
        #expect(
            NotificationPolicy.mentionRecipients(
                mentions: ["3", "1", "2", "9"], members: ["1", "2", "3"], authorID: "1")
                == ["2", "3"])
        #expect(NotificationPolicy.mentionRecipients(mentions: [], members: ["1", "2"], authorID: "1").isEmpty)
        #expect(NotificationPolicy.mentionRecipients(mentions: ["1"], members: ["1", "2"], authorID: "1").isEmpty)
    }
}
