import Foundation
import KairosCore
import KairosStore

/// Changing and resetting passwords, emailed sign-in links and signing out.
extension AccountService {
    /// How long an emailed reset or sign-in link works.
    static let linkLifetime: TimeInterval = 30 * 60

    /// Sets a new password. The current one is required unless the account has none (a guest), and wrong
    /// tries count towards the sign-in throttle. With `signOutOthers`, every token but `keptToken` is revoked.
    public func changePassword(
        of user: User, _ request: PasswordChangeRequest, keptToken: String, from address: String
    ) async throws {
        let newPassword = try Self.requirePassword(request.newPassword, field: "new_password")
        let current = try await store.credentials(email: user.email)?.passwordHash ?? ""
        if !current.isEmpty {
            guard let given = request.currentPassword else {
                throw KairosError.invalidField(
                    field: "current_password", message: "current_password is required to change your password.")
            }
            try requireAttemptAllowed(account: user.email, address: address)
            guard try await verifyPassword(given, hash: current) else {
                throw KairosError.invalidField(
                    field: "current_password",
                    message: "current_password is wrong. Type it again, or reset it from the sign-in screen.")
            }
            signIns.withLockedValue { $0.succeeded(account: user.email, address: address, now: clock.now()) }
        }
        let kept: TokensKept = request.signOutOthers == true ? .only(tokenHash: Self.hash(token: keptToken)) : .all
        try await store.setPassword(
            userID: user.id, passwordHash: try await hashPassword(newPassword), keeping: kept, now: clock.now())
        if kept != .all { try await closeRevokedSockets(of: user) }
    }

    /// Emails a single-use link to set a new password, if the address has an account; answers the same either way.
    public func requestPasswordReset(_ request: EmailLinkRequest, from address: String) async throws {
        try await emailLink(.passwordReset, to: request.email, from: address) { user, link in
            OutgoingMail(
                recipient: user.email, subject: "Reset your Kairos password",
                body: """
                    Someone asked to reset the password of your Kairos account (\(user.email)).

                    Open this link to choose a new one. It works once, for 30 minutes:
                    \(link)

                    Setting a new password signs you out everywhere else.
                    If you did not ask for this, ignore this email: your password stays as it is.
                    """)
        }
    }

    /// Emails a single-use link that signs in without a password, for any account, guests included.
    public func requestSignInLink(_ request: EmailLinkRequest, from address: String) async throws {
        try await emailLink(.signIn, to: request.email, from: address) { user, link in
            OutgoingMail(
                recipient: user.email, subject: "Your Kairos sign-in link",
                body: """
                    Open this link to sign in to Kairos as \(user.email). It works once, for 30 minutes:
                    \(link)

                    Once in, you can set a password in Settings.
                    If you did not ask for this, ignore this email.
                    """)
        }
    }

    /// Sets the new password with a reset link's secret, signs out everywhere and signs in here.
    public func confirmPasswordReset(_ request: PasswordResetConfirmRequest) async throws -> AuthResponse {
        let newPassword = try Self.requirePassword(request.newPassword, field: "new_password")
        let hash = try await hashPassword(newPassword)
        let user = try await store.useSignInLink(
            tokenHash: Self.linkHash(request.token), purpose: .passwordReset, newPasswordHash: hash, now: clock.now())
        try await closeRevokedSockets(of: user)
        return AuthResponse(token: try await issueToken(for: user, name: "password reset").token, user: user)
    }

    /// Signs in with an emailed sign-in link's secret.
    public func confirmSignInLink(_ request: SignInLinkConfirmRequest) async throws -> AuthResponse {
        let user = try await store.useSignInLink(
            tokenHash: Self.linkHash(request.token), purpose: .signIn, newPasswordHash: nil, now: clock.now())
        return AuthResponse(token: try await issueToken(for: user, name: "sign-in link").token, user: user)
    }

    /// Sets a password for a self-hoster (`kairos admin reset-password`) and signs the account out everywhere.
    public func resetPassword(email: String, to password: String) async throws -> User {
        let address = try Limits.requireEmail(email)
        let newPassword = try Self.requirePassword(password)
        guard let found = try await store.credentials(email: address) else {
            throw KairosError.notFound("No account has the email \(address). Check the address.")
        }
        try await store.setPassword(
            userID: found.user.id, passwordHash: try await hashPassword(newPassword), keeping: .none, now: clock.now())
        return found.user
    }

    /// Revokes the token the request was signed in with (signing out).
    public func signOut(_ user: User, token: String) async throws {
        try await store.revokeToken(userID: user.id, tokenHash: Self.hash(token: token), now: clock.now())
        try await closeRevokedSockets(of: user)
    }

    /// Queues a link email for the account of `email`, if there is one and it was not asked for too often.
    private func emailLink(
        _ purpose: SignInLinkPurpose, to email: String, from address: String,
        mail: (User, String) -> OutgoingMail
    ) async throws {
        let email = try Limits.requireEmail(email)
        // Past the allowance the request is answered as usual, but nothing more is sent.
        let allowed = linkRequests.withLockedValue {
            $0.attempt(account: "\(purpose.rawValue) \(email)", address: address, now: clock.now()) == .allowed
        }
        guard allowed, let user = try await store.credentials(email: email)?.user else { return }
        let token = InviteService.newToken()
        let path = purpose == .passwordReset ? "reset" : "signin"
        let now = clock.now()
        try await store.createSignInLink(
            SignInLinkDraft(
                userID: user.id, purpose: purpose, tokenHash: Self.hash(token: token),
                expiresAt: now.addingTimeInterval(Self.linkLifetime)),
            mail: mail(user, "\(publicURL)/#/\(path)/\(token)"), now: now)
    }

    /// The stored hash of a link's secret; anything that cannot be one of ours matches nothing.
    private static func linkHash(_ token: String) throws(KairosError) -> String {
        guard token.count == 43 else {
            throw .notFound("This link is not valid. Ask for a new one from the sign-in screen.")
        }
        return hash(token: token)
    }

    /// The sockets signed in with the user's revoked tokens close, whichever process holds them.
    func closeRevokedSockets(of user: User) async throws {
        try await store.send(.tokensRevoked(userID: user.id))
    }
}
