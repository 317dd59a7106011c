import Foundation
import KairosCore

/// An invitation to record, already checked; the store keeps only the hash of its secret.
public struct InviteDraft: Sendable {
    public var email: String
    public var role: Role
    public var projectID: String?
    public var conversationID: String?
    public var inviterID: String
    public var tokenHash: String
    public var expiresAt: Date

    public init(
        email: String, role: Role, projectID: String?, conversationID: String?, inviterID: String, tokenHash: String,
        expiresAt: Date
    ) {
        self.email = email
        self.role = role
        self.projectID = projectID
        self.conversationID = conversationID
        self.inviterID = inviterID
        self.tokenHash = tokenHash
        self.expiresAt = expiresAt
    }
}

/// A plain-text email to one person.
public struct OutgoingMail: Sendable, Equatable {
    public var recipient: String
    public var subject: String
    public var body: String
    /// Where one click stops this kind of email (RFC 8058); nil for the mail every account needs.
    public var unsubscribeURL: String?

    public init(recipient: String, subject: String, body: String, unsubscribeURL: String? = nil) {
        self.recipient = recipient
        self.subject = subject
        self.body = body
        self.unsubscribeURL = unsubscribeURL
    }
}

/// An email waiting in the outbox.
public struct QueuedMail: Sendable, Equatable {
    public var id: String
    public var mail: OutgoingMail
    public var attempts: Int
    public var createdAt: Date

    public init(id: String, mail: OutgoingMail, attempts: Int, createdAt: Date) {
        self.id = id
        self.mail = mail
        self.attempts = attempts
        self.createdAt = createdAt
    }
}

/// Invitations by email, and the outbox their emails wait in until a mail command took them.
public protocol InviteStore: Sendable {
    /// Records the invitation, queues its email and writes the audit row, all or nothing.
    func createInvite(_ draft: InviteDraft, mail: OutgoingMail, now: Date) async throws -> Invite
    func invite(tokenHash: String) async throws -> Invite?
    /// Uses an invitation once: finds or creates (as a guest) the account of its email, gives it the
    /// invited role, marks the invitation used and writes the audit row, all or nothing. `notFound`
    /// for an unknown secret, `conflict` when already used or expired.
    func acceptInvite(
        tokenHash: String, guestName: String, guestTimezone: String, now: Date
    ) async throws
        -> (user: User, invite: Invite)

    /// Takes the emails due for a (first or further) attempt at `now`, oldest first, and leaves each not due
    /// again before `leasedUntil`: no other process takes it meanwhile, and if this one dies before saying how
    /// it went, it comes due again then.
    func takeDueMail(now: Date, leasedUntil: Date, limit: Int) async throws -> [QueuedMail]
    func markSent(mailID: String, now: Date) async throws
    /// Counts a failed attempt and sets the next one.
    func markFailed(mailID: String, error: String, retryAt: Date) async throws
}
