import GRDB

extension SchemaMigrations {
    /// Each device's Web Push subscription, and the queue of notices on their way out: one row per notice and
    /// device (or other receiver), kept after it went as the delivery log. `notice_cursor` is the last
    /// notification already turned into deliveries.
    static func createDeliveries(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE push_subscriptions (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    endpoint TEXT NOT NULL UNIQUE,
                    p256dh TEXT NOT NULL,
                    auth TEXT NOT NULL,
                    created_at INTEGER NOT NULL
                );
                CREATE INDEX push_subscriptions_by_user ON push_subscriptions(user_id, id);
                CREATE TABLE deliveries (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    channel TEXT NOT NULL CHECK (channel IN ('push', 'webhook', 'email')),
                    target_id INTEGER NOT NULL,
                    notification_id INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    topic TEXT,
                    payload BLOB NOT NULL,
                    state TEXT NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'delivered', 'failed', 'dropped')),
                    due_at INTEGER NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    status INTEGER,
                    error TEXT,
                    created_at INTEGER NOT NULL,
                    finished_at INTEGER,
                    UNIQUE (notification_id, channel, target_id)
                );
                CREATE INDEX deliveries_due ON deliveries(due_at, id) WHERE state = 'waiting';
                CREATE INDEX deliveries_by_target ON deliveries(channel, target_id, id);
                CREATE TABLE notice_cursor (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    notification_id INTEGER NOT NULL
                );
                INSERT INTO notice_cursor (id, notification_id) SELECT 1, COALESCE(MAX(id), 0) FROM notifications;
                """)
    }
}

extension SchemaMigrations {
    /// Reminders that come back until answered. `nag` is the reminder's own choice (NULL follows the person's
    /// `nag_reminders`); `again` marks one waiting to come back (repeating, or snoozed) rather than for its
    /// set time; `repeats`, `repeats_today` and `repeat_day` count its comebacks for `ReminderRepeats`. A
    /// reminder's notification names it, so answering the notification answers the reminder.
    static func addReminderRepeats(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE reminders ADD COLUMN nag INTEGER CHECK (nag IN (0, 1));
                ALTER TABLE reminders ADD COLUMN again INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE reminders ADD COLUMN repeats INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE reminders ADD COLUMN repeats_today INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE reminders ADD COLUMN repeat_day TEXT;
                ALTER TABLE users ADD COLUMN nag_reminders INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE notifications ADD COLUMN reminder_id INTEGER;
                """)
    }
}

extension SchemaMigrations {
    /// Each person's choice of channels per kind of notice (`ReachSettings`, only what they changed), and the
    /// one-click unsubscribe address (RFC 8058) of an email that has one.
    static func addReachSettings(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE users ADD COLUMN reach_settings TEXT;
                ALTER TABLE outbox ADD COLUMN unsubscribe_url TEXT;
                """)
    }
}
