import GRDB

extension SchemaMigrations {
    // The projects and tasks each person muted: the activity of their tasks no longer notifies them (mentions
    // and assignments still do). A mute goes with its person, project or task.
    static func createMutes(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE project_mutes (
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
                    muted_at INTEGER NOT NULL,
                    PRIMARY KEY (user_id, project_id)
                ) WITHOUT ROWID;
                CREATE INDEX project_mutes_by_project ON project_mutes(project_id);
                CREATE TABLE task_mutes (
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    task_id INTEGER NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
                    muted_at INTEGER NOT NULL,
                    PRIMARY KEY (user_id, task_id)
                ) WITHOUT ROWID;
                CREATE INDEX task_mutes_by_task ON task_mutes(task_id);
                """)
    }
}
