import Foundation
import KairosCore
import Testing

@Suite("Request budgets (token buckets)")
struct RateLimitRuleTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("A bucket serves its burst, then one request per refill, and says how long to wait")
    func tokenBucket() {
        var bucket = TokenBucket(budget: .init(requests: 3, per: 30), now: start)
        #expect((0..<3).map { _ in bucket.take(now: start) } == Array(repeating: .allowed, count: 3))
        #expect(bucket.take(now: start) == .retryAfter(seconds: 10))
        #expect(bucket.take(now: start.addingTimeInterval(9.5)) == .retryAfter(seconds: 1), "rounded up, never 0")
        #expect(bucket.take(now: start.addingTimeInterval(10)) == .allowed)
        #expect(bucket.take(now: start.addingTimeInterval(10)) == .retryAfter(seconds: 10))
        // A long pause refills up to the capacity, no further.
        let later = start.addingTimeInterval(3_600)
        #expect(bucket.isFull(now: later))
        #expect((0..<4).map { _ in bucket.take(now: later) }.filter { $0 == .allowed }.count == 3)
    }

    @Test("A clock that goes back refills nothing")
    func clockGoingBack() {
        var bucket = TokenBucket(budget: .init(requests: 1, per: 60), now: start)
        #expect(bucket.take(now: start) == .allowed)
        #expect(bucket.take(now: start.addingTimeInterval(-120)) == .retryAfter(seconds: 60))
        #expect(bucket.take(now: start.addingTimeInterval(60)) == .allowed)
    }

    @Test("Each caller has a bucket per group, and groups without a budget are never limited")
    func perCallerAndGroup() {
        var limit = RateLimit(budgets: [.search: .init(requests: 1, per: 60)])
        #expect(limit.admit(caller: "ada", group: .search, now: start) == .allowed)
        #expect(limit.admit(caller: "ada", group: .search, now: start) == .retryAfter(seconds: 60))
        #expect(limit.admit(caller: "bob", group: .search, now: start) == .allowed)
        for _ in 0..<100 { #expect(limit.admit(caller: "ada", group: .writes, now: start) == .allowed) }
    }

    @Test("Full buckets are forgotten now and then, so made-up callers do not pile up")
    func sweep() {
        var limit = RateLimit(budgets: [.writes: .init(requests: 5, per: 5)])
        for caller in 0..<999 { _ = limit.admit(caller: "address:\(caller)", group: .writes, now: start) }
        #expect(limit.bucketCount == 999)
        _ = limit.admit(caller: "ada", group: .writes, now: start.addingTimeInterval(60))
        #expect(limit.bucketCount == 1, "only Ada's, who just spent from it")
    }

    @Test(
        "Routes fall into budget groups by method and pattern",
        arguments: [
            ("POST", "/api/v1/capture", RateLimitGroup.capture),
            ("POST", "/api/v1/capture/commit", .capture),
            ("POST", "/api/v1/tasks/quick", .capture),
            ("POST", "/api/v1/tasks/quick/preview", .capture),
            ("GET", "/api/v1/search", .search),
            ("GET", "/api/v1/tasks/search", .search),
            ("GET", "/api/v1/search/answer", .assistant),
            ("POST", "/api/v1/assistant/messages", .assistant),
            ("POST", "/api/v1/conversations/{id}/summary", .assistant),
            ("POST", "/api/v1/conversations/{id}/actions", .assistant),
            ("POST", "/api/v1/notes/{id}/summary", .assistant),
            ("POST", "/api/v1/attachments", .attachments),
            ("POST", "/api/v1/user/import", .imports),
            ("POST", "/api/v1/user/import/todoist", .imports),
            ("POST", "/api/v1/tasks", .writes),
            ("DELETE", "/api/v1/tasks/{id}", .writes),
            ("POST", "/api/v1/conversations/{id}/messages", .writes),
        ])
    func groups(method: String, route: String, group: RateLimitGroup) {
        #expect(RateLimitGroup.of(method: method, route: route) == group)
    }

    @Test("Reads and routes outside the API have no budget")
    func unlimited() {
        #expect(RateLimitGroup.of(method: "GET", route: "/api/v1/tasks") == nil)
        #expect(RateLimitGroup.of(method: "GET", route: "/api/v1/attachments/{id}") == nil)
        #expect(RateLimitGroup.of(method: "GET", route: "/metrics") == nil)
        #expect(RateLimitGroup.of(method: "PUT", route: "/dav/calendars/{id}") == nil)
    }
}
