import Foundation
import GRDB
import KairosCore

extension SQLiteStore: WebhookStore {
    public func addWebhook(
        userID: String, draft: WebhookDraft, limit: Int, now: Date
    ) async throws -> WebhookTarget? {
        let user = try require(userID.rowID, "User")
        return try await write { db in
            // Counted in the same transaction as the insert, so two hooks added at once cannot pass the limit.
            let count =
                try db.fetchValue(Int.self, sql: "SELECT COUNT(*) FROM webhooks WHERE user_id = ?", arguments: [user])
                ?? 0
            guard count < limit else { return nil }
            try db.run(
                sql: "INSERT INTO webhooks (user_id, url, format, secret, token, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [
                    user, draft.url, draft.format.rawValue, draft.secret?.value, draft.token?.value, now.micros,
                ])
            return try Self.webhook(db, user: user, id: db.lastInsertedRowID)
        }
    }

    public func webhooks(userID: String) async throws -> [WebhookTarget] {
        let user = try require(userID.rowID, "User")
        return try await pool.read { db in
            try db.fetchRows(sql: "SELECT * FROM webhooks WHERE user_id = ? ORDER BY id", arguments: [user])
                .map(Self.webhook(row:))
        }
    }

    public func webhook(userID: String, id: String) async throws -> WebhookTarget? {
        guard let user = userID.rowID, let hook = id.rowID else { return nil }
        return try await pool.read { db in try Self.webhook(db, user: user, id: hook) }
    }

    public func deleteWebhook(userID: String, id: String) async throws {
        let user = try require(userID.rowID, "User")
        let hook = try require(id.rowID, "Webhook")
        try await write { db in
            try db.run(sql: "DELETE FROM webhooks WHERE id = ? AND user_id = ?", arguments: [hook, user])
            guard db.changesCount > 0 else { throw KairosError.missing("Webhook") }
            try db.run(
                sql: "DELETE FROM deliveries WHERE channel = 'webhook' AND target_id = ? AND state = 'waiting'",
                arguments: [hook])
        }
    }

    public func webhookDeliveries(userID: String, id: String, page: PageRequest) async throws -> Page<DeliveryLogEntry> {
        let user = try require(userID.rowID, "User")
        let hook = try require(id.rowID, "Webhook")
        let before = page.cursor?.keys.first ?? Int64.max
        return try await pool.read { db in
            guard try Self.webhook(db, user: user, id: hook) != nil else { throw KairosError.missing("Webhook") }
            let entries = try db.fetchRows(
                sql: """
                    SELECT d.*, n.text AS notice_text FROM deliveries d
                    LEFT JOIN notifications n ON n.id = d.notification_id
                    WHERE d.channel = 'webhook' AND d.target_id = ? AND d.user_id = ? AND d.id < ?
                    ORDER BY d.id DESC LIMIT ?
                    """,
                arguments: [hook, user, before, page.fetchLimit]
            ).map { row in
                let waiting = row["state"] as String == DeliveryLogEntry.State.waiting.rawValue
                return DeliveryLogEntry(
                    id: (row["id"] as Int64).apiID, notificationID: (row["notification_id"] as Int64).apiID,
                    kind: AppNotification.Kind(rawValue: row["kind"]) ?? .reminder, text: row["notice_text"],
                    state: DeliveryLogEntry.State(rawValue: row["state"]) ?? .waiting, attempts: row["attempts"],
                    status: row["status"], error: row["error"], createdAt: Date(micros: row["created_at"]),
                    nextAttemptAt: waiting ? Date(micros: row["due_at"]) : nil,
                    finishedAt: (row["finished_at"] as Int64?).map(Date.init(micros:)))
            }
            let cut = page.page(entries) { [$0.id.rowID!] }
            return Page(results: cut.items, nextCursor: cut.next)
        }
    }

    // MARK: Rows

    private static func webhook(_ db: Database, user: Int64, id: Int64) throws -> WebhookTarget? {
        try db.fetchRow(sql: "SELECT * FROM webhooks WHERE id = ? AND user_id = ?", arguments: [id, user])
            .map(webhook(row:))
    }

    private static func webhook(row: Row) -> WebhookTarget {
        WebhookTarget(
            id: (row["id"] as Int64).apiID, userID: (row["user_id"] as Int64).apiID, url: row["url"],
            format: Webhook.Format(rawValue: row["format"]) ?? .json,
            secret: (row["secret"] as String?).map(DeliveryCredential.init),
            token: (row["token"] as String?).map(DeliveryCredential.init), createdAt: Date(micros: row["created_at"]))
    }
}
