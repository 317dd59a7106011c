import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// `MentionDigestStore`'s behaviour, the same on every backend.
@Suite("Mention digest store, on every backend")
struct MentionDigestStoreSuite {
    let now = Date(timeIntervalSince1970: 1_772_634_600)  // 2026-03-04T14:30:00Z

    func person(_ store: any SharedStore, _ name: String) async throws -> User {
        try await store.createUser(
            email: "\(name.lowercased())@example.com", name: name, passwordHash: "x", timezone: "UTC", now: now)
    }

    @Test("Opening the app is recorded as the change makes it, and read back as kept", arguments: StoreBackend.all)
    func appOpens(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            #expect(try await store.appOpen(userID: ada.id) == nil)
            let first = try await store.recordAppOpen(userID: ada.id) { current in
                AppOpen(openID: "o1", openedAt: now, previousOpenedAt: current?.openedAt)
            }
            #expect(first == AppOpen(openID: "o1", openedAt: now, previousOpenedAt: nil))
            let second = try await store.recordAppOpen(userID: ada.id) { current in
                AppOpen(openID: "o2", openedAt: now + 60, previousOpenedAt: current?.openedAt)
            }
            #expect(second == AppOpen(openID: "o2", openedAt: now + 60, previousOpenedAt: now))
            #expect(try await store.appOpen(userID: ada.id) == second)
            let unchanged = try await store.recordAppOpen(userID: ada.id) { $0! }
            #expect(unchanged == second)
        }
    }

    @Test("Missed mentions are the unread ones in conversations the person is still in", arguments: StoreBackend.all)
    func missedMentions(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let bob = try await person(store, "Bob")
            let dm = try await store.directMessage(between: ada.id, and: bob.id, now: now)
            let group = try await store.createGroup(
                userID: ada.id, name: "Team", memberIDs: [bob.id], notice: "made", now: now)
            let inDM = try await store.post(
                MessageDraft(conversationID: dm.id, authorID: ada.id, kind: .text, text: "@Bob hi", mentions: [bob.id]),
                now: now + 10)
            _ = try await store.post(
                MessageDraft(
                    conversationID: group.id, authorID: ada.id, kind: .text, text: "@Bob team", mentions: [bob.id]),
                now: now + 20)
            let missed = try await store.missedMentions(userID: bob.id, after: now, through: now + 30, limit: 10)
            #expect(missed.map(\.text) == ["@Bob team", "@Bob hi"])
            #expect(missed.first?.groupName == "Team" && missed.first?.otherPersonName == nil)
            #expect(missed.last?.groupName == nil && missed.last?.otherPersonName == "Ada")
            #expect(
                missed.last?.messageID == inDM.id && missed.last?.authorName == "Ada"
                    && missed.last?.createdAt == now + 10)
            #expect(
                try await store.missedMentions(userID: bob.id, after: now + 10, through: now + 30, limit: 10).count == 1
            )
            #expect(try await store.missedMentions(userID: bob.id, after: now, through: now + 30, limit: 1).count == 1)

            let candidates = try await store.mentionDigestCandidates(mentionedBefore: now + 30, lastSentBefore: now)
            #expect(candidates == [MentionDigestCandidate(userID: bob.id, lastOpen: nil, lastSent: nil)])

            try await store.removeMember(
                conversationID: group.id, userID: bob.id, notice: .notice("Bob left", in: group.id, by: bob.id),
                now: now + 40)
            #expect(
                try await store.missedMentions(userID: bob.id, after: now, through: now + 50, limit: 10).map(\.text)
                    == [
                        "@Bob hi"
                    ])
        }
    }

    @Test("A digest is recorded once per last digest, with its notification", arguments: StoreBackend.all)
    func recordDigest(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let sent = SentMentionDigest(at: now, through: now - 60)
            #expect(
                try await store.recordMentionDigest(
                    userID: ada.id, sent, replacing: nil, text: "2 mentions", conversationID: nil, messageID: nil))
            #expect(
                !(try await store.recordMentionDigest(
                    userID: ada.id, SentMentionDigest(at: now + 1, through: now), replacing: nil, text: "again",
                    conversationID: nil, messageID: nil)))
            #expect(
                try await store.recordMentionDigest(
                    userID: ada.id, SentMentionDigest(at: now + 2, through: now), replacing: sent, text: "later",
                    conversationID: nil, messageID: nil))
            let notifications = try await store.notifications(
                userID: ada.id, unreadOnly: false, page: PageRequest(limit: 10))
            #expect(notifications.results.map(\.text) == ["later", "2 mentions"])
            #expect(notifications.results.allSatisfy { $0.kind == .digest })
        }
    }
}
