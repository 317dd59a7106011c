import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// `CredentialStore`'s behaviour, the same on every backend.
@Suite("Credential store, on every backend")
struct CredentialStoreSuite {
    let now = Date(timeIntervalSince1970: 1_772_634_600)  // 2026-03-04T14:30:00Z
    let invalidLink = KairosError.notFound("This link is not valid. Ask for a new one from the sign-in screen.")
    let usedLink = KairosError.conflict("This link was already used. Ask for a new one from the sign-in screen.")
    let expiredLink = KairosError.conflict("This link has expired. Ask for a new one from the sign-in screen.")

    /// Ada, with her two devices signed in.
    private func adaWithTwoTokens(_ store: any SharedStore) async throws -> User {
        let ada = try await store.createUser(
            email: "ada@example.com", name: "Ada", passwordHash: "old-hash", timezone: "UTC", now: now)
        _ = try await store.addToken(userID: ada.id, name: "phone", tokenHash: "hash-phone", now: now)
        _ = try await store.addToken(userID: ada.id, name: "laptop", tokenHash: "hash-laptop", now: now)
        return ada
    }

    private func liveTokenNames(_ store: any SharedStore, of user: User) async throws -> [String] {
        try await store.tokens(userID: user.id).map(\.name)
    }

    private func link(
        _ store: any SharedStore, for user: User, _ purpose: SignInLinkPurpose, hash: String,
        expiresIn seconds: TimeInterval = 3600
    ) async throws {
        try await store.createSignInLink(
            SignInLinkDraft(
                userID: user.id, purpose: purpose, tokenHash: hash, expiresAt: now.addingTimeInterval(seconds)),
            mail: OutgoingMail(recipient: user.email, subject: "Your link", body: "Open \(hash)"), now: now)
    }

    @Test("A new password keeps all tokens, only the one named, or none", arguments: StoreBackend.all)
    func setPassword(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await adaWithTwoTokens(store)
            try await store.setPassword(userID: ada.id, passwordHash: "hash-2", keeping: .all, now: now)
            #expect(try await store.credentials(email: ada.email)?.passwordHash == "hash-2")
            #expect(try await liveTokenNames(store, of: ada) == ["phone", "laptop"])

            try await store.setPassword(
                userID: ada.id, passwordHash: "hash-3", keeping: .only(tokenHash: "hash-laptop"), now: now)
            #expect(try await store.credentials(email: ada.email)?.passwordHash == "hash-3")
            #expect(try await liveTokenNames(store, of: ada) == ["laptop"])
            #expect(try await store.user(tokenHash: "hash-phone") == nil)

            try await store.setPassword(userID: ada.id, passwordHash: "hash-4", keeping: .none, now: now)
            #expect(try await liveTokenNames(store, of: ada).isEmpty)
            #expect(try await store.user(tokenHash: "hash-laptop") == nil)
        }
    }

    @Test("Setting the password of an unknown or malformed user is notFound", arguments: StoreBackend.all)
    func setPasswordOfUnknownUser(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            for id in ["424242", "abc"] {
                await #expect(throws: KairosError.missing("User")) {
                    try await store.setPassword(userID: id, passwordHash: "x", keeping: .none, now: now)
                }
            }
        }
    }

    @Test("Signing out revokes the token with that hash, and only one of the user's own", arguments: StoreBackend.all)
    func revokeByHash(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await adaWithTwoTokens(store)
            let grace = try await store.createUser(
                email: "grace@example.com", name: "Grace", passwordHash: "x", timezone: "UTC", now: now)
            try await store.revokeToken(userID: ada.id, tokenHash: "hash-phone", now: now)
            #expect(try await liveTokenNames(store, of: ada) == ["laptop"])
            for (user, hash) in [(ada, "hash-phone"), (ada, "no-such-hash"), (grace, "hash-laptop")] {
                await #expect(throws: KairosError.missing("Token")) {
                    try await store.revokeToken(userID: user.id, tokenHash: hash, now: now)
                }
            }
            #expect(try await store.user(tokenHash: "hash-laptop") == ada)
        }
    }

    @Test("A sign-in link queues its email; the outbox reads oldest first, in pages", arguments: StoreBackend.all)
    func linksQueueMail(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await adaWithTwoTokens(store)
            #expect(try await store.unsentMail(afterID: nil, limit: 10).isEmpty)
            for index in 1...3 {
                try await link(store, for: ada, .signIn, hash: "link-\(index)")
            }
            let all = try await store.unsentMail(afterID: nil, limit: 10)
            #expect(all.map(\.mail.body) == ["Open link-1", "Open link-2", "Open link-3"])
            #expect(all.allSatisfy { $0.mail.recipient == "ada@example.com" && $0.attempts == 0 })
            #expect(all.allSatisfy { $0.createdAt == now })
            let first = try await store.unsentMail(afterID: nil, limit: 2)
            #expect(first == Array(all.prefix(2)))
            #expect(try await store.unsentMail(afterID: first.last?.id, limit: 2) == [all[2]])
            #expect(try await store.unsentMail(afterID: all[2].id, limit: 2).isEmpty)
        }
    }

    @Test("A link for a malformed user id is notFound and queues nothing", arguments: StoreBackend.all)
    func linkForMalformedUser(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            await #expect(throws: KairosError.missing("User")) {
                try await store.createSignInLink(
                    SignInLinkDraft(userID: "abc", purpose: .signIn, tokenHash: "h", expiresAt: now),
                    mail: OutgoingMail(recipient: "x@example.com", subject: "s", body: "b"), now: now)
            }
            let queued = try await store.unsentMail(afterID: nil, limit: 10)
            #expect(queued.isEmpty)
        }
    }

    @Test("A sign-in link signs its user in once, and only for its own purpose", arguments: StoreBackend.all)
    func signInLinkUsedOnce(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await adaWithTwoTokens(store)
            try await link(store, for: ada, .signIn, hash: "sign-in")
            await #expect(throws: invalidLink) {
                try await store.useSignInLink(
                    tokenHash: "sign-in", purpose: .passwordReset, newPasswordHash: "x", now: now)
            }
            await #expect(throws: invalidLink) {
                try await store.useSignInLink(tokenHash: "unknown", purpose: .signIn, newPasswordHash: nil, now: now)
            }
            let user = try await store.useSignInLink(
                tokenHash: "sign-in", purpose: .signIn, newPasswordHash: nil, now: now)
            #expect(user == ada)
            // Signing in changes neither the password nor the other devices.
            #expect(try await store.credentials(email: ada.email)?.passwordHash == "old-hash")
            #expect(try await liveTokenNames(store, of: ada) == ["phone", "laptop"])
            await #expect(throws: usedLink) {
                try await store.useSignInLink(tokenHash: "sign-in", purpose: .signIn, newPasswordHash: nil, now: now)
            }
        }
    }

    @Test("An expired link is refused and stays unused", arguments: StoreBackend.all)
    func expiredLink(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await adaWithTwoTokens(store)
            try await link(store, for: ada, .signIn, hash: "short", expiresIn: 60)
            await #expect(throws: expiredLink) {
                try await store.useSignInLink(
                    tokenHash: "short", purpose: .signIn, newPasswordHash: nil, now: now.addingTimeInterval(60))
            }
            // Refused for being late, not used up: a moment earlier it still works.
            #expect(
                try await store.useSignInLink(
                    tokenHash: "short", purpose: .signIn, newPasswordHash: nil, now: now.addingTimeInterval(59)) == ada)
        }
    }

    @Test("A reset sets the password, signs out everywhere and uses up the other resets", arguments: StoreBackend.all)
    func resetLink(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await adaWithTwoTokens(store)
            let grace = try await store.createUser(
                email: "grace@example.com", name: "Grace", passwordHash: "grace-hash", timezone: "UTC", now: now)
            _ = try await store.addToken(userID: grace.id, name: "phone", tokenHash: "hash-grace", now: now)
            try await link(store, for: ada, .passwordReset, hash: "reset-1")
            try await link(store, for: ada, .passwordReset, hash: "reset-2")
            try await link(store, for: ada, .signIn, hash: "sign-in")
            try await link(store, for: grace, .passwordReset, hash: "grace-reset")

            let user = try await store.useSignInLink(
                tokenHash: "reset-1", purpose: .passwordReset, newPasswordHash: "new-hash", now: now)
            #expect(user == ada)
            #expect(try await store.credentials(email: ada.email)?.passwordHash == "new-hash")
            #expect(try await liveTokenNames(store, of: ada).isEmpty)
            await #expect(throws: usedLink) {
                try await store.useSignInLink(
                    tokenHash: "reset-2", purpose: .passwordReset, newPasswordHash: "other", now: now)
            }
            #expect(try await store.credentials(email: ada.email)?.passwordHash == "new-hash")
            // The sign-in link and Grace's account are untouched.
            #expect(
                try await store.useSignInLink(tokenHash: "sign-in", purpose: .signIn, newPasswordHash: nil, now: now)
                    == ada)
            #expect(try await store.credentials(email: grace.email)?.passwordHash == "grace-hash")
            #expect(try await store.user(tokenHash: "hash-grace") == grace)
            #expect(
                try await store.useSignInLink(
                    tokenHash: "grace-reset", purpose: .passwordReset, newPasswordHash: "g2", now: now) == grace)
        }
    }
}
