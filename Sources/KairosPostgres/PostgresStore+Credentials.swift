import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: CredentialStore {
    public func setPassword(userID: String, passwordHash: String, keeping tokens: TokensKept, now: Date) async throws {
        let owner = try require(userID.rowID, "User")
        try await write { connection in
            let updated = try await connection.rows(
                "UPDATE users SET password_hash = \(passwordHash) WHERE id = \(owner) RETURNING id", logger: logger)
            if updated.isEmpty { throw KairosError.missing("User") }
            try await Self.revokeTokens(connection, of: owner, keeping: tokens, now: now, logger: logger)
        }
    }

    public func revokeToken(userID: String, tokenHash: String, now: Date) async throws {
        let owner = try require(userID.rowID, "User")
        try await write { connection in
            let revoked = try await connection.rows(
                """
                UPDATE api_tokens SET revoked_at = \(now.micros)
                WHERE user_id = \(owner) AND token_hash = \(tokenHash) AND revoked_at IS NULL RETURNING id
                """, logger: logger)
            if revoked.isEmpty { throw KairosError.missing("Token") }
        }
    }

    public func createSignInLink(_ draft: SignInLinkDraft, mail: OutgoingMail, now: Date) async throws {
        let owner = try require(draft.userID.rowID, "User")
        try await write { connection in
            try await connection.query(
                """
                INSERT INTO sign_in_links (user_id, purpose, token_hash, created_at, expires_at)
                VALUES (\(owner), \(draft.purpose.rawValue), \(draft.tokenHash), \(now.micros), \(draft.expiresAt.micros))
                """, logger: logger)
            try await connection.query(
                """
                INSERT INTO outbox (recipient, subject, body, created_at, next_attempt_at)
                VALUES (\(mail.recipient), \(mail.subject), \(mail.body), \(now.micros), \(now.micros))
                """, logger: logger)
        }
    }

    public func useSignInLink(
        tokenHash: String, purpose: SignInLinkPurpose, newPasswordHash: String?, now: Date
    ) async throws -> User {
        try await write { connection in
            // FOR UPDATE: of two requests using the same link at once, the second waits and then sees it used.
            guard
                let link = try await connection.firstRow(
                    """
                    SELECT id, user_id, expires_at, used_at FROM sign_in_links
                    WHERE token_hash = \(tokenHash) AND purpose = \(purpose.rawValue) FOR UPDATE
                    """, logger: logger)
            else {
                throw KairosError.notFound("This link is not valid. Ask for a new one from the sign-in screen.")
            }
            let (linkID, owner, expiresAt, usedAt) = try link.decode((Int64, Int64, Int64, Int64?).self)
            guard usedAt == nil else {
                throw KairosError.conflict("This link was already used. Ask for a new one from the sign-in screen.")
            }
            guard Date(micros: expiresAt) > now else {
                throw KairosError.conflict("This link has expired. Ask for a new one from the sign-in screen.")
            }
            try await connection.query(
                "UPDATE sign_in_links SET used_at = \(now.micros) WHERE id = \(linkID)", logger: logger)
            if let newPasswordHash {
                try await connection.query(
                    "UPDATE users SET password_hash = \(newPasswordHash) WHERE id = \(owner)", logger: logger)
                try await Self.revokeTokens(connection, of: owner, keeping: .none, now: now, logger: logger)
                try await connection.query(
                    """
                    UPDATE sign_in_links SET used_at = \(now.micros)
                    WHERE user_id = \(owner) AND purpose = \(purpose.rawValue) AND used_at IS NULL
                    """, logger: logger)
            }
            return try require(try await Self.user(connection, id: owner, logger: logger), "User")
        }
    }

    public func unsentMail(afterID: String?, limit: Int) async throws -> [QueuedMail] {
        let after = afterID?.rowID ?? 0
        return try await read { connection in
            try await connection.rows(
                """
                SELECT id, recipient, subject, body, attempts, created_at FROM outbox
                WHERE sent_at IS NULL AND id > \(after) ORDER BY id LIMIT \(Int64(limit))
                """, logger: logger
            ).map { row in
                let (id, recipient, subject, body, attempts, createdAt) = try row.decode(
                    (Int64, String, String, String, Int64, Int64).self)
                return QueuedMail(
                    id: id.apiID, mail: OutgoingMail(recipient: recipient, subject: subject, body: body),
                    attempts: Int(attempts), createdAt: Date(micros: createdAt))
            }
        }
    }

    private static func revokeTokens(
        _ connection: PostgresConnection, of owner: Int64, keeping tokens: TokensKept, now: Date, logger: Logger
    ) async throws {
        switch tokens {
        case .all: return
        case .none:
            try await connection.query(
                "UPDATE api_tokens SET revoked_at = \(now.micros) WHERE user_id = \(owner) AND revoked_at IS NULL",
                logger: logger)
        case .only(let kept):
            try await connection.query(
                """
                UPDATE api_tokens SET revoked_at = \(now.micros)
                WHERE user_id = \(owner) AND revoked_at IS NULL AND token_hash <> \(kept)
                """, logger: logger)
        }
    }
}
