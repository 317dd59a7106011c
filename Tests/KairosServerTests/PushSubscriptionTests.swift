import Crypto
import Foundation
import Hummingbird
import KairosCore
import KairosServer
import KairosStore
import Logging
import NIOConcurrencyHelpers
import Testing

/// A browser's subscription: a push service address and the device's own keys.
struct BrowserSubscription {
    let endpoint: String
    let p256dh = Self.base64url(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
    let auth = Self.base64url(Data((0..<16).map { _ in UInt8.random(in: 0...255) }))

    init(_ endpoint: String = "https://push.example.net/send/\(UUID().uuidString)") {
        self.endpoint = endpoint
    }

    var json: String {
        #"{"endpoint": "\#(endpoint)", "expirationTime": null, "keys": {"p256dh": "\#(p256dh)", "auth": "\#(auth)"}}"#
    }

    static func base64url(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

extension TestAPI {
    @discardableResult
    func subscribe(_ browser: BrowserSubscription) async throws -> String {
        let reply = try await post("push/subscriptions", json: browser.json)
        try #require(reply.status == .created, "expected 201, got \(reply)")
        return try #require(reply.object?["id"] as? String)
    }

    /// The key the server signs notices' links with, made from its VAPID key in the data folder.
    func actionKey() throws -> NoticeActionKey {
        NoticeActionKey(vapid: try VAPIDKey.loadOrCreate(at: dataFolder.appendingPathComponent("vapid-key.pem").path))
    }

    /// The running server's delivery worker, sending pushes to `channel`, on the test clock.
    func noticeDelivery(to channel: RecordingChannel) throws -> NoticeDelivery {
        NoticeDelivery(
            store: store, push: channel, publicURL: "https://kairos.example.org", actionKey: try actionKey(),
            clock: clock.serverClock)
    }

    /// Sets a reminder on a new task for 10:00 in New York, then lets it go off and `delivery` send it.
    @discardableResult
    func remindAndSend(_ content: String, by delivery: NoticeDelivery) async throws -> TaskItem {
        let task = try await createTask(content)
        try await remind(task.id, at: "2026-03-04T10:00:00")
        clock.set("2026-03-04T15:00:00Z")
        try await fireDueReminders()
        try await delivery.pass()
        return task
    }

    func subscriptionEndpoints() async throws -> [String] {
        let list = try #require(try await get("push/subscriptions").object?["results"] as? [[String: Any]])
        return list.compactMap { $0["endpoint"] as? String }
    }
}

/// A push service that answers each send as told, and keeps what it was sent.
final class RecordingChannel: DeliveryChannel {
    private let state = NIOLockedValueBox<(answers: [DeliveryOutcome], sent: [QueuedDelivery])>(([], []))

    var sent: [QueuedDelivery] { state.withLockedValue { $0.sent } }

    func answer(_ outcomes: DeliveryOutcome...) {
        state.withLockedValue { $0.answers += outcomes }
    }

    func send(_ delivery: QueuedDelivery) async -> DeliveryOutcome {
        state.withLockedValue { state in
            state.sent.append(delivery)
            return state.answers.isEmpty ? .delivered(status: 201) : state.answers.removeFirst()
        }
    }
}

@Suite("Web Push subscriptions and the delivery queue")
struct PushSubscriptionTests {
    @Test("A device subscribes once per endpoint, belongs to whoever subscribed last, and unsubscribes")
    func subscriptions() async throws {
        try await withAda { ada in
            let phone = BrowserSubscription()
            let id = try await ada.subscribe(phone)
            #expect(try await ada.subscribe(phone) == id)
            #expect(try await ada.subscriptionEndpoints() == [phone.endpoint])
            let listed = try await ada.get("push/subscriptions").text
            #expect(!listed.contains(phone.auth) && !listed.contains(phone.p256dh))

            // Bob signs in on the same phone: it now rings for him, not for Ada.
            let bob = try await ada.signUp("bob@example.com", name: "Bob")
            #expect(try await bob.subscribe(phone) == id)
            #expect(try await ada.subscriptionEndpoints().isEmpty)
            expectError(try await ada.delete("push/subscriptions/\(id)"), .notFound, code: "not_found")
            try expectNoContent(try await bob.delete("push/subscriptions/\(id)"))
            #expect(try await bob.subscriptionEndpoints().isEmpty)
            expectError(try await bob.delete("push/subscriptions/\(id)"), .notFound, code: "not_found")
        }
    }

    @Test("A subscription that is not a push service's HTTPS address with the browser's keys is refused")
    func badSubscriptions() async throws {
        try await withAda { ada in
            let good = BrowserSubscription()
            let cases: [(String, String)] = [
                (#"{"keys": {"p256dh": "\#(good.p256dh)", "auth": "\#(good.auth)"}}"#, "endpoint"),
                (BrowserSubscription("http://push.example.net/x").json, "https"),
                (BrowserSubscription("http://127.0.0.1:9/x").json, "https"),
                (BrowserSubscription("push.example.net/x").json, "endpoint"),
                (good.json.replacingOccurrences(of: good.p256dh, with: "AAAA"), "keys.p256dh"),
                (good.json.replacingOccurrences(of: good.auth, with: good.auth + "AAAA"), "keys.auth"),
                (#"{"endpoint": "\#(good.endpoint)"}"#, "keys.p256dh"),
            ]
            for (body, words) in cases {
                expectError(
                    try await ada.post("push/subscriptions", json: body), .badRequest, code: "invalid_field",
                    mentioning: words)
            }
            #expect(try await ada.subscriptionEndpoints().isEmpty)
        }
    }

    @Test("Loopback push services are taken only when the server is told to, for tests")
    func loopback() throws {
        let local = PushSubscriptionRequest(
            endpoint: "http://127.0.0.1:8000/push/1", p256dh: BrowserSubscription().p256dh,
            auth: BrowserSubscription().auth)
        #expect(throws: KairosError.self) { try PushEndpointRule().check(local) }
        #expect(try PushEndpointRule(allowsLoopback: true).check(local).endpoint == local.endpoint)
        let remote = PushSubscriptionRequest(endpoint: "http://10.0.0.2/push/1", p256dh: local.keys?.p256dh, auth: local.keys?.auth)
        #expect(throws: KairosError.self) { try PushEndpointRule(allowsLoopback: true).check(remote) }
    }

    @Test("A reminder that goes off is queued for each subscribed device and sent once, with the notice")
    func reminderIsPushed() async throws {
        try await withAda { ada in
            let phone = BrowserSubscription(), laptop = BrowserSubscription()
            try await ada.subscribe(phone)
            try await ada.subscribe(laptop)
            let channel = RecordingChannel()
            let delivery = try ada.noticeDelivery(to: channel)
            let task = try await ada.remindAndSend("Call the dentist", by: delivery)
            let sent = channel.sent
            #expect(Set(sent.compactMap(\.endpoint)) == [phone.endpoint, laptop.endpoint])
            let notice = try #require(try JSONSerialization.jsonObject(with: Data(sent[0].payload)) as? [String: Any])
            #expect(notice["kind"] as? String == "reminder" && notice["title"] as? String == "Call the dentist")
            #expect(notice["body"] as? String == "Whenever you\u{2019}re ready.")
            #expect(notice["task_id"] as? String == task.id)
            #expect(notice["url"] as? String == "https://kairos.example.org/#/task/\(task.id)")
            let actions = try #require(notice["actions"] as? [[String: String]])
            #expect(actions.map { $0["action"] } == ["done", "snooze", "open"])
            #expect(!(notice["body"] as? String ?? "").contains("!"))

            // Another pass, or another worker after a restart, sends nothing again.
            try await delivery.pass()
            try await NoticeDelivery(
                store: ada.store, push: channel, publicURL: "https://x", actionKey: nil, clock: ada.clock.serverClock
            ).pass()
            #expect(channel.sent.count == 2)
        }
    }

    @Test("A device its push service says is gone is dropped; a busy one is tried again later, as it asked")
    func goneAndBusy() async throws {
        try await withAda { ada in
            let gone = BrowserSubscription(), busy = BrowserSubscription()
            try await ada.subscribe(gone)
            let channel = RecordingChannel()
            channel.answer(.gone(status: 410))
            let delivery = try ada.noticeDelivery(to: channel)
            let task = try await ada.remindAndSend("Water the plants", by: delivery)
            #expect(try await ada.subscriptionEndpoints().isEmpty)

            try await ada.subscribe(busy)
            try await ada.remind(task.id, at: "2026-03-04T10:30:00")
            ada.clock.set("2026-03-04T15:30:00Z")
            try await ada.fireDueReminders()
            channel.answer(.retry(status: 429, reason: "busy", after: .seconds(120)))
            try await delivery.pass()
            #expect(channel.sent.count == 2)
            ada.clock.set("2026-03-04T15:31:00Z")
            try await delivery.pass()
            #expect(channel.sent.count == 2)
            ada.clock.set("2026-03-04T15:32:01Z")
            try await delivery.pass()
            #expect(channel.sent.count == 3 && channel.sent.last?.endpoint == busy.endpoint)
            #expect(channel.sent.last?.attempts == 1)
            try await delivery.pass()
            #expect(channel.sent.count == 3)
        }
    }

    @Test("Quiet hours hold a notice in the feed: no device rings")
    func quietHours() async throws {
        try await withAda { ada in
            try await ada.subscribe(BrowserSubscription())
            _ = try await ada.post("user", json: #"{"quiet_hours": {"start": "09:00", "end": "11:00"}}"#)
            let task = try await ada.createTask("Read the report")
            try await ada.remind(task.id, at: "2026-03-04T10:00:00")
            let channel = RecordingChannel()
            ada.clock.set("2026-03-04T15:00:00Z")
            try await ada.fireDueReminders()
            try await NoticeDelivery(
                store: ada.store, push: channel, publicURL: "https://x", actionKey: nil, clock: ada.clock.serverClock
            ).pass()
            #expect(try await ada.reminderNotifications().first?.quiet == true)
            #expect(channel.sent.isEmpty)
        }
    }
}

extension QueuedDelivery {
    var endpoint: String? {
        switch target {
        case .push(let subscription): subscription.endpoint
        case .webhook: nil
        }
    }
}

@Suite("The delivery log keeps a month")
struct DeliveryLogSweeperTests {
    @Test("Finished deliveries older than 30 days are forgotten; waiting ones stay however old")
    func sweep() async throws {
        try await withAda { ada in
            try await ada.subscribe(BrowserSubscription())
            try await ada.subscribe(BrowserSubscription())
            let channel = RecordingChannel()
            channel.answer(.delivered(status: 201), .retry(status: 503, reason: "busy", after: nil))
            try await ada.remindAndSend("Water the plants", by: try ada.noticeDelivery(to: channel))
            let sweeper = DeliveryLogSweeper(store: ada.store, clock: ada.clock.serverClock, logger: Logger(label: "test"))
            #expect(try await sweeper.sweep() == 0)
            ada.clock.now = ada.clock.now.addingTimeInterval(31 * 86_400)
            #expect(try await sweeper.sweep() == 1)
            // The one still waiting is sent on its next try, then kept a month too.
            try await ada.noticeDelivery(to: channel).pass()
            #expect(channel.sent.count == 3)
            #expect(try await sweeper.sweep() == 0)
        }
    }
}
