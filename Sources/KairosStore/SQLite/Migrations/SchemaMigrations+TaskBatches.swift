import GRDB

extension SchemaMigrations {
    // A client may tag a batch of tasks (a capture commit) with its own id, so a retried commit finds the
    // tasks the first one made instead of making them again, whatever the retry's body holds. The ids are
    // kept in their order as a JSON array; a task deleted since is skipped when they are read back.
    static func createTaskBatches(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE task_batches (
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    client_id TEXT NOT NULL CHECK (client_id <> ''),
                    task_ids TEXT NOT NULL CHECK (json_valid(task_ids)),
                    created_at INTEGER NOT NULL,
                    PRIMARY KEY (user_id, client_id)
                ) WITHOUT ROWID;
                """)
    }
}
