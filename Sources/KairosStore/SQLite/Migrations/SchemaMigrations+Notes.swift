import GRDB

extension SchemaMigrations {
    /// Each user's personal notes (a retried create is known by its client id), searchable by their words, and
    /// the tasks made from each: a link goes with its note or its task, and deleting a note leaves its tasks.
    static func createNotes(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE notes (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    text TEXT NOT NULL,
                    source TEXT NOT NULL CHECK (source IN ('typed', 'voice')),
                    client_id TEXT,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL
                );
                CREATE INDEX notes_by_user ON notes(user_id, id);
                CREATE UNIQUE INDEX notes_by_client_id ON notes(user_id, client_id) WHERE client_id IS NOT NULL;
                CREATE TABLE note_tasks (
                    note_id INTEGER NOT NULL REFERENCES notes(id) ON DELETE CASCADE,
                    task_id INTEGER NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
                    linked_at INTEGER NOT NULL,
                    PRIMARY KEY (note_id, task_id)
                );
                CREATE INDEX note_tasks_by_task ON note_tasks(task_id);
                CREATE VIRTUAL TABLE notes_fts USING fts5(
                    text, content='notes', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
                );
                CREATE TRIGGER notes_fts_insert AFTER INSERT ON notes BEGIN
                    INSERT INTO notes_fts(rowid, text) VALUES (new.id, new.text);
                END;
                CREATE TRIGGER notes_fts_delete AFTER DELETE ON notes BEGIN
                    INSERT INTO notes_fts(notes_fts, rowid, text) VALUES ('delete', old.id, old.text);
                END;
                CREATE TRIGGER notes_fts_update AFTER UPDATE OF text ON notes BEGIN
                    INSERT INTO notes_fts(notes_fts, rowid, text) VALUES ('delete', old.id, old.text);
                    INSERT INTO notes_fts(rowid, text) VALUES (new.id, new.text);
                END;
                """)
    }
}
