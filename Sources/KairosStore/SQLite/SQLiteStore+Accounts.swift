import Foundation
import GRDB
import KairosCore

extension SQLiteStore: AccountStore {
    public func createUser(
        email: String, name: String, passwordHash: String, timezone: String, now: Date
    ) async throws -> User {
        try await conflictOnUniqueViolation(
            "An account with this email already exists. Log in instead, or use another email."
        ) {
            try await write { db in
                try Self.insertUser(
                    db, email: email, name: name, passwordHash: passwordHash, timezone: timezone, isGuest: false,
                    now: now)
            }
        }
    }

    /// Inserts a user with their Inbox.
    static func insertUser(
        _ db: Database, email: String, name: String, passwordHash: String, timezone: String, isGuest: Bool, now: Date
    ) throws -> User {
        try db.run(
            sql: """
                INSERT INTO users (email, name, password_hash, timezone, is_guest, created_at) VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [email, name, passwordHash, timezone, isGuest, now.micros])
        let userID = db.lastInsertedRowID
        try db.run(
            sql: """
                INSERT INTO projects (user_id, name, color, child_order, is_inbox, created_at, updated_at)
                VALUES (?, 'Inbox', ?, 0, 1, ?, ?)
                """,
            arguments: [userID, ProjectColor.defaultColor, now.micros, now.micros])
        return User(id: userID.apiID, email: email, name: name, timezone: timezone, createdAt: now, isGuest: isGuest)
    }

    public func credentials(email: String) async throws -> (user: User, passwordHash: String)? {
        try await pool.read { db in
            guard let row = try db.fetchRow(sql: "SELECT * FROM users WHERE email = ?", arguments: [email]) else {
                return nil
            }
            return (User(row: row), row["password_hash"])
        }
    }

    public func user(id: String) async throws -> User? {
        guard let rowID = id.rowID else { return nil }
        return try await pool.read { db in
            try db.fetchRow(sql: "SELECT * FROM users WHERE id = ?", arguments: [rowID]).map(User.init(row:))
        }
    }

    public func users(ids: [String]) async throws -> [User] {
        let rowIDs = ids.compactMap(\.rowID)
        guard !rowIDs.isEmpty else { return [] }
        return try await pool.read { db in
            try db.fetchRows(
                sql: "SELECT * FROM users WHERE id IN (SELECT value FROM json_each(?))", arguments: [rowIDs.jsonArray]
            ).map(User.init(row:))
        }
    }

    public func users(emails: [String]) async throws -> [User] {
        guard !emails.isEmpty else { return [] }
        return try await pool.read { db in
            try db.fetchRows(
                sql: "SELECT * FROM users WHERE email IN (\(databaseQuestionMarks(count: emails.count)))",
                arguments: StatementArguments(emails), uncached: true
            ).map(User.init(row:))
        }
    }

    public func updateUser(id: String, changes: UserChanges) async throws -> User {
        let rowID = try require(id.rowID, "User")
        return try await write { db in
            try db.run(
                sql: """
                    UPDATE users SET name = COALESCE(?, name), timezone = COALESCE(?, timezone),
                        hide_read_receipts = COALESCE(?, hide_read_receipts), workdays = COALESCE(?, workdays),
                        daily_brief_time = COALESCE(?, daily_brief_time),
                        assistant_adds_without_asking = COALESCE(?, assistant_adds_without_asking),
                        ai_enabled = COALESCE(?, ai_enabled), nag_reminders = COALESCE(?, nag_reminders)
                    WHERE id = ?
                    """,
                arguments: [
                    changes.name, changes.timezone, changes.hideReadReceipts, changes.workdays.map(User.workdayBits),
                    changes.dailyBriefTime?.hourMinute, changes.assistantAddsWithoutAsking, changes.aiEnabled,
                    changes.nagReminders, rowID,
                ])
            if changes.quietHours != .unchanged {
                let window = changes.quietHours.newValue
                try db.run(
                    sql: "UPDATE users SET quiet_start = ?, quiet_end = ? WHERE id = ?",
                    arguments: [
                        window.map { QuietHours.text($0.start) }, window.map { QuietHours.text($0.end) }, rowID,
                    ])
            }
            let row = try require(try db.fetchRow(sql: "SELECT * FROM users WHERE id = ?", arguments: [rowID]), "User")
            return User(row: row)
        }
    }

    public func addToken(userID: String, name: String, tokenHash: String, now: Date) async throws -> APITokenInfo {
        let owner = try require(userID.rowID, "User")
        return try await write { db in
            try db.run(
                sql: "INSERT INTO api_tokens (user_id, name, token_hash, created_at) VALUES (?, ?, ?, ?)",
                arguments: [owner, name, tokenHash, now.micros])
            return APITokenInfo(id: db.lastInsertedRowID.apiID, name: name, createdAt: now)
        }
    }

    public func user(tokenHash: String) async throws -> User? {
        try await pool.read { db in
            try db.fetchRow(
                sql: """
                    SELECT users.* FROM api_tokens JOIN users ON users.id = api_tokens.user_id
                    WHERE api_tokens.token_hash = ? AND api_tokens.revoked_at IS NULL
                    """,
                arguments: [tokenHash]
            ).map(User.init(row:))
        }
    }

    public func tokens(userID: String) async throws -> [APITokenInfo] {
        let owner = try require(userID.rowID, "User")
        return try await pool.read { db in
            try db.fetchRows(
                sql: "SELECT * FROM api_tokens WHERE user_id = ? AND revoked_at IS NULL ORDER BY id",
                arguments: [owner]
            ).map { row in
                APITokenInfo(
                    id: (row["id"] as Int64).apiID, name: row["name"], createdAt: Date(micros: row["created_at"]))
            }
        }
    }

    public func revokeToken(userID: String, tokenID: String, now: Date) async throws {
        let owner = try require(userID.rowID, "User")
        let token = try require(tokenID.rowID, "Token")
        try await write { db in
            try db.run(
                sql: "UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL",
                arguments: [now.micros, token, owner])
            if db.changesCount == 0 { throw KairosError.missing("Token") }
        }
    }
}

extension User {
    init(row: Row) {
        self.init(
            id: (row["id"] as Int64).apiID, email: row["email"], name: row["name"], timezone: row["timezone"],
            createdAt: Date(micros: row["created_at"]), isGuest: row["is_guest"],
            quietHours: Self.quietHours(start: row["quiet_start"], end: row["quiet_end"]),
            hideReadReceipts: row["hide_read_receipts"], workdays: Self.weekdays(fromBits: row["workdays"]),
            dailyBriefTime: LocalTime(iso: row["daily_brief_time"]) ?? User.defaultDailyBriefTime,
            assistantAddsWithoutAsking: row["assistant_adds_without_asking"], aiEnabled: row["ai_enabled"],
            nagReminders: row["nag_reminders"])
    }

    /// Workdays are stored as one bit per day, Monday the lowest, so the schema can check the set.
    package static func workdayBits(_ days: [Weekday]) -> Int {
        days.reduce(0) { $0 | (1 << ($1.rawValue - 1)) }
    }

    package static func weekdays(fromBits bits: Int) -> [Weekday] {
        Weekday.allCases.filter { bits & (1 << ($0.rawValue - 1)) != 0 }
    }

    /// The quiet hours as stored: both ends or none.
    package static func quietHours(start: String?, end: String?) -> QuietHours? {
        guard let start = start.flatMap(LocalTime.init(iso:)), let end = end.flatMap(LocalTime.init(iso:)) else {
            return nil
        }
        return QuietHours(start: start, end: end)
    }
}
