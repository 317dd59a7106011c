import Foundation
import KairosCore

/// A sign-in with an identity provider under way, already checked; the store keeps only the hash of its
/// `state` and of the browser's cookie.
public struct OIDCAttemptDraft: Sendable {
    public var stateHash: String
    /// The hash of the secret cookie the starting browser got, so that only that browser can finish.
    public var browserHash: String
    public var nonce: String
    /// The PKCE code verifier (RFC 7636), sent with the code at the token endpoint.
    public var codeVerifier: String
    public var expiresAt: Date

    public init(stateHash: String, browserHash: String, nonce: String, codeVerifier: String, expiresAt: Date) {
        self.stateHash = stateHash
        self.browserHash = browserHash
        self.nonce = nonce
        self.codeVerifier = codeVerifier
        self.expiresAt = expiresAt
    }
}

/// What a used attempt gives back to finish the sign-in.
public struct OIDCAttempt: Sendable, Equatable {
    public var browserHash: String
    public var nonce: String
    public var codeVerifier: String

    public init(browserHash: String, nonce: String, codeVerifier: String) {
        self.browserHash = browserHash
        self.nonce = nonce
        self.codeVerifier = codeVerifier
    }
}

/// An identity at a provider: the issuer and the subject it gives the person, which never change.
public struct ProviderIdentity: Sendable, Equatable {
    public var issuer: String
    public var subject: String

    public init(issuer: String, subject: String) {
        self.issuer = issuer
        self.subject = subject
    }
}

/// Sign-ins with an OpenID Connect provider: attempts under way, identities linked to accounts, and the
/// one-time codes that hand the web app its token.
public protocol OIDCStore: Sendable {
    /// Records an attempt; attempts and codes long expired are forgotten meanwhile.
    func createOIDCAttempt(_ draft: OIDCAttemptDraft, now: Date) async throws
    /// Uses an attempt once. `notFound` for an unknown state, `conflict` when already used or expired.
    func useOIDCAttempt(stateHash: String, now: Date) async throws -> OIDCAttempt
    /// The user the identity is linked to, if any.
    func user(linkedTo identity: ProviderIdentity) async throws -> User?
    /// Links the identity to the user, remembering the email it came with. `conflict` if it is linked already.
    func link(_ identity: ProviderIdentity, to userID: String, email: String, now: Date) async throws
    /// Creates an account without a password, with its Inbox, linked to the identity, all or nothing.
    /// `conflict` if the email has an account or the identity a link.
    func createUser(
        linkedTo identity: ProviderIdentity, email: String, name: String, timezone: String, now: Date
    ) async throws -> User
    /// Records a one-time code that signs the user in once, until `expiresAt`.
    func createOIDCHandoff(userID: String, codeHash: String, expiresAt: Date, now: Date) async throws
    /// Uses a code once and returns its user. `notFound` for an unknown code, `conflict` used or expired.
    func useOIDCHandoff(codeHash: String, now: Date) async throws -> User
}

extension KairosError {
    /// No sign-in attempt or code has this secret.
    package static let unknownSignIn = KairosError.notFound(
        "This sign-in is not known. Start again from the sign-in screen.")
    /// The attempt or code was used already.
    package static let usedSignIn = KairosError.conflict(
        "This sign-in was already used. Start again from the sign-in screen.")
    /// The attempt or code expired before it was used.
    package static let expiredSignIn = KairosError.conflict(
        "This sign-in took too long. Start again from the sign-in screen.")
}
