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
}
