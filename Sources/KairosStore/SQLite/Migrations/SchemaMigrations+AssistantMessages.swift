import GRDB

extension SchemaMigrations {
    /// Each user's chat with the assistant: their messages, and the answers with their cards (JSON, as the API
    /// writes them); a retried message is known by its client id. And the user's choice to have proposed
    /// reminders added at once.
    static func createAssistantMessages(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE assistant_messages (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
                    type TEXT CHECK (type IN ('reminder', 'todo_list', 'date_query', 'conversation')),
                    text TEXT NOT NULL,
                    cards TEXT NOT NULL DEFAULT '[]',
                    client_id TEXT,
                    reply_to INTEGER REFERENCES assistant_messages(id) ON DELETE CASCADE,
                    created_at INTEGER NOT NULL,
                    CHECK ((role = 'user') = (type IS NULL)),
                    CHECK ((role = 'assistant') = (reply_to IS NOT NULL))
                );
                CREATE UNIQUE INDEX assistant_questions_by_client_id ON assistant_messages(user_id, client_id)
                    WHERE role = 'user' AND client_id IS NOT NULL;
                CREATE INDEX assistant_messages_by_user ON assistant_messages(user_id, id);
                CREATE UNIQUE INDEX assistant_answers_by_question ON assistant_messages(reply_to)
                    WHERE reply_to IS NOT NULL;
                ALTER TABLE users ADD COLUMN assistant_adds_without_asking INTEGER NOT NULL DEFAULT 0
                    CHECK (assistant_adds_without_asking IN (0, 1));
                """)
    }
}

extension SchemaMigrations {
    /// Each user's choice to let their words and tasks reach the server's language model (on until turned off).
    static func addAIConsent(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE users ADD COLUMN ai_enabled INTEGER NOT NULL DEFAULT 1 CHECK (ai_enabled IN (0, 1));
                """)
    }
}
