import Foundation
import KairosCore
import KairosServer
import KairosStore
import Testing

/// A feed of fixed events, oldest first; nil when the test expects no read at all, so that any read fails it.
private struct FixedFeed: EventFeedStore {
    let events: [UserEvent]?

    func events(userID: String, after seq: Int, limit: Int) async throws -> Page<UserEvent> {
        let events = try expected("events(userID:after:limit:)")
        let later = events.filter { $0.seq > seq }
        let page = Array(later.prefix(limit))
        return Page(results: page, nextCursor: later.count > limit ? page.last.map { String($0.seq) } : nil)
    }

    func latestEventSeq(userID: String) async throws -> Int {
        try expected("latestEventSeq(userID:)").last?.seq ?? 0
    }

    func observeNewEvents(_ observer: @escaping @Sendable ([NewEvent]) -> Void) {
        Issue.record("The feed was not expected to be observed")
    }

    private func expected(_ call: String) throws -> [UserEvent] {
        guard let events else {
            Issue.record("The feed was not expected to be read: \(call)")
            throw CancellationError()
        }
        return events
    }
}

private func event(_ seq: Int) -> UserEvent {
    UserEvent(
        seq: seq, kind: .taskUpdated, conversationID: nil, messageID: nil, taskID: "1", message: nil,
        createdAt: Date(timeIntervalSince1970: 0))
}

@Suite("The event feed service: what a cursor and a page size mean, whoever reads the feed")
struct EventFeedServiceTests {
    @Test("A cursor below 0 or a page size out of range is refused before the feed is read")
    func refusesBadInput() async throws {
        try await withAda { ada in
            let feed = EventFeedService(store: FixedFeed(events: nil), deliveries: DeliveryRecorder(store: ada.store))
            for (after, limit, field) in [(-1, 10, "after"), (0, 0, "limit"), (0, 201, "limit")] {
                let error = await #expect(throws: KairosError.self) {
                    _ = try await feed.events(of: ada.me, after: after, limit: limit)
                }
                guard case .invalidField(let named, _) = error else {
                    Issue.record("Expected an invalid \(field), got \(String(describing: error))")
                    continue
                }
                #expect(named == field)
            }
        }
    }

    @Test("No cursor reads from the start, no page size reads the default page")
    func defaults() async throws {
        try await withAda { ada in
            let feed = EventFeedService(
                store: FixedFeed(events: (1...60).map(event)), deliveries: DeliveryRecorder(store: ada.store))
            let page = try await feed.events(of: ada.me, after: nil, limit: nil)
            #expect(page.results.map(\.seq) == Array(1...PageLimit.default))
            #expect(page.nextCursor == String(PageLimit.default))
            #expect(try await feed.events(of: ada.me, after: 58, limit: 10).results.map(\.seq) == [59, 60])
        }
    }

    @Test("A socket starts from now without a cursor, replays after one, and never from past the feed's end")
    func resumption() async throws {
        try await withAda { ada in
            let feed = EventFeedService(
                store: FixedFeed(events: (1...5).map(event)), deliveries: DeliveryRecorder(store: ada.store))
            let fromNow = try await feed.resumption(of: ada.me, after: nil)
            #expect(fromNow.latest == 5 && fromNow.start == 5)
            #expect(try await feed.resumption(of: ada.me, after: 2).start == 2)
            #expect(try await feed.resumption(of: ada.me, after: -3).start == 0)
            #expect(try await feed.resumption(of: ada.me, after: 90).start == 5)
        }
    }

    @Test("The messages a reader gets from the feed count as delivered to them, and to no one else")
    func readingDelivers() async throws {
        try await withAdaBobAndCarol { ada, bob, carol in
            let team = try await ada.group("Launch", with: [bob, carol])
            let hello = try await ada.send("hello", to: team.id).message
            let deliveries = DeliveryRecorder(store: ada.store)
            let feed = EventFeedService(store: ada.store, deliveries: deliveries)
            let read = try await feed.events(of: bob.me, after: nil, limit: nil)
            #expect(read.results.compactMap(\.message?.id).contains(hello.id))
            await deliveries.flush()

            let members = try await ada.conversation(team.id).members
            #expect(members.first { $0.userID == bob.me.id }?.lastDeliveredMessageID == hello.id)
            #expect(members.first { $0.userID == carol.me.id }?.lastDeliveredMessageID == nil)
        }
    }
}
