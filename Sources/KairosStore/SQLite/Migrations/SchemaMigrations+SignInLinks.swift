import GRDB

extension SchemaMigrations {
    /// Emailed password-reset and sign-in links, known by the hash of their secret; each works once.
    static func createSignInLinks(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE sign_in_links (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    purpose TEXT NOT NULL CHECK (purpose IN ('reset', 'sign_in')),
                    token_hash TEXT NOT NULL UNIQUE,
                    created_at INTEGER NOT NULL,
                    expires_at INTEGER NOT NULL,
                    used_at INTEGER
                );
                CREATE INDEX sign_in_links_by_user ON sign_in_links(user_id) WHERE used_at IS NULL;
                """)
    }
}
