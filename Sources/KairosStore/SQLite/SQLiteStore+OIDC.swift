import Foundation
import GRDB
import KairosCore

extension SQLiteStore: OIDCStore {
    /// How long past their expiry attempts and codes are kept before they are forgotten.
    static let oidcRetention: TimeInterval = 24 * 3600

    public func createOIDCAttempt(_ draft: OIDCAttemptDraft, now: Date) async throws {
        try await write { db in
            let forgotten = now.addingTimeInterval(-Self.oidcRetention).micros
            try db.run(sql: "DELETE FROM oidc_attempts WHERE expires_at < ?", arguments: [forgotten])
            try db.run(sql: "DELETE FROM oidc_handoffs WHERE expires_at < ?", arguments: [forgotten])
            try db.run(
                sql: """
                    INSERT INTO oidc_attempts (state_hash, browser_hash, nonce, code_verifier, created_at, expires_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    draft.stateHash, draft.browserHash, draft.nonce, draft.codeVerifier, now.micros,
                    draft.expiresAt.micros,
                ])
        }
    }

    public func useOIDCAttempt(stateHash: String, now: Date) async throws -> OIDCAttempt {
        try await write { db in
            let row = try Self.useOnce(db, table: "oidc_attempts", key: "state_hash", hash: stateHash, now: now)
            return OIDCAttempt(
                browserHash: row["browser_hash"], nonce: row["nonce"], codeVerifier: row["code_verifier"])
        }
    }

    public func user(linkedTo identity: ProviderIdentity) async throws -> User? {
        try await pool.read { db in
            try db.fetchRow(
                sql: """
                    SELECT users.* FROM oidc_identities JOIN users ON users.id = oidc_identities.user_id
                    WHERE oidc_identities.issuer = ? AND oidc_identities.subject = ?
                    """,
                arguments: [identity.issuer, identity.subject]
            ).map(User.init(row:))
        }
    }

    public func link(_ identity: ProviderIdentity, to userID: String, email: String, now: Date) async throws {
        let owner = try require(userID.rowID, "User")
        try await conflictOnUniqueViolation("This identity is already linked to an account. Sign in again.") {
            try await write { db in try Self.insertIdentity(db, identity, owner: owner, email: email, now: now) }
        }
    }

    public func createUser(
        linkedTo identity: ProviderIdentity, email: String, name: String, timezone: String, now: Date
    ) async throws -> User {
        try await conflictOnUniqueViolation(
            "An account with this email or identity already exists. Sign in again."
        ) {
            try await write { db in
                let user = try Self.insertUser(
                    db, email: email, name: name, passwordHash: "", timezone: timezone, isGuest: false, now: now)
                try Self.insertIdentity(db, identity, owner: try require(user.id.rowID, "User"), email: email, now: now)
                return user
            }
        }
    }

    public func createOIDCHandoff(userID: String, codeHash: String, expiresAt: Date, now: Date) async throws {
        let owner = try require(userID.rowID, "User")
        try await write { db in
            try db.run(
                sql: "INSERT INTO oidc_handoffs (user_id, code_hash, created_at, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [owner, codeHash, now.micros, expiresAt.micros])
        }
    }

    public func useOIDCHandoff(codeHash: String, now: Date) async throws -> User {
        try await write { db in
            let handoff = try Self.useOnce(db, table: "oidc_handoffs", key: "code_hash", hash: codeHash, now: now)
            let owner: Int64 = handoff["user_id"]
            let row = try require(try db.fetchRow(sql: "SELECT * FROM users WHERE id = ?", arguments: [owner]), "User")
            return User(row: row)
        }
    }

    private static func insertIdentity(
        _ db: Database, _ identity: ProviderIdentity, owner: Int64, email: String, now: Date
    ) throws {
        try db.run(
            sql: "INSERT INTO oidc_identities (issuer, subject, user_id, email, created_at) VALUES (?, ?, ?, ?, ?)",
            arguments: [identity.issuer, identity.subject, owner, email, now.micros])
    }

    /// Marks the row of `table` with this hash used and returns it; only an unused, unexpired row can be used.
    /// `table` and `key` are constants of this file, never input.
    private static func useOnce(_ db: Database, table: String, key: String, hash: String, now: Date) throws -> Row {
        guard let row = try db.fetchRow(sql: "SELECT * FROM \(table) WHERE \(key) = ?", arguments: [hash]) else {
            throw KairosError.unknownSignIn
        }
        guard (row["used_at"] as Int64?) == nil else { throw KairosError.usedSignIn }
        guard Date(micros: row["expires_at"]) > now else { throw KairosError.expiredSignIn }
        try db.run(sql: "UPDATE \(table) SET used_at = ? WHERE id = ?", arguments: [now.micros, row["id"] as Int64])
        return row
    }
}
