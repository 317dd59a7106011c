import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: WebhookStore {
    public func addWebhook(
        userID: String, draft: WebhookDraft, limit: Int, now: Date
    ) async throws -> WebhookTarget? {
        let user = try require(userID.rowID, "User")
        return try await write { write in
            // The owner's row is locked first, so two hooks added at once are counted one after the other.
            try await write.query("SELECT 1 FROM users WHERE id = \(user) FOR UPDATE")
            let count =
                try await write.firstRow("SELECT count(*) FROM webhooks WHERE user_id = \(user)")?.decode(Int64.self)
                ?? 0
            guard count < limit else { return nil }
            return try WebhookTarget(
                row: try require(
                    try await write.firstRow(
                        """
                        INSERT INTO webhooks (user_id, url, format, secret, token, created_at)
                        VALUES (\(user), \(draft.url), \(draft.format.rawValue), \(draft.secret?.value),
                            \(draft.token?.value), \(now.micros))
                        RETURNING \(unescaped: WebhookTarget.columns)
                        """), "Webhook"))
        }
    }

    public func webhooks(userID: String) async throws -> [WebhookTarget] {
        let user = try require(userID.rowID, "User")
        return try await read { connection in
            try await connection.rows(
                "SELECT \(unescaped: WebhookTarget.columns) FROM webhooks WHERE user_id = \(user) ORDER BY id",
                logger: logger
            ).map(WebhookTarget.init(row:))
        }
    }

    public func webhook(userID: String, id: String) async throws -> WebhookTarget? {
        guard let user = userID.rowID, let hook = id.rowID else { return nil }
        return try await read { connection in try await webhook(connection, user: user, id: hook) }
    }

    public func deleteWebhook(userID: String, id: String) async throws {
        let user = try require(userID.rowID, "User")
        let hook = try require(id.rowID, "Webhook")
        try await write { write in
            let deleted = try await write.rows(
                "DELETE FROM webhooks WHERE id = \(hook) AND user_id = \(user) RETURNING id")
            guard !deleted.isEmpty else { throw KairosError.missing("Webhook") }
            try await write.query(
                "DELETE FROM deliveries WHERE channel = 'webhook' AND target_id = \(hook) AND state = 'waiting'")
        }
    }

    public func webhookDeliveries(userID: String, id: String, page: PageRequest) async throws -> Page<DeliveryLogEntry>
    {
        let user = try require(userID.rowID, "User")
        let hook = try require(id.rowID, "Webhook")
        let before = page.cursor?.keys.first ?? Int64.max
        return try await read { connection in
            guard try await webhook(connection, user: user, id: hook) != nil else {
                throw KairosError.missing("Webhook")
            }
            let entries = try await connection.rows(
                """
                SELECT d.id, d.notification_id, d.kind, n.text, d.state, d.attempts, d.status, d.error,
                    d.created_at, d.due_at, d.finished_at
                FROM deliveries d LEFT JOIN notifications n ON n.id = d.notification_id
                WHERE d.channel = 'webhook' AND d.target_id = \(hook) AND d.user_id = \(user) AND d.id < \(before)
                ORDER BY d.id DESC LIMIT \(Int64(page.fetchLimit))
                """, logger: logger
            ).map { row in
                let (id, notification, kind, text, stateName, attempts, status, error, createdAt, dueAt, finishedAt) =
                    try row.decode(
                        (Int64, Int64, String, String?, String, Int64, Int64?, String?, Int64, Int64, Int64?).self)
                let state = DeliveryLogEntry.State(rawValue: stateName) ?? .waiting
                return DeliveryLogEntry(
                    id: id.apiID, notificationID: notification.apiID,
                    kind: AppNotification.Kind(rawValue: kind) ?? .reminder, text: text, state: state,
                    attempts: Int(attempts), status: status.map(Int.init), error: error,
                    createdAt: Date(micros: createdAt), nextAttemptAt: state == .waiting ? Date(micros: dueAt) : nil,
                    finishedAt: finishedAt.map(Date.init(micros:)))
            }
            let cut = page.page(entries) { [$0.id.rowID!] }
            return Page(results: cut.items, nextCursor: cut.next)
        }
    }

    private func webhook(_ connection: PostgresConnection, user: Int64, id: Int64) async throws -> WebhookTarget? {
        try await connection.firstRow(
            "SELECT \(unescaped: WebhookTarget.columns) FROM webhooks WHERE id = \(id) AND user_id = \(user)",
            logger: logger
        ).map(WebhookTarget.init(row:))
    }
}

extension WebhookTarget {
    /// The columns `init(row:)` reads, in its order.
    static let columns = "id, user_id, url, format, secret, token, created_at"

    init(row: PostgresRow) throws {
        let (id, user, url, format, secret, token, createdAt) = try row.decode(
            (Int64, Int64, String, String, String?, String?, Int64).self)
        self.init(
            id: id.apiID, userID: user.apiID, url: url, format: Webhook.Format(rawValue: format) ?? .json,
            secret: secret.map(DeliveryCredential.init), token: token.map(DeliveryCredential.init),
            createdAt: Date(micros: createdAt))
    }
}
