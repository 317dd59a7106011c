import Foundation
import Hummingbird
import KairosCore
import Testing

@Suite("Signing in: no account discovery, throttled failures")
struct SignInTests {
    @Test("An unknown email, a wrong password and a guest without a password get the very same answer")
    func failuresLookAlike() async throws {
        try await withAda { ada in
            _ = try await ada.invitedGuest("erin@example.com")
            let anonymous = ada.with(token: nil)
            let wrongPassword = try await anonymous.logIn("ada@example.com", "wrong horse battery")
            let unknown = try await anonymous.logIn("nobody@example.com", "correct horse battery")
            let guest = try await anonymous.logIn("erin@example.com", "correct horse battery")
            let emptyGuess = try await anonymous.logIn("erin@example.com", "")
            for reply in [wrongPassword, unknown, guest, emptyGuess] {
                expectError(reply, .unauthorized, code: "unauthorized", mentioning: "sign-in link")
                #expect(reply.data == wrongPassword.data, "\(reply)")
            }
        }
    }

    @Test("After 5 failures an account waits, even with the right password, and Retry-After says how long")
    func throttled() async throws {
        try await withAda { ada in
            let anonymous = ada.with(token: nil)
            for _ in 0..<5 {
                expectError(try await anonymous.logIn("ada@example.com", "wrong horse battery"), .unauthorized, code: "unauthorized")
            }
            let refused = try await anonymous.logIn("ada@example.com", "correct horse battery")
            expectError(refused, .tooManyRequests, code: "too_many_requests", mentioning: "wait a minute")
            #expect(refused.headers[.retryAfter] == "60")
            // Other accounts from here are not held up by Ada's failures.
            _ = try await anonymous.signUp("bob@example.com", name: "Bob")
            #expect(try await anonymous.logIn("bob@example.com", "correct horse battery").status == .ok)

            ada.clock.now = ada.clock.now.addingTimeInterval(61)
            expectError(try await anonymous.logIn("ada@example.com", "wrong horse battery"), .unauthorized, code: "unauthorized")
            // The pause doubles after each further failure.
            ada.clock.now = ada.clock.now.addingTimeInterval(61)
            let longer = try await anonymous.logIn("ada@example.com", "correct horse battery")
            expectError(longer, .tooManyRequests, code: "too_many_requests")
            #expect(longer.headers[.retryAfter] == "59")
            ada.clock.now = ada.clock.now.addingTimeInterval(60)
            #expect(try await anonymous.logIn("ada@example.com", "correct horse battery").status == .ok)
        }
    }

    @Test("Failed sign-ins are forgotten after 15 minutes, and a success starts the count over")
    func throttleForgets() async throws {
        try await withAda { ada in
            let anonymous = ada.with(token: nil)
            for _ in 0..<4 { _ = try await anonymous.logIn("ada@example.com", "wrong horse battery") }
            #expect(try await anonymous.logIn("ada@example.com", "correct horse battery").status == .ok)
            for _ in 0..<5 { _ = try await anonymous.logIn("ada@example.com", "wrong horse battery") }
            #expect(try await anonymous.logIn("ada@example.com", "correct horse battery").status == .tooManyRequests)
            ada.clock.now = ada.clock.now.addingTimeInterval(15 * 60)
            #expect(try await anonymous.logIn("ada@example.com", "correct horse battery").status == .ok)
        }
    }

    @Test("Guessing the current password when changing it counts as failed sign-ins")
    func passwordChangeThrottled() async throws {
        try await withAda { ada in
            for _ in 0..<5 {
                _ = try await ada.post(
                    "user/password", PasswordChangeRequest(currentPassword: "guess", newPassword: "new horse battery"))
            }
            let refused = try await ada.post(
                "user/password", PasswordChangeRequest(currentPassword: "correct horse battery", newPassword: "new horse battery"))
            expectError(refused, .tooManyRequests, code: "too_many_requests")
            #expect(refused.headers[.retryAfter] != nil)
        }
    }
}
