import Foundation
import HummingbirdBcrypt
import KairosCore
import KairosStore
import NIOPosix

/// Deletes an account for good, once its password is given again: the person's data goes, the shared projects
/// they own are handed on or deleted as they choose (`AccountDeletionPlan`), and their uploaded files are
/// removed from disk when no one else's upload has the same content.
public struct AccountDeletionService: Sendable {
    let store: any AccountStore & AccountDeletionStore & AttachmentStore & SignalStore
    let files: AttachmentFiles
    let clock: Clock

    public init(
        store: any AccountStore & AccountDeletionStore & AttachmentStore & SignalStore, files: AttachmentFiles,
        clock: Clock
    ) {
        self.store = store
        self.files = files
        self.clock = clock
    }

    /// Deletes `user`'s account; a wrong password or a missing choice changes nothing.
    public func delete(_ user: User, request: AccountDeletionRequest) async throws {
        try await requirePassword(request.password, of: user)
        let plan = try AccountDeletionPlan(
            projects: try await store.ownedSharedProjects(userID: user.id), choice: request.sharedProjects)
        let contents = try await store.deleteAccount(userID: user.id, plan: plan, now: clock.now())
        for sha256 in contents {
            try await files.removeUnused(sha256: sha256) { try await store.isContentInUse(sha256: sha256) }
        }
        // The account is gone: its open sockets close, whichever process holds them.
        try await store.send(.tokensRevoked(userID: user.id))
    }

    private func requirePassword(_ password: String, of user: User) async throws {
        guard let stored = try await store.credentials(email: user.email), !stored.passwordHash.isEmpty else {
            throw KairosError.invalidField(
                field: "password",
                message: "This account has no password yet. Set one in Settings, then delete the account with it.")
        }
        let hash = stored.passwordHash
        let matches = try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
        guard matches else {
            throw KairosError.invalidField(
                field: "password",
                message: "password is wrong. Enter the password you sign in with; nothing was deleted.")
        }
    }
}
