import GRDB

extension SchemaMigrations {
    /// Signing in with an OpenID Connect provider: attempts under way (single use, short-lived, known by the
    /// hash of their `state`), identities linked to accounts by (issuer, subject), and the one-time codes that
    /// hand the web app its token after the provider's redirect.
    static func createOIDCSignIn(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE oidc_attempts (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    state_hash TEXT NOT NULL UNIQUE,
                    browser_hash TEXT NOT NULL,
                    nonce TEXT NOT NULL UNIQUE,
                    code_verifier TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    expires_at INTEGER NOT NULL,
                    used_at INTEGER
                );
                CREATE INDEX oidc_attempts_by_expiry ON oidc_attempts(expires_at);
                CREATE TABLE oidc_identities (
                    issuer TEXT NOT NULL,
                    subject TEXT NOT NULL,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    email TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    PRIMARY KEY (issuer, subject)
                );
                CREATE INDEX oidc_identities_by_user ON oidc_identities(user_id);
                CREATE TABLE oidc_handoffs (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    code_hash TEXT NOT NULL UNIQUE,
                    created_at INTEGER NOT NULL,
                    expires_at INTEGER NOT NULL,
                    used_at INTEGER
                );
                CREATE INDEX oidc_handoffs_by_expiry ON oidc_handoffs(expires_at);
                """)
    }
}
