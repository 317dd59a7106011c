import GRDB

extension SchemaMigrations {
    /// When each user last opened the app, the client's id for that open (a retried report is known by it),
    /// and the open before it: the missed-mention digest measures being away by the two.
    static func createAppOpens(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE app_opens (
                    user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                    open_id TEXT NOT NULL CHECK (open_id <> ''),
                    opened_at INTEGER NOT NULL,
                    previous_opened_at INTEGER CHECK (previous_opened_at <= opened_at)
                )
                """)
    }

    /// The last missed-mention digest sent to each user (when, and the newest mention it gathered), and an
    /// index that finds unread mentions by their time without reading every notification.
    static func addMentionDigestsSent(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE users ADD COLUMN mention_digest_at INTEGER;
                ALTER TABLE users ADD COLUMN mention_digest_through INTEGER;
                CREATE INDEX notifications_unread_mentions ON notifications(user_id, created_at)
                    WHERE kind = 'mention' AND read_at IS NULL;
                """)
    }
}
