import Foundation
import KairosCore
import Testing

@Suite("Sign-in throttling policy")
struct SignInThrottleTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// `count` failed tries of `account` from `address`, a second apart from `from`; the decisions.
    func fail(
        _ throttle: inout SignInThrottle, _ account: String, from address: String, times count: Int, at from: Date
    ) -> [SignInThrottle.Decision] {
        (0..<count).map { throttle.attempt(account: account, address: address, now: from.addingTimeInterval(Double($0))) }
    }

    @Test("5 failures of an account from one address are answered; then one try per pause of 1, 2, 4... minutes")
    func growingPauses() {
        var throttle = SignInThrottle()
        #expect(fail(&throttle, "ada@example.com", from: "10.0.0.1", times: 5, at: start) == Array(repeating: .allowed, count: 5))
        let last = start.addingTimeInterval(4)
        #expect(throttle.attempt(account: "ada@example.com", address: "10.0.0.1", now: last) == .retryAfter(seconds: 60))
        var now = last
        for pause in [60, 120, 240] {
            now = now.addingTimeInterval(Double(pause))
            #expect(throttle.attempt(account: "ADA@example.com", address: "10.0.0.1", now: now) == .allowed)
            #expect(
                throttle.attempt(account: "ada@example.com", address: "10.0.0.1", now: now.addingTimeInterval(1))
                    == .retryAfter(seconds: pause * 2 - 1))
        }
        // The pause stops growing at the window's length, so no one waits longer than 15 minutes.
        #expect(throttle.pause(afterFailures: 5) == 900 && throttle.pause(afterFailures: 30) == 900)
    }

    @Test("An attacker failing from other addresses cannot keep the owner out where they signed in before")
    func ownerKeepsKnownAddress() {
        var throttle = SignInThrottle()
        #expect(throttle.attempt(account: "ada@example.com", address: "home", now: start) == .allowed)
        throttle.succeeded(account: "ada@example.com", address: "home", now: start)
        // 40 addresses, 5 failures each: the account as a whole is far past its allowance...
        for n in 0..<40 { _ = fail(&throttle, "ada@example.com", from: "10.0.0.\(n)", times: 5, at: start.addingTimeInterval(10)) }
        #expect(throttle.attempt(account: "ada@example.com", address: "cafe", now: start.addingTimeInterval(20)) != .allowed)
        // ...yet from home the owner is let in at once.
        #expect(throttle.attempt(account: "ada@example.com", address: "home", now: start.addingTimeInterval(20)) == .allowed)
    }

    @Test("One address trying many accounts is slowed after 20 failures, and all is forgotten after 15 minutes")
    func addressLimitAndWindow() {
        var throttle = SignInThrottle()
        for n in 0..<20 {
            #expect(throttle.attempt(account: "user\(n)@example.com", address: "10.0.0.9", now: start) == .allowed)
        }
        #expect(throttle.attempt(account: "someone@example.com", address: "10.0.0.9", now: start) == .retryAfter(seconds: 60))
        #expect(throttle.attempt(account: "someone@example.com", address: "10.0.0.8", now: start) == .allowed)
        #expect(throttle.attempt(account: "someone@example.com", address: "10.0.0.9", now: start.addingTimeInterval(15 * 60)) == .allowed)
    }

    @Test("A success takes back its own try and forgets that address's failures for the account")
    func successResets() {
        var throttle = SignInThrottle()
        _ = fail(&throttle, "ada@example.com", from: "home", times: 4, at: start)
        #expect(throttle.attempt(account: "ada@example.com", address: "home", now: start) == .allowed)
        throttle.succeeded(account: "ada@example.com", address: "home", now: start)
        #expect(fail(&throttle, "ada@example.com", from: "home", times: 5, at: start) == Array(repeating: .allowed, count: 5))
    }
}
