import Foundation
import KairosCore

/// What an emailed sign-in link is for.
public enum SignInLinkPurpose: String, Sendable {
    /// Sets a new password (`POST /auth/reset`).
    case passwordReset = "reset"
    /// Signs in without a password (`POST /auth/link`).
    case signIn = "sign_in"
}

/// A sign-in link to record, already checked; the store keeps only the hash of its secret.
public struct SignInLinkDraft: Sendable {
    public var userID: String
    public var purpose: SignInLinkPurpose
    public var tokenHash: String
    public var expiresAt: Date

    public init(userID: String, purpose: SignInLinkPurpose, tokenHash: String, expiresAt: Date) {
        self.userID = userID
        self.purpose = purpose
        self.tokenHash = tokenHash
        self.expiresAt = expiresAt
    }
}

/// Which of a user's API tokens stay live when their password changes.
public enum TokensKept: Sendable, Equatable {
    case all
    /// Only the one with this hash: everywhere else is signed out.
    case only(tokenHash: String)
    case none
}

/// Passwords, emailed sign-in links and the outbox as an administrator reads it.
public protocol CredentialStore: Sendable {
    /// Sets the password hash and revokes the tokens not kept.
    func setPassword(userID: String, passwordHash: String, keeping tokens: TokensKept, now: Date) async throws
    /// Revokes the user's live token with this hash; `notFound` if there is none.
    func revokeToken(userID: String, tokenHash: String, now: Date) async throws
    /// Records the link and queues its email, all or nothing.
    func createSignInLink(_ draft: SignInLinkDraft, mail: OutgoingMail, now: Date) async throws
    /// Uses a link once and returns its user. With a password hash (a reset), the password is set, every
    /// token revoked and the user's other waiting reset links used up, all or nothing. `notFound` for an
    /// unknown secret or another purpose, `conflict` when already used or expired.
    func useSignInLink(
        tokenHash: String, purpose: SignInLinkPurpose, newPasswordHash: String?, now: Date
    ) async throws -> User
    /// Emails not yet handed to a mail command, oldest first, after the one with `afterID` if given.
    func unsentMail(afterID: String?, limit: Int) async throws -> [QueuedMail]
}
