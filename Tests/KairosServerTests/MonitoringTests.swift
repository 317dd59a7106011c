import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KairosCore
import KairosServer
import KairosStore
import Logging
import Testing

@Suite("Metrics, readiness and request ids")
struct MonitoringTests {
    @Test("/metrics counts and times requests under the route's pattern and status, never the raw path")
    func requestMetricsByRoute() async throws {
        let metrics = ServerMetrics()
        try await withAPI(monitoring: { _ in Monitoring(metrics: metrics, metricsToken: "scrape-secret") }) { api in
            let ada = try await api.signUp("ada@example.com")
            let task = try await ada.createTask("Water the plants")
            _ = try await ada.task(task.id)
            _ = try await ada.task(task.id)
            expectError(try await ada.get("tasks/987654"), .notFound, code: "not_found")

            let reply = try await api.send(.get, "/metrics", token: "scrape-secret")
            #expect(reply.status == .ok)
            #expect(reply.headers[.contentType]?.hasPrefix("text/plain") == true)
            let text = reply.text
            let pattern = #"route="/api/v1/tasks/{id}""#
            #expect(
                text.contains(#"kairos_http_requests_total{\#(pattern),method="GET",status="200"} 2"#), "\(text)")
            #expect(text.contains(#"kairos_http_requests_total{\#(pattern),method="GET",status="404"} 1"#))
            #expect(text.contains(#"kairos_http_request_duration_seconds_count{\#(pattern),method="GET",status="200"} 2"#))
            #expect(text.contains(#"kairos_http_request_duration_seconds_bucket{\#(pattern),method="GET",status="200",le="+Inf"} 2"#))
            #expect(!text.contains("/api/v1/tasks/\(task.id)"), "labels carry patterns, not ids")
            #expect(!text.contains("ada@example.com"))
            for family in [
                "kairos_db_commit_duration_seconds_count", "kairos_db_writes_total", "kairos_db_size_bytes",
                "kairos_db_writer_queue_depth", "kairos_realtime_open_sockets", "kairos_mail_queue_depth",
                "kairos_delivery_queue_depth{channel=\"push\"}", "kairos_scheduler_reminders_due",
                "kairos_realtime_fanout_lag_seconds_count",
            ] {
                #expect(text.contains("\n" + family), "missing \(family)")
            }
            let size = try #require(Self.value(of: "kairos_db_size_bytes", in: text))
            #expect(size > 0)
            let writes = try #require(Self.value(of: "kairos_db_writes_total", in: text))
            #expect(writes >= 2, "the sign-up and the task were written")
        }
    }

    @Test("/metrics shows open realtime sockets and how long events took from commit to socket")
    func realtimeMetrics() async throws {
        try await withLiveAPI(monitoring: Monitoring()) { api in
            let ada = try await api.signUp("ada@example.com", name: "Ada")
            let bob = try await api.signUp("bob@example.com", name: "Bob")
            let dm = try await ada.directMessage(with: bob)
            let (socket, _) = try await TestSocket.signedIn(bob)
            try await ada.send("hello Bob", to: dm.id)
            _ = try await socket.nextEvent()
            // The pump notes the lag just after writing the frame the test has read.
            var text = ""
            for _ in 0..<50 {
                text = try await api.send(.get, "/metrics").text
                if (Self.value(of: "kairos_realtime_fanout_lag_seconds_count", in: text) ?? 0) >= 1 { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(Self.value(of: "kairos_realtime_open_sockets", in: text) == 1, "\(text)")
            #expect((Self.value(of: "kairos_realtime_fanout_lag_seconds_count", in: text) ?? 0) >= 1)
            await socket.close()
        }
    }

    @Test("/metrics is refused to a caller that is neither on loopback nor holds the metrics token")
    func metricsNeedLoopbackOrToken() async throws {
        try await withAPI(monitoring: { _ in Monitoring(metricsToken: "scrape-secret") }) { api in
            // In-memory requests have no peer address: as good as a stranger's.
            expectError(try await api.send(.get, "/metrics"), .forbidden, code: "forbidden", mentioning: "token")
            expectError(try await api.send(.get, "/metrics", token: "guess"), .forbidden, code: "forbidden")
            let ada = try await api.signUp("ada@example.com")
            expectError(try await ada.send(.get, "/metrics"), .forbidden, code: "forbidden")
            #expect(try await api.send(.get, "/metrics", token: "scrape-secret").status == .ok)
        }
        try await withAPI { api in
            expectError(try await api.send(.get, "/metrics", token: ""), .forbidden, code: "forbidden")
        }
    }

    @Test("/metrics answers loopback without a token, but not a request a proxy forwarded")
    func metricsOnLoopback() async throws {
        try await withAPI(setup: .live) { api in
            let reply = try await api.send(.get, "/metrics")
            #expect(reply.status == .ok, "\(reply)")
            #expect(reply.text.contains("kairos_db_size_bytes"))
            let forwarded = try await api.send(.get, "/metrics", headers: [.forwardedFor: "203.0.113.9"])
            expectError(forwarded, .forbidden, code: "forbidden")
        }
    }

    @Test("/health says alive and /ready says ready once the store reads and every migration is applied")
    func healthAndReady() async throws {
        try await withAPI { api in
            let health = try await api.send(.get, "/health")
            #expect(health.status == .ok)
            #expect(health.object?["status"] as? String == "ok")
            let ready = try await api.send(.get, "/ready")
            #expect(ready.status == .ok)
            #expect(ready.object.map { Set($0.keys) } == ["status"])
            #expect(ready.object?["status"] as? String == "ready")
        }
    }

    @Test("/ready is 503 with the reason while migrations are pending or the database does not answer")
    func notReady() async throws {
        try await withAPI(monitoring: { _ in Monitoring(health: UnreadyStore(failure: .pending)) }) { api in
            let reply = try await api.send(.get, "/ready")
            #expect(reply.status == .serviceUnavailable)
            #expect(reply.object?["status"] as? String == "not_ready")
            let reason = try #require(reply.object?["reason"] as? String)
            #expect(reason.contains("v99-later"))
            #expect(try await api.send(.get, "/health").status == .ok, "alive all the same")
        }
        try await withAPI(monitoring: { _ in Monitoring(health: UnreadyStore(failure: .unreadable)) }) { api in
            let reply = try await api.send(.get, "/ready")
            #expect(reply.status == .serviceUnavailable)
            #expect((reply.object?["reason"] as? String)?.contains("database") == true)
            #expect(!reply.text.contains("disk I/O"), "the error itself stays in the log")
        }
    }

    @Test("Every answer has an X-Request-Id, a sane incoming one kept, and each JSON log line carries it")
    func requestIDsInJSONLogs() async throws {
        let lines = LogLines()
        var logger = Logger(label: "kairos") { label in JSONLogHandler(label: label, output: lines.append) }
        logger.logLevel = .debug
        try await withAPI(logger: logger) { api in
            let given = try await api.send(.get, "/health", headers: [.requestID: "edge-4f2a.9:1"])
            #expect(given.headers[.requestID] == "edge-4f2a.9:1")

            let made = try await api.send(.get, "tasks")
            let madeID = try #require(made.headers[.requestID])
            #expect(!madeID.isEmpty)
            #expect(made.status == .unauthorized, "errors carry the id too")

            for insane in ["has space", String(repeating: "a", count: 129), "quote\"d", "é"] {
                let reply = try await api.send(.get, "/health", headers: [.requestID: insane])
                let id = try #require(reply.headers[.requestID])
                #expect(id != insane)
            }

            let entries = try lines.all.map { line in
                try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            }
            #expect(!entries.isEmpty)
            for entry in entries {
                #expect(Set(entry.keys) == ["timestamp", "level", "label", "message", "metadata"], "\(entry)")
                #expect((entry["timestamp"] as? String).flatMap(APITimestamp.parse) != nil)
            }
            func requestIDs(of entries: [[String: Any]]) -> [String] {
                entries.compactMap { ($0["metadata"] as? [String: Any])?["hb.request.id"] as? String }
            }
            #expect(requestIDs(of: entries).contains("edge-4f2a.9:1"))
            let answered = entries.filter { $0["message"] as? String == "Request answered" }
            let forMade = try #require(answered.first { requestIDs(of: [$0]) == [madeID] })
            let metadata = try #require(forMade["metadata"] as? [String: Any])
            #expect(metadata["http.route"] as? String == "/api/v1/tasks")
            #expect(metadata["http.status"] as? String == "401")
            #expect(forMade["level"] as? String == "debug")
        }
    }

    /// The value on the line of a metric without labels.
    static func value(of metric: String, in text: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(metric + " ") }
            .flatMap { Double($0.split(separator: " ").last ?? "") }
    }
}

@Suite("Request budgets")
struct RateLimitTests {
    /// Two searches in a burst, then one every five seconds.
    static let tightSearch: @Sendable (TestClock) -> Monitoring = { clock in
        Monitoring(
            budgets: RequestBudgets(
                budgets: [.search: .init(requests: 2, per: 10), .writes: .init(requests: 3, per: 60)],
                clock: clock.serverClock))
    }

    @Test("Past the budget a token gets 429 with Retry-After and nothing done, and is served again after the refill")
    func budgetRunsOutAndRefills() async throws {
        try await withAPI(monitoring: Self.tightSearch) { api in
            let ada = try await api.signUp("ada@example.com")
            for _ in 0..<2 {
                let reply = try await ada.get("search", ["q": "plants"])
                #expect(reply.status == .ok)
            }
            let refused = try await ada.get("search", ["q": "plants"])
            expectError(refused, .tooManyRequests, code: "too_many_requests", mentioning: "searches in a short time. Try again in 5 seconds")
            #expect(refused.headers[.retryAfter] == "5")
            #expect(try await ada.tasks().isEmpty, "reads other than search have no budget")

            api.clock.now += 2
            #expect(try await ada.get("search", ["q": "plants"]).headers[.retryAfter] == "3")
            api.clock.now += 3
            #expect(try await ada.get("search", ["q": "plants"]).status == .ok)
            #expect(try await ada.get("search", ["q": "plants"]).status == .tooManyRequests)
        }
    }

    @Test("A refused write changes nothing")
    func refusedWriteChangesNothing() async throws {
        try await withAPI(monitoring: Self.tightSearch) { api in
            let ada = try await api.signUp("ada@example.com")
            for name in ["One", "Two", "Three"] { _ = try await ada.createTask(name) }
            let refused = try await ada.post("tasks", TaskCreateRequest(content: "Four"))
            expectError(refused, .tooManyRequests, code: "too_many_requests", mentioning: "too many changes")
            #expect(try await ada.tasks().map(\.content).sorted() == ["One", "Three", "Two"])
        }
    }

    @Test("Budgets are per token: Bob is served while Ada waits")
    func budgetsArePerToken() async throws {
        try await withAPI(monitoring: Self.tightSearch) { api in
            let ada = try await api.signUp("ada@example.com")
            let bob = try await api.signUp("bob@example.com", name: "Bob")
            for _ in 0..<2 { _ = try await ada.get("search", ["q": "plants"]) }
            #expect(try await ada.get("search", ["q": "plants"]).status == .tooManyRequests)
            #expect(try await bob.get("search", ["q": "plants"]).status == .ok)
            #expect(try await bob.get("search", ["q": "plants"]).status == .ok)
        }
    }

    @Test("A made-up token buys no budget of its own: it is refused as unauthorized")
    func madeUpTokens() async throws {
        try await withAPI(monitoring: Self.tightSearch) { api in
            for attempt in 0..<4 {
                let reply = try await api.with(token: "made-up-\(attempt)").get("search", ["q": "plants"])
                expectError(reply, .unauthorized, code: "unauthorized")
            }
        }
    }

    @Test("Requests without a token spend their address's budget")
    func anonymousByAddress() async throws {
        try await withAPI(monitoring: Self.tightSearch) { api in
            for email in ["a@example.com", "b@example.com", "c@example.com"] {
                _ = try await api.signUp(email)
            }
            let refused = try await api.post(
                "auth/signup", SignupRequest(email: "d@example.com", password: "correct horse battery", name: "D"))
            expectError(refused, .tooManyRequests, code: "too_many_requests")
            #expect(refused.headers[.retryAfter] == "20")
        }
    }

    @Test("Without --rate-limit nothing is limited")
    func offByDefault() async throws {
        try await withAda { ada in
            for _ in 0..<50 {
                let reply = try await ada.get("search", ["q": "plants"])
                #expect(reply.status == .ok)
            }
        }
    }
}

/// A store that is not ready, in one of two ways; it fails loudly on anything else.
private struct UnreadyStore: StoreHealth {
    enum Failure { case pending, unreadable }
    let failure: Failure

    func pendingMigrations() async throws -> [String] {
        switch failure {
        case .pending: return ["v99-later"]
        case .unreadable: throw DiskError()
        }
    }

    func queueDepths(now: Date) async throws -> QueueDepths {
        Issue.record("queueDepths was not expected")
        return QueueDepths(mailWaiting: 0, mailFailing: 0, deliveriesWaiting: [:], remindersDue: 0)
    }

    func databaseBytes() -> Int64 { 0 }
    var writerQueueDepth: Int { 0 }
    func observeWriter(_ observer: any WriterObserver) {}
}

private struct DiskError: Error, CustomStringConvertible {
    var description: String { "disk I/O error" }
}

/// Log lines kept in memory.
private final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    var all: [String] { lock.withLock { lines } }

    var append: @Sendable ([UInt8]) -> Void {
        { [self] bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.hasSuffix("\n") && text.dropLast().firstIndex(of: "\n") == nil, "one line per entry")
            lock.withLock { lines.append(String(text.dropLast())) }
        }
    }
}

extension HTTPField.Name {
    fileprivate static let requestID = Self("X-Request-Id")!
    fileprivate static let forwardedFor = Self("X-Forwarded-For")!
}
