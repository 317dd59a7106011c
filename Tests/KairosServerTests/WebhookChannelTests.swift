import AsyncHTTPClient
import Crypto
import Foundation
import HTTPTypes
import KairosCore
import KairosServer
import Logging
import Testing

/// The channel that hands one notice to one hook, against a real receiver on a local port: the signed JSON POST
/// checked with an HMAC of its own, ntfy's JSON publish, and what each kind of answer means.
@Suite struct WebhookChannelTests {
    static let now = APITimestamp.parse("2026-03-04T14:30:00Z")!
    static let secret = "whsec_c2VjcmV0LWZvci10ZXN0cy1vbmx5LTMyLWJ5dGVzLQ"
    static let token = "tk_0123456789abcdefghijklmnopq"

    static let reminder = Notice(
        id: "41", kind: .reminder, title: "Water the plants", body: "Due at 15:00", taskID: "7",
        path: "/#/task/7", actions: [.done, .snooze, .open], createdAt: APITimestamp.parse("2026-03-04T14:29:00Z")!)

    static func hook(_ url: String, format: Webhook.Format = .json, token: String? = nil) -> WebhookTarget {
        WebhookTarget(
            id: "3", userID: "1", url: url, format: format,
            secret: format == .json ? DeliveryCredential(secret) : nil, token: token.map(DeliveryCredential.init),
            createdAt: now)
    }

    /// Runs `body` with a channel on a client of its own (shut down afterwards).
    static func withChannel(
        deadline: Duration = .seconds(10), _ body: (WebhookChannel) async throws -> Void
    ) async throws {
        let client = HTTPClient.forHooks()
        do {
            try await body(
                WebhookChannel(
                    client: client, publicURL: "https://kairos.example/", logger: Logger(label: "test"),
                    deadline: deadline))
        } catch {
            try await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }

    @Test func aJSONHookGetsTheNoticeSignedOverItsTimestampAndBody() async throws {
        try await HookReceiver.listening { address, receiver in
            try await Self.withChannel { channel in
                let outcome = await channel.send(
                    Self.reminder, actionToken: "1.signed", to: Self.hook("\(address)/hooks/kairos?source=test"),
                    deliveryID: "d-9", now: Self.now)
                #expect(outcome == .delivered(status: 200))
            }
            let request = try #require(await receiver.received.first)
            #expect(await receiver.received.count == 1)
            #expect(request.method == .post)
            #expect(request.path == "/hooks/kairos")
            #expect(request.header("Content-Type") == "application/json")
            #expect(request.header("User-Agent") == "Kairos-Webhook/1")
            #expect(request.header("Kairos-Delivery") == "d-9")
            #expect(request.header("Kairos-Timestamp") == "1772634600")

            // The receiver's own check: HMAC-SHA256 of "<timestamp>.<body>" keyed with the whole secret.
            let signature = try #require(request.header("Kairos-Signature"))
            #expect(signature.hasPrefix("sha256="))
            let expected = HMAC<SHA256>.authenticationCode(
                for: Data("1772634600.".utf8) + request.body, using: SymmetricKey(data: Data(Self.secret.utf8)))
            #expect(signature == "sha256=" + expected.map { String(format: "%02x", $0) }.joined())
            let replayed = HMAC<SHA256>.authenticationCode(
                for: Data("1772634900.".utf8) + request.body, using: SymmetricKey(data: Data(Self.secret.utf8)))
            #expect(signature != "sha256=" + replayed.map { String(format: "%02x", $0) }.joined())

            let body = try #require(request.object)
            #expect(Set(body.keys) == ["type", "delivery_id", "sent_at", "notice"])
            #expect(body["type"] as? String == "reminder")
            #expect(body["delivery_id"] as? String == "d-9")
            #expect((body["sent_at"] as? String).flatMap(APITimestamp.parse) == Self.now)
            let notice = try #require(body["notice"] as? [String: Any])
            #expect(notice["id"] as? String == "41")
            #expect(notice["title"] as? String == "Water the plants")
            #expect(notice["url"] as? String == "https://kairos.example/#/task/7")
            let actions = try #require(notice["actions"] as? [[String: Any]])
            #expect(actions.compactMap { $0["action"] as? String } == ["done", "snooze", "open"])
            #expect(actions.first?["url"] as? String == "https://kairos.example/api/v1/notices/41/done?token=1.signed")
        }
    }

    @Test func anNtfyTopicGetsAJSONPublishAtItsServersRootWithItsToken() async throws {
        try await HookReceiver.listening { address, receiver in
            try await Self.withChannel { channel in
                let outcome = await channel.send(
                    Self.reminder, to: Self.hook("\(address)/kairos_ada-7", format: .ntfy, token: Self.token),
                    deliveryID: "d-1", now: Self.now)
                #expect(outcome == .delivered(status: 200))
                var mention = Self.reminder
                mention.kind = .mention
                var message = Self.reminder
                message.kind = .message
                message.body = ""
                // A self-hosted server under a path, and a topic open to all (no token).
                for notice in [mention, message] {
                    _ = await channel.send(
                        notice, to: Self.hook("\(address)/ntfy/alerts", format: .ntfy), deliveryID: "d-2",
                        now: Self.now)
                }
            }
            let requests = await receiver.received
            try #require(requests.count == 3)
            #expect(requests.map(\.path) == ["/", "/ntfy/", "/ntfy/"])
            #expect(requests[0].header("Authorization") == "Bearer \(Self.token)")
            #expect(requests[1].header("Authorization") == nil)
            #expect(requests.allSatisfy { $0.header("Kairos-Signature") == nil })
            #expect(requests[0].header("Content-Type") == "application/json")

            let reminder = try #require(requests[0].object)
            #expect(Set(reminder.keys) == ["topic", "title", "message", "priority", "tags", "click", "actions"])
            #expect(reminder["topic"] as? String == "kairos_ada-7")
            #expect(reminder["title"] as? String == "Water the plants")
            #expect(reminder["message"] as? String == "Due at 15:00")
            #expect(reminder["priority"] as? Int == 4)
            #expect(reminder["tags"] as? [String] == ["alarm_clock"])
            #expect(reminder["click"] as? String == "https://kairos.example/#/task/7")
            let actions = try #require(reminder["actions"] as? [[String: Any]])
            #expect(actions.count == 1)
            #expect(actions[0]["action"] as? String == "view")
            #expect(actions[0]["label"] as? String == "Open")
            #expect(actions[0]["url"] as? String == "https://kairos.example/#/task/7")

            let mention = try #require(requests[1].object)
            #expect(mention["topic"] as? String == "alerts")
            #expect(mention["priority"] as? Int == 4)
            #expect(mention["tags"] as? [String] == ["speech_balloon"])
            let message = try #require(requests[2].object)
            #expect(message["priority"] as? Int == 3)
            #expect(message["message"] as? String == "Water the plants")
        }
    }

    @Test(
        arguments: [
            (200, nil, DeliveryOutcome.delivered(status: 200)),
            (204, nil, .delivered(status: 204)),
            (404, nil, .failed(status: 404, reason: "The receiver refused it with 404.")),
            (410, nil, .gone(status: 410)),
            (400, nil, .failed(status: 400, reason: "The receiver refused it with 400.")),
            (429, "120", .retry(status: 429, reason: "The receiver answered 429.", after: .seconds(120))),
            (
                429, "Wed, 04 Mar 2026 14:35:00 GMT",
                .retry(status: 429, reason: "The receiver answered 429.", after: .seconds(300))
            ),
            (503, "soon", .retry(status: 503, reason: "The receiver answered 503.", after: nil)),
            (500, nil, .retry(status: 500, reason: "The receiver answered 500.", after: nil)),
        ] as [(Int, String?, DeliveryOutcome)])
    func eachAnswerMeansOneOutcome(status: Int, retryAfter: String?, expected: DeliveryOutcome) async throws {
        try await HookReceiver.listening { address, receiver in
            var headers = HTTPFields()
            if let retryAfter { headers[.retryAfter] = retryAfter }
            await receiver.answer(HTTPResponse.Status(code: status), headers: headers)
            try await Self.withChannel { channel in
                for hook in [Self.hook("\(address)/hook"), Self.hook("\(address)/topic", format: .ntfy)] {
                    #expect(await channel.send(Self.reminder, to: hook, deliveryID: "d", now: Self.now) == expected)
                }
            }
        }
    }

    @Test func anUnreachableReceiverIsTriedAgainLater() async throws {
        // A port that was just free: nothing listens there, so the connection is refused.
        let port = try await HookReceiver.freePort()
        try await Self.withChannel { channel in
            let outcome = await channel.send(
                Self.reminder, to: Self.hook("http://127.0.0.1:\(port)/hook"), deliveryID: "d", now: Self.now)
            guard case .retry(status: nil, let reason, after: nil) = outcome else {
                Issue.record("expected a retry without a status, got \(outcome)")
                return
            }
            #expect(reason.hasPrefix("The receiver could not be reached: it refused the connection."))
        }
    }

    @Test func aReceiverTooSlowToAnswerIsTriedAgainLater() async throws {
        try await HookReceiver.listening { address, receiver in
            await receiver.answer(.ok, after: .seconds(8))
            try await Self.withChannel(deadline: .milliseconds(300)) { channel in
                let started = ContinuousClock.now
                let outcome = await channel.send(
                    Self.reminder, to: Self.hook("\(address)/hook"), deliveryID: "d", now: Self.now)
                #expect(outcome == .retry(status: nil, reason: "The receiver did not answer in time.", after: nil))
                // Well before the answer, even on a busy machine.
                #expect(ContinuousClock.now - started < .seconds(6))
            }
        }
    }

    @Test func aRedirectIsNotFollowed() async throws {
        try await HookReceiver.listening { address, receiver in
            await receiver.answer(.movedPermanently, headers: [.location: "\(address)/elsewhere"])
            try await Self.withChannel { channel in
                let outcome = await channel.send(
                    Self.reminder, to: Self.hook("\(address)/topic", format: .ntfy, token: Self.token), deliveryID: "d",
                    now: Self.now)
                #expect(outcome == .failed(status: 301, reason: "The receiver refused it with 301."))
            }
            #expect(await receiver.received.map(\.path) == ["/"])
        }
    }

    @Test func aHookPrintsWithoutItsCredentials() {
        let hook = Self.hook("https://ntfy.sh/mytopic", format: .ntfy, token: Self.token)
        let json = Self.hook("https://example.com/hook")
        for text in ["\(hook)", String(reflecting: hook), "\(json)", String(reflecting: json)] {
            #expect(!text.contains(Self.token) && !text.contains(Self.secret), "\(text)")
        }
    }
}
