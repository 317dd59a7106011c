import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// Push devices, the queue of notices on their way out, and each person's channels, on every backend.
@Suite("Delivery store, on every backend")
struct DeliveryStoreSuite {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func person(_ store: any SharedStore, _ name: String) async throws -> User {
        try await store.createUser(
            email: "\(name.lowercased())@example.com", name: name, passwordHash: "x", timezone: "UTC", now: now)
    }

    /// A reminder notification for each of `people`, as a write that makes them would leave it.
    private func notify(_ people: [User], _ text: String, in store: any SharedStore) async throws {
        let listener = NotificationPolicy.Listener(quietHours: nil, timeZone: .gmt)
        var plan = WritePlan()
        plan.notifications = [
            .init(
                recipients: people.compactMap { .init($0.id, hearing: .reminder, listener, at: now) },
                kind: .reminder, text: text, actorID: nil)
        ]
        try await apply(plan, to: store, now: now)
    }

    /// Queues a push of every unqueued notice, as the notice queue does; returns how many it read.
    @discardableResult
    private func queuePushes(_ store: any SharedStore) async throws -> Int {
        let notices = try await store.unqueuedNotices(limit: 100)
        guard let last = notices.last else { return 0 }
        let drafts = notices.map { notice in
            DeliveryDraft(
                notificationID: notice.facts.notificationID, userID: notice.userID, kind: notice.facts.kind,
                channel: .push, payload: Array(notice.facts.text.utf8))
        }
        try await store.queueDeliveries(drafts, throughNotificationID: last.facts.notificationID, now: now)
        return notices.count
    }

    @Test(
        "A device is kept once per endpoint, moves to whoever saves it last, and only its owner removes it",
        arguments: StoreBackend.all)
    func pushSubscriptions(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let grace = try await person(store, "Grace")
            let phone = try await store.savePushSubscription(
                userID: ada.id, endpoint: "https://push.example/1", p256dh: "key", auth: "secret", now: now)
            let again = try await store.savePushSubscription(
                userID: ada.id, endpoint: "https://push.example/1", p256dh: "key2", auth: "secret2",
                now: now.addingTimeInterval(60))
            #expect(again.id == phone.id && again.createdAt == phone.createdAt && again.p256dh == "key2")
            #expect(try await store.pushSubscriptions(userID: ada.id) == [again])
            await #expect(throws: KairosError.self) {
                try await store.deletePushSubscription(userID: grace.id, id: phone.id)
            }
            let moved = try await store.savePushSubscription(
                userID: grace.id, endpoint: "https://push.example/1", p256dh: "key3", auth: "secret3",
                now: now.addingTimeInterval(120))
            #expect(try await store.pushSubscriptions(userID: ada.id).isEmpty)
            #expect(try await store.pushSubscriptions(userID: grace.id).map(\.id) == [moved.id])
            try await store.deletePushSubscription(userID: grace.id, id: moved.id)
            #expect(try await store.pushSubscriptions(userID: grace.id).isEmpty)
        }
    }

    @Test("A person keeps their newest devices only, up to the limit", arguments: StoreBackend.all)
    func pushSubscriptionLimit(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            for index in 0...Limits.pushSubscriptionsPerUser {
                _ = try await store.savePushSubscription(
                    userID: ada.id, endpoint: "https://push.example/\(index)", p256dh: "k", auth: "a",
                    now: now.addingTimeInterval(Double(index)))
            }
            let kept = try await store.pushSubscriptions(userID: ada.id).map(\.endpoint)
            #expect(kept.count == Limits.pushSubscriptionsPerUser)
            #expect(!kept.contains("https://push.example/0"))
        }
    }

    @Test(
        "A notice is queued once per device, taken under a lease, and taken again only when the lease runs out",
        arguments: StoreBackend.all)
    func leasedDeliveries(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            _ = try await store.savePushSubscription(
                userID: ada.id, endpoint: "https://push.example/1", p256dh: "k", auth: "a", now: now)
            try await notify([ada], "Water the plants", in: store)
            #expect(try await queuePushes(store) == 1)
            #expect(try await store.unqueuedNotices(limit: 100).isEmpty)

            let lease = now.addingTimeInterval(300)
            let taken = try await store.takeDueDeliveries(now: now, leasedUntil: lease, limit: 10)
            #expect(taken.map { String(decoding: $0.payload, as: UTF8.self) } == ["Water the plants"])
            #expect(
                try await store.takeDueDeliveries(now: now.addingTimeInterval(299), leasedUntil: lease, limit: 10)
                    .isEmpty)
            // The taker died without a word: the delivery comes due again when its lease runs out.
            let retaken = try await store.takeDueDeliveries(
                now: lease, leasedUntil: lease.addingTimeInterval(300), limit: 10)
            #expect(retaken.map(\.id) == taken.map(\.id))
            try await store.recordDeliveries([(taken[0].id, .delivered(status: 201))], now: lease)
            #expect(
                try await store.takeDueDeliveries(
                    now: lease.addingTimeInterval(3600), leasedUntil: lease.addingTimeInterval(4000), limit: 10
                ).isEmpty)
            #expect(try await store.forgetFinishedDeliveries(finishedBefore: lease.addingTimeInterval(1)) == 1)
        }
    }

    @Test(
        "Takers at the same moment share the due deliveries out: each goes to exactly one",
        arguments: StoreBackend.all)
    func concurrentTakers(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            var people: [User] = []
            for index in 0..<12 {
                let someone = try await person(store, "Person\(index)")
                _ = try await store.savePushSubscription(
                    userID: someone.id, endpoint: "https://push.example/\(index)", p256dh: "k", auth: "a", now: now)
                people.append(someone)
            }
            try await notify(people, "Standup", in: store)
            try await queuePushes(store)
            let takes = try await withThrowingTaskGroup(of: [String].self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await store.takeDueDeliveries(now: now, leasedUntil: now.addingTimeInterval(60), limit: 5)
                            .map(\.id)
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(takes.count == 12)
            #expect(Set(takes).count == 12)
        }
    }

    @Test(
        "Notices queued by one process are not queued again by another that read them too",
        arguments: StoreBackend.all)
    func queuedOnce(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            try await notify([ada], "Water the plants", in: store)
            let notices = try await store.unqueuedNotices(limit: 100)
            let mail = OutgoingMail(recipient: "ada@example.com", subject: "Reminder", body: "Water the plants")
            let draft = DeliveryDraft(
                notificationID: notices[0].facts.notificationID, userID: ada.id, kind: .reminder, channel: .email,
                payload: [], mail: mail)
            for _ in 0..<2 {
                try await store.queueDeliveries(
                    [draft], throughNotificationID: notices[0].facts.notificationID, now: now)
            }
            #expect(try await store.unsentMail(afterID: nil, limit: 10).map(\.mail.subject) == ["Reminder"])
        }
    }

    @Test("Each person's channels are theirs to change, and read back as changed", arguments: StoreBackend.all)
    func reachSettings(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            let grace = try await person(store, "Grace")
            #expect(try await store.reachSettings(userID: ada.id) == ReachSettings())
            let chosen = ReachSettings(chosen: [.reminder: [.email]])
            #expect(try await store.updateReachSettings(userID: ada.id) { _ in chosen } == chosen)
            #expect(try await store.reachSettings(userID: ada.id) == chosen)
            #expect(try await store.reachSettings(userID: grace.id) == ReachSettings())
            _ = try await store.updateReachSettings(userID: ada.id) { _ in ReachSettings() }
            #expect(try await store.reachSettings(userID: ada.id) == ReachSettings())
        }
    }

    @Test(
        "Monitoring counts what waits by queue, sees a database with nothing left to migrate, and hears writes",
        arguments: StoreBackend.all)
    func health(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await person(store, "Ada")
            _ = try await store.savePushSubscription(
                userID: ada.id, endpoint: "https://push.example/1", p256dh: "k", auth: "a", now: now)
            try await notify([ada], "Water the plants", in: store)
            try await queuePushes(store)
            let writes = CountingWriterObserver()
            store.observeWriter(writes)
            try await store.createSignInLink(
                SignInLinkDraft(
                    userID: ada.id, purpose: .signIn, tokenHash: "hash", expiresAt: now.addingTimeInterval(600)),
                mail: OutgoingMail(recipient: "ada@example.com", subject: "Sign in", body: "Link"), now: now)
            #expect(writes.count >= 1)
            let depths = try await store.queueDepths(now: now)
            #expect(depths.mailWaiting == 1 && depths.mailFailing == 0 && depths.remindersDue == 0)
            #expect(depths.deliveriesWaiting == ["push": 1, "webhook": 0, "email": 0])
            #expect(try await store.pendingMigrations().isEmpty)
            #expect(try await store.databaseBytes() > 0)
            #expect(store.writerQueueDepth == 0)
        }
    }
}

/// Counts the writes it hears of.
final class CountingWriterObserver: WriterObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var heard = 0

    var count: Int { lock.withLock { heard } }

    func writerCommitted(writes: Int, duration: Duration) {
        lock.withLock { heard += writes }
    }
}
