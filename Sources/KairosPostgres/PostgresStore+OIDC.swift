import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: OIDCStore {
    /// How long past their expiry attempts and codes are kept before they are forgotten.
    static let oidcRetention: TimeInterval = 24 * 3600

    public func createOIDCAttempt(_ draft: OIDCAttemptDraft, now: Date) async throws {
        try await write { write in
            let forgotten = now.addingTimeInterval(-Self.oidcRetention).micros
            try await write.query("DELETE FROM oidc_attempts WHERE expires_at < \(forgotten)")
            try await write.query("DELETE FROM oidc_handoffs WHERE expires_at < \(forgotten)")
            try await write.query(
                """
                INSERT INTO oidc_attempts (state_hash, browser_hash, nonce, code_verifier, created_at, expires_at)
                VALUES (\(draft.stateHash), \(draft.browserHash), \(draft.nonce), \(draft.codeVerifier),
                    \(now.micros), \(draft.expiresAt.micros))
                """)
        }
    }

    public func useOIDCAttempt(stateHash: String, now: Date) async throws -> OIDCAttempt {
        try await write { write in
            let row = try await Self.useOnce(
                write, table: "oidc_attempts", key: "state_hash", hash: stateHash, now: now)
            return OIDCAttempt(
                browserHash: try row["browser_hash"].decode(String.self), nonce: try row["nonce"].decode(String.self),
                codeVerifier: try row["code_verifier"].decode(String.self))
        }
    }

    public func user(linkedTo identity: ProviderIdentity) async throws -> User? {
        try await read { connection in
            try await connection.firstRow(
                """
                SELECT \(unescaped: User.columnList(table: "users")) FROM oidc_identities
                JOIN users ON users.id = oidc_identities.user_id
                WHERE oidc_identities.issuer = \(identity.issuer) AND oidc_identities.subject = \(identity.subject)
                """, logger: logger
            ).map(User.init(row:))
        }
    }

    public func link(_ identity: ProviderIdentity, to userID: String, email: String, now: Date) async throws {
        let owner = try require(userID.rowID, "User")
        try await conflictOnUniqueViolation("This identity is already linked to an account. Sign in again.") {
            try await write { write in
                try await Self.insertIdentity(write, identity, owner: owner, email: email, now: now)
            }
        }
    }

    public func createUser(
        linkedTo identity: ProviderIdentity, email: String, name: String, timezone: String, now: Date
    ) async throws -> User {
        try await conflictOnUniqueViolation(
            "An account with this email or identity already exists. Sign in again."
        ) {
            try await write { write in
                let user = try await Self.insertUser(
                    write, email: email, name: name, passwordHash: "", timezone: timezone, isGuest: false, now: now)
                try await Self.insertIdentity(
                    write, identity, owner: try require(user.id.rowID, "User"), email: email, now: now)
                return user
            }
        }
    }

    public func createOIDCHandoff(userID: String, codeHash: String, expiresAt: Date, now: Date) async throws {
        let owner = try require(userID.rowID, "User")
        try await write { write in
            try await write.query(
                """
                INSERT INTO oidc_handoffs (user_id, code_hash, created_at, expires_at)
                VALUES (\(owner), \(codeHash), \(now.micros), \(expiresAt.micros))
                """)
        }
    }

    public func useOIDCHandoff(codeHash: String, now: Date) async throws -> User {
        try await write { write in
            let owner = try await Self.useOnce(
                write, table: "oidc_handoffs", key: "code_hash", hash: codeHash, now: now
            )["user_id"].decode(Int64.self)
            return try require(try await Self.user(write.connection, id: owner, logger: write.logger), "User")
        }
    }

    private static func insertIdentity(
        _ write: PostgresWrite, _ identity: ProviderIdentity, owner: Int64, email: String, now: Date
    ) async throws {
        try await write.query(
            """
            INSERT INTO oidc_identities (issuer, subject, user_id, email, created_at)
            VALUES (\(identity.issuer), \(identity.subject), \(owner), \(email), \(now.micros))
            """)
    }

    /// Marks the row of `table` whose `key` is this hash used and returns it; only an unused, unexpired row can
    /// be used. Locked while read, so of two uses at once the second sees it used. `table` and `key` are
    /// constants of this file, never input.
    private static func useOnce(
        _ write: PostgresWrite, table: String, key: String, hash: String, now: Date
    ) async throws -> PostgresRandomAccessRow {
        guard
            let row = try await write.firstRow(
                "SELECT * FROM \(unescaped: table) WHERE \(unescaped: key) = \(hash) FOR UPDATE"
            )?.makeRandomAccess()
        else { throw KairosError.unknownSignIn }
        guard try row["used_at"].decode(Int64?.self) == nil else { throw KairosError.usedSignIn }
        guard Date(micros: try row["expires_at"].decode(Int64.self)) > now else { throw KairosError.expiredSignIn }
        try await write.query(
            "UPDATE \(unescaped: table) SET used_at = \(now.micros) WHERE id = \(try row["id"].decode(Int64.self))")
        return row
    }
}
