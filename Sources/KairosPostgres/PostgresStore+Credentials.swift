import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: CredentialStore {
    public func setPassword(userID: String, passwordHash: String, keeping tokens: TokensKept, now: Date) async throws {
        let owner = try require(userID.rowID, "User")
        try await write { write in
            let updated = try await write.rows(
                "UPDATE users SET password_hash = \(passwordHash) WHERE id = \(owner) RETURNING id")
            if updated.isEmpty { throw KairosError.missing("User") }
            try await Self.revokeTokens(write, of: owner, keeping: tokens, now: now)
        }
    }

    public func revokeToken(userID: String, tokenHash: String, now: Date) async throws {
        let owner = try require(userID.rowID, "User")
        try await write { write in
            let revoked = try await write.rows(
                """
                UPDATE api_tokens SET revoked_at = \(now.micros)
                WHERE user_id = \(owner) AND token_hash = \(tokenHash) AND revoked_at IS NULL RETURNING id
                """)
            if revoked.isEmpty { throw KairosError.missing("Token") }
        }
    }

    public func createSignInLink(_ draft: SignInLinkDraft, mail: OutgoingMail, now: Date) async throws {
        let owner = try require(draft.userID.rowID, "User")
        try await write { write in
            try await write.query(
                """
                INSERT INTO sign_in_links (user_id, purpose, token_hash, created_at, expires_at)
                VALUES (\(owner), \(draft.purpose.rawValue), \(draft.tokenHash), \(now.micros), \(draft.expiresAt.micros))
                """)
            try await write.query(
                """
                INSERT INTO outbox (recipient, subject, body, created_at, next_attempt_at)
                VALUES (\(mail.recipient), \(mail.subject), \(mail.body), \(now.micros), \(now.micros))
                """)
        }
    }

    public func useSignInLink(
        tokenHash: String, purpose: SignInLinkPurpose, newPasswordHash: String?, now: Date
    ) async throws -> User {
        try await write { write in
            // FOR UPDATE: of two requests using the same link at once, the second waits and then sees it used.
            guard
                let link = try await write.firstRow(
                    """
                    SELECT id, user_id, expires_at, used_at FROM sign_in_links
                    WHERE token_hash = \(tokenHash) AND purpose = \(purpose.rawValue) FOR UPDATE
                    """)
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
            try await write.query(
                "UPDATE sign_in_links SET used_at = \(now.micros) WHERE id = \(linkID)")
            if let newPasswordHash {
                try await write.query(
                    "UPDATE users SET password_hash = \(newPasswordHash) WHERE id = \(owner)")
                try await Self.revokeTokens(write, of: owner, keeping: .none, now: now)
                try await write.query(
                    """
                    UPDATE sign_in_links SET used_at = \(now.micros)
                    WHERE user_id = \(owner) AND purpose = \(purpose.rawValue) AND used_at IS NULL
                    """)
            }
            return try require(try await Self.user(write.connection, id: owner, logger: logger), "User")
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
        _ write: PostgresWrite, of owner: Int64, keeping tokens: TokensKept, now: Date
    ) async throws {
        switch tokens {
        case .all: return
        case .none:
            try await write.query(
                "UPDATE api_tokens SET revoked_at = \(now.micros) WHERE user_id = \(owner) AND revoked_at IS NULL")
        case .only(let kept):
            try await write.query(
                """
                UPDATE api_tokens SET revoked_at = \(now.micros)
                WHERE user_id = \(owner) AND revoked_at IS NULL AND token_hash <> \(kept)
                """)
        }
    }
}
