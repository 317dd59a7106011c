import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: AccountStore {
    public func createUser(
        email: String, name: String, passwordHash: String, timezone: String, now: Date
    ) async throws -> User {
        try await conflictOnUniqueViolation(
            "An account with this email already exists. Log in instead, or use another email."
        ) {
            try await write { write in
                try await Self.insertUser(
                    write, email: email, name: name, passwordHash: passwordHash, timezone: timezone,
                    isGuest: false, now: now)
            }
        }
    }

    /// Inserts a user with their Inbox.
    static func insertUser(
        _ write: PostgresWrite, email: String, name: String, passwordHash: String, timezone: String,
        isGuest: Bool, now: Date
    ) async throws -> User {
        let row = try await write.firstRow(
            """
            INSERT INTO users (email, name, password_hash, timezone, is_guest, created_at)
            VALUES (\(email), \(name), \(passwordHash), \(timezone), \(isGuest), \(now.micros)) RETURNING id
            """)
        let userID = try require(row, "User").decode(Int64.self)
        try await write.query(
            """
            INSERT INTO projects (user_id, name, color, child_order, is_inbox, created_at, updated_at)
            VALUES (\(userID), 'Inbox', \(ProjectColor.defaultColor), 0, true, \(now.micros), \(now.micros))
            """)
        return User(id: userID.apiID, email: email, name: name, timezone: timezone, createdAt: now, isGuest: isGuest)
    }

    public func credentials(email: String) async throws -> (user: User, passwordHash: String)? {
        try await read { connection in
            guard
                let row = try await connection.firstRow(
                    "SELECT \(unescaped: User.columns), password_hash FROM users WHERE email = \(email)",
                    logger: logger)
            else { return nil }
            return (try User(row: row), try row.makeRandomAccess()["password_hash"].decode(String.self))
        }
    }

    public func user(id: String) async throws -> User? {
        guard let rowID = id.rowID else { return nil }
        return try await read { connection in
            try await Self.user(connection, id: rowID, logger: logger)
        }
    }

    /// The user with this row id, if there is one.
    static func user(_ connection: PostgresConnection, id: Int64, logger: Logger) async throws -> User? {
        try await connection.firstRow(
            "SELECT \(unescaped: User.columns) FROM users WHERE id = \(id)", logger: logger
        ).map(User.init(row:))
    }

    public func users(ids: [String]) async throws -> [User] {
        let rowIDs = ids.compactMap(\.rowID)
        guard !rowIDs.isEmpty else { return [] }
        return try await read { connection in
            try await connection.rows(
                "SELECT \(unescaped: User.columns) FROM users WHERE id = ANY(\(rowIDs))", logger: logger
            ).map(User.init(row:))
        }
    }

    public func users(emails: [String]) async throws -> [User] {
        guard !emails.isEmpty else { return [] }
        // `= ANY` compares with the column's case-insensitive collation, as SQLite's NOCASE does.
        return try await read { connection in
            try await connection.rows(
                "SELECT \(unescaped: User.columns) FROM users WHERE email = ANY(\(emails))", logger: logger
            ).map(User.init(row:))
        }
    }

    public func updateUser(id: String, changes: UserChanges) async throws -> User {
        let rowID = try require(id.rowID, "User")
        return try await write { write in
            try await write.query(
                """
                UPDATE users SET name = COALESCE(\(changes.name), name),
                    timezone = COALESCE(\(changes.timezone), timezone),
                    hide_read_receipts = COALESCE(\(changes.hideReadReceipts), hide_read_receipts),
                    workdays = COALESCE(\(changes.workdays.map { Int64(User.workdayBits($0)) }), workdays),
                    daily_brief_time = COALESCE(\(changes.dailyBriefTime?.hourMinute), daily_brief_time),
                    assistant_adds_without_asking
                        = COALESCE(\(changes.assistantAddsWithoutAsking), assistant_adds_without_asking),
                    ai_enabled = COALESCE(\(changes.aiEnabled), ai_enabled),
                    nag_reminders = COALESCE(\(changes.nagReminders), nag_reminders)
                WHERE id = \(rowID)
                """)
            if changes.quietHours != .unchanged {
                let window = changes.quietHours.newValue
                try await write.query(
                    """
                    UPDATE users SET quiet_start = \(window.map { QuietHours.text($0.start) }),
                        quiet_end = \(window.map { QuietHours.text($0.end) })
                    WHERE id = \(rowID)
                    """)
            }
            return try require(try await Self.user(write.connection, id: rowID, logger: logger), "User")
        }
    }

    public func addToken(userID: String, name: String, tokenHash: String, now: Date) async throws -> APITokenInfo {
        let owner = try require(userID.rowID, "User")
        return try await write { write in
            let row = try await write.firstRow(
                """
                INSERT INTO api_tokens (user_id, name, token_hash, created_at)
                VALUES (\(owner), \(name), \(tokenHash), \(now.micros)) RETURNING id
                """)
            return APITokenInfo(id: try require(row, "Token").decode(Int64.self).apiID, name: name, createdAt: now)
        }
    }

    public func user(tokenHash: String) async throws -> User? {
        try await read { connection in
            try await connection.firstRow(
                """
                SELECT \(unescaped: User.columnList(table: "users")) FROM api_tokens JOIN users ON users.id = api_tokens.user_id
                WHERE api_tokens.token_hash = \(tokenHash) AND api_tokens.revoked_at IS NULL
                """, logger: logger
            ).map(User.init(row:))
        }
    }

    public func tokens(userID: String) async throws -> [APITokenInfo] {
        let owner = try require(userID.rowID, "User")
        return try await read { connection in
            try await connection.rows(
                """
                SELECT id, name, created_at FROM api_tokens WHERE user_id = \(owner) AND revoked_at IS NULL
                ORDER BY id
                """, logger: logger
            ).map { row in
                let (id, name, createdAt) = try row.decode((Int64, String, Int64).self)
                return APITokenInfo(id: id.apiID, name: name, createdAt: Date(micros: createdAt))
            }
        }
    }

    public func revokeToken(userID: String, tokenID: String, now: Date) async throws {
        let owner = try require(userID.rowID, "User")
        let token = try require(tokenID.rowID, "Token")
        try await write { write in
            let revoked = try await write.rows(
                """
                UPDATE api_tokens SET revoked_at = \(now.micros)
                WHERE id = \(token) AND user_id = \(owner) AND revoked_at IS NULL RETURNING id
                """)
            if revoked.isEmpty { throw KairosError.missing("Token") }
        }
    }
}

extension User {
    /// The columns `init(row:)` reads, in its order.
    static let columns = User.columnList(table: nil)

    /// The columns `init(row:)` reads, each prefixed with `table.` when the query joins others.
    static func columnList(table: String?) -> String {
        let prefix = table.map { "\($0)." } ?? ""
        return [
            "id", "email", "name", "timezone", "created_at", "is_guest", "quiet_start", "quiet_end",
            "hide_read_receipts", "workdays", "daily_brief_time", "assistant_adds_without_asking", "ai_enabled",
            "nag_reminders",
        ].map { prefix + $0 }.joined(separator: ", ")
    }

    /// A user from a row that starts with `columns`.
    init(row: PostgresRow) throws {
        let (
            id, email, name, timezone, createdAt, isGuest, quietStart, quietEnd, hideReadReceipts, workdays,
            dailyBriefTime, assistantAddsWithoutAsking, aiEnabled, nagReminders
        ) = try row.decode(
            (Int64, String, String, String, Int64, Bool, String?, String?, Bool, Int64, String, Bool, Bool, Bool).self)
        self.init(
            id: id.apiID, email: email, name: name, timezone: timezone, createdAt: Date(micros: createdAt),
            isGuest: isGuest, quietHours: Self.quietHours(start: quietStart, end: quietEnd),
            hideReadReceipts: hideReadReceipts, workdays: Self.weekdays(fromBits: Int(workdays)),
            dailyBriefTime: LocalTime(iso: dailyBriefTime) ?? User.defaultDailyBriefTime,
            assistantAddsWithoutAsking: assistantAddsWithoutAsking, aiEnabled: aiEnabled, nagReminders: nagReminders)
    }
}
