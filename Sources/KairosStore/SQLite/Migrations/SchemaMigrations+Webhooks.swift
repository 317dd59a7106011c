import GRDB

extension SchemaMigrations {
    /// Each user's outgoing hooks: a signed JSON receiver or an ntfy topic. The signing secret and the ntfy
    /// token are kept as they are, since the server presents them; a hook goes with its person.
    static func createWebhooks(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE webhooks (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    url TEXT NOT NULL CHECK (url <> ''),
                    format TEXT NOT NULL CHECK (format IN ('json', 'ntfy')),
                    secret TEXT,
                    token TEXT,
                    created_at INTEGER NOT NULL,
                    CHECK ((format = 'json') = (secret IS NOT NULL)),
                    CHECK (format = 'ntfy' OR token IS NULL)
                );
                CREATE INDEX webhooks_by_user ON webhooks(user_id, id);
                """)
    }
}
