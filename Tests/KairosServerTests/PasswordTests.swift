import Foundation
import Hummingbird
import KairosCore
import KairosServer
import KairosStore
import Testing

extension TestAPI {
    /// The secret of the link in the newest waiting email to `email`, for `kind` ("reset", "signin" or "invite").
    func emailedLink(_ kind: String, to email: String) async throws -> String? {
        let mail = try await store.unsentMail(afterID: nil, limit: 1_000).last { $0.mail.recipient == email }
        guard let body = mail?.mail.body else { return nil }
        let pattern = try Regex<(Substring, Substring)>("#/\(kind)/([A-Za-z0-9_-]{43})")
        return body.firstMatch(of: pattern).map { String($0.1) }
    }

    func logIn(_ email: String, _ password: String) async throws -> Reply {
        try await post("auth/login", LoginRequest(email: email, password: password))
    }

    /// A guest with no password: invited by this caller to a new project and joined from the link.
    func invitedGuest(_ email: String) async throws -> TestAPI {
        let project = try await createProject("Launch \(UUID().uuidString.prefix(4))")
        _ = try expectOK(try await invite(email, to: project.id), .created, as: Invite.self)
        let token = try #require(try await emailedLink("invite", to: email))
        let accepted = try expectOK(try await with(token: nil).accept(token, name: "Erin"), as: InviteAcceptResponse.self)
        return with(token: accepted.token)
    }
}

@Suite("Passwords: change, reset by email, sign-in links, signing out")
struct PasswordTests {
    // MARK: Change

    @Test("Changing the password needs the current one; afterwards only the new one signs in")
    func changePassword() async throws {
        try await withAda { ada in
            let wrong = try await ada.post(
                "user/password", PasswordChangeRequest(currentPassword: "wrong horse", newPassword: "new horse battery"))
            expectError(wrong, .badRequest, code: "invalid_field", mentioning: "current_password")
            let missing = try await ada.post("user/password", json: #"{"new_password": "new horse battery"}"#)
            expectError(missing, .badRequest, code: "invalid_field", mentioning: "current_password")
            let short = try await ada.post(
                "user/password", PasswordChangeRequest(currentPassword: "correct horse battery", newPassword: "short"))
            expectError(short, .badRequest, code: "invalid_field", mentioning: "new_password")
            // Nothing changed so far.
            #expect(try await ada.logIn("ada@example.com", "correct horse battery").status == .ok)

            try expectNoContent(
                try await ada.post(
                    "user/password",
                    PasswordChangeRequest(currentPassword: "correct horse battery", newPassword: "new horse battery")))
            expectError(try await ada.logIn("ada@example.com", "correct horse battery"), .unauthorized, code: "unauthorized")
            #expect(try await ada.logIn("ada@example.com", "new horse battery").status == .ok)
            // Without sign_out_others, the other devices stay signed in.
            #expect(try await ada.get("user").status == .ok)
        }
    }

    @Test("sign_out_others revokes every token but the one that asked")
    func signOutOthers() async throws {
        try await withAda { ada in
            let phone = ada.with(token: try expectOK(try await ada.logIn("ada@example.com", "correct horse battery"), as: AuthResponse.self).token)
            try expectNoContent(
                try await ada.post(
                    "user/password",
                    PasswordChangeRequest(
                        currentPassword: "correct horse battery", newPassword: "new horse battery", signOutOthers: true)))
            #expect(try await ada.get("user").status == .ok)
            expectError(try await phone.get("user"), .unauthorized, code: "unauthorized")
        }
    }

    @Test("A guest who joined from an invitation sets a first password without a current one, then signs in with it")
    func guestSetsPassword() async throws {
        try await withAda { ada in
            let erin = try await ada.invitedGuest("erin@example.com")
            expectError(try await erin.logIn("erin@example.com", "erin's new secret"), .unauthorized, code: "unauthorized")
            try expectNoContent(
                try await erin.post("user/password", PasswordChangeRequest(currentPassword: nil, newPassword: "erin's new secret")))
            let auth = try expectOK(try await erin.logIn("erin@example.com", "erin's new secret"), as: AuthResponse.self)
            #expect(auth.user.isGuest && auth.user.email == "erin@example.com")
            // From now on the password is needed to change it.
            let again = try await erin.post("user/password", json: #"{"new_password": "another secret"}"#)
            expectError(again, .badRequest, code: "invalid_field", mentioning: "current_password")
        }
    }

    // MARK: Reset

    @Test("A reset answers 202 whoever asks; only a real account gets an email, and its link sets a new password once")
    func resetByEmail() async throws {
        try await withAda { ada in
            let anonymous = ada.with(token: nil)
            #expect(try await anonymous.post("auth/reset", EmailLinkRequest(email: "nobody@example.com")).status == .accepted)
            #expect(try await ada.store.unsentMail(afterID: nil, limit: 10).isEmpty)
            #expect(try await anonymous.post("auth/reset", EmailLinkRequest(email: "ADA@example.com")).status == .accepted)
            let mail = try #require(try await ada.store.unsentMail(afterID: nil, limit: 10).first?.mail)
            #expect(mail.recipient == "ada@example.com" && mail.subject == "Reset your Kairos password")
            let token = try #require(try await ada.emailedLink("reset", to: "ada@example.com"))
            // The store knows the link by a hash of its secret, not by the secret itself.
            await #expect(throws: KairosError.self) {
                try await ada.store.useSignInLink(
                    tokenHash: token, purpose: .passwordReset, newPasswordHash: nil, now: ada.clock.now)
            }

            let short = try await anonymous.post("auth/reset/confirm", PasswordResetConfirmRequest(token: token, newPassword: "short"))
            expectError(short, .badRequest, code: "invalid_field", mentioning: "new_password")
            let forged = try await anonymous.post(
                "auth/reset/confirm", PasswordResetConfirmRequest(token: String(repeating: "a", count: 43), newPassword: "new horse battery"))
            expectError(forged, .notFound, code: "not_found", mentioning: "new one")

            let reset = try expectOK(
                try await anonymous.post("auth/reset/confirm", PasswordResetConfirmRequest(token: token, newPassword: "new horse battery")),
                as: AuthResponse.self)
            #expect(reset.user.id == ada.me.id)
            #expect(try await anonymous.with(token: reset.token).get("user").status == .ok)
            // Every earlier token is signed out, and only the new password works.
            expectError(try await ada.get("user"), .unauthorized, code: "unauthorized")
            expectError(try await ada.logIn("ada@example.com", "correct horse battery"), .unauthorized, code: "unauthorized")
            #expect(try await ada.logIn("ada@example.com", "new horse battery").status == .ok)

            let reused = try await anonymous.post("auth/reset/confirm", PasswordResetConfirmRequest(token: token, newPassword: "third horse battery"))
            expectError(reused, .conflict, code: "conflict", mentioning: "already used")
        }
    }

    @Test("A reset link stops working after 30 minutes")
    func resetLinkExpires() async throws {
        try await withAda { ada in
            let anonymous = ada.with(token: nil)
            _ = try await anonymous.post("auth/reset", EmailLinkRequest(email: "ada@example.com"))
            let token = try #require(try await ada.emailedLink("reset", to: "ada@example.com"))
            ada.clock.now = ada.clock.now.addingTimeInterval(31 * 60)
            let late = try await anonymous.post("auth/reset/confirm", PasswordResetConfirmRequest(token: token, newPassword: "new horse battery"))
            expectError(late, .conflict, code: "conflict", mentioning: "expired")
            #expect(try await ada.logIn("ada@example.com", "correct horse battery").status == .ok)
        }
    }

    @Test("A reset request with a bad address is a 400 naming email")
    func resetValidation() async throws {
        try await withAPI { api in
            expectError(try await api.post("auth/reset", EmailLinkRequest(email: "not-an-email")), .badRequest, code: "invalid_field", mentioning: "email")
            expectError(try await api.post("auth/link", json: "{}"), .badRequest, code: "invalid_field", mentioning: "email")
        }
    }

    // MARK: Sign-in links

    @Test("A guest whose token is gone gets back in with an emailed sign-in link, which works once")
    func guestSignInLink() async throws {
        try await withAda { ada in
            let erin = try await ada.invitedGuest("erin@example.com")
            try expectNoContent(try await erin.post("auth/logout"))
            let anonymous = ada.with(token: nil)
            #expect(try await anonymous.post("auth/link", EmailLinkRequest(email: "erin@example.com")).status == .accepted)
            #expect(try await anonymous.post("auth/link", EmailLinkRequest(email: "nobody@example.com")).status == .accepted)
            #expect(try await ada.store.unsentMail(afterID: nil, limit: 10).filter { $0.mail.recipient == "nobody@example.com" }.isEmpty)
            let token = try #require(try await ada.emailedLink("signin", to: "erin@example.com"))
            // A sign-in link is no reset link.
            expectError(
                try await anonymous.post("auth/reset/confirm", PasswordResetConfirmRequest(token: token, newPassword: "new horse battery")),
                .notFound, code: "not_found")
            let back = try expectOK(try await anonymous.post("auth/link/confirm", SignInLinkConfirmRequest(token: token)), as: AuthResponse.self)
            #expect(back.user.email == "erin@example.com" && back.user.isGuest)
            #expect(try await anonymous.with(token: back.token).projects().count == 2)
            expectError(
                try await anonymous.post("auth/link/confirm", SignInLinkConfirmRequest(token: token)), .conflict, code: "conflict",
                mentioning: "already used")
        }
    }

    @Test("Asking for links again and again sends no more than a few emails")
    func linkRequestsAreLimited() async throws {
        try await withAda { ada in
            let anonymous = ada.with(token: nil)
            for _ in 0..<12 {
                let reply = try await anonymous.post("auth/link", EmailLinkRequest(email: "ada@example.com"))
                #expect(reply.status == .accepted)
            }
            let waiting = try await ada.store.unsentMail(afterID: nil, limit: 100)
            #expect(waiting.count == 5)
        }
    }

    // MARK: Signing out

    @Test("Signing out revokes the token it was sent with, and only that one")
    func logOut() async throws {
        try await withAda { ada in
            let phone = ada.with(token: try expectOK(try await ada.logIn("ada@example.com", "correct horse battery"), as: AuthResponse.self).token)
            try expectNoContent(try await phone.post("auth/logout"))
            expectError(try await phone.get("user"), .unauthorized, code: "unauthorized")
            expectError(try await phone.post("auth/logout"), .unauthorized, code: "unauthorized")
            #expect(try await ada.get("user").status == .ok)
            expectError(try await ada.with(token: nil).post("auth/logout"), .unauthorized, code: "unauthorized")
        }
    }
}
