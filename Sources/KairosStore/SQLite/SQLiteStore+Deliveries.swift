import Foundation
import GRDB
import KairosCore

extension SQLiteStore: PushSubscriptionStore {
    public func savePushSubscription(
        userID: String, endpoint: String, p256dh: String, auth: String, now: Date
    ) async throws -> PushSubscription {
        let user = try require(userID.rowID, "User")
        return try await write { db in
            let row = try require(
                try db.fetchRow(
                    sql: """
                        INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
                        VALUES (?1, ?2, ?3, ?4, ?5)
                        ON CONFLICT (endpoint) DO UPDATE SET user_id = ?1, p256dh = ?3, auth = ?4,
                            created_at = CASE WHEN user_id = ?1 THEN created_at ELSE ?5 END
                        RETURNING *
                        """,
                    arguments: [user, endpoint, p256dh, auth, now.micros]),
                "Push subscription")
            let saved = PushSubscription(row: row)
            // Keys that changed make what waited for the old ones unreadable on the device; a new owner must
            // not get the last one's notices.
            try db.run(
                sql:
                    "DELETE FROM deliveries WHERE channel = 'push' AND target_id = ? AND state = 'waiting' AND user_id <> ?",
                arguments: [row["id"] as Int64, user])
            let excess = try Int64.fetchAll(
                db,
                sql:
                    "SELECT id FROM push_subscriptions WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT -1 OFFSET ?",
                arguments: [user, Limits.pushSubscriptionsPerUser])
            for id in excess { try Self.removePushSubscription(db, id) }
            return saved
        }
    }

    public func pushSubscriptions(userID: String) async throws -> [PushSubscription] {
        guard let user = userID.rowID else { return [] }
        return try await pool.read { db in
            try db.fetchRows(
                sql: "SELECT * FROM push_subscriptions WHERE user_id = ? ORDER BY created_at, id", arguments: [user]
            ).map(PushSubscription.init(row:))
        }
    }

    public func deletePushSubscription(userID: String, id: String) async throws {
        let user = try require(userID.rowID, "User")
        let subscription = try require(id.rowID, "Push subscription")
        try await write { db in
            let owned =
                try db.fetchValue(
                    Bool.self, sql: "SELECT 1 FROM push_subscriptions WHERE id = ? AND user_id = ?",
                    arguments: [subscription, user]) ?? false
            guard owned else { throw KairosError.notFound("Push subscription") }
            try Self.removePushSubscription(db, subscription)
        }
    }

    /// Removes a subscription and drops what waits for it; what went to it stays in the log.
    static func removePushSubscription(_ db: Database, _ id: Int64) throws {
        try db.run(sql: "DELETE FROM push_subscriptions WHERE id = ?", arguments: [id])
        try db.run(
            sql: "DELETE FROM deliveries WHERE channel = 'push' AND target_id = ? AND state = 'waiting'",
            arguments: [id])
    }
}

extension SQLiteStore: DeliveryStore {
    public func unqueuedNotices(limit: Int) async throws -> [UnqueuedNotice] {
        try await pool.read { db in
            try db.fetchRows(
                sql: """
                    SELECT n.id, n.user_id, n.kind, n.text, n.task_id, t.content, n.conversation_id, n.message_id,
                        n.quiet, n.created_at, u.email, u.reach_settings,
                        EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = n.user_id) AS has_push_device
                    FROM notifications n JOIN users u ON u.id = n.user_id LEFT JOIN tasks t ON t.id = n.task_id
                    WHERE n.id > (SELECT notification_id FROM notice_cursor) ORDER BY n.id LIMIT ?
                    """,
                arguments: [limit]
            ).compactMap { row in
                guard let kind = AppNotification.Kind(rawValue: row[2]) else { return nil }
                let facts = NoticeFacts(
                    notificationID: (row[0] as Int64).apiID, kind: kind, text: row[3],
                    taskID: (row[4] as Int64?)?.apiID, taskContent: row[5],
                    conversationID: (row[6] as Int64?)?.apiID, messageID: (row[7] as Int64?)?.apiID,
                    createdAt: Date(micros: row[9]))
                return UnqueuedNotice(
                    userID: (row[1] as Int64).apiID, email: row[10], facts: facts, quiet: row[8],
                    settings: ReachSettings(json: row[11]), hasPushDevice: row[12])
            }
        }
    }

    public func queueDeliveries(_ drafts: [DeliveryDraft], throughNotificationID: String, now: Date) async throws {
        let through = try require(throughNotificationID.rowID, "Notification")
        try await write { db in
            let queuedThrough = try db.fetchValue(Int64.self, sql: "SELECT notification_id FROM notice_cursor") ?? 0
            for draft in drafts {
                guard let notification = draft.notificationID.rowID, notification > queuedThrough,
                    let user = draft.userID.rowID
                else { continue }
                if let mail = draft.mail {
                    try db.run(
                        sql: """
                            INSERT INTO outbox (recipient, subject, body, unsubscribe_url, created_at, next_attempt_at)
                            VALUES (?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            mail.recipient, mail.subject, mail.body, mail.unsubscribeURL, now.micros, now.micros,
                        ])
                    continue
                }
                let receivers =
                    switch draft.channel {
                    case .push: "SELECT id FROM push_subscriptions WHERE user_id = ?1"
                    case .webhook: "SELECT id FROM webhooks WHERE user_id = ?1"
                    case .email: ""
                    }
                guard !receivers.isEmpty else { continue }
                try db.run(
                    sql: """
                        INSERT OR IGNORE INTO deliveries (user_id, channel, target_id, notification_id, kind, topic,
                            payload, due_at, created_at)
                        SELECT ?1, ?2, r.id, ?3, ?4, ?7, ?5, ?6, ?6 FROM (\(receivers)) r
                        """,
                    arguments: [
                        user, draft.channel.rawValue, notification, draft.kind.rawValue, Data(draft.payload),
                        now.micros, draft.topic,
                    ])
            }
            try db.run(
                sql: "UPDATE notice_cursor SET notification_id = MAX(notification_id, ?)", arguments: [through])
        }
    }

    public func takeDueDeliveries(now: Date, leasedUntil: Date, limit: Int) async throws -> [QueuedDelivery] {
        try await write { db in
            let rows = try db.fetchRows(
                sql: """
                    SELECT d.id, d.user_id, d.notification_id, d.payload, d.attempts, d.kind, d.topic, d.channel,
                        s.id AS s_id, s.endpoint, s.p256dh, s.auth, s.created_at AS s_created_at,
                        w.id AS w_id, w.url, w.format, w.secret, w.token, w.created_at AS w_created_at
                    FROM deliveries d
                    LEFT JOIN push_subscriptions s ON d.channel = 'push' AND s.id = d.target_id
                    LEFT JOIN webhooks w ON d.channel = 'webhook' AND w.id = d.target_id
                    WHERE d.state = 'waiting' AND d.due_at <= ? AND d.channel IN ('push', 'webhook')
                    ORDER BY d.due_at, d.id LIMIT ?
                    """,
                arguments: [now.micros, limit])
            try db.run(
                sql: "UPDATE deliveries SET due_at = ? WHERE id IN (SELECT value FROM json_each(?))",
                arguments: [leasedUntil.micros, rows.map { $0["id"] as Int64 }.jsonArray])
            return rows.compactMap { row in
                let user = (row["user_id"] as Int64).apiID
                let target: QueuedDelivery.Target
                if let subscription = row["s_id"] as Int64? {
                    target = .push(
                        PushSubscription(
                            id: subscription.apiID, userID: user, endpoint: row["endpoint"], p256dh: row["p256dh"],
                            auth: row["auth"], createdAt: Date(micros: row["s_created_at"])))
                } else if let hook = row["w_id"] as Int64? {
                    target = .webhook(
                        WebhookTarget(
                            id: hook.apiID, userID: user, url: row["url"],
                            format: Webhook.Format(rawValue: row["format"]) ?? .json,
                            secret: (row["secret"] as String?).map(DeliveryCredential.init),
                            token: (row["token"] as String?).map(DeliveryCredential.init),
                            createdAt: Date(micros: row["w_created_at"])))
                } else {
                    return nil
                }
                return QueuedDelivery(
                    id: (row["id"] as Int64).apiID, userID: user,
                    notificationID: (row["notification_id"] as Int64).apiID,
                    kind: AppNotification.Kind(rawValue: row["kind"]) ?? .reminder,
                    payload: Array(row["payload"] as Data),
                    topic: row["topic"], attempts: row["attempts"], target: target)
            }
        }
    }

    public func recordDeliveries(_ records: [(deliveryID: String, record: DeliveryRecord)], now: Date) async throws {
        guard !records.isEmpty else { return }
        try await write { db in
            for (deliveryID, record) in records {
                guard let id = deliveryID.rowID else { continue }
                switch record {
                case .delivered(let status):
                    try db.run(
                        sql: """
                            UPDATE deliveries SET state = 'delivered', attempts = attempts + 1, status = ?, error = NULL,
                                finished_at = ? WHERE id = ? AND state = 'waiting'
                            """,
                        arguments: [status, now.micros, id])
                case .retry(let at, let status, let error):
                    try db.run(
                        sql: """
                            UPDATE deliveries SET attempts = attempts + 1, due_at = ?, status = ?, error = ?
                            WHERE id = ? AND state = 'waiting'
                            """,
                        arguments: [at.micros, status, error, id])
                case .failed(let status, let error):
                    try db.run(
                        sql: """
                            UPDATE deliveries SET state = 'failed', attempts = attempts + 1, status = ?, error = ?,
                                finished_at = ? WHERE id = ? AND state = 'waiting'
                            """,
                        arguments: [status, error, now.micros, id])
                case .gone(let status):
                    let target = try db.fetchRow(
                        sql: "SELECT channel, target_id FROM deliveries WHERE id = ?", arguments: [id])
                    try db.run(
                        sql: """
                            UPDATE deliveries SET state = 'dropped', attempts = attempts + 1, status = ?,
                                error = 'The receiver is gone: it was removed.', finished_at = ?
                            WHERE id = ? AND state = 'waiting'
                            """,
                        arguments: [status, now.micros, id])
                    if let target, target["channel"] as String == NotificationPolicy.Channel.push.rawValue {
                        try Self.removePushSubscription(db, target["target_id"])
                    }
                }
            }
        }
    }
}

extension PushSubscription {
    init(row: Row) {
        self.init(
            id: (row["id"] as Int64).apiID, userID: (row["user_id"] as Int64).apiID, endpoint: row["endpoint"],
            p256dh: row["p256dh"], auth: row["auth"], createdAt: Date(micros: row["created_at"]))
    }
}

extension SQLiteStore {
    public func forgetFinishedDeliveries(finishedBefore: Date) async throws -> Int {
        try await write { db in
            try db.run(
                sql: "DELETE FROM deliveries WHERE state <> 'waiting' AND finished_at < ?",
                arguments: [finishedBefore.micros])
            return db.changesCount
        }
    }
}

extension SQLiteStore: ReachSettingsStore {
    public func reachSettings(userID: String) async throws -> ReachSettings {
        let user = try require(userID.rowID, "User")
        return try await pool.read { db in
            ReachSettings(
                json: try db.fetchValue(
                    String.self, sql: "SELECT reach_settings FROM users WHERE id = ?", arguments: [user]))
        }
    }

    public func updateReachSettings(
        userID: String, _ change: @escaping @Sendable (ReachSettings) throws -> ReachSettings
    ) async throws -> ReachSettings {
        let user = try require(userID.rowID, "User")
        return try await write { db in
            let kept = try db.fetchValue(
                String.self, sql: "SELECT reach_settings FROM users WHERE id = ?", arguments: [user])
            let changed = try change(ReachSettings(json: kept))
            try db.run(
                sql: "UPDATE users SET reach_settings = ? WHERE id = ?",
                arguments: [changed.chosen.isEmpty ? nil : changed.json, user])
            return changed
        }
    }
}
