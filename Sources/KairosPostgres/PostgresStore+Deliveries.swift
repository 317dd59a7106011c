import Foundation
import KairosCore
import KairosStore
import PostgresNIO

extension PostgresStore: PushSubscriptionStore {
    public func savePushSubscription(
        userID: String, endpoint: String, p256dh: String, auth: String, now: Date
    ) async throws -> PushSubscription {
        let user = try require(userID.rowID, "User")
        return try await write { write in
            let saved = try PushSubscription(
                row: try require(
                    try await write.firstRow(
                        """
                        INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
                        VALUES (\(user), \(endpoint), \(p256dh), \(auth), \(now.micros))
                        ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh,
                            auth = EXCLUDED.auth,
                            created_at = CASE WHEN push_subscriptions.user_id = EXCLUDED.user_id
                                THEN push_subscriptions.created_at ELSE EXCLUDED.created_at END
                        RETURNING \(unescaped: PushSubscription.columns)
                        """), "Push subscription"))
            let subscription = try require(saved.id.rowID, "Push subscription")
            // Keys that changed make what waited for the old ones unreadable on the device; a new owner must
            // not get the last one's notices.
            try await write.query(
                """
                DELETE FROM deliveries
                WHERE channel = 'push' AND target_id = \(subscription) AND state = 'waiting' AND user_id <> \(user)
                """)
            let excess = try await write.rows(
                """
                SELECT id FROM push_subscriptions WHERE user_id = \(user) ORDER BY created_at DESC, id DESC
                OFFSET \(Int64(Limits.pushSubscriptionsPerUser))
                """)
            for row in excess { try await Self.removePushSubscription(write, try row.decode(Int64.self)) }
            return saved
        }
    }

    public func pushSubscriptions(userID: String) async throws -> [PushSubscription] {
        guard let user = userID.rowID else { return [] }
        return try await read { connection in
            try await connection.rows(
                """
                SELECT \(unescaped: PushSubscription.columns) FROM push_subscriptions WHERE user_id = \(user)
                ORDER BY created_at, id
                """, logger: logger
            ).map(PushSubscription.init(row:))
        }
    }

    public func deletePushSubscription(userID: String, id: String) async throws {
        let user = try require(userID.rowID, "User")
        let subscription = try require(id.rowID, "Push subscription")
        try await write { write in
            guard
                try await write.firstRow(
                    "SELECT 1 FROM push_subscriptions WHERE id = \(subscription) AND user_id = \(user)") != nil
            else { throw KairosError.notFound("Push subscription") }
            try await Self.removePushSubscription(write, subscription)
        }
    }

    /// Removes a subscription and drops what waits for it; what went to it stays in the log.
    static func removePushSubscription(_ write: PostgresWrite, _ id: Int64) async throws {
        try await write.query("DELETE FROM push_subscriptions WHERE id = \(id)")
        try await write.query(
            "DELETE FROM deliveries WHERE channel = 'push' AND target_id = \(id) AND state = 'waiting'")
    }
}

extension PostgresStore: DeliveryStore {
    public func unqueuedNotices(limit: Int) async throws -> [UnqueuedNotice] {
        try await read { connection in
            try await connection.rows(
                """
                SELECT n.id, n.user_id, n.kind, n.text, n.task_id, t.content, n.conversation_id, n.message_id,
                    n.quiet, n.created_at, u.email, u.reach_settings,
                    EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = n.user_id) AS has_push_device
                FROM notifications n JOIN users u ON u.id = n.user_id LEFT JOIN tasks t ON t.id = n.task_id
                WHERE n.id > (SELECT notification_id FROM notice_cursor) ORDER BY n.id LIMIT \(Int64(limit))
                """, logger: logger
            ).compactMap { row in
                let (id, user, kind, text, task, content, conversation, message) = try row.decode(
                    (Int64, Int64, String, String, Int64?, String?, Int64?, Int64?).self)
                let columns = row.makeRandomAccess()
                guard let kind = AppNotification.Kind(rawValue: kind) else { return nil }
                let facts = NoticeFacts(
                    notificationID: id.apiID, kind: kind, text: text, taskID: task?.apiID, taskContent: content,
                    conversationID: conversation?.apiID, messageID: message?.apiID,
                    createdAt: Date(micros: try columns["created_at"].decode(Int64.self)))
                return UnqueuedNotice(
                    userID: user.apiID, email: try columns["email"].decode(String.self), facts: facts,
                    quiet: try columns["quiet"].decode(Bool.self),
                    settings: ReachSettings(json: try columns["reach_settings"].decode(String?.self)),
                    hasPushDevice: try columns["has_push_device"].decode(Bool.self))
            }
        }
    }

    public func queueDeliveries(_ drafts: [DeliveryDraft], throughNotificationID: String, now: Date) async throws {
        let through = try require(throughNotificationID.rowID, "Notification")
        try await write { write in
            // Locked, so that of two processes queueing the same notices the second sees what the first did.
            let queuedThrough =
                try await write.firstRow("SELECT notification_id FROM notice_cursor FOR UPDATE")?.decode(Int64.self)
                ?? 0
            for draft in drafts {
                guard let notification = draft.notificationID.rowID, notification > queuedThrough,
                    let user = draft.userID.rowID
                else { continue }
                if let mail = draft.mail {
                    try await write.query(
                        """
                        INSERT INTO outbox (recipient, subject, body, unsubscribe_url, created_at, next_attempt_at)
                        VALUES (\(mail.recipient), \(mail.subject), \(mail.body), \(mail.unsubscribeURL),
                            \(now.micros), \(now.micros))
                        """)
                    continue
                }
                let receivers =
                    switch draft.channel {
                    case .push: "push_subscriptions"
                    case .webhook: "webhooks"
                    case .email: ""
                    }
                guard !receivers.isEmpty else { continue }
                try await write.query(
                    """
                    INSERT INTO deliveries (user_id, channel, target_id, notification_id, kind, topic, payload, due_at,
                        created_at)
                    SELECT \(user), \(draft.channel.rawValue), r.id, \(notification), \(draft.kind.rawValue),
                        \(draft.topic), \(ByteBuffer(bytes: draft.payload)), \(now.micros), \(now.micros)
                    FROM \(unescaped: receivers) r WHERE r.user_id = \(user)
                    ON CONFLICT DO NOTHING
                    """)
            }
            try await write.query(
                "UPDATE notice_cursor SET notification_id = GREATEST(notification_id, \(through))")
        }
    }

    public func takeDueDeliveries(now: Date, leasedUntil: Date, limit: Int) async throws -> [QueuedDelivery] {
        try await write { write in
            // SKIP LOCKED: what another process is taking at this moment is left to it.
            let rows = try await write.rows(
                """
                SELECT d.id, d.user_id, d.notification_id, d.payload, d.attempts, d.kind, d.topic,
                    s.id AS s_id, s.endpoint, s.p256dh, s.auth, s.created_at AS s_created_at,
                    w.id AS w_id, w.url, w.format, w.secret, w.token, w.created_at AS w_created_at
                FROM deliveries d
                LEFT JOIN push_subscriptions s ON d.channel = 'push' AND s.id = d.target_id
                LEFT JOIN webhooks w ON d.channel = 'webhook' AND w.id = d.target_id
                WHERE d.state = 'waiting' AND d.due_at <= \(now.micros) AND d.channel IN ('push', 'webhook')
                ORDER BY d.due_at, d.id LIMIT \(Int64(limit))
                FOR UPDATE OF d SKIP LOCKED
                """)
            let taken = try rows.map { try $0.makeRandomAccess()["id"].decode(Int64.self) }
            try await write.query("UPDATE deliveries SET due_at = \(leasedUntil.micros) WHERE id = ANY(\(taken))")
            return try rows.compactMap(Self.queuedDelivery)
        }
    }

    private static func queuedDelivery(_ row: PostgresRow) throws -> QueuedDelivery? {
        let columns = row.makeRandomAccess()
        let user = try columns["user_id"].decode(Int64.self).apiID
        let target: QueuedDelivery.Target
        if let subscription = try columns["s_id"].decode(Int64?.self) {
            target = .push(
                PushSubscription(
                    id: subscription.apiID, userID: user, endpoint: try columns["endpoint"].decode(String.self),
                    p256dh: try columns["p256dh"].decode(String.self), auth: try columns["auth"].decode(String.self),
                    createdAt: Date(micros: try columns["s_created_at"].decode(Int64.self))))
        } else if let hook = try columns["w_id"].decode(Int64?.self) {
            target = .webhook(
                WebhookTarget(
                    id: hook.apiID, userID: user, url: try columns["url"].decode(String.self),
                    format: Webhook.Format(rawValue: try columns["format"].decode(String.self)) ?? .json,
                    secret: try columns["secret"].decode(String?.self).map(DeliveryCredential.init),
                    token: try columns["token"].decode(String?.self).map(DeliveryCredential.init),
                    createdAt: Date(micros: try columns["w_created_at"].decode(Int64.self))))
        } else {
            return nil
        }
        return QueuedDelivery(
            id: try columns["id"].decode(Int64.self).apiID, userID: user,
            notificationID: try columns["notification_id"].decode(Int64.self).apiID,
            kind: AppNotification.Kind(rawValue: try columns["kind"].decode(String.self)) ?? .reminder,
            payload: Array(try columns["payload"].decode(ByteBuffer.self).readableBytesView),
            topic: try columns["topic"].decode(String?.self), attempts: Int(try columns["attempts"].decode(Int64.self)),
            target: target)
    }

    public func recordDeliveries(_ records: [(deliveryID: String, record: DeliveryRecord)], now: Date) async throws {
        guard !records.isEmpty else { return }
        try await write { write in
            for (deliveryID, record) in records {
                guard let id = deliveryID.rowID else { continue }
                switch record {
                case .delivered(let status):
                    try await write.query(
                        """
                        UPDATE deliveries SET state = 'delivered', attempts = attempts + 1, status = \(Int64(status)),
                            error = NULL, finished_at = \(now.micros)
                        WHERE id = \(id) AND state = 'waiting'
                        """)
                case .retry(let at, let status, let error):
                    try await write.query(
                        """
                        UPDATE deliveries SET attempts = attempts + 1, due_at = \(at.micros),
                            status = \(status.map(Int64.init)), error = \(error)
                        WHERE id = \(id) AND state = 'waiting'
                        """)
                case .failed(let status, let error):
                    try await write.query(
                        """
                        UPDATE deliveries SET state = 'failed', attempts = attempts + 1,
                            status = \(status.map(Int64.init)), error = \(error), finished_at = \(now.micros)
                        WHERE id = \(id) AND state = 'waiting'
                        """)
                case .gone(let status):
                    let dropped = try await write.firstRow(
                        """
                        UPDATE deliveries SET state = 'dropped', attempts = attempts + 1, status = \(Int64(status)),
                            error = 'The receiver is gone: it was removed.', finished_at = \(now.micros)
                        WHERE id = \(id) AND state = 'waiting'
                        RETURNING channel, target_id
                        """)
                    if let (channel, target) = try dropped?.decode((String, Int64).self),
                        channel == NotificationPolicy.Channel.push.rawValue
                    {
                        try await Self.removePushSubscription(write, target)
                    }
                }
            }
        }
    }

    public func forgetFinishedDeliveries(finishedBefore: Date) async throws -> Int {
        try await write { write in
            Int(
                try await write.firstRow(
                    """
                    WITH gone AS (
                        DELETE FROM deliveries WHERE state <> 'waiting' AND finished_at < \(finishedBefore.micros)
                        RETURNING 1
                    )
                    SELECT count(*) FROM gone
                    """)?.decode(Int64.self) ?? 0)
        }
    }
}

extension PostgresStore: ReachSettingsStore {
    public func reachSettings(userID: String) async throws -> ReachSettings {
        let user = try require(userID.rowID, "User")
        return try await read { connection in
            ReachSettings(
                json: try await connection.firstRow(
                    "SELECT reach_settings FROM users WHERE id = \(user)", logger: logger)?.decode(String?.self))
        }
    }

    public func updateReachSettings(
        userID: String, _ change: @escaping @Sendable (ReachSettings) throws -> ReachSettings
    ) async throws -> ReachSettings {
        let user = try require(userID.rowID, "User")
        return try await write { write in
            let kept = try await write.firstRow("SELECT reach_settings FROM users WHERE id = \(user) FOR UPDATE")
            let changed = try change(ReachSettings(json: try kept?.decode(String?.self)))
            try await write.query(
                "UPDATE users SET reach_settings = \(changed.chosen.isEmpty ? nil : changed.json) WHERE id = \(user)")
            return changed
        }
    }
}

extension PushSubscription {
    /// The columns `init(row:)` reads, in its order.
    static let columns = "id, user_id, endpoint, p256dh, auth, created_at"

    init(row: PostgresRow) throws {
        let (id, user, endpoint, p256dh, auth, createdAt) = try row.decode(
            (Int64, Int64, String, String, String, Int64).self)
        self.init(
            id: id.apiID, userID: user.apiID, endpoint: endpoint, p256dh: p256dh, auth: auth,
            createdAt: Date(micros: createdAt))
    }
}
