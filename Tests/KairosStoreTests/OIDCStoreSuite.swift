import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// Sign-ins with an identity provider, on every backend: attempts and codes used once, identities linked once.
@Suite("OIDC store, on every backend")
struct OIDCStoreSuite {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private let identity = ProviderIdentity(issuer: "https://id.example", subject: "ada-1")

    private func attempt(_ state: String, expiresIn seconds: TimeInterval = 600) -> OIDCAttemptDraft {
        OIDCAttemptDraft(
            stateHash: state, browserHash: "browser-\(state)", nonce: "nonce-\(state)", codeVerifier: "verifier",
            expiresAt: now.addingTimeInterval(seconds))
    }

    @Test("An attempt is used once, before it expires; an unknown one is notFound", arguments: StoreBackend.all)
    func attemptsUsedOnce(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            try await store.createOIDCAttempt(attempt("s1"), now: now)
            try await store.createOIDCAttempt(attempt("s2", expiresIn: 60), now: now)
            let used = try await store.useOIDCAttempt(stateHash: "s1", now: now)
            #expect(used == OIDCAttempt(browserHash: "browser-s1", nonce: "nonce-s1", codeVerifier: "verifier"))
            await #expect(throws: KairosError.usedSignIn) { try await store.useOIDCAttempt(stateHash: "s1", now: now) }
            await #expect(throws: KairosError.expiredSignIn) {
                try await store.useOIDCAttempt(stateHash: "s2", now: now.addingTimeInterval(61))
            }
            await #expect(throws: KairosError.unknownSignIn) {
                try await store.useOIDCAttempt(stateHash: "nope", now: now)
            }
        }
    }

    @Test("Attempts two uses race for: exactly one wins", arguments: StoreBackend.all)
    func attemptRace(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            try await store.createOIDCAttempt(attempt("s1"), now: now)
            let wins = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<4 {
                    group.addTask { (try? await store.useOIDCAttempt(stateHash: "s1", now: now)) != nil }
                }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(wins == 1)
        }
    }

    @Test(
        "An identity links to one account; a new account from it gets an Inbox and no password",
        arguments: StoreBackend.all)
    func identities(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let created = try await store.createUser(
                linkedTo: identity, email: "ada@example.com", name: "Ada", timezone: "UTC", now: now)
            #expect(try await store.user(linkedTo: identity) == created)
            #expect(try await store.credentials(email: "ada@example.com")?.passwordHash == "")
            await #expect(throws: KairosError.self) {
                try await store.createUser(
                    linkedTo: ProviderIdentity(issuer: "https://id.example", subject: "other"),
                    email: "ada@example.com", name: "Ada", timezone: "UTC", now: now)
            }
            let grace = try await store.createUser(
                email: "grace@example.com", name: "Grace", passwordHash: "x", timezone: "UTC", now: now)
            await #expect(throws: KairosError.self) {
                try await store.link(identity, to: grace.id, email: "grace@example.com", now: now)
            }
            let graceIdentity = ProviderIdentity(issuer: "https://id.example", subject: "grace-1")
            #expect(try await store.user(linkedTo: graceIdentity) == nil)
            try await store.link(graceIdentity, to: grace.id, email: "grace@example.com", now: now)
            #expect(try await store.user(linkedTo: graceIdentity) == grace)
        }
    }

    @Test("A hand-off code signs its user in once, before it expires", arguments: StoreBackend.all)
    func handoffs(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.createUser(
                email: "ada@example.com", name: "Ada", passwordHash: "x", timezone: "UTC", now: now)
            try await store.createOIDCHandoff(
                userID: ada.id, codeHash: "c1", expiresAt: now.addingTimeInterval(60), now: now)
            try await store.createOIDCHandoff(
                userID: ada.id, codeHash: "c2", expiresAt: now.addingTimeInterval(60), now: now)
            #expect(try await store.useOIDCHandoff(codeHash: "c1", now: now) == ada)
            await #expect(throws: KairosError.usedSignIn) { try await store.useOIDCHandoff(codeHash: "c1", now: now) }
            await #expect(throws: KairosError.expiredSignIn) {
                try await store.useOIDCHandoff(codeHash: "c2", now: now.addingTimeInterval(61))
            }
        }
    }
}
