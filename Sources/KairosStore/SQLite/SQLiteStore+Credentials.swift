import Foundation
import GRDB
import KairosCore

extension SQLiteStore: CredentialStore {
    public func setPassword(userID: String, passwordHash: String, keeping tokens: TokensKept, now: Date) async throws {
        let owner = try require(userID.rowID, "User")
        try await write { db in
            try db.run(sql: "UPDATE users SET password_hash = ? WHERE id = ?", arguments: [passwordHash, owner])
            if db.changesCount == 0 { throw KairosError.missing("User") }
            try Self.revokeTokens(db, of: owner, keeping: tokens, now: now)
        }
    }

    public func revokeToken(userID: String, tokenHash: String, now: Date) async throws {
        let owner = try require(userID.rowID, "User")
        try await write { db in
            try db.run(
                sql: "UPDATE api_tokens SET revoked_at = ? WHERE user_id = ? AND token_hash = ? AND revoked_at IS NULL",
                arguments: [now.micros, owner, tokenHash])
            if db.changesCount == 0 { throw KairosError.missing("Token") }
        }
    }

    public func createSignInLink(_ draft: SignInLinkDraft, mail: OutgoingMail, now: Date) async throws {
        let owner = try require(draft.userID.rowID, "User")
        try await write { db in
            try db.run(
                sql: """
                    INSERT INTO sign_in_links (user_id, purpose, token_hash, created_at, expires_at)
                    VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [owner, draft.purpose.rawValue, draft.tokenHash, now.micros, draft.expiresAt.micros])
            try db.run(
                sql: """
                    INSERT INTO outbox (recipient, subject, body, created_at, next_attempt_at) VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [mail.recipient, mail.subject, mail.body, now.micros, now.micros])
        }
    }

    public func useSignInLink(
        tokenHash: String, purpose: SignInLinkPurpose, newPasswordHash: String?, now: Date
    ) async throws -> User {
        try await write { db in
            guard
                let link = try db.fetchRow(
                    sql: "SELECT * FROM sign_in_links WHERE token_hash = ? AND purpose = ?",
                    arguments: [tokenHash, purpose.rawValue])
            else {
                throw KairosError.notFound("This link is not valid. Ask for a new one from the sign-in screen.")
            }
            guard (link["used_at"] as Int64?) == nil else {
                throw KairosError.conflict("This link was already used. Ask for a new one from the sign-in screen.")
            }
            guard Date(micros: link["expires_at"]) > now else {
                throw KairosError.conflict("This link has expired. Ask for a new one from the sign-in screen.")
            }
            let owner: Int64 = link["user_id"]
            try db.run(
                sql: "UPDATE sign_in_links SET used_at = ? WHERE id = ?", arguments: [now.micros, link["id"] as Int64])
            if let newPasswordHash {
                try db.run(
                    sql: "UPDATE users SET password_hash = ? WHERE id = ?", arguments: [newPasswordHash, owner])
                try Self.revokeTokens(db, of: owner, keeping: .none, now: now)
                try db.run(
                    sql: """
                        UPDATE sign_in_links SET used_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL
                        """,
                    arguments: [now.micros, owner, purpose.rawValue])
            }
            let row = try require(try db.fetchRow(sql: "SELECT * FROM users WHERE id = ?", arguments: [owner]), "User")
            return User(row: row)
        }
    }

    public func unsentMail(afterID: String?, limit: Int) async throws -> [QueuedMail] {
        let after = afterID?.rowID ?? 0
        return try await pool.read { db in try Self.unsentMail(db, after: after, limit: limit) }
    }

    /// The emails waiting in the outbox of the database at `path`, opened read-only so that it can be read
    /// beside a running server (`kairos admin outbox`).
    public static func unsentMail(inDatabaseAt path: String) throws -> [QueuedMail] {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        let database = try DatabaseQueue(path: path, configuration: configuration)
        return try database.read { db in try unsentMail(db, after: 0, limit: Int.max) }
    }

    private static func unsentMail(_ db: Database, after: Int64, limit: Int) throws -> [QueuedMail] {
        try db.fetchRows(
            sql: """
                SELECT id, recipient, subject, body, attempts, created_at FROM outbox
                WHERE sent_at IS NULL AND id > ? ORDER BY id LIMIT ?
                """,
            arguments: [after, limit]
        ).map { row in
            QueuedMail(
                id: (row["id"] as Int64).apiID,
                mail: OutgoingMail(recipient: row["recipient"], subject: row["subject"], body: row["body"]),
                attempts: row["attempts"], createdAt: Date(micros: row["created_at"]))
        }
    }

    private static func revokeTokens(_ db: Database, of owner: Int64, keeping tokens: TokensKept, now: Date) throws {
        switch tokens {
        case .all: return
        case .none:
            try db.run(
                sql: "UPDATE api_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL",
                arguments: [now.micros, owner])
        case .only(let kept):
            try db.run(
                sql: """
                    UPDATE api_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND token_hash <> ?
                    """,
                arguments: [now.micros, owner, kept])
        }
    }
}
