import Foundation

/// The kinds of request that have a budget of their own: each caller gets one bucket per kind, so a burst
/// of searches never eats into the budget for writes.
public enum RateLimitGroup: String, CaseIterable, Sendable {
    /// Quick add and the capture engine (`/capture`, `/tasks/quick`).
    case capture
    /// Full-text search (`/search`, `/tasks/search`).
    case search
    /// Everything that may ask the language model: the assistant, search answers, thread and note summaries.
    case assistant
    /// File uploads.
    case attachments
    /// Imports of whole accounts (Kairos exports, Todoist).
    case imports
    /// Every other change (POST, PUT, PATCH, DELETE).
    case writes

    /// The group of an API request, from its method and its route's pattern (`/api/v1/tasks/{id}`, never
    /// the raw path); nil for requests without a budget (reads, and routes outside the API).
    public static func of(method: String, route: String) -> RateLimitGroup? {
        let parts = route.split(separator: "/").map(String.init)
        guard parts.count >= 3, parts[0] == "api", parts[1] == "v1" else { return nil }
        let path = Array(parts.dropFirst(2))
        let method = method.uppercased()
        let isWrite = ["POST", "PUT", "PATCH", "DELETE"].contains(method)
        switch (method, path.first ?? "") {
        case ("GET", "search"):
            return path.count >= 2 && path[1] == "answer" ? .assistant : .search
        case ("GET", "tasks") where path.count == 2 && path[1] == "search":
            return .search
        case ("POST", "capture"):
            return .capture
        case ("POST", "tasks") where path.count >= 2 && path[1] == "quick":
            return .capture
        case ("POST", "assistant"):
            return .assistant
        case ("POST", "conversations") where path.count == 3 && ["summary", "actions"].contains(path[2]):
            return .assistant
        case ("POST", "notes") where path.count == 3 && path[2] == "summary":
            return .assistant
        case ("POST", "attachments"):
            return .attachments
        case ("POST", "user") where path.count >= 2 && path[1] == "import":
            return .imports
        default:
            return isWrite ? .writes : nil
        }
    }
}

/// A token bucket: it holds up to `capacity` requests and refills at `refillPerSecond`; each request takes
/// one. Pure: the caller passes the time.
public struct TokenBucket: Sendable, Equatable {
    /// How many requests fit in a burst, and how fast the bucket fills again.
    public struct Budget: Sendable, Equatable {
        public var capacity: Double
        public var refillPerSecond: Double

        /// `requests` in a burst, refilled over `period` seconds (60 per 60 s is one per second).
        public init(requests: Int, per period: TimeInterval) {
            capacity = Double(requests)
            refillPerSecond = Double(requests) / period
        }
    }

    public let budget: Budget
    private var tokens: Double
    private var updatedAt: Date

    /// A full bucket.
    public init(budget: Budget, now: Date) {
        self.budget = budget
        tokens = budget.capacity
        updatedAt = now
    }

    /// Takes one request's token if there is one; otherwise says how many whole seconds until there is.
    public mutating func take(now: Date) -> RateLimit.Decision {
        refill(now: now)
        if tokens >= 1 {
            tokens -= 1
            return .allowed
        }
        let wait = (1 - tokens) / budget.refillPerSecond
        return .retryAfter(seconds: max(1, Int(wait.rounded(.up))))
    }

    /// Whether the bucket has filled up again, so forgetting it changes nothing.
    public func isFull(now: Date) -> Bool {
        var copy = self
        copy.refill(now: now)
        return copy.tokens >= budget.capacity
    }

    private mutating func refill(now: Date) {
        let elapsed = max(0, now.timeIntervalSince(updatedAt))
        tokens = min(budget.capacity, tokens + elapsed * budget.refillPerSecond)
        updatedAt = max(updatedAt, now)
    }
}

/// Per-caller request budgets, one token bucket per caller and `RateLimitGroup`. A caller is whatever key
/// the server gives it (an API token, or a client address for requests without one).
public struct RateLimit: Sendable {
    /// The answer to a request: go ahead, or wait this many seconds.
    public enum Decision: Equatable, Sendable {
        case allowed
        case retryAfter(seconds: Int)
    }

    /// The budget of each group; a group without one is not limited.
    public let budgets: [RateLimitGroup: TokenBucket.Budget]
    private var buckets: [Key: TokenBucket] = [:]
    private var takesSinceSweep = 0

    private struct Key: Hashable {
        let caller: String
        let group: RateLimitGroup
    }

    public init(budgets: [RateLimitGroup: TokenBucket.Budget]) {
        self.budgets = budgets
    }

    /// Counts one request of `caller` in `group` and decides it.
    public mutating func admit(caller: String, group: RateLimitGroup, now: Date) -> Decision {
        guard let budget = budgets[group] else { return .allowed }
        let key = Key(caller: caller, group: group)
        var bucket = buckets[key] ?? TokenBucket(budget: budget, now: now)
        let decision = bucket.take(now: now)
        buckets[key] = bucket
        sweepNowAndThen(now: now)
        return decision
    }

    /// How many buckets are kept, for tests.
    public var bucketCount: Int { buckets.count }

    // Callers come and go (and addresses are chosen by whoever connects): full buckets are forgotten,
    // since a new bucket starts full anyway.
    private mutating func sweepNowAndThen(now: Date) {
        takesSinceSweep += 1
        guard takesSinceSweep >= 1_000 else { return }
        takesSinceSweep = 0
        buckets = buckets.filter { !$0.value.isFull(now: now) }
    }
}

extension RateLimit {
    /// The budgets of `--rate-limit standard`: generous for a person at a keyboard or a sync client,
    /// tight where one request costs much (the language model, an import).
    public static let standardBudgets: [RateLimitGroup: TokenBucket.Budget] = [
        .capture: .init(requests: 60, per: 60),
        .search: .init(requests: 120, per: 60),
        .assistant: .init(requests: 20, per: 60),
        .attachments: .init(requests: 30, per: 60),
        .imports: .init(requests: 5, per: 600),
        .writes: .init(requests: 600, per: 60),
    ]
}
