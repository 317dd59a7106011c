import Foundation

/// How failed sign-ins slow down further tries, per account and per client address.
///
/// Three counts of recent failures are kept: one for an account from one address, one for an address
/// whatever the account, and a looser one for an account whatever the address. While a count is under
/// its allowance, tries are answered at once. Past it, one try is let through per pause, and the pause
/// doubles with each further failure (1 minute, 2, 4, 8, then 15 at most); a try inside the pause is
/// refused with the time left. Failures are forgotten after the window (15 minutes), so an owner who
/// mistyped is never kept out longer than that after the last failure. The per-account count spares
/// the addresses the account signed in from lately, so someone failing from elsewhere cannot lock the
/// owner out.
public struct SignInThrottle: Sendable {
    /// The numbers of the policy.
    public struct Policy: Sendable {
        /// How long a failure counts.
        public var window: TimeInterval = 15 * 60
        /// Failures of one account from one address answered without a pause.
        public var perAccountAndAddress = 5
        /// Failures from one address, across accounts, answered without a pause.
        public var perAddress = 20
        /// Failures of one account from addresses it has not signed in from, answered without a pause.
        public var perAccount = 20
        /// The pause after the first failure past an allowance; it doubles with each further one.
        public var firstPause: TimeInterval = 60
        /// The longest pause.
        public var longestPause: TimeInterval = 15 * 60
        /// How long an address stays known to an account after a sign-in from it.
        public var knownAddressLifetime: TimeInterval = 30 * 24 * 3600

        public init() {}
    }

    /// The answer to a try: go ahead, or wait this many seconds.
    public enum Decision: Equatable, Sendable {
        case allowed
        case retryAfter(seconds: Int)
    }

    public let policy: Policy
    /// Failure times per key, oldest first; only those inside the window.
    private var failures: [Key: [Date]] = [:]
    /// When each account last signed in from each address.
    private var knownAddresses: [Key: Date] = [:]
    /// Writes since the last sweep of forgotten entries.
    private var writesSinceSweep = 0

    private enum Key: Hashable {
        case accountAndAddress(String, String)
        case address(String)
        case account(String)
    }

    public init(policy: Policy = Policy()) {
        self.policy = policy
    }

    /// Decides a try and, when it may go ahead, counts it as a failure until `succeeded` says otherwise,
    /// so tries sent at once cannot all slip under the allowance.
    public mutating func attempt(account: String, address: String, now: Date) -> Decision {
        let account = account.lowercased()
        var limits: [(Key, Int)] = [
            (.accountAndAddress(account, address), policy.perAccountAndAddress), (.address(address), policy.perAddress),
        ]
        if !isKnown(account: account, address: address, now: now) {
            limits.append((.account(account), policy.perAccount))
        }
        var wait: TimeInterval = 0
        for (key, allowance) in limits {
            let recent = recentFailures(key, now: now)
            guard recent.count >= allowance, let last = recent.last else { continue }
            wait = max(wait, last.addingTimeInterval(pause(afterFailures: recent.count - allowance + 1)).timeIntervalSince(now))
        }
        if wait > 0 { return .retryAfter(seconds: Int(wait.rounded(.up))) }
        for key in [Key.accountAndAddress(account, address), .address(address), .account(account)] {
            failures[key, default: []].append(now)
        }
        sweepNowAndThen(now: now)
        return .allowed
    }

    /// The try let through by `attempt` was right: its failure is taken back, the account's failures from
    /// this address are forgotten and the address becomes known to the account.
    public mutating func succeeded(account: String, address: String, now: Date) {
        let account = account.lowercased()
        failures[.accountAndAddress(account, address)] = nil
        for key in [Key.address(address), .account(account)] {
            if var times = failures[key], !times.isEmpty {
                times.removeLast()
                failures[key] = times.isEmpty ? nil : times
            }
        }
        knownAddresses[.accountAndAddress(account, address)] = now
    }

    /// The pause owed after the `count`-th failure past an allowance.
    public func pause(afterFailures count: Int) -> TimeInterval {
        min(policy.firstPause * pow(2, Double(max(count - 1, 0))), policy.longestPause)
    }

    private func isKnown(account: String, address: String, now: Date) -> Bool {
        guard let last = knownAddresses[.accountAndAddress(account, address)] else { return false }
        return now.timeIntervalSince(last) < policy.knownAddressLifetime
    }

    private mutating func recentFailures(_ key: Key, now: Date) -> [Date] {
        guard let times = failures[key] else { return [] }
        let recent = times.filter { now.timeIntervalSince($0) < policy.window }
        failures[key] = recent.isEmpty ? nil : recent
        return recent
    }

    // Addresses and emails are chosen by whoever calls; without a sweep, made-up ones would pile up.
    private mutating func sweepNowAndThen(now: Date) {
        writesSinceSweep += 1
        guard writesSinceSweep >= 1_000 else { return }
        writesSinceSweep = 0
        failures = failures.compactMapValues { times in
            let recent = times.filter { now.timeIntervalSince($0) < policy.window }
            return recent.isEmpty ? nil : recent
        }
        knownAddresses = knownAddresses.filter { now.timeIntervalSince($0.value) < policy.knownAddressLifetime }
    }
}
